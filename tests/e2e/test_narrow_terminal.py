"""A terminal 40 columns wide, as a braille console is: the game breaks its lines at spaces.

The terminal itself broke a long line at its last column, inside a number or a word: "Black: 1"
on one row and "3, 9." on the next, for the black 13 and 9 (the pty sweep of session 30). Read
in a real terminal emulator (tmux), every row fits and holds whole words, the same words in the
same order as the game writes into a pipe.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import uuid
from pathlib import Path

import pytest

from tests.e2e.driver import rook_command
from tests.e2e.test_plain_screen_grows import end, wait_for

TYPED = ["legal", "rules", "hint", "quit"]


def words(lines: list[str]) -> list[str]:
    return [word for line in lines for word in line.split() if word != ">"]


def shown_at_40_columns(command: list[str], home: Path, typed: list[str]) -> list[str]:
    """The rows a 40-column tmux window shows while ``command`` runs and ``typed`` is typed."""
    session = f"rook-{uuid.uuid4().hex[:8]}"
    exports = f"ROOK_ACCESS_HOME={shlex.quote(str(home))} TERM=xterm NO_COLOR=1"
    subprocess.run(["tmux", "-L", session, "new-session", "-d", "-s", session, "-x", "40", "-y", "30",
                    f"env {exports} {' '.join(shlex.quote(part) for part in command)}; echo EXITED; sleep 30"],
                   check=True, env=dict(os.environ, TMUX=""))
    try:
        shown = wait_for(session, lambda lines: "EXITED" in lines or bool(lines) and lines[-1].rstrip() == ">")
        for line in typed:  # each at the prompt, as a player types it (-J joins only the terminal's breaks)
            subprocess.run(["tmux", "-L", session, "send-keys", "-t", session, "-l", line], check=True)
            subprocess.run(["tmux", "-L", session, "send-keys", "-t", session, "Enter"], check=True)
            seen = len(shown)
            shown = wait_for(session, lambda lines, seen=seen: "EXITED" in lines  # type: ignore[misc]
                             or len(lines) > seen and lines[-1].rstrip() == ">")
    finally:
        end(session)
    rows = shown[: shown.index("EXITED")]
    assert all(len(row.rstrip()) <= 40 or " " not in row.strip() for row in rows), [r for r in rows if len(r) > 40]
    return rows


def test_a_40_column_terminal_gets_whole_words_on_rows_that_fit(tmp_path: Path) -> None:
    if not shutil.which("tmux"):
        pytest.fail("tmux is needed for this test (CI installs it)")
    game = rook_command() + ["play", "--plain", "--speech", "off", "--seed", "5"]
    env = dict(os.environ, ROOK_ACCESS_HOME=str(tmp_path / "piped"), TERM="xterm", NO_COLOR="1")
    piped = subprocess.run(game, input="".join(f"{line}\n" for line in TYPED), capture_output=True, text=True,
                           env=env, timeout=120).stdout.splitlines()
    rows = shown_at_40_columns(game, tmp_path / "shown", TYPED)
    assert any(len(line) > 40 for line in piped)  # the pipe gets the lines whole
    assert words(rows) == words(piped), "\n".join(rows)


def test_replay_says_a_damaged_settings_file_in_rows_that_fit(tmp_path: Path) -> None:
    """replay read the settings with the store's own line on standard error, not broken to the
    terminal's width as the game's are (a left-out of session 30)."""
    if not shutil.which("tmux"):
        pytest.fail("tmux is needed for this test (CI installs it)")
    home = tmp_path / "a folder named at some length for the settings"
    (home / "settings.toml").mkdir(parents=True)  # a folder where the file should be
    rows = shown_at_40_columns(rook_command() + ["replay", str(tmp_path / "none.jsonl")], home, [])
    said = " ".join(row.strip() for row in rows)
    assert "rook-access: cannot read the settings" in said and "it is not a file; using the defaults." in said, rows


@pytest.mark.parametrize("command", [["--help"], ["play", "--help"], ["rules", "hasbro"], ["rules"], ["saves"],
                                     ["labels", "--rules", "hasbro"],
                                     ["simulate", "--games", "1", "--seed", "3", "--rules", "hasbro"]])
def test_a_commands_answer_comes_in_rows_of_whole_words(command: list[str], tmp_path: Path) -> None:
    """The game fitted its lines to a 40-column terminal, but --help, rules, saves, labels and
    simulate printed theirs whole, and the terminal broke "rook-access p" / "lay --resume" (the
    narrow sweep of session 31). Numbers aside (simulate's timings differ run to run), the rows
    hold the words a pipe gets, in order."""
    if not shutil.which("tmux"):
        pytest.fail("tmux is needed for this test (CI installs it)")
    env = dict(os.environ, ROOK_ACCESS_HOME=str(tmp_path), TERM="xterm", NO_COLOR="1")
    piped = subprocess.run(rook_command() + command, capture_output=True, text=True, env=env, timeout=120)
    assert piped.returncode == 0 and any(len(line) > 40 for line in piped.stdout.splitlines()), piped.stderr
    rows = shown_at_40_columns(rook_command() + command, tmp_path, [])

    def sans_numbers(lines: list[str]) -> list[str]:
        return [re.sub(r"\d[\d.,]*", "#", word) for word in words(lines)]

    assert sans_numbers(rows) == sans_numbers(piped.stdout.splitlines()), "\n".join(rows)
