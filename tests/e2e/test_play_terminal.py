"""End-to-end: the installed ``rook-access`` in a real pseudo-terminal, played by typing.

Every test sets ROOK_ACCESS_HOME to its own temporary directory and ``--speech off``; seeds are
fixed, so each run types the same moves and sees the same game.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
from pathlib import Path

import pexpect
import pytest

from tests.e2e.driver import Player, load_save, rook_command, spawn
from tests.referee import check_record

CURSOR_OR_ERASE = re.compile(r"\x1b\[[0-9;?]*[A-HJKSTfsu]")


def finish(player: Player) -> None:
    """Leave a finished game: look back, then quit; the process must end cleanly."""
    child = player.child
    out = player.type("score")
    assert "Score, game to" in out
    out = player.type("review")
    assert "Review of hand" in out
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def play_game(tmp_path: Path, plain: bool, seed: int, extra: list[str]) -> tuple[Player, str]:
    home = tmp_path / "home"
    record = tmp_path / "game.jsonl"
    child = spawn(["--seed", str(seed), "--record", str(record)] + extra, home, plain=plain)
    child.logfile_read = raw = _Collect()
    player = Player(child, home, seed=seed, plain=plain)
    player.wait_prompt()
    player.play_to_end()
    text = raw.text()
    assert "quit to leave" in text
    assert "Game over: " in text
    assert "Traceback" not in text and "Error" not in text
    finish(player)
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert check_record(lines) == 1
    return player, raw.text()


class _Collect:
    """pexpect's logfile_read: everything the program wrote, raw."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def write(self, data: str) -> None:
        self.parts.append(data)

    def flush(self) -> None:
        pass

    def text(self) -> str:
        return "".join(self.parts)


def test_plain_mode_whole_game_by_typing(tmp_path: Path) -> None:
    player, text = play_game(tmp_path, plain=True, seed=5, extra=["--option", "target=150"])
    assert "You sit south, your partner is North, against East and West." in text
    assert "Your bid: " in text and re.search(r"Your (lead, trick 1|play): ", text)
    assert len(player.typed) > 9


def test_plain_mode_output_only_appends(tmp_path: Path) -> None:
    _, text = play_game(tmp_path, plain=True, seed=11, extra=["--option", "target=100"])
    assert "\x1b" not in text, CURSOR_OR_ERASE.findall(text)[:5]
    assert not re.search(r"\r(?!\n)", text), "a bare carriage return rewrites a line"
    assert "\x08" not in text


def test_accessible_env_chooses_plain_mode(tmp_path: Path) -> None:
    home = tmp_path / "home"
    child = spawn(["--seed", "2"], home, plain=False, extra_env={"ACCESSIBLE": "1"})
    child.logfile_read = raw = _Collect()
    player = Player(child, home, plain=True)
    player.wait_prompt()
    player.type("hand")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "\x1b" not in raw.text()
    assert "Hand: 9 cards." in raw.text()


def test_no_plain_on_a_dumb_terminal_says_why_input_is_plain(tmp_path: Path) -> None:
    """--no-plain cannot have the line editor on a dumb terminal: it fell back silently (found by
    a helper's command-line sweep); now the start says why."""
    home = tmp_path / "home"
    child = spawn(["--seed", "2", "--no-plain"], home, plain=True)
    child.logfile_read = raw = _Collect()
    player = Player(child, home, plain=True)
    player.wait_prompt()
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "No line editor, though --no-plain asked for it: TERM is dumb, so input is plain." in raw.text()
    assert "\x1b" not in raw.text()


def test_editor_mode_whole_game_with_completion_and_history(tmp_path: Path) -> None:
    home = tmp_path / "home"
    child = spawn(["--seed", "7", "--option", "target=100"], home, plain=False)
    child.logfile_read = raw = _Collect()
    player = Player(child, home, seed=7, plain=False)
    player.wait_prompt()
    out = player.type("stat\t")  # Tab completes the command
    assert "\x1b[" in raw.text(), "the line editor is in use, not the plain mode"
    assert "Your turn to bid." in out
    out = player.type("sco")  # not a command: refused, nothing changes
    assert "Not a command or a card: sco." in out
    out = player.type("\x1b[A\x1b[A")  # up arrow twice: the earlier "status" again
    assert "Your turn to bid." in out
    player.play_to_end()
    assert "quit to leave" in raw.text()
    assert "Game over: " in raw.text()
    assert "Traceback" not in raw.text()
    finish(player)


