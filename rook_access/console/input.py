"""Reading the player's lines: a line editor, a plain line reader, or a pipe.

- ``editor``: prompt_toolkit, with history and Tab completion of commands and of the cards in
  the player's hand, for a capable terminal. Completions are listed readline-style below the
  line, never in a floating menu, and no colour is used.
- ``plain``: no line editor at all. We write a short prompt and read a line the terminal's own
  cooked mode edits; nothing moves the cursor or redraws, so a screen reader or braille display
  sees only appended lines. Python's ``input()`` is not used: with GNU readline loaded it may
  send bracketed-paste escape codes.
- ``pipe``: standard input is not a terminal; lines are read one by one and echoed after "> "
  so a transcript shows what was typed. End of input saves and quits cleanly.

In a terminal, a line typed before its prompt (while the computers played) is told apart from one
typed at the prompt: ``typed_early`` hands such lines over before the prompt is shown, and the loop
decides what to do with them. A terminal in its usual cooked mode makes input readable only once
Enter has ended a line, and gives one line per read, so a line half typed is left to be finished
at the prompt. Between prompts the terminal's echo is off (``terminal.UnseenTyping``), so keys
typed then do not break into the game's lines; plain mode shows a half-typed line after "> ".
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import Protocol, TextIO

from ..core.text import shorten
from .parse import clean_line
from .printer import Printer
from .terminal import UnseenTyping, line_waiting

PROMPT = "> "
ECHO_LIMIT = 120  # longer than any command; a longer line is echoed as its start and its length
# A terminal's cooked mode keeps at most 4,095 characters typed ahead; this only guards against a
# device that never stops giving input. Every line waiting is taken: one left behind was read as
# the answer to the held move's prompt (the typing-ahead sweep).
EARLY_LIMIT = 5000


def echoed(line: str) -> str:
    """A line read as it is shown after "> ": without control characters, a long one shortened."""
    return shorten(clean_line(line), ECHO_LIMIT)


def early_lines(fd: int | None, encoding: str) -> tuple[list[str], bool]:
    """The whole lines waiting on the terminal ``fd`` (none when it is None), and whether the
    input's end came among them. Read from the descriptor, one line a read as the cooked mode
    gives them: a buffered ``readline`` would wait on for a line that Ctrl+D ended without Enter."""
    lines: list[str] = []
    while fd is not None and len(lines) < EARLY_LIMIT and line_waiting(fd):
        data = os.read(fd, 4096)
        if not data:
            return lines, True
        lines.append(data.decode(encoding, "replace").rstrip("\r\n"))
    return lines, False


def typed_text(typing: UnseenTyping | None, fd: int | None, encoding: str) -> tuple[str, bool]:
    """What was typed for later prompts on the terminal ``fd`` (none when it is None): the keys
    kept after a carried line's Enter, the whole lines waiting, and the start of a line not yet
    ended (with ``typing``), as one text; and whether the input's end came among them. The line
    begun is taken now, so the game knows it waits before it says how a held move is taken
    ("Press Enter to do it now" while "sc" waited, then joined: the re-check of session 37)."""
    left = typing.take_left().decode(encoding, "replace") if typing else ""
    lines, ended = early_lines(fd, encoding)
    unended = typing.unended().decode(encoding, "replace") if typing and not ended else ""
    return left + "".join(f"{line}\n" for line in lines) + unended, ended


def split_lines(text: str) -> tuple[list[str], str]:
    """The whole lines of ``text`` and what follows the last of them, a line not yet ended."""
    *whole, rest = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return whole, rest


def cleaned_lines(typed: str) -> str:
    """Keys typed unseen, each line without a key's code: shown after the prompt, an arrow's
    code moved the cursor into the line above; read by the editor, it recalled a command."""
    return "\n".join(clean_line(part) for part in typed.split("\n"))


def terminal_fd(stream: object) -> int | None:
    """The file descriptor of ``stream`` when it is a terminal, else None (a pipe, a test's text)."""
    try:
        fd = stream.fileno()  # type: ignore[attr-defined]
        return fd if isinstance(fd, int) and os.isatty(fd) else None
    except (AttributeError, OSError, ValueError):
        return None


def choose_mode(plain_flag: bool | None, plain_setting: bool, env: Mapping[str, str],
                stdin_tty: bool, stdout_tty: bool, windows: bool = False,
                screen_reader: bool = False) -> str:
    """``pipe`` when stdin is not a terminal; ``plain`` when the terminal cannot edit (TERM=dumb,
    TERM unset outside Windows, whose console sets no TERM, or stdout no terminal); then
    ``--plain`` or ``--no-plain`` (``plain_flag`` True or False) decides; else ``plain`` when asked
    for by the setting or ACCESSIBLE=1, or when a screen reader is running (the line editor
    redraws, and a screen reader reads redraws again); else ``editor``."""
    if not stdin_tty:
        return "pipe"
    if no_editor(env, stdout_tty, windows):
        return "plain"
    if plain_flag is not None:
        return "plain" if plain_flag else "editor"
    if plain_setting or env.get("ACCESSIBLE", "") not in ("", "0") or screen_reader:
        return "plain"
    return "editor"


def no_editor(env: Mapping[str, str], stdout_tty: bool, windows: bool = False) -> str | None:
    """Why this terminal cannot have the line editor (it moves the cursor), or None."""
    term = env.get("TERM", "")
    if term == "dumb":
        return "TERM is dumb"
    if not term and not windows:
        return "TERM is not set"
    if not stdout_tty:
        return "the output is not a terminal"
    return None


class LineSource(Protocol):
    mode: str
    ended: bool  # the input's end came with the lines typed early: read() gives None


    def typed_early(self) -> list[str]:
        """Whole lines typed before the prompt is shown, oldest first (none from a pipe)."""
        ...

    def begun(self) -> str:
        """The start of a line typed early and not yet ended, to be finished at a prompt ("" when
        none). Plain mode shows it at the next prompt, where Enter is then not a held move's; the
        editor puts a held move on its line, and this line at the prompt after it."""
        ...

    def read(self, offer: str | None = None) -> str | None:
        """The next line without its newline; None at end of input. ``offer`` is a line the
        player may take as it is by pressing Enter alone."""
        ...


class PlainSource:
    """Plain mode and pipes: a short prompt (plain) or an echo (pipe), then one line."""

    def __init__(self, stream: TextIO, printer: Printer, echo: bool, typing: UnseenTyping | None = None) -> None:
        self.stream = stream
        self.printer = printer
        self.echo = echo
        self.typing = typing  # a terminal whose echo is off between prompts
        # Bytes that are not UTF-8 must not end the game: under a real UTF-8 locale Python
        # decodes standard input strictly, so a stray \xff would raise here. With "replace" they
        # arrive as U+FFFD, which the parser refuses with a reason.
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
        self.mode = "pipe" if echo else "plain"
        self.ended = False  # the input's end came with the lines typed early

    def typed_early(self) -> list[str]:
        # A line kept unfinished is finished by the first line waiting: "sco", then "re".
        text, ended = typed_text(self.typing, None if self.echo else terminal_fd(self.stream), self._encoding)
        self.ended = self.ended or ended
        whole, rest = split_lines(text)
        if self.typing is not None:
            self.typing.left = rest.encode(self._encoding)
        return whole

    def begun(self) -> str:
        return clean_line(self.typing.left.decode(self._encoding, "replace")) if self.typing else ""

    def read(self, offer: str | None = None) -> str | None:
        if self.ended:
            return None
        typed = self._typed_unseen()
        if self.typing is not None and "\n" in typed:  # ended since the look for lines typed early
            line, rest = typed.split("\n", 1)
            self.typing.left = rest.encode(self._encoding)  # the next lines: typed early, as any kept
            self.printer.prompt(PROMPT + line + "\n")
            self.typing.quiet()
            return self._taken(line, offer)
        if not self.echo:
            self.printer.prompt(PROMPT + typed)
        try:
            if self.typing is not None and typed:
                line = self.typing.finish_line(typed, self.printer.prompt, self._encoding, PROMPT)
            elif self.typing is not None:  # the prompt shown again after a stop and fg
                with self.typing.prompting(lambda: self.printer.prompt("\n" + PROMPT)):
                    line = self.stream.readline()
                self._pasted_after(line)
            else:
                line = self.stream.readline()
        except KeyboardInterrupt:
            self.printer.write([""])
            return "quit"
        finally:
            if self.typing is not None:
                self.typing.quiet()
        if line == "":
            if not self.echo:
                self.printer.end_line()  # so what follows starts clean
            return None
        if not self.echo and not line.endswith("\n"):
            # Ended by Ctrl+D, not Enter: the terminal left the cursor after it, so the reply
            # was glued to it ("> handHand: 9 cards.": the terminal sweep).
            self.printer.end_line()
        return self._taken(line.rstrip("\r\n"), offer)

    def _pasted_after(self, line: str) -> None:
        """Keys that came after the line's Enter at the cooked prompt (a paste), taken to wait as
        lines typed early: the terminal echoed them as they came, so one ending inside a line left
        the cursor there and the answer was glued to it ("hand", "pass", "sc" pasted: "scHand: 9
        cards.": the re-check of session 37). That line is ended first; its keys come back at the
        next prompt."""
        if self.typing is None or not line.endswith("\n"):
            return
        pasted, ended = typed_text(self.typing, self.typing.fd, self._encoding)  # Ctrl+D among them too
        self.ended = self.ended or ended
        self.typing.left = pasted.encode(self._encoding)
        if pasted and not pasted.endswith("\n"):
            self.printer.end_line()

    def _taken(self, line: str, offer: str | None) -> str:
        if offer is not None and not line.strip():
            return offer  # the cooked line cannot be filled in: Enter alone takes the offer
        if self.echo:
            # The transcript's echo is read like any line: a long one is quoted shortened.
            self.printer.echo(PROMPT + echoed(line))
        return line

    def _typed_unseen(self) -> str:
        """What was typed while the echo was off and no line had ended (``UnseenTyping``), with
        the echo on again for the prompt; "" where the echo is the terminal's own."""
        if self.typing is None:
            return ""
        return cleaned_lines(self.typing.at_prompt().decode(self._encoding, "replace"))

    @property
    def _encoding(self) -> str:
        return getattr(self.stream, "encoding", None) or "utf-8"


class EditorSource:
    """prompt_toolkit line editing: history (up and down arrows) and Tab completion.

    Pasted text arrives as one bracketed paste, which prompt_toolkit would insert newlines and
    all into the line, so a pasted ``discard 7r 7y`` and its newline waited for another Enter
    and was then refused as one muddled line. Here a newline in a paste ends the line, as a
    typed Enter does; further pasted lines are lines typed early (``typed_early``), as they are
    in plain mode, and text after the last newline starts the next line.

    The editor never asks the terminal where the cursor is (cursor position requests): the
    completions are listed below the line, so it needs no room measured, and a terminal that
    does not answer would otherwise get prompt_toolkit's warning printed into the game.
    """

    def __init__(self, words: Callable[[str], Iterable[str]], typing: UnseenTyping | None = None) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import Completer, Completion
        from prompt_toolkit.document import Document
        from prompt_toolkit.history import InMemoryHistory
        from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
        from prompt_toolkit.keys import Keys
        from prompt_toolkit.output import ColorDepth, create_output
        from prompt_toolkit.output.vt100 import Vt100_Output
        from prompt_toolkit.shortcuts import CompleteStyle

        class GameCompleter(Completer):
            def get_completions(self, document: Document, complete_event: object) -> Iterable[Completion]:
                word = document.get_word_before_cursor(WORD=True).lower()
                before = document.text_before_cursor[:len(document.text_before_cursor) - len(word)]
                for candidate in words(before.lower()):  # what may follow the words already typed
                    if candidate.startswith(word):
                        yield Completion(candidate, start_position=-len(word))

        self.mode = "editor"
        self.typing = typing  # a terminal whose echo is off between prompts, its keys taken here
        # Keys taken before the prompt are read in the terminal's encoding, as prompt_toolkit reads
        # those typed at it: read as UTF-8 under a Latin-1 locale, "café" typed early was refused
        # as "not UTF-8" and read typed at the prompt (the re-check of session 37's typing-early commits).
        self.encoding = getattr(sys.stdin, "encoding", None) or "utf-8"
        self.ended = False  # Ctrl+D typed early, between prompts, where the terminal took it as the end
        self.pasted: deque[str] = deque()  # whole pasted lines still to be read
        self.started = ""  # pasted text after its last newline: the next line begins with it
        bindings = KeyBindings()

        @bindings.add(Keys.BracketedPaste)
        def _paste(event: KeyPressEvent) -> None:
            first, *more = event.data.replace("\r\n", "\n").replace("\r", "\n").split("\n")
            event.current_buffer.insert_text(first)
            if more:
                self.pasted.extend(more[:-1])
                self.started = more[-1]
                event.current_buffer.validate_and_handle()

        output = create_output()
        for vt100 in (output, getattr(output, "vt100_output", None)):  # Windows 10 wraps one
            if isinstance(vt100, Vt100_Output):
                vt100.enable_cpr = False
        self.session: PromptSession[str] = PromptSession(
            history=InMemoryHistory(),
            completer=GameCompleter(),
            complete_style=CompleteStyle.READLINE_LIKE,
            complete_while_typing=False,
            color_depth=ColorDepth.MONOCHROME,
            enable_suspend=True,  # Ctrl+Z stops the game, as in plain mode; it typed a hidden ^Z
            key_bindings=bindings,
            output=output,
        )

    def typed_early(self) -> list[str]:
        """What was typed for later prompts: the lines of a paste after its first, the keys
        typed after Enter that prompt_toolkit kept for the next prompt (it would run them there
        at once), and what was typed between prompts. prompt_toolkit gives the terminal back its
        cooked mode between prompts, so that waits as whole lines, read here."""
        from prompt_toolkit.input.typeahead import get_typeahead

        pasted = "".join(f"{line}\n" for line in self.pasted) + self.started
        self.pasted.clear()
        kept = "".join(key.data for key in get_typeahead(self.session.input))
        waiting, ended = typed_text(self.typing, self.typing.fd if self.typing else terminal_fd(sys.stdin),
                                    self.encoding)
        self.ended = self.ended or ended
        lines, self.started = split_lines(pasted + kept + waiting)
        # The up arrow recalls them too, as typed at a prompt (the pty sweep), without the keys'
        # escape codes ("^[[Ahand": the re-check).
        for cleaned in (clean_line(line).strip() for line in lines):
            if cleaned:
                self.session.history.append_string(cleaned)
        return lines

    def begun(self) -> str:
        return clean_line(self.started)

    def read(self, offer: str | None = None) -> str | None:
        if self.ended:
            return None
        typed, self.started = self.begun() + self._typed_unseen(), ""
        if "\n" in typed:  # lines ended since the look for lines typed early: the first is read now
            line, self.started = typed.split("\n", 1)  # the next lines: typed early, as in plain mode
            return self._prompt(line, accept=True)
        if offer is not None:  # alone on the line, as typed first; a line begun after it comes after
            # it, never joined onto it ("> 13rsc": the re-check of session 37); a blank one is none
            self.started = typed if typed.strip() else ""
            return self._prompt(offer)
        return self._prompt(typed)

    def _prompt(self, line: str, accept: bool = False) -> str | None:
        """The editor's prompt with ``line`` on it, to edit, or shown and taken (``accept``)."""
        try:
            with self.typing.lent() if self.typing else contextlib.nullcontext():
                return self.session.prompt(PROMPT, default=line, accept_default=accept)
        except EOFError:
            return None
        except KeyboardInterrupt:
            return "quit"

    def _typed_unseen(self) -> str:
        """What was typed between prompts and not yet taken, cleaned as plain mode cleans it:
        left to the editor, which reads the terminal raw, an arrow's code recalled a command
        onto the line and an Escape took the key after it ("hnd": the re-check of session 37)."""
        return cleaned_lines(self.typing.unended().decode(self.encoding, "replace")) if self.typing else ""
