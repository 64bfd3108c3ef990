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
