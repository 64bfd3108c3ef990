"""Speaking through the player's own screen reader with accessible_output2.

Only real screen readers are used. accessible_output2 falls back to system voices (SAPI 5,
SAPI 4, the Linux espeak module) when no screen reader runs; speaking through those would be a
second, unasked-for voice, so they are never picked here (``--speech tts`` is the way to ask for
a synthesiser). Speech Dispatcher on Linux is a voice service in its own right, so it counts as
a screen reader only while Orca, which speaks through it, is running. A screen reader's process
counts even when accessible_output2 cannot reach it (``detect_screen_reader``).

accessible_output2 prints to the console when an output is missing, so importing and probing
run inside ``quiet()``, and every call does too.
"""

from __future__ import annotations

import contextlib
import logging
import os
import subprocess
import sys
from dataclasses import dataclass
from typing import Any

from .channel import Channel
from .quiet import quiet

log = logging.getLogger(__name__)

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


# Process names of screen readers, as the system lists them (lower case). A running process
# counts even when the game cannot talk to the reader: in a virtualenv or a pipx install on
# Linux the ``speechd`` module Orca speaks through is missing (it is not on PyPI), and the game
# must still know that Orca reads the console, so as not to start a second voice on top of it.
PROCESS_READERS = {
    "orca": "Orca",
    "brltty": "BRLTTY",
    "nvda.exe": "NVDA",
    "jfw.exe": "JAWS",
    "narrator.exe": "Narrator",
    "voiceover": "VoiceOver",
    "fenrir": "Fenrir",  # console screen readers on Linux: they read the terminal itself
    "tdsr": "TDSR",
}
# Speakup is in the kernel, not a process: loaded, it reads every console.
SPEAKUP = "/sys/accessibility/speakup"
NO_SPEECHD = ("To send each line to Orca as well, install the speechd module: sudo apt install "
              "python3-speechd, in a virtual environment made with --system-site-packages "
              "(pipx: pipx install --system-site-packages).")


@dataclass(frozen=True)
class Detected:
    """A running screen reader: its name, an output that speaks through it (or None when the game
    cannot reach it), and, then, one sentence saying what would let the game reach it."""

    name: str
    output: Any = None
    missing: str | None = None


def linux_process_names(proc: str = "/proc", uid: int | None = None) -> set[str]:
    """Names of running processes (of the user ``uid`` only, when given), from
    ``/proc/*/comm`` (for a script such as Orca's launcher, the script's name) and the program
    in ``/proc/*/cmdline`` (the script's name in ``python3 /usr/bin/orca``, when comm was
    changed)."""
    names: set[str] = set()
    try:
        entries = os.listdir(proc)
    except OSError:
        return names
    ours = _pid_namespace(f"{proc}/self")
    for entry in entries:
        if not entry.isdigit():
            continue
        # A process may end between listing and reading; it is simply not running any more.
        with contextlib.suppress(OSError):
            if uid is not None and os.stat(f"{proc}/{entry}").st_uid != uid:
                continue
            if ours and _pid_namespace(f"{proc}/{entry}") not in (ours, None):
                continue
            with open(f"{proc}/{entry}/comm", "rb") as handle:
                names.add(handle.read().strip().decode("utf-8", "replace").lower())
            with open(f"{proc}/{entry}/cmdline", "rb") as handle:
                args = [os.path.basename(a).decode("utf-8", "replace").lower()
                        for a in handle.read().split(b"\0")[:2]]
            if args and args[0]:
                names.add(args[0])
                if args[0].startswith("python") and len(args) > 1:
                    names.add(args[1])  # a script run as python3 /usr/bin/orca
    return names


def _pid_namespace(process: str) -> str | None:
    """The PID namespace of a process (``/proc/PID``), or None where it may not be read (another
    user's). A process in another namespace (a container, a sandbox) is not of this session, and
    a fake Orca a test ran in a namespace of its own put every other game on the machine in plain
    mode (the full suite of session 36)."""
    try:
        return os.readlink(f"{process}/ns/pid")
    except OSError:
        return None


def listed_process_names(command: list[str]) -> set[str]:
    """Process names from a system command (``ps`` on macOS, ``tasklist`` on Windows)."""
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=5,
                             stdin=subprocess.DEVNULL).stdout
    except (OSError, subprocess.SubprocessError):
        return set()
    names = set()
    for line in out.splitlines():
        first = line.split('","')[0].strip().strip('"') if line.startswith('"') else line.strip()
        if first:
            names.add(os.path.basename(first).lower())
    return names


def running_process_names(uid: int | None = None) -> set[str]:
    """Running processes' names; ``uid``: only that user's, where the system tells them apart
    (Linux; elsewhere every process's)."""
    if sys.platform.startswith("linux"):
        return linux_process_names(uid=uid)
    if sys.platform == "darwin":
        return listed_process_names(["ps", "-axco", "comm="])
    if sys.platform == "win32":
        return listed_process_names(["tasklist", "/fo", "csv", "/nh"])
    return set()


def running_reader_processes(speakup: str = SPEAKUP) -> list[str]:
    """Screen readers seen among the running processes, by name (and Speakup, loaded). Orca and
    TDSR count only as this user's (``PER_USER``): another user's reads another session, and
    taken for the player's it left a family computer's game without a voice (the first-run
    sweep). The console readers BRLTTY and Fenrir run as a system service, for every user."""
    names = running_process_names()
    if names & PER_USER and hasattr(os, "getuid"):
        names -= PER_USER - running_process_names(uid=os.getuid())
    found = [reader for process, reader in PROCESS_READERS.items() if process in names]
    return found + ["Speakup"] if os.path.isdir(speakup) else found


# PROCESS_READERS run in the user's own session: Orca in the desktop, TDSR around the user's own
# shell (the second re-check: another user's TDSR silenced the game too).
PER_USER = frozenset({"orca", "tdsr"})


def orca_running() -> bool:
    return "Orca" in running_reader_processes()


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


def detect_screen_reader() -> Detected | None:
    """The running screen reader, reachable or not, or None.

    A reader the game can speak to (through accessible_output2) comes first; else a screen
    reader's process: the game cannot send it lines, but it reads the console all the same."""
    found = find_screen_reader()
    if found is not None:
        return Detected(found[1], found[0])
    for reader in running_reader_processes():
        if reader == "Orca":
            return Detected(reader, None, NO_SPEECHD if not speechd_importable() else None)
        return Detected(reader)
    return None


def speechd_importable() -> bool:
    try:
        import speechd  # noqa: F401
    except Exception:
        return False
    return True


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
            log.error("%s refused a line: %s: %s", self.reader, type(exc).__name__, exc)
            self.stopped = f"{self.reader} refused a line"
            self._late_notice = f"Speech stopped: {self.stopped}; going on in text."

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
