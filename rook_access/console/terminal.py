"""The terminal as the player left it: put back after SIGTERM or SIGHUP.

The line editor (prompt_toolkit) switches the terminal to raw mode while it reads a line. A
SIGTERM (``kill``, a logout) or SIGHUP (the terminal window closed) would end the process before
it switched back, leaving the shell with no echo, no line editing and no Ctrl+C. The game is
saved after every action, so on these signals there is nothing left to save: the terminal's
settings from the start are put back and the game exits at once.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from types import FrameType


def restore_on_signals() -> None:
    """Remember the terminal's settings now; on SIGTERM or SIGHUP put them back and exit with
    128 + the signal's number (the shell's convention for a process ended by a signal)."""
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
        os._exit(128 + signum)

    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            signal.signal(number, put_back)
