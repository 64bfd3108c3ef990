"""Speaking through the player's own screen reader with accessible_output2.

Only real screen readers are used. accessible_output2 falls back to system voices (SAPI 5,
SAPI 4, the Linux espeak module) when no screen reader runs; speaking through those would be a
second, unasked-for voice, so they are never picked here (``--speech tts`` is the way to ask for
a synthesiser). Speech Dispatcher on Linux is a voice service in its own right, so it counts as
a screen reader only while Orca, which speaks through it, is running.

accessible_output2 prints to the console when an output is missing, so importing and probing
run inside ``quiet()``, and every call does too.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Any

from .channel import Channel
from .quiet import quiet

# accessible_output2 output class names (its ``name`` attributes) that are screen readers.
SCREEN_READERS = {
    "NVDA": "NVDA",
    "jaws": "JAWS",
    "Window-Eyes": "Window-Eyes",
    "System Access": "System Access",
    "Dolphin": "Dolphin",
    "PC Talker": "PC Talker",
    "ZDSR": "ZDSR",
    "VoiceOver": "VoiceOver",
    "Linux Speech Dispatcher": "Orca",
}
NEEDS_ORCA = {"Linux Speech Dispatcher"}


def orca_running() -> bool:
    """Orca shows as a process named ``orca`` (its launcher script) on Linux."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        entries = os.listdir("/proc")
    except OSError:
        return False
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as handle:
                args = handle.read().split(b"\0")
        except OSError:
            continue
        if any(os.path.basename(arg) == b"orca" for arg in args[:2]):
            return True
    return False


def output_classes() -> list[Any]:
    """accessible_output2's output classes for this platform, best first (empty if missing)."""
    with quiet(fds=True):
        try:
            import accessible_output2
            import accessible_output2.outputs  # noqa: F401  (registers the platform's outputs)

            return list(accessible_output2.get_output_classes())
        except Exception:
            return []


def find_screen_reader() -> tuple[Any, str] | None:
    """The first running screen reader as (accessible_output2 output, spoken name), or None."""
    for cls in output_classes():
        class_name = getattr(cls, "name", "")
        if class_name not in SCREEN_READERS or getattr(cls, "system_output", False):
            continue
        if class_name in NEEDS_ORCA and not orca_running():
            continue
        with quiet(fds=True):
            try:
                output = cls()
                active = bool(output.is_active())
            except Exception:
                continue
        if active:
            return output, SCREEN_READERS[class_name]
    return None


class ScreenReaderChannel(Channel):
    """Lines handed to the running screen reader. Calls are quick (a DLL call, a COM call, a
    socket write), so they run in the caller's thread; COM objects stay in the thread that made
    them."""

    name = "screen-reader"

    def __init__(self, output: Any, reader: str, notice: str | None = None) -> None:
        super().__init__(notice)
        self.output = output
        self.reader = reader
        self._cut = False
        self._failed = False

    def say(self, line: str) -> None:
        if self._failed:
            return
        cut, self._cut = self._cut, False
        try:
            with quiet():
                self.output.speak(line, interrupt=cut)
        except Exception as exc:
            self._failed = True
            self._late_notice = (f"Speech stopped: {self.reader} refused a line "
                                 f"({type(exc).__name__}); going on in text.")

    def interrupt(self) -> None:
        """The next line cuts off whatever the screen reader is still saying of ours."""
        self._cut = True

    def close(self) -> None:
        closer = getattr(self.output, "close", None)
        if callable(closer):
            # Closing happens as the game ends; a screen reader that fails to let go must not
            # turn a clean quit into a traceback, and there is nothing left to tell the player.
            with contextlib.suppress(Exception), quiet():
                closer()