def test_editor_mode_completes_cards_in_hand(tmp_path: Path) -> None:
    home = tmp_path / "home"
    child = spawn(["--seed", "3"], home, plain=False)
    player = Player(child, home, seed=3, plain=False)
    player.wait_prompt()
    state = player.state()
    assert state is not None
    codes = sorted(c for c in _hand_codes(state) if c != "rook")
    unique = next(code for code in codes if sum(other.startswith(code[:-1]) for other in codes) == 1)
    # "14" + Tab -> "14r", a card, not now in the auction ("14" alone would be a bid of 14)
    out = player.type(f"{unique[:-1]}\t")
    assert "is a card, but this is the auction" in out, out
    child.sendline("quit")
    child.expect(pexpect.EOF)


def _hand_codes(state: object) -> list[str]:
    from rook_access.core import GameState
    from rook_access.core import cards as C

    assert isinstance(state, GameState)
    return C.codes(state.hands[state.seats.index("south")])


def test_kill_mid_hand_resumes_the_same_game(tmp_path: Path) -> None:
    home = tmp_path / "home"
    child = spawn(["--seed", "21", "--option", "target=500"], home, plain=True)
    player = Player(child, home, seed=21, plain=True)
    player.wait_prompt()
    while True:
        state = player.state()
        assert state is not None
        if state.phase == "play" and len(state.tricks) >= 2 and state.actor == state.seats.index("south"):
            break
        player.play_turn()
    status_before = player.type("status")
    saved = load_save(home)
    os.kill(child.pid, signal.SIGKILL)
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus == signal.SIGKILL

    child = spawn(["--resume"], home, plain=True)
    child.logfile_read = raw = _Collect()
    player = Player(child, home, seed=22, plain=True)
    player.wait_prompt()
    assert "Resumed: hand 1." in raw.text()
    # The pending prompt (a lead names the trick).
    assert re.search(rf"Your (lead, trick {len(saved['state']['tricks']) + 1}|play): ", raw.text())
    assert load_save(home)["state"] == saved["state"]
    assert _lines(player.type("status")) == _lines(status_before)
    player.play_hands(1)
    assert player.state() is None or player.state().hand_number == 2  # type: ignore[union-attr]
    child.sendline("quit")
    child.expect(pexpect.EOF)


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def test_quit_and_resume_keep_one_record(tmp_path: Path) -> None:
    home = tmp_path / "home"
    record = tmp_path / "game.jsonl"
    child = spawn(["--seed", "8", "--option", "target=100", "--record", str(record)], home, plain=True)
    player = Player(child, home, seed=8, plain=True)
    player.wait_prompt()
    for _ in range(6):
        player.play_turn()
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child = spawn(["--resume"], home, plain=True)
    player = Player(child, home, seed=9, plain=True)
    player.wait_prompt()
    player.play_to_end()
    child.sendline("quit")
    child.expect(pexpect.EOF)
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert sum(1 for line in lines if line["type"] == "game") == 1
    assert check_record(lines) == 1


