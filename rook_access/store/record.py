"""Game records, ``rook-record/1`` (shared/docs/game-record.md): JSON Lines, one event a line,
flushed as written so a crash loses at most the line being written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any

from ..core import RECORD_TYPES, Event, GameState
from ..core.errors import RuleError

FORMAT = "rook-record/1"


def game_line(state: GameState, players: dict[str, str]) -> Event:
    """The ``game`` line; a dummy seat is always named ``"dummy"`` in ``players``."""
    players = dict(players)
    if state.dummy >= 0:
        players[state.seats[state.dummy]] = "dummy"
    return {
        "type": "game",
        "format": FORMAT,
        "preset": state.preset,
        "options": state.options.to_dict(),
        "seats": list(state.seats),
        "players": {seat: players[seat] for seat in state.seats},
        "seed": state.seed,
    }


class RecordWriter:
    """Appends events to a record file; only the record's own line types are written."""

    def __init__(self, path: str | Path, append: bool = False) -> None:
        try:
            self._file: IO[str] = open(path, "a" if append else "w", encoding="utf-8")
        except OSError as exc:
            raise RuleError(f"cannot write the record {str(path)!r}: {exc.strerror}") from None

    def write(self, events: list[Event]) -> None:
        for event in events:
            if event["type"] in RECORD_TYPES:
                self._file.write(json.dumps(event, separators=(",", ":")) + "\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def read_record(path: str | Path) -> list[Event]:
    """All lines of a record; a damaged line is reported by its number."""
    events: list[Event] = []
    try:
        with open(path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    event = json.loads(line)
                except json.JSONDecodeError:
                    raise RuleError(f"{path}: line {number} is not JSON") from None
                if not isinstance(event, dict) or "type" not in event:
                    raise RuleError(f"{path}: line {number} has no type")
                events.append(event)
    except OSError as exc:
        raise RuleError(f"cannot read the record {str(path)!r}: {exc.strerror}") from None
    if events and events[0]["type"] != "game":
        raise RuleError(f"{path}: a record starts with a game line")
    return events
