"""The terminal as the player left it: put back after SIGTERM or SIGHUP.

The line editor (prompt_toolkit) switches the terminal to raw mode while it reads a line. A
SIGTERM (``kill``, a logout) or SIGHUP (the terminal window closed) would end the process before
it switched back, leaving the shell with no echo, no line editing and no Ctrl+C. The game is
saved after every action, so on these signals there is nothing left to save: the terminal's
settings from the start are put back and the game exits at once. On SIGCONT (``fg`` after
Ctrl+Z) it is the other way round: the game's own settings are set again (``UnseenTyping``).
"""

from __future__ import annotations

import atexit
import codecs
import contextlib
import os
import select
import signal
import sys
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

from .printer import columns

# How long a key's escape code takes to arrive whole after its Escape: its bytes come together.
ESCAPE_WAIT = 0.05

# Said once at the prompt after a stop that came between prompts: the terminal throws away the
# keys waiting at Ctrl+Z, and those typed while the computers played were never shown, so nothing
# else tells the player they went (a line typed then was dropped unsaid: the re-check of session 37).
DROPPED_AT_STOP = "Back after the stop: the terminal dropped anything you typed before Ctrl+Z; type it again."

# What the line editor switches on that termios does not hold: bracketed paste (a paste after
# a kill reached the shell as "^[[200~text^[[201~": the pty sweep of session 30) and a hidden
# cursor. Written only where the editor ran: plain lines never carry an escape code.
EDITOR_MODES_OFF = b"\x1b[?2004l\x1b[?25h"


def restore_on_signals(editor: bool = False) -> None:
    """Remember the terminal's settings now; on SIGTERM or SIGHUP put them back and exit with
    128 + the signal's number (the shell's convention for a process ended by a signal). The
    line is ended, so the shell's next words do not follow the game's prompt on its line;
    ``editor``: the line editor's modes are switched off too."""
    try:
        import termios
    except ImportError:  # Windows: no termios, no SIGHUP; the console restores itself
        return
    try:
        fd = sys.stdin.fileno()
        if not os.isatty(fd):
            return
        saved = termios.tcgetattr(fd)
    except (OSError, ValueError, termios.error):
        return

    def put_back(signum: int, frame: FrameType | None) -> None:
        with contextlib.suppress(OSError, termios.error):  # SIGHUP: the terminal may be gone
            termios.tcsetattr(fd, termios.TCSANOW, saved)
        with contextlib.suppress(OSError, ValueError):
            os.write(sys.stdout.fileno(), (EDITOR_MODES_OFF if editor else b"") + b"\n")
        os._exit(128 + signum)

    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            signal.signal(number, put_back)


def line_waiting(fd: int, wait: float = 0.0) -> bool:
    """Whether input waits on ``fd`` now, or comes within ``wait`` seconds. A console that cannot
    be polled (Windows) says no: its lines are then read at the prompt, as before."""
    try:
        return bool(select.select([fd], [], [], wait)[0])
    except (OSError, ValueError):
        return False


