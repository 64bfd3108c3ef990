"""Reading JSON from files the player (or anyone) may have edited: saves, records, deal files.

``json.loads`` alone lets a hostile file end the game with a traceback: nesting a few thousand
deep raises RecursionError, an integer of more than 4,300 digits raises ValueError, and NaN or
Infinity load as floats no rule expects. Here each is one RuleError that names the file.
A UTF-8 byte-order mark, which some editors add, is accepted.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from ..core.errors import RuleError
from ..core.text import said_path, show

BOM = "\ufeff"
MAX_DEPTH = 64  # deeper than any file of ours; checked before json sees it


class Unreadable(RuleError):
    """A file that cannot be read as what it should hold (not JSON, not UTF-8, nested too deep):
    damaged, where its contents are wrong but readable are a reason of their own. The list of
    saves says such a save is damaged and how to remove it, not the parser's words (the
    shell-commands sweep of session 38)."""


class _Constant(ValueError):
    """NaN or Infinity in a file: JSON has no such numbers, and Python's json would read them."""


class _Repeated(ValueError):
    """A key given twice in one object of a file read with ``unique_keys``."""


def _refuse_constant(name: str) -> Any:
    raise _Constant(f"holds {name}, which JSON does not allow as a number (this game never writes it)")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose keys are each given once: json keeps the last of a key given twice, in
    silence (a deal file's second "dealer" dealt, the simulate sweep of session 39)."""
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise _Repeated(f"gives {show(key)} twice: give each key once")
        seen[key] = value
    return seen


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """True when brackets nest deeper than ``limit`` (a cheap scan; strings are skipped)."""
    if text.count("[") + text.count("{") <= limit:  # fewer openers than the limit: never that deep
        return False
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def parse_json(text: str, where: str, unique_keys: bool = False) -> Any:
    """One JSON value from ``text``; ``where`` names the file (and line) in the message.
    ``unique_keys`` refuses a key given twice in one object (a deal file: every key is read;
    a record's reader ignores what it does not know, and saves and settings have rules of their own)."""
    if text.startswith(BOM):
        text = text[1:]
    if too_deep(text):
        raise Unreadable(f"{where} is nested more than {MAX_DEPTH} deep: it is not a file of this game")
    try:
        hook = _unique_keys if unique_keys else None
        return json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=hook)
    except json.JSONDecodeError as exc:
        # A record line's own column (its line is in ``where``), a file's line too; and no dangling
        # "Invalid control character at)" (the re-checks of session 29).
        one_line = "\n" not in text.rstrip()  # blank lines before a file's fault count (the re-check)
        if exc.pos >= len(text.rstrip()):  # a file cut short: its last line, not "column 1" (session 30)
            at = "at its end"
        else:
            at = f"column {exc.colno}" if one_line else f"line {exc.lineno}, column {exc.colno}"
        raise Unreadable(f"{where} is not valid JSON ({at}: {exc.msg.removesuffix(' at')})") from None
    except _Repeated as exc:  # readable, and wrong: not "damaged"
        raise RuleError(f"{where} {exc}") from None
    except _Constant as exc:  # "line 4: NaN is not a number a file of this game holds" read garbled (session 38)
        raise Unreadable(f"{where} {exc}") from None
    except (ValueError, RecursionError) as exc:  # a number of more than 4,300 digits
        reason = "a number is too long" if isinstance(exc, ValueError) else "it is nested too deeply"
        raise Unreadable(f"{where} cannot be read: {reason}") from None


# The most a file from outside may hold. A record of 10,000 games is about 250 MB; a save or a
# deal file is a few kilobytes. Read no further (``/dev/zero`` never ends), but a pipe is fine.
RECORD_BYTES = 256 << 20
OTHER_BYTES = 16 << 20


def full_path(path: str | Path) -> str:
    """``path`` made absolute, its links followed: what a save or the list of checked records
    keeps. A loop of links is left as it is, to be refused where the file is opened
    (``Path.resolve`` raises RuntimeError on one before Python 3.13: found by a re-check)."""
    return os.path.realpath(path)


def file_status(path: str | Path, follow: bool = True) -> os.stat_result | None:
    """The file's status, None where nothing can be found there: ``Path.exists`` raises for a
    name too long or a folder that may not be searched, which ended a resume in a traceback's
    line, "cannot write ...: File name too long" (the saves sweep)."""
    try:
        return os.stat(path) if follow else os.lstat(path)
    except (OSError, ValueError):
        return None


def is_there(path: Path) -> bool:
    """Something has this name, a link that leads nowhere (a loop) too: ``exists`` is False for
    one, so table --resume and --rules said no save or rules had a name the lists show (found by
    the re-checks); the reader then says what is wrong with it."""
    return file_status(path, follow=False) is not None


def not_a_file(path: str | Path) -> bool:
    """Something is at ``path`` that is not a regular file (a pipe, a device, a folder): reading
    a pipe or writing to it would hold the game waiting for the other end, a device need not end."""
    found = file_status(path)
    return found is not None and not stat.S_ISREG(found.st_mode)


def read_text(path: str, what: str) -> str:
    """The file's text as UTF-8 (a byte-order mark is dropped); RuleError naming it otherwise,
    or when it is larger than any such file the game writes."""
    return decode(read_bytes(path, what), path, what)


def read_bytes(path: str, what: str) -> bytes:
    """The file's bytes; RuleError naming it when it cannot be read or is larger than any such
    file the game writes."""
    limit = RECORD_BYTES if what == "record" else OTHER_BYTES
    try:
        with open(path, "rb") as handle:
            raw = handle.read(limit + 1)
    except FileNotFoundError:
        # A link to a file that is not there (a synced folder not mounted) was "there is no saved
        # game", which the list of saves then named (the saves sweep of session 31).
        if os.path.islink(path):
            raise RuleError(f"{path!r} is a link to {said_path(os.readlink(path))}, which is not there") from None
        raise RuleError(f"there is no {what} {path!r}") from None
    except IsADirectoryError:
        raise RuleError(f"{path!r} is a folder, not a {what}") from None
    except OSError as exc:
        raise RuleError(f"cannot read the {what} {path!r}: {exc.strerror}") from None
    if len(raw) > limit:
        # "give the file itself" was said of a save in the game's own folder (the saves sweep of session 31).
        raise RuleError(f"the {what} {path!r} is larger than {limit >> 20} MB, more than any {what} the "
                        "game writes, so it cannot be one")
    return raw


def decode(raw: bytes, path: str, what: str, lines_before: int = 0) -> str:
    """``raw`` as UTF-8 text (a byte-order mark is dropped); RuleError naming the line that is not.
    ``lines_before``: the file's lines before ``raw``, when it is a later part of the file."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = lines_before + raw[: exc.start].count(b"\n") + 1
        raise Unreadable(f"the {what} {path!r} is not UTF-8 text (line {line})") from None


def read_json(path: str, what: str, unique_keys: bool = False) -> Any:
    return parse_json(read_text(path, what), f"the {what} {path!r}", unique_keys)


def read_own_json(path: str, what: str) -> Any:
    """A file the game itself writes in its own folders (a save): anything there that is not a
    regular file is refused before it is opened, as a pipe would hold the game waiting. (A deal
    file or a record given on the command line may be a pipe someone writes into.)"""
    refuse_special(path, what)
    return read_json(path, what)


def refuse_special(path: str | Path, what: str) -> None:
    """RuleError if a pipe or a device is at ``path`` (a folder is said by the read itself)."""
    if not_a_file(path) and not Path(path).is_dir():
        raise RuleError(f"{str(path)!r} is not a file (a pipe or a device), so not a {what}")
