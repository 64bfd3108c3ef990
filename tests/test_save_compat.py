"""A save written by an earlier version resumes after an upgrade.

The save's game is replayed through the core and must end in the state the save holds. A save
written before an option existed lacks that option in its game and in its state; both must read
it as the option's added default (``ADDED_DEFAULTS``), or every player's saved game would be
refused as "changed by hand or damaged" by the first version that adds an option.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rook_access.core.errors import RuleError
from rook_access.core.options import ADDED_DEFAULTS
from rook_access.store.record import holds_games, read_lines
from rook_access.store.saves import load_game
from rook_access.store.verify import check_record

COMPAT = Path(__file__).parent / "corpus" / "compat"
SAVES = sorted(COMPAT.glob("save-*.json"))


def test_there_are_saves_from_earlier_versions() -> None:
    assert SAVES


# The hand each save was written in: the first, but for the game saved past a tie it played on.
HAND = {"save-11a4226-call-partner": 2}


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_a_save_from_an_earlier_version_resumes(path: Path, tmp_path: Path) -> None:
    kept = tmp_path / path.name
    shutil.copy(path, kept)
    loaded = load_game(kept)
    assert loaded.replayed.state.hand_number == HAND.get(path.stem, 1)
    assert kept.read_bytes() == path.read_bytes()  # reading it changed nothing


def test_a_save_resumes_with_the_first_dealer_it_was_dealt_by() -> None:
    """The same seed, dealt by north before saves held the first dealer and by south after the
    fair draw (the older save holds none: the draw of its day)."""
    older, newer = (load_game(COMPAT / f"save-{commit}-two-player.json").replayed for commit in ("721e4bc", "60f71c8"))
    assert older.state.seed == newer.state.seed == 2
    assert [replayed.events[0]["dealer"] for replayed in (older, newer)] == ["north", "south"]


def _older(path: Path) -> list[str]:
    """The options a save could have been written without: those it holds at their added
    default (two-player deals its nest at the end, which no version before nest_deal played)."""
    options = json.loads(path.read_text(encoding="utf-8"))["game"]["options"]
    return [option for option, default in sorted(ADDED_DEFAULTS.items())
            if option not in options or options[option] == (default(options) if callable(default) else default)]


@pytest.mark.parametrize(("path", "option"), [(path, option) for path in SAVES for option in _older(path)],
                         ids=lambda value: value.stem if isinstance(value, Path) else value)
def test_a_save_written_before_an_option_existed_resumes(path: Path, option: str, tmp_path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    for part in (data["game"], data["state"]):
        part["options"].pop(option, None)
    kept = tmp_path / path.name
    kept.write_text(json.dumps(data), encoding="utf-8")
    assert load_game(kept).replayed.state == load_game(path).replayed.state


RECORDS = sorted(COMPAT.glob("record-*.jsonl"))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_record_from_an_earlier_version_replays_and_takes_more_games(path: Path, tmp_path: Path) -> None:
    kept = tmp_path / path.name
    shutil.copy(path, kept)
    events, numbers = read_lines(kept)
    games = check_record(events, numbers, str(kept))
    assert len(games) == 1 and games[0].players
    assert holds_games(kept)
    assert kept.read_bytes() == path.read_bytes()


# ----- a game played on past partners tied at the top (before tied_partners_win) ----------------
TIED = "11a4226-call-partner"


def rook(args: list[str], home: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, ROOK_ACCESS_HOME=str(home))
    return subprocess.run([sys.executable, "-m", "rook_access", *args, "--speech", "off"], input=stdin,
                          capture_output=True, text=True, env=env, timeout=300)


def test_a_game_saved_before_tied_partners_win_resumes_past_the_tie_it_played_on(tmp_path: Path) -> None:
    """Before fd69ded (session 34) partners of the last hand tied at the top played another hand;
    after it they won, and this save of such a game was refused: 'move 68 ("bid 70") cannot be
    made by Northwest: The game is over.' (found by the re-check of session 35). Read without
    the option, it keeps the rule it was played by."""
    state = load_game(COMPAT / f"save-{TIED}.json").replayed.state
    assert state.options.tied_partners_win is False
    assert (state.hand_number, sorted(state.totals), state.is_over()) == (2, [0, 0, 0, 200, 200], False)
    (tmp_path / "saves").mkdir()
    shutil.copy(COMPAT / f"save-{TIED}.json", tmp_path / "saves" / "tied.json")
    resumed = rook(["play", "--resume", "tied"], tmp_path, "pass\nquit\n")
    assert resumed.returncode == 0 and resumed.stderr == "", resumed.stderr
    assert "Resumed: hand 2." in resumed.stdout and "> pass\nYou pass.\n" in resumed.stdout
    # The rule it plays by is said, as every option changed from the rules named.
    said = "Playing call-partner rules, first to 100. Changed from call-partner: tied_partners_win = no."
    assert said in resumed.stdout


def test_a_record_written_before_tied_partners_win_replays_to_its_end(tmp_path: Path) -> None:
    """The record of the same game was refused at its second deal ("the rules give a game_end line
    here"); it replays to its last line, the tie told as it was played."""
    path = COMPAT / f"record-{TIED}.jsonl"
    games = check_record(*read_lines(path), str(path))
    assert len(games) == 1 and not games[0].finished
    told = rook(["replay", "--no-pause", str(path)], tmp_path)
    assert told.returncode == 0 and told.stderr == "", told.stderr
    assert "Tied at the top with 200: another hand decides.\nHand 2: you deal.\n" in told.stdout
    assert told.stdout.endswith("Southeast bids 85.\nThe record of this game stops here, before the game was over.\n")


@pytest.mark.parametrize("value", ["false", "true"])
def test_a_new_game_plays_on_past_partners_tied_at_the_top_with_tied_partners_win_false(value: str) -> None:
    """The same moves as a new game: with ``--option tied_partners_win=false`` the two partners
    tied at 200 play another hand, as before session 34; by default they win together."""
    from rook_access.core.presets import resolve
    from rook_access.store.verify import replay_actions

    saved = json.loads((COMPAT / f"save-{TIED}.json").read_text(encoding="utf-8"))
    options = resolve("call-partner", ["target=100", f"tied_partners_win={value}"])
    hand_one = saved["actions"][:67]  # to the end of hand 1; move 68 is hand 2's first bid
    state = replay_actions({**saved["game"], "options": options.to_dict()}, hand_one, "the game").state
    if value == "false":
        assert (state.is_over(), state.hand_number, state.winners) == (False, 2, [])
    else:
        assert state.is_over() and [state.seats[seat] for seat in state.winners] == ["southeast", "northwest"]


def test_a_record_written_while_partners_tied_won_together_without_the_option_replays() -> None:
    """Between fd69ded and 60acad3 partners tied at the top won together, and records lacked the
    option: read as false they were refused whole at the game_end line; their moves pass the core
    only as true, and so they are read (found by the re-check of session 36)."""
    path = COMPAT / "record-1ff9ba4-three-player.jsonl"
    events, numbers = read_lines(path)
    assert "tied_partners_win" not in events[0]["options"]
    games = check_record(events, numbers, str(path))
    assert len(games) == 1 and games[0].finished
    assert events[0]["options"]["tied_partners_win"] is True  # told as it was checked


def test_a_record_refused_by_both_readings_names_the_first_fault() -> None:
    """A record lacking the option and damaged past both readings is refused as read first."""
    path = COMPAT / "record-1ff9ba4-three-player.jsonl"
    events, numbers = read_lines(path)
    end = next(i for i, line in enumerate(events) if line["type"] == "game_end")
    events[end] = {**events[end], "winners": ["south"]}
    with pytest.raises(RuleError, match=rf"line {numbers[end]} \(a game_end line\): the rules give a deal line"):
        check_record(events, numbers, str(path))


def test_a_record_replays_to_the_win_its_partners_shared(tmp_path: Path) -> None:
    path = COMPAT / "record-1ff9ba4-three-player.jsonl"
    told = rook(["replay", "--no-pause", str(path)], tmp_path)
    assert told.returncode == 0 and told.stderr == "", told.stderr
    assert "New game: three-player rules, first to 100.\n" in told.stdout  # nothing said as changed
    assert told.stdout.endswith("Game over: you and West win with 120; South 80.\n")