class UnseenTyping:
    """Keys typed while the game speaks are kept off its lines.

    In the terminal's cooked mode every key is echoed where the cursor is, so a question typed
    while the computers played landed inside the next line ("haNorth bids 85.": the
    accessibility sweep of session 36), and a whole line typed early stood bare among the game's
    lines. So between prompts the terminal's echo is off; its line editing stays on, so Backspace
    still mends a line typed ahead. At a prompt the echo is on again, and ``at_prompt`` hands
    over what was typed unseen of the line not yet ended, to be shown after "> " and kept. The
    line editor takes it too (``unended``), cleaned as plain mode cleans it, to put on its line:
    read raw by the editor, an arrow typed early recalled a command and an Escape took the key
    after it ("hnd": the re-check of session 37).

    After Ctrl+Z and ``fg`` a shell such as bash gives the terminal its own settings back, echo
    and all, not the game's: keys typed between prompts broke into its lines again ("haNorth bids
    85.") and a line being finished was echoed twice (the re-check of session 37). On SIGCONT the
    settings last set here are set again, and a line being finished is shown again after "> ", as
    is "> " alone where the cooked prompt waits (``prompting``).
    """

    def __init__(self, fd: int) -> None:
        import termios

        self.fd = fd
        self.saved = termios.tcgetattr(fd)
        self.left = b""  # keys typed after a line finish_line ended, for the next prompt
        self.applied: list[Any] | None = None  # the settings last set here, set again after fg
        self.shown: Callable[[], None] | None = None  # shows again the line finish_line waits on
        self.continued = False  # a SIGCONT came: the line being finished is to be shown again
        self.dropped = False  # a stop came between prompts: keys typed unseen may have gone with it
        atexit.register(self.restore)
        self.quiet()

    @classmethod
    def of(cls, stream: object) -> UnseenTyping | None:
        """For ``stream`` when it is a terminal with termios (not Windows, not a pipe), else None."""
        try:
            import termios  # noqa: F401  (Windows has none)

            fd = stream.fileno()  # type: ignore[attr-defined]
            typing = cls(fd) if isinstance(fd, int) and os.isatty(fd) else None
        except (ImportError, AttributeError, OSError, ValueError):
            return None
        if typing is not None:
            typing.keep_on_continue()
        return typing

    def keep_on_continue(self) -> None:
        """Set the game's settings again on SIGCONT (``continued``), where job control has one."""
        number = getattr(signal, "SIGCONT", None)
        if number is not None:
            signal.signal(number, self.continued_after_stop)

    def continued_after_stop(self, signum: int = 0, frame: FrameType | None = None) -> None:
        """The settings last set here, set again: the shell that stopped the game gave the
        terminal its own. A line being finished is shown again at once when its next key is
        awaited (nothing else is being written then), else before that key is taken. Stopped
        between prompts, the keys typed unseen then are gone: said once (``stop_notice``)."""
        import termios

        self.dropped = self.dropped or self._between_prompts()
        if self.applied is not None:
            with contextlib.suppress(OSError, termios.error):
                termios.tcsetattr(self.fd, termios.TCSANOW, self.applied)
        if self.shown is not None:
            self.shown()
        else:
            self.continued = True

    def _between_prompts(self) -> bool:
        """Whether the game's settings are those between prompts (``quiet``): echo off, whole
        lines. The terminal flushes what waits at Ctrl+Z, and which keys those were cannot be
        known, so a stop then is taken to have dropped some; at a prompt the echo showed them."""
        import termios

        if self.applied is None:  # the line editor has the terminal, or the game has ended
            return False
        flags = self.applied[3]
        return not flags & termios.ECHO and bool(flags & termios.ICANON)

    def stop_notice(self) -> str | None:
        """``DROPPED_AT_STOP`` once after a stop between prompts, else None."""
        if not self.dropped:
            return None
        self.dropped = False
        return DROPPED_AT_STOP

    @contextlib.contextmanager
    def prompting(self, show: Callable[[], None]) -> Iterator[None]:
        """A line read at the cooked prompt: ``show`` writes the prompt again when the game is
        continued meanwhile. After Ctrl+Z and ``fg`` no "> " was shown, and the keys typed before
        the stop, thrown away by the terminal then, beyond the game's reach (the re-check of
        session 37); the prompt again says a new line is read."""
        self.shown = show
        try:
            yield
        finally:
            self.shown = None

    @contextlib.contextmanager
    def lent(self) -> Iterator[None]:
        """The terminal lent to the line editor, which sets its own modes and gives them back:
        not set to the game's on SIGCONT meanwhile."""
        self.applied = None
        try:
            yield
        finally:
            self.quiet()

    def _set(self, echo: bool, canonical: bool = True, wait: bool = False) -> None:
        import termios

        attrs = termios.tcgetattr(self.fd)
        flags = termios.ECHO | termios.ECHOE | termios.ECHOK
        attrs[3] = attrs[3] | (flags & self.saved[3]) if echo else attrs[3] & ~flags
        attrs[3] = attrs[3] | termios.ICANON if canonical else attrs[3] & ~termios.ICANON
        if not canonical:  # a read returns at once with whatever is there, or (wait) a key
            attrs[6][termios.VMIN], attrs[6][termios.VTIME] = int(wait), 0
        # TCSANOW, never TCSAFLUSH: that would throw away what the player typed ahead.
        with contextlib.suppress(OSError, termios.error):
            termios.tcsetattr(self.fd, termios.TCSANOW, attrs)
        self.applied = attrs

    def quiet(self) -> None:
        """Between prompts: keys are kept, not echoed."""
        self._set(echo=False)

    def at_prompt(self) -> bytes:
        """The echo on again, and the keys typed unseen since the last line ended (``unended``)."""
        typed = self.unended()
        self._set(echo=True)
        return typed

    def unended(self) -> bytes:
        """The keys typed unseen since the last line ended (with any typed after a line
        ``finish_line`` ended), taken, the echo still off: the line editor shows them itself. A
        line not yet ended is held by the cooked mode where only a read without it can reach it."""
        self._set(echo=False, canonical=False)
        typed, self.left = self.left + self._waiting(), b""
        self.quiet()
        return typed

    def take_left(self) -> bytes:
        """The keys typed after a line ``finish_line`` ended, taken: their whole lines go by the
        rules of lines typed early (a move in such a burst was made at once, not held: the
        re-check of session 36), and what the caller gives back stays for the prompt."""
        left, self.left = self.left, b""
        return left

    def _waiting(self) -> bytes:
        """Every key waiting now (the terminal must be set not to wait)."""
        typed = b""
        with contextlib.suppress(OSError):
            while chunk := os.read(self.fd, 4096):
                typed += chunk
        return typed

    def finish_line(self, started: str, write: Callable[[str], None], encoding: str,
                    prompt: str = "") -> str:
        """The rest of a line begun while the echo was off, ``started`` shown already after
        ``prompt`` (both shown again on a line of their own after a stop and ``fg``). What
        ``at_prompt`` handed over is out of the terminal's reach, so its Backspace could not mend
        it ("> hxhand": the re-check of session 36): keys are read one by one here and the line
        edited as the cooked mode edits one, its erase, kill and word-erase keys echoed as it
        echoes them; a key's escape code is dropped. Keys typed after its Enter are kept for the
        next prompt (given back to the cooked mode, they came as a line of their own). Read as
        ``readline`` reads the cooked prompt: the line and its newline; without it when Ctrl+D,
        typed twice as there, ends a line with text (it was ignored: the re-check of session 38);
        "" for end of input on an empty line."""
        import termios

        keys = {self.saved[6][index]: name for index, name in (
            (termios.VEOF, "end"), (termios.VWERASE, "word"), (termios.VKILL, "kill"), (termios.VERASE, "erase"))}
        decode = codecs.getincrementaldecoder(encoding)("replace").decode
        text = started
        self._set(echo=False, canonical=False, wait=True)
        self.continued = False
        ending = False  # Ctrl+D once after text: the cooked mode hands the text over, a second ends it
        try:
            key = self._key(write, prompt + text)
            while True:
                if key in (b"\n", b"\r"):
                    write("\n")
                    self._set(echo=False, canonical=False)
                    self.left = self._waiting()
                    return text + "\n"
                what = keys.get(key, "erase" if key in (b"\x7f", b"\x08") else "")
                if not key or (what == "end" and (ending or not text)):
                    return text  # "" at a line's start; what was typed when the terminal is gone, as readline
                ending = what == "end"
                if what in ("erase", "kill", "word"):
                    kept = _erased(text, what)
                    write("\b \b" * columns(text[len(kept):]))
                    text = kept
                elif key == b"\x1b":
                    following = self._after_escape()
                    if following:  # Escape alone, then a key: that key is read as typed
                        key = following
                        continue
                elif key >= b" ":
                    typed = decode(key)
                    text += typed
                    write(typed)
                key = self._key(write, prompt + text)
        finally:
            self._set(echo=True)

    def _key(self, write: Callable[[str], None], line: str) -> bytes:
        """The next key of a line being finished; ``line`` (its prompt and text) is shown again
        on a line of its own when the game was stopped and continued, at once if that came
        while the key was awaited."""

        def show() -> None:
            write(f"\n{line}")

        self.shown = show
        if self.continued:
            self.continued = False
            show()
        try:
            return os.read(self.fd, 1)
        finally:
            self.shown = None

    def _after_escape(self) -> bytes:
        """After Escape: the rest of a key's code dropped (an arrow's ESC [ A, a function key's
        ESC O P), whose bytes come at once; a key typed after Escape alone is given back. Waiting
        on whatever came next took the Enter after a lone Escape (the re-check of session 36)."""
        if not line_waiting(self.fd, ESCAPE_WAIT):
            return b""
        kind = os.read(self.fd, 1)
        if kind == b"O":
            os.read(self.fd, 1)
        elif kind == b"[":
            self._skip_to_final()
        else:
            return kind
        return b""

    def _skip_to_final(self) -> None:
        """The rest of a control sequence (ESC [ 1 ; 5 A), to its final byte, @ to ~."""
        key = os.read(self.fd, 1)
        while key and not 0x40 <= key[0] <= 0x7E:
            key = os.read(self.fd, 1)

    def restore(self) -> None:
        """The terminal as the game found it (at exit), and so kept after a stop and ``fg``."""
        import termios

        self.applied = None
        with contextlib.suppress(OSError, termios.error):
            termios.tcsetattr(self.fd, termios.TCSANOW, self.saved)


def _erased(text: str, what: str) -> str:
    """``text`` once an erase key has acted: ``erase`` its last character, ``kill`` all of it,
    ``word`` its last word and the spaces after it (as the cooked mode's Ctrl+W)."""
    if what == "erase":
        return text[:-1]
    if what == "kill":
        return ""
    stripped = text.rstrip(" ")
    return stripped[:stripped.rfind(" ") + 1]
