"""A save written by an earlier version resumes after an upgrade.

The save's game is replayed through the core and must end in the state the save holds. A save
written before an option existed lacks that option in its game and in its state; both must read
it as the option's added default (``ADDED_DEFAULTS``), or every player's saved game would be
refused as "changed by hand or damaged" by the first version that adds an option.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from rook_access.core.options import ADDED_DEFAULTS
from rook_access.store.record import holds_games, read_lines
from rook_access.store.saves import load_game
from rook_access.store.verify import check_record

COMPAT = Path(__file__).parent / "corpus" / "compat"
SAVES = sorted(COMPAT.glob("save-*.json"))


def test_there_are_saves_from_earlier_versions() -> None:
    assert SAVES


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_a_save_from_an_earlier_version_resumes(path: Path, tmp_path: Path) -> None:
    kept = tmp_path / path.name
    shutil.copy(path, kept)
    loaded = load_game(kept)
    assert loaded.replayed.state.hand_number == 1
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
