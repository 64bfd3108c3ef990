"""In plain mode the screen only grows: checked in a real terminal emulator (tmux).

After every typed command the whole screen, scroll-back included, is captured. Every line seen
before must still be there, unchanged; the line the player types on may only have grown by the
typed text. A redraw, an erased line or a moved cursor would break this.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.e2e.driver import rook_command

COMMANDS = ["hand", "status", "", "legal", "pass", "help", "trick", "score", "history 5", "xyzzy",
            "repeat", "verbosity brief", "rules", "review", "quit"]


def capture(session: str) -> list[str]:
    """The whole pane of ``session``, whose tmux server (``-L``) is its own: on one shared server,
    a test ending its last session stopped the server while another test's new-session connected
    ("server exited unexpectedly", two tests at once under xdist: session 32's CI run)."""
    out = subprocess.run(["tmux", "-L", session, "capture-pane", "-p", "-J", "-S", "-", "-t", session],
                         capture_output=True, text=True, check=True).stdout
    lines = out.rstrip("\n").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def end(session: str) -> None:
    """Stop ``session``'s own tmux server and remove its socket, which the server leaves behind."""
    subprocess.run(["tmux", "-L", session, "kill-server"], capture_output=True)
    socket_dir = Path(os.environ.get("TMUX_TMPDIR", "/tmp")) / f"tmux-{os.getuid()}"
    (socket_dir / session).unlink(missing_ok=True)


def wait_for(session: str, ready: Callable[[list[str]], bool], timeout: float = 60) -> list[str]:
    """Poll the screen until ``ready(lines)``; polling is how a terminal is read, not a sync sleep."""
    deadline = time.monotonic() + timeout
    while True:
        lines = capture(session)
        if ready(lines):
            return lines
        if time.monotonic() > deadline:
            raise AssertionError("timed out; the screen was:\n" + "\n".join(lines[-20:]))
        time.sleep(0.02)


def test_plain_mode_screen_only_grows(tmp_path: Path) -> None:
    if not shutil.which("tmux"):
        pytest.fail("tmux is needed for this test (CI installs it)")
    session = f"rook-{uuid.uuid4().hex[:8]}"
    env = {"ROOK_ACCESS_HOME": str(tmp_path), "TERM": "xterm", "NO_COLOR": "1"}
    command = " ".join(shlex.quote(part) for part in rook_command() + ["play", "--plain", "--speech", "off",
                                                                        "--seed", "6"])
    exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
    subprocess.run(["tmux", "-L", session, "new-session", "-d", "-s", session, "-x", "120", "-y", "40",
                    f"env {exports} {command}; echo EXITED; sleep 30"], check=True,
                   env=dict(os.environ, TMUX=""))
    try:
        screen = wait_for(session, lambda lines: bool(lines) and lines[-1].rstrip() == ">")
        for typed in COMMANDS:
            subprocess.run(["tmux", "-L", session, "send-keys", "-t", session, "-l", typed], check=True)
            subprocess.run(["tmux", "-L", session, "send-keys", "-t", session, "Enter"], check=True)
            seen = len(screen)

            def done(lines: list[str], quitting: bool = typed == "quit", seen: int = seen) -> bool:
                if quitting:
                    return "EXITED" in lines
                return len(lines) > seen and lines[-1].rstrip() == ">"

            after = wait_for(session, done)
            assert after[: len(screen) - 1] == screen[:-1], f"a line changed after {typed!r}"
            assert after[len(screen) - 1].startswith(screen[-1]), f"the prompt line was rewritten after {typed!r}"
            screen = after
        assert any(line.startswith("Saved.") for line in screen)
    finally:
        end(session)
