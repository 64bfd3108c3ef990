"""Saved games: the autosave written after every action, and reading it back for ``--resume``.

A save is one JSON file holding the rules core's exact state (``GameState.to_dict``) and what
the console needs to continue as if nothing happened: the player's seat, the computer players,
the settings in force, the record file, recent history and the hand's events. Writes are atomic
(``write_atomic``), so a crash or a kill leaves the previous save or the new one, never half.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..core.errors import RuleError
from .atomic import write_atomic

AUTOSAVE = "autosave"
PREVIOUS = "previous"
FORMAT = "rook-save/1"


def saves_dir() -> Path:
    from .settings import data_dir

    return Path(data_dir()) / "saves"


def save_path(name: str = AUTOSAVE) -> Path:
    if not name or "/" in name or "\\" in name or name.startswith("."):
        raise RuleError(f"a save name is one plain word, not {name!r}")
    return saves_dir() / f"{name}.json"


def write_save(path: Path, data: dict[str, Any]) -> None:
    write_atomic(path, json.dumps(data, separators=(",", ":")))


def read_save(path: Path) -> dict[str, Any]:
    """The saved data, or a RuleError in one line saying what to do instead."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RuleError("there is no saved game to resume: start one with rook-access play") from None
    except OSError as exc:
        raise RuleError(f"cannot read the saved game {str(path)!r}: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise RuleError(f"the saved game {str(path)!r} is damaged: start a new game with rook-access play") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or "state" not in data:
        raise RuleError(f"{str(path)!r} is not a rook-access saved game")
    return data


def trim_record(path: str, size: int | None) -> None:
    """Cut a game record back to the length it had at the last save, so events written after
    that save (just before a crash) are not written twice when the game goes on."""
    if size is None:
        return
    try:
        with open(path, "r+b") as handle:
            if handle.seek(0, 2) > size:
                handle.truncate(size)
    except OSError as exc:
        raise RuleError(f"cannot continue the record {path!r}: {exc.strerror}") from None


def remove_save(path: Path) -> None:
    path.unlink(missing_ok=True)


def set_aside(path: Path, name: str = PREVIOUS) -> Path | None:
    """Keep an unfinished game when a new one starts: it becomes the ``previous`` save."""
    if not path.exists():
        return None
    target = save_path(name)
    target.parent.mkdir(parents=True, exist_ok=True)
    path.replace(target)
    return target