def test_pipe_reads_lines_and_end_of_input_saves(tmp_path: Path) -> None:
    env = dict(os.environ, ROOK_ACCESS_HOME=str(tmp_path), NO_COLOR="1")
    cmd = rook_command() + ["play", "--speech", "off", "--seed", "4"]
    done = subprocess.run(cmd, input="hand\n\nstatus\n", capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "> hand" in done.stdout and "Hand: 9 cards." in done.stdout
    assert done.stdout.rstrip().endswith("Input ended: the game is saved. rook-access play --resume game-1 goes on.")
    assert "\x1b" not in done.stdout and done.stderr == ""
    again = subprocess.run(rook_command() + ["play", "--speech", "off", "--resume"], input="quit\n",
                           capture_output=True, text=True, env=env, timeout=60)
    assert again.returncode == 0 and "Resumed: hand 1." in again.stdout


def test_resume_without_a_save_says_so_in_one_line(tmp_path: Path) -> None:
    env = dict(os.environ, ROOK_ACCESS_HOME=str(tmp_path))
    done = subprocess.run(rook_command() + ["play", "--speech", "off", "--resume"], input="",
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == ("rook-access: there is no saved game to resume: start one with "
                                   "rook-access play")


@pytest.mark.parametrize("preset", ["georgia", "two-player", "call-partner", "beginner", "kentucky-west",
                                    "three-player", "five-player", "six-player", "kentucky-discard",
                                    "one-high", "red-one", "regular-partnership"])
def test_other_presets_play_a_whole_game(tmp_path: Path, preset: str) -> None:
    home = tmp_path / "home"
    record = tmp_path / "game.jsonl"
    target = "target=15" if preset == "beginner" else "target=60"
    child = spawn(["--rules", preset, "--seed", "12", "--option", target, "--record", str(record)], home,
                  plain=True)
    child.logfile_read = raw = _Collect()
    player = Player(child, home, seed=12, plain=True)
    player.wait_prompt()
    player.play_to_end()
    assert "Game over: " in raw.text() and "Traceback" not in raw.text()
    child.sendline("quit")
    child.expect(pexpect.EOF)
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert check_record(lines) == 1  # the independent referee accepts the whole game


def test_deal_file_fixes_the_first_deal(tmp_path: Path) -> None:
    from tests.core_helpers import make_deal

    deal = make_deal("hasbro", "west", {"south": ["14r", "13r", "rook", "5g", "10g", "14x", "5x", "14y", "10y"]})
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal), encoding="utf-8")
    env = dict(os.environ, ROOK_ACCESS_HOME=str(tmp_path / "home"))
    cmd = rook_command() + ["play", "--speech", "off", "--seed", "1", "--deal", str(path)]
    done = subprocess.run(cmd, input="hand\nhand green\n", capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Hand 1: West deals." in done.stdout
    assert "Red: 14, 13." in done.stdout and "Always trump: Rook Bird." in done.stdout
    assert "> hand green\nGreen: 10, 5.\n" in done.stdout
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2", encoding="utf-8")
    done = subprocess.run(rook_command() + ["play", "--speech", "off", "--deal", str(bad)], input="",
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 2 and done.stderr.startswith("rook-access: the deal file ")
    assert done.stderr.count("\n") == 1


def test_new_game_after_the_end(tmp_path: Path) -> None:
    home = tmp_path / "home"
    child = spawn(["--seed", "13", "--option", "target=100"], home, plain=True)
    child.logfile_read = raw = _Collect()
    player = Player(child, home, seed=13, plain=True)
    player.wait_prompt()
    player.play_to_end()
    assert "Type new for another game" in raw.text()
    out = player.type("new")
    assert "New game: hasbro rules, first to 100." in out
    state = player.state()
    assert state is not None and state.seed == 14 and state.hand_number == 1
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_ctrl_z_at_the_line_editors_prompt_stops_the_game_and_fg_brings_back_the_line(tmp_path: Path) -> None:
    """Ctrl+Z typed at the line editor's prompt showed "^Z" on the line and stopped nothing, so
    the "fg" typed after it was "Not a command" (left out by session 38): the game stops as in
    plain mode and at any shell, and after fg the line typed before the stop is there to finish."""
    env = dict(os.environ, ROOK_ACCESS_HOME=str(tmp_path / "home"), TERM="xterm-256color",
               PROMPT_TOOLKIT_NO_CPR="1", PS1="$ ")
    env.pop("ACCESSIBLE", None)
    shell = pexpect.spawn("bash", ["--norc", "--noprofile", "-i"], env=env, encoding="utf-8", timeout=60,
                          dimensions=(60, 200))
    shell.sendline(" ".join([*rook_command(), "play", "--speech", "off", "--seed", "3"]))
    shell.expect_exact("Your bid: 80 to 120 in fives, or pass.")
    shell.expect(r"\x1b\[\?25h")  # the editor's prompt is drawn
    shell.send("ha")
    shell.expect_exact("ha")
    shell.send("\x1a")
    shell.expect_exact("Stopped")
    assert "^Z" not in (shell.before or "")
    shell.sendline("fg")
    shell.expect_exact("> ha")
    shell.send("nd\r")
    shell.expect_exact("Hand: 9 cards.")
    shell.sendline("quit")
    shell.expect_exact("Saved.")
    shell.sendline("exit")
    shell.expect(pexpect.EOF)
