"""A move that was announced is never lost: games killed with SIGKILL right after a line was
announced resume with every announced move in the save; SIGTERM and SIGHUP in the line editor
leave the terminal as it was."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pexpect

from rook_access.core import cards as C
from tests.e2e.driver import EDITOR_PROMPT, newest_save

# A whole hasbro game typed through a pipe without reading its state (see test_full_disk.py).
DRIVE = ["pass"] * 3 + [C.code(c) for c in range(C.CARD_COUNT)]
MOVE = re.compile(r"^(?:You|Your partner \w+|North|East|South|West) (?:bid|bids|pass|passes|play|plays|lead|leads)\b")


def moves_in(save: dict[str, object]) -> int:
    actions = save["actions"]
    assert isinstance(actions, list)
    return sum(1 for a in actions if a.split()[0] in ("bid", "pass", "play"))


def test_no_announced_move_is_lost_when_killed(tmp_path: Path) -> None:
    """24 games, each killed at a random announced line. Every move announced before the kill
    is in the save: the player is not asked again, a computer's move is not heard twice."""
    rng = random.Random(2026)
    env = dict(os.environ, LANG="en_US.UTF-8", LC_ALL="en_US.UTF-8")
    for run in range(24):
        home = tmp_path / f"home{run}"
        env["ROOK_ACCESS_HOME"] = str(home)
        child = subprocess.Popen([sys.executable, "-m", "rook_access", "play", "--speech", "off", "--level",
                                  "random", "--seed", str(100 + run)], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, env=env, text=True, bufsize=1)
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write("\n".join(DRIVE * 25) + "\n")
        child.stdin.flush()
        kill_after = rng.randrange(3, 60)
        announced = 0
        for line in child.stdout:
            if MOVE.match(line):
                announced += 1
                if announced == kill_after:
                    child.kill()  # SIGKILL, right after the line was printed
                    break
        child.wait()
        child.stdout.close()
        child.stdin.close()
        assert announced == kill_after, "the game ended before the kill"
        saved = json.loads(newest_save(home).read_text("utf-8"))
        assert moves_in(saved) >= announced, f"run {run}: {announced} moves heard, {moves_in(saved)} saved"
        resumed = subprocess.run([sys.executable, "-m", "rook_access", "play", "--speech", "off", "--resume"],
                                 input="quit\n", capture_output=True, text=True, env=env, timeout=120)
        assert resumed.returncode == 0 and "Resumed: " in resumed.stdout, resumed.stderr




def test_sigterm_and_sighup_restore_the_terminal(tmp_path: Path) -> None:
    env = dict(os.environ, ROOK_ACCESS_HOME=str(tmp_path), TERM="xterm")
    game = f"{sys.executable} -m rook_access play --speech off --seed 4"
    for sig in (signal.SIGTERM, signal.SIGHUP):
        shell = pexpect.spawn("/bin/sh", ["-c", f"stty -a; echo BEFORE; {game}; echo AFTER; stty -a; sleep 1"],
                              env=env, timeout=60, encoding="utf-8", dimensions=(40, 200))
        try:
            shell.expect_exact("BEFORE")
            before = shell.before
            shell.expect_exact("Type help for the commands.")
            shell.expect(EDITOR_PROMPT)  # the line editor has the terminal in raw mode now
            game_pid = int(subprocess.run(["pgrep", "-P", str(shell.pid)], capture_output=True,
                                          text=True).stdout.split()[0])
            os.kill(game_pid, sig)
            shell.expect_exact("AFTER")
            # Bracketed paste off, and "AFTER" on a line of its own, not after the prompt (the
            # pty sweep of session 30: a paste reached the shell as "^[[200~text^[[201~").
            killed = shell.before or ""
            assert "\x1b[?2004l" in killed and killed.endswith("\n"), repr(killed[-80:])
            shell.expect(pexpect.EOF)
            after = shell.before
        finally:
            shell.close()
        flags = ("echo", "icanon", "isig")
        for flag in flags:
            assert f"-{flag} " not in before
            assert f"-{flag} " not in after, f"{sig.name} left the terminal with -{flag}"
        time.sleep(0.1)


def test_the_line_editor_says_at_once_how_to_have_plain_lines(tmp_path: Path) -> None:
    """The line editor redraws its line; a screen reader on another machine (over SSH) is not
    detected, and nothing said how to have plain lines (found by the first-hour sweep)."""
    said = "The line editor redraws the line you type; for plain lines, start with --plain."
    for term, editor in (("xterm", True), ("dumb", False)):
        env = dict(os.environ, ROOK_ACCESS_HOME=str(tmp_path), TERM=term)
        child = pexpect.spawn(sys.executable, ["-m", "rook_access", "play", "--speech", "off", "--seed", "4"],
                              env=env, timeout=60, encoding="utf-8", dimensions=(40, 200))
        try:
            child.expect_exact("Type help for the commands.")
            assert (said in (child.before or "")) == editor, (term, child.before)
            child.sendline("quit")
            child.expect(pexpect.EOF)
        finally:
            child.close()
