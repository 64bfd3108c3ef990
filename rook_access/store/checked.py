"""How much of a record has passed the rules already.

Before a game is added to a record, every game in it is replayed through the core: a game added
after a damaged one could never be replayed. That took about 8 ms a game (compiled; twice that
as plain Python), so a record kept for years took many seconds to start. A record only grows,
game by game, so a game checked once need not be checked again while the bytes up to it are
the same: this file keeps, for the last few records checked, how many leading bytes passed (up
to the start of the last game, which a resumed game may still add to) and their SHA-256.

The file is only a shortcut: missing, damaged or out of date, it costs a full check, never a
refusal, and a failed write is not reported.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from pathlib import Path
from typing import Any

from ..core.errors import RuleError
from .atomic import write_atomic
from .settings import data_dir
from .untrusted import full_path, not_a_file, read_json

FILE_NAME = "records-checked.json"
FORMAT = "rook-access-checked/1"
KEEP = 20  # records remembered; the oldest is forgotten first


def path() -> Path:
    """The file of records already checked, in the data folder."""
    return data_dir() / FILE_NAME


def _key(record: str | Path) -> str:
    return full_path(record)


def _entries() -> dict[str, Any]:
    if not_a_file(path()):  # a pipe put in its place is left alone
        return {}
    try:
        data = read_json(str(path()), "list of checked records")
    except RuleError:
        return {}
    records = data.get("records") if isinstance(data, dict) and data.get("format") == FORMAT else None
    return records if isinstance(records, dict) else {}


def _digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def checked_bytes(record: str | Path, raw: bytes) -> int:
    """How many leading bytes of ``raw`` (the record's contents) passed an earlier check: the
    start of a game line, or 0 when nothing is known or the record has changed since."""
    entry = _entries().get(_key(record))
    if not isinstance(entry, dict):
        return 0
    size, digest = entry.get("bytes"), entry.get("sha256")
    if isinstance(size, bool) or not isinstance(size, int) or not 0 < size <= len(raw):
        return 0
    if raw[size - 1:size] != b"\n" or digest != _digest(raw[:size]):
        return 0
    return size


def unchecked_size(record: str | Path, size: int) -> int:
    """About how many of the record's ``size`` bytes a check will replay: those past the last
    check's length (not verified here; only to say a long wait first)."""
    entry = _entries().get(_key(record))
    known = entry.get("bytes") if isinstance(entry, dict) else None
    return size - known if isinstance(known, int) and 0 <= known <= size else size


def remember(record: str | Path, raw: bytes, size: int) -> None:
    """The first ``size`` bytes of ``raw`` (the record's contents, ending where a game starts)
    have passed the rules."""
    if not_a_file(path()):
        return
    entries = _entries()
    entry = {"bytes": size, "sha256": _digest(raw[:size])} if size > 0 else None
    if entries.get(_key(record)) == entry:
        return  # as it was: no write (a synced write at every start)
    entries.pop(_key(record), None)
    if entry is not None:
        entries[_key(record)] = entry
    kept = dict(list(entries.items())[-KEEP:])
    with contextlib.suppress(OSError):
        path().parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path(), json.dumps({"format": FORMAT, "records": kept}, indent=1) + "\n")
