"""Keeping a game is never silent: every unfinished game keeps its own save under a name the
player can list, resume and delete; a new game never replaces one, and a name in use is refused."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rook_access.core import new_game
from rook_access.core.errors import RuleError
from rook_access.core.options import check_game_can_end
from rook_access.core.presets import load_preset, preset_names, resolve


def rook(args: list[str], home: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, ROOK_ACCESS_HOME=str(home))
    return subprocess.run([sys.executable, "-m", "rook_access", *args], input=stdin, capture_output=True,
                          text=True, env=env, timeout=120)


def test_three_unfinished_games_are_all_kept(tmp_path: Path) -> None:
    said = []
    for seed in (101, 202, 303):
        done = rook(["play", "--speech", "off", "--seed", str(seed)], tmp_path, stdin="pass\nquit\n")
        assert done.returncode == 0 and done.stderr == ""
        said.append(done.stdout)
    assert "kept" not in said[0]
    assert "Your other unfinished game is kept: rook-access saves lists them." in said[1]
    assert "Your other unfinished games are kept: rook-access saves lists them." in said[2]
    assert "Saved. To go on later, type: rook-access play --resume game-3" in said[2]
    listed = rook(["saves"], tmp_path)
    lines = listed.stdout.splitlines()
    assert lines[0].startswith("3 saved games, the last played first.")
    assert [line.split(":")[0] for line in lines[1:]] == ["game-3", "game-2", "game-1"]
    assert all(" hasbro rules, hand 1; you and North 0, East and West 0; saved " in line for line in lines[1:])
    for name, seed in (("game-1", 101), ("game-2", 202)):
        resumed = rook(["play", "--speech", "off", "--resume", name], tmp_path, stdin="quit\n")
        assert resumed.returncode == 0 and "Resumed: hand 1." in resumed.stdout
        expected, _ = new_game("hasbro", [], seed)
        assert expected.seats  # the game kept under the name is the one that seed dealt
    newest = rook(["play", "--speech", "off", "--resume"], tmp_path, stdin="quit\n")
    assert f"--resume {'game-2'}" in newest.stdout  # the one saved last


def test_a_name_in_use_is_refused_and_the_save_kept(tmp_path: Path) -> None:
    first = rook(["play", "--speech", "off", "--seed", "1", "--name", "sunday"], tmp_path, stdin="pass\nquit\n")
    assert first.returncode == 0 and "rook-access play --resume sunday" in first.stdout
    kept = (tmp_path / "saves" / "sunday.json").read_bytes()
    again = rook(["play", "--speech", "off", "--seed", "2", "--name", "sunday"], tmp_path, stdin="quit\n")
    assert again.returncode == 2 and again.stdout == ""
    assert again.stderr.startswith("rook-access: a saved game is already named sunday")
    assert (tmp_path / "saves" / "sunday.json").read_bytes() == kept
    bad = rook(["play", "--speech", "off", "--name", "../x"], tmp_path)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_delete_only_what_is_named(tmp_path: Path) -> None:
    for _ in range(2):
        rook(["play", "--speech", "off"], tmp_path, stdin="quit\n")
    missing = rook(["saves", "delete", "game-9"], tmp_path)
    assert missing.returncode == 2 and "no saved game named game-9" in missing.stderr
    assert len(list((tmp_path / "saves").glob("*.json"))) == 2
    done = rook(["saves", "delete", "game-1"], tmp_path)
    assert done.returncode == 0 and done.stdout == "Deleted game-1.\n"
    assert [p.name for p in (tmp_path / "saves").glob("*.json")] == ["game-2.json"]
    assert rook(["saves", "delete"], tmp_path).returncode == 2
    assert rook(["saves", "game-2"], tmp_path).returncode == 2  # listing takes no name


def test_no_saved_games(tmp_path: Path) -> None:
    done = rook(["saves"], tmp_path)
    assert done.returncode == 0 and done.stdout == "No saved games. rook-access play starts one.\n"


@pytest.mark.parametrize("overrides", [["counters="], ["counters=5=0,10=0,14=0,rook=0"],
                                       ["min_bid=1000", "max_bid=1000"], ["aside=20"]])
def test_options_that_make_a_game_endless_are_refused_with_the_reason(overrides: list[str]) -> None:
    with pytest.raises(RuleError, match="never end"):
        resolve("hasbro", overrides)


def test_endless_options_on_the_command_line(tmp_path: Path) -> None:
    done = rook(["simulate", "--games", "1", "--option", "aside=20"], tmp_path)
    assert done.returncode == 2 and "never end" in done.stderr and "set fewer cards aside" in done.stderr


def test_every_preset_can_end_and_bonuses_alone_are_enough() -> None:
    for name in preset_names():
        check_game_can_end(load_preset(name).options)
    resolve("hasbro", ["counters=", "last_trick_bonus=100"])  # the last trick alone makes a bid


def test_a_save_cannot_make_the_game_cut_another_file(tmp_path: Path) -> None:
    """The record a save names is untrusted too: resume cuts a record back only when it is this
    game's own record; any other file is left alone and the game goes on without a record."""
    import json

    record = tmp_path / "game.jsonl"
    done = rook(["play", "--speech", "off", "--seed", "5", "--record", str(record)], tmp_path, stdin="pass\nquit\n")
    assert done.returncode == 0
    save = tmp_path / "saves" / "game-1.json"
    precious = tmp_path / "letter.txt"
    precious.write_text("Dear family,\n" * 50, "utf-8")
    data = json.loads(save.read_text("utf-8"))
    data.update(record=str(precious), record_size=0)
    save.write_text(json.dumps(data), "utf-8")
    resumed = rook(["play", "--speech", "off", "--resume"], tmp_path, stdin="quit\n")
    assert resumed.returncode == 0 and "Resumed: hand 1." in resumed.stdout
    assert f"Note: the game record {precious} cannot be continued" in resumed.stdout
    assert precious.read_text("utf-8") == "Dear family,\n" * 50


def test_play_list_and_the_resume_summary(tmp_path: Path) -> None:
    """Issue 12: rook-access play --list lists the kept games as saves does; --resume says where
    the game stands (hand, contract, trump, whose turn) and offers the hand."""
    empty = rook(["play", "--list"], tmp_path)
    assert empty.returncode == 0 and empty.stdout == "No saved games. rook-access play starts one.\n"
    for seed in (3, 4):
        rook(["play", "--speech", "off", "--seed", str(seed)], tmp_path, stdin="pass\nquit\n")
    listed = rook(["play", "--list"], tmp_path)
    assert listed.returncode == 0 and listed.stdout == rook(["saves"], tmp_path).stdout
    assert listed.stdout.startswith("2 saved games, the last played first.")
    refused = rook(["play", "--list", "--seed", "3"], tmp_path)
    assert refused.returncode == 2 and "--list only lists the saved games" in refused.stderr
    resumed = rook(["play", "--speech", "off", "--resume", "game-1"], tmp_path, stdin="quit\n")
    lines = resumed.stdout.splitlines()
    start = lines.index("Resumed: hand 1.")
    summary = lines[start:start + 8]
    assert summary[1].startswith("Hand 1, ") and summary[1].endswith(" dealt.")
    assert any(line.startswith("Contract: ") for line in summary), summary
    assert any(line.startswith("Trump: ") for line in summary), summary
    turn = next(i for i, line in enumerate(summary) if line.startswith("Your turn to ") or " to " in line)
    assert re.match(r"You hold \d+ cards: type hand to hear them\.", summary[turn + 1]), summary
