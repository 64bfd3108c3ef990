"""Saved games: atomic autosave, exact resume of state and console, and clear errors."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from rook_access.core import GameState
from rook_access.core.errors import RuleError
from rook_access.store import saves
from tests.console_helpers import Table


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROOK_ACCESS_HOME", str(tmp_path))
    return tmp_path


def test_save_path_lives_in_the_data_dir(home: Path) -> None:
    assert saves.save_path() == home / "saves" / "autosave.json"
    with pytest.raises(RuleError):
        saves.save_path("../elsewhere")


def test_every_action_is_saved_and_the_save_restores_the_state_exactly() -> None:
    table = Table("hasbro", seed=9)
    table.advance(lambda t: t.state.phase == "play" and len(t.state.tricks) >= 3, random.Random(9))
    assert table.saved, "autosave after every action"
    last = table.saved[-1]
    assert last["state"] == table.state.to_dict()
    assert GameState.from_dict(last["state"]).to_dict() == table.state.to_dict()
    assert last["me"] == "south" and last["players"]["south"] == "human"
    assert last["last_trick"]["number"] == 3
    assert last["settings"]["verbosity"] == "normal"


def test_write_and_read_round_trip(home: Path) -> None:
    table = Table("georgia", seed=2)
    path = saves.save_path()
    saves.write_save(path, table.session.to_dict())
    data = saves.read_save(path)
    assert data["state"] == table.state.to_dict()
    assert not list(path.parent.glob(".*.tmp")), "no temporary file is left behind"


def test_restore_gives_the_console_back_its_memory() -> None:
    table = Table("hasbro", seed=4)
    table.advance(lambda t: t.state.phase == "play" and len(t.state.tricks) >= 2, random.Random(4))
    data = json.loads(json.dumps(table.session.to_dict()))
    again = Table("hasbro", seed=4)
    again.session.state = GameState.from_dict(data["state"])
    again.session.restore(data)
    assert again.session.last_trick == table.session.last_trick
    assert again.printer.history == table.printer.history[-200:]
    assert again.run("last").lines == table.run("last").lines
    assert again.run("hand").lines == table.run("hand").lines


def test_read_save_errors_are_one_line(home: Path) -> None:
    path = saves.save_path()
    with pytest.raises(RuleError, match="no saved game to resume"):
        saves.read_save(path)
    path.parent.mkdir(parents=True)
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(RuleError, match="is damaged"):
        saves.read_save(path)
    path.write_text('{"format": "other"}', encoding="utf-8")
    with pytest.raises(RuleError, match="not a rook-access saved game"):
        saves.read_save(path)


def test_a_new_game_sets_the_unfinished_one_aside(home: Path) -> None:
    path = saves.save_path()
    saves.write_save(path, {"format": saves.FORMAT, "state": {}})
    kept = saves.set_aside(path)
    assert kept == saves.save_path("previous")
    assert not path.exists() and kept.exists()
    assert saves.set_aside(path) is None


def test_resume_cuts_record_lines_written_after_the_last_save(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    record.write_text('{"type":"game"}\n{"type":"deal"}\n', encoding="utf-8")
    table = Table("hasbro", seed=3)
    table.session.record_path = str(record)
    saved_size = table.session.to_dict()["record_size"]
    assert saved_size == record.stat().st_size
    with record.open("a", encoding="utf-8") as handle:  # a crash after writing, before saving
        handle.write('{"type":"bid","seat":"north","amount":70}\n')
    saves.trim_record(str(record), saved_size)
    assert record.read_text(encoding="utf-8") == '{"type":"game"}\n{"type":"deal"}\n'
    saves.trim_record(str(record), None)
    assert record.stat().st_size == saved_size
