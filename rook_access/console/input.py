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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Protocol, TextIO

from .parse import clean_line
from .printer import Printer

PROMPT = "> "


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
    term = env.get("TERM", "")
    if term == "dumb" or (not term and not windows) or not stdout_tty:
        return "plain"
    if plain_flag is not None:
        return "plain" if plain_flag else "editor"
    if plain_setting or env.get("ACCESSIBLE", "") not in ("", "0") or screen_reader:
        return "plain"
    return "editor"


class LineSource(Protocol):
    mode: str

    def read(self) -> str | None:
        """The next line without its newline; None at end of input."""
        ...


class PlainSource:
    """Plain mode and pipes: a short prompt (plain) or an echo (pipe), then one line."""

    def __init__(self, stream: TextIO, printer: Printer, echo: bool) -> None:
        self.stream = stream
        self.printer = printer
        self.echo = echo
        # Bytes that are not UTF-8 must not end the game: under a real UTF-8 locale Python
        # decodes standard input strictly, so a stray \xff would raise here. With "replace" they
        # arrive as U+FFFD, which the parser refuses with a reason.
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
        self.mode = "pipe" if echo else "plain"

    def read(self) -> str | None:
        if not self.echo:
            self.printer.prompt(PROMPT)
        try:
            line = self.stream.readline()
        except KeyboardInterrupt:
            self.printer.write([""])
            return "quit"
        if line == "":
            if not self.echo:
                self.printer.write([""])  # end the prompt's line so what follows starts clean
            return None
        line = line.rstrip("\r\n")
        if self.echo:
            self.printer.echo(PROMPT + clean_line(line))
        return line


class EditorSource:
    """prompt_toolkit line editing: history (up and down arrows) and Tab completion."""

    def __init__(self, words: Callable[[], Iterable[str]]) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import Completer, Completion
        from prompt_toolkit.document import Document
        from prompt_toolkit.history import InMemoryHistory
        from prompt_toolkit.output import ColorDepth
        from prompt_toolkit.shortcuts import CompleteStyle

        class GameCompleter(Completer):
            def get_completions(self, document: Document, complete_event: object) -> Iterable[Completion]:
                word = document.get_word_before_cursor(WORD=True).lower()
                for candidate in words():
                    if candidate.startswith(word):
                        yield Completion(candidate, start_position=-len(word))

        self.mode = "editor"
        self.session: PromptSession[str] = PromptSession(
            history=InMemoryHistory(),
            completer=GameCompleter(),
            complete_style=CompleteStyle.READLINE_LIKE,
            complete_while_typing=False,
            color_depth=ColorDepth.MONOCHROME,
            enable_suspend=False,
        )

    def read(self) -> str | None:
        try:
            return self.session.prompt(PROMPT)
        except EOFError:
            return None
        except KeyboardInterrupt:
            return "quit"
