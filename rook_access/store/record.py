"""Game records, ``rook-record/1`` (shared/docs/game-record.md): JSON Lines, one event a line,
flushed as written so a crash loses at most the line being written."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any, TypeGuard

from ..core import RECORD_TYPES, Event, GameState
from ..core.errors import RuleError
from ..core.events import NEST_HIDDEN
from ..core.options import record_options
from ..core.replay import ADDED_FIELDS, NAME_LIMIT, RECORD_FIELDS, moves_in, same_lines
from ..core.table import RECORD_FORMAT as TABLE_FORMAT
from ..core.table_record import TABLE_FIELDS
from ..core.text import said_path
from .checked import checked_bytes, remember
from .locks import lock_record
from .untrusted import RECORD_BYTES, decode, file_status, not_a_file, parse_json, read_bytes, read_text
from .verify import RecordGame, as_read_now, check_record

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
        "options": record_options(state.options),
        "seats": list(state.seats),
        "players": {seat: _recorded(players[seat]) for seat in state.seats},
        "seed": state.seed,
    }


def _recorded(name: str) -> str:
    """A player's name as a record holds it: at most the NAME_LIMIT characters replay reads (a
    bot's module:attribute may be longer, and its record was refused: found by the record sweep)."""
    return name if len(name) <= NAME_LIMIT else name[:NAME_LIMIT - 3] + "..."


def _is_json(line: str) -> bool:
    try:
        json.loads(line)
    except (ValueError, RecursionError):
        return False
    return True


_LINE_START = '{"type":'  # how every line the game writes begins


def _cut_short(line: str) -> bool:
    """Whether ``line`` is the start of a line the game writes, cut by a crash (not someone's
    note, which is damage, said as such); a CRLF file's line end is no part of it."""
    line = line.rstrip("\r")
    return bool(line) and line[:len(_LINE_START)] == _LINE_START[:len(line)] and not _is_json(line)


def _ends_cut(raw: bytes) -> bool:
    """Whether a record's last line that is not blank was cut short: by a crash, or by a crash
    and then an editor that added the newline a file ends with."""
    last = raw.rstrip().rpartition(b"\n")[2]
    return bool(last) and _cut_short(last.decode("utf-8", "replace"))


def _game_line(line: bytes) -> dict[str, Any] | None:
    """One line of a file as a record's ``game`` line, or None (a line cut short, or not JSON,
    is none)."""
    try:
        event = json.loads(line)
    except (ValueError, RecursionError):  # RecursionError: nested thousands deep
        return None
    formats = (FORMAT, TABLE_FORMAT)  # a real-table game's record is a game record too
    is_game = isinstance(event, dict) and event.get("type") == "game" and event.get("format") in formats
    return event if is_game else None


def _is_utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


ADDED_AFTER = "something other than the game's own lines was added after it, and going on would cut it away"


# Each event line's fields as the game writes them: game-record.md's, this program's, and the
# Rook Bird's call where the rules call it (a trump line's "rook").
_WRITTEN = {kind: frozenset(("type", *fields, *ADDED_FIELDS.get(kind, ()), *(("rook",) if kind == "trump" else ())))
            for kind, fields in RECORD_FIELDS.items() if kind != "game"}


# And the table record's (core.table_record.TABLE_FIELDS): another bidder's nest counted, not
# seen ("count" for "cards"), and the dummy the player saw with the trump call.
_TABLE_WRITTEN = {kind: fields | frozenset(TABLE_FIELDS.get(kind, ())) for kind, fields in _WRITTEN.items()}


def is_event_line(line: object, table: bool = False) -> TypeGuard[Event]:
    """Whether a line read back (JSON, or None when it was not) is one the game writes within a
    game: an event of game-record.md's, with its fields and no others, not a game line (``table``:
    the table companion's record, with its own fields too). A note written as JSON, with a "type"
    of its own, a field of its own or a type alone, is not (the re-checks of session 28)."""
    if not isinstance(line, dict) or line.get("type") not in _WRITTEN:
        return False
    kind = line["type"]
    needed = set(RECORD_FIELDS[kind])
    if table and "count" in line and "count" in TABLE_FIELDS.get(kind, ()):
        needed.difference_update(NEST_HIDDEN)  # another bidder's nest, which nobody saw
    return needed <= line.keys() <= (_TABLE_WRITTEN if table else _WRITTEN)[kind]


def _only_events(after: bytes) -> bool:
    """Whether ``after`` (what follows a saved record's length) is only event lines, the last
    perhaps cut short by a crash, as ``lines_from_text`` reads one (a cut of fewer than eight
    bytes, or with an editor's newline after it, lost the record at a resume: the re-check of
    session 29): what the game itself may have written after its save."""
    text = after.decode("utf-8", "replace").rstrip()
    if not text:
        return True
    *whole, last = text.split("\n")
    return all(is_event_line(_json_or_none(line)) for line in whole) and (
        is_event_line(_json_or_none(last)) or _cut_short(last))


def _json_or_none(line: str) -> object:
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        return None


def _is_game_line(line: bytes) -> bool:
    return _game_line(line) is not None


def holds_games(path: str | Path) -> bool:
    """Whether a new game's record goes after the games ``path`` already holds (a record file
    holds any number of games, one after another), or into a new or empty file; the writer
    appends either way, so this is the check before it. A file holding
    anything else is refused, never overwritten: it may be someone's notes. Only a regular file
    is read first (a FIFO would block, a device has nothing to keep)."""
    file = Path(path)
    found = file_status(file)  # None for a name too long, say: the writer then says why
    if found is None or not stat.S_ISREG(found.st_mode) or found.st_size == 0:
        return False
    try:
        with open(file, "rb") as handle:
            first = handle.readline(1 << 20)
            handle.seek(-1, 2)
            whole = handle.read(1) == b"\n"
    except OSError:
        first, whole = b"", False
    named = said_path(str(path))
    game = _game_line(first)
    if game is not None and (game.get("format") == TABLE_FORMAT or "table" in game):
        # rook-access table rewrites its record whole as the game goes: what is added is lost
        raise RuleError(f"{named} is the record of a game at a real table, which rook-access table rewrites "
                        "as that game goes: choose another file for the record")
    if game is not None:
        raw = read_bytes(str(path), "record")
        if not whole or _ends_cut(raw):  # a new game after a line cut short would spoil both
            raise RuleError(f"{named} ends with a line cut short (a game stopped mid-write): "
                            "choose another file for the record")
        try:  # every game through the core: a game added after a damaged one could not be replayed
            check_new_games(str(path), raw)
        except RuleError as exc:
            raise RuleError(f"{named} is a game record with a damaged line ({exc}): choose another file "
                            "for the record") from None
        return True
    raise RuleError(f"{named} already holds something that is not a game record: "
                    "choose another file for the record, or move that one away")


def _is_fifo(path: str) -> bool:
    found = file_status(path)
    return found is not None and stat.S_ISFIFO(found.st_mode)


def _open_pipe(path: str) -> IO[str]:
    """A named pipe, to stream the record to a program reading it: opened without waiting, so a
    pipe nobody reads fails (ENXIO) instead of holding the game silent until someone does."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_NONBLOCK)
    os.set_blocking(fd, True)
    return open(fd, "a", encoding="utf-8")


def place_problem(path: str) -> str | None:
    """Why no record can be made at ``path``, said alike by play and table (they differed: the
    re-check): its folder missing, or a file in the folder's place, named as the link's target's;
    a name the system refuses (too long, a loop of links). None when it can be tried."""
    folder = os.path.dirname(os.path.realpath(path))
    found = file_status(folder)
    if found is None or not stat.S_ISDIR(found.st_mode):
        return f"there is no folder {said_path(folder)}; give a file in a folder that exists"
    try:
        os.stat(path)
    except ValueError:  # a NUL in the name: opening it says so
        return None
    except OSError as exc:
        return None if exc.errno == errno.ENOENT else exc.strerror
    return None


class RecordWriter:
    """Appends events to a record file; only the record's own line types are written.

    A write that fails (a full disk, ``/dev/full``) raises RuleError in one line, or, when
    ``on_error`` is given (a game at the table), calls it once and writes nothing more: the game
    goes on without its record rather than ending."""

    def __init__(self, path: str | Path, on_error: Callable[[OSError], None] | None = None) -> None:
        self.path = str(path)
        self.on_error = on_error
        self.failed: OSError | None = None
        try:  # appended to even when new: a file another game just began is never cut
            self._file: IO[str] | None = _open_pipe(self.path) if _is_fifo(self.path) else open(
                path, "a", encoding="utf-8")
        except OSError as exc:
            if exc.errno == errno.ENXIO:
                raise RuleError(f"nothing is reading the pipe {said_path(self.path)}, so the record would wait for it: "
                                "start its reader first") from None
            why = place_problem(self.path) if exc.errno in (errno.ENOENT, errno.ENOTDIR) else None
            raise RuleError(f"cannot write the record {said_path(self.path)}: {why or exc.strerror}") from None
        if not lock_record(self._file):
            self._file.close()
            raise RuleError(f"the record {said_path(self.path)} is being written by another game now: "
                            "choose another file")

    def write(self, events: list[Event]) -> None:
        if self._file is None:
            return
        try:  # one write a batch, so a failing disk cuts at most its last line
            self._file.write("".join(json.dumps(event, separators=(",", ":")) + "\n" for event in events
                                     if event["type"] in RECORD_TYPES))
            self._file.flush()
        except OSError as exc:
            self._give_up(exc)

    def _give_up(self, exc: OSError) -> None:
        self.failed = exc
        handle, self._file = self._file, None
        if handle is not None:
            with contextlib.suppress(OSError):  # what is still buffered cannot be written either
                handle.close()
        if self.on_error is None:
            raise RuleError(f"cannot write the record {said_path(self.path)}: {exc.strerror or exc}") from None
        self.on_error(exc)

    def close(self) -> None:
        if self._file is not None:
            try:
                self._file.close()
            except OSError as exc:
                self._file = None
                self._give_up(exc)
            self._file = None

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def read_lines(path: str | Path) -> tuple[list[Event], list[int]]:
    """The record's lines, each a JSON object with a type, and the file line number of each;
    RuleError naming the first damaged line."""
    return lines_from_text(read_text(str(path), "record"), str(path))


def lines_from_text(text: str, path: str, whole: bool = True) -> tuple[list[Event], list[int]]:
    """Lines end at a newline only: JSON may hold U+2028 or U+0085 unescaped inside a string. A
    last line that begins as the game's lines do but is not JSON was cut short by a crash or a full
    disk: the record is read up to it (flushed line by line, so a crash loses at most that line).
    With a newline after it (an editor adds one), it was refused whole (the records sweep of
    session 29). ``whole``: ``text`` is the file from its start, whose first line says whether it
    is a record at all."""
    events: list[Event] = []
    numbers: list[int] = []
    lines = text.split("\n")
    last = max((number for number, line in enumerate(lines, 1) if line.strip()), default=0)
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        if number == last and number > 1 and _cut_short(line):
            break
        if whole and not events and not line.lstrip().startswith('{"type"'):
            _refuse_other_file(text, line, path)
        event = parse_json(line, f"{said_path(path)}: line {number}")
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise RuleError(f"{said_path(path)}: line {number} is not a record line: it needs a \"type\"")
        events.append(event)
        numbers.append(number)
    return events, numbers


def _refuse_other_file(text: str, first: str, path: str) -> None:
    """RuleError where a file whose first line is no record line is some other file: a saved
    game, said with how to go on with it, or any other file, said with where records come from.
    They were "line 1 is not a record line: it needs a "type"" and "line 1 is not valid JSON
    (column 1: Expecting value)" (the shell-commands sweep of session 38). JSON begun by hand
    keeps where it went wrong, after the plain reason."""
    read = _json_or_none(first)
    if isinstance(read, dict) and isinstance(read.get("type"), str):
        return  # a record line, its keys in another order: read and said by its line
    try:
        data = parse_json(text, said_path(path))
    except RuleError:
        data = None
    held = data.get("format") if isinstance(data, dict) else None
    if isinstance(held, str) and held.startswith(("rook-save/", "rook-table-save/")):
        command = "table" if held.startswith("rook-table-save/") else "play"
        raise RuleError(f"{said_path(path)} is a saved game, not a game record: rook-access {command} --resume "
                        f"{_save_name(path)} goes on with it; records come from play --record")
    plain = f"{said_path(path)} is not a game record (records are written by play --record or simulate --record)"
    if first.lstrip().startswith("{") and read is None:
        try:
            parse_json(first, "its line 1")
        except RuleError as exc:
            raise RuleError(f"{plain}; {exc}") from None
    raise RuleError(plain)


def _save_name(path: str) -> str:
    """The name ``--resume`` takes for the save at ``path``: its own where it is in the saves
    folder, else NAME, the name it would have there."""
    from .saves import is_name, saves_dir
    from .table_saves import folder

    found = Path(path)
    try:
        inside = found.resolve().parent in (saves_dir().resolve(), folder().resolve())
    except (OSError, RuntimeError):
        inside = False
    return found.stem if inside and is_name(found.stem) else "NAME"


def read_record(path: str | Path) -> list[Event]:
    """All lines of a record, believed only once the core has replayed every move in it."""
    events, numbers = read_lines(path)
    check_record(events, numbers, str(path))
    return events




def check_new_games(path: str, raw: bytes) -> tuple[list[Event], list[int], list[RecordGame]]:
    """The lines of the record ``path`` (its contents ``raw``) from the first game not checked
    before, each of those games replayed through the core, and the games (RuleError at the first
    line refused). The games before it passed an earlier check and their bytes are unchanged
    (``store.checked``): a record kept for years is not replayed whole at every start."""
    start = checked_bytes(path, raw)
    if start == len(raw):  # cut back to where its last game began: that game is checked again
        start = 0
    before = raw[:start].count(b"\n")
    events, numbers = lines_from_text(decode(raw[start:], path, "record", before), path, whole=start == 0)
    numbers = [number + before for number in numbers]
    games = check_record(events, numbers, path)
    if games:  # up to its last game, which a resumed game may still add to
        last = games[-1].line - before - 1
        parts = raw[start:].split(b"\n", last)
        remember(path, raw, start + sum(len(part) + 1 for part in parts[:last]))
    return events, numbers, games


def saved_name_problem(path: Any) -> str | None:
    """Why the record a save names can be no file the game wrote, or None: a save edited to hold
    a NUL in the name ended the resume as "unexpected error (ValueError: embedded null byte)",
    at play and at the table alike (the files sweep of session 37)."""
    if not isinstance(path, str) or not path:
        return "the save names no record file"
    if "\0" in path:
        return "its name holds a NUL character, which no file's name can hold"
    return None


def continuation_problem(path: Any, size: Any, game: dict[str, Any], made: list[Event],
                         kept_by: str | None = None) -> str | None:
    """Why the record a save names cannot be continued, or None when it can: it must hold, up to
    the length it had at the save, valid games of which the last is this one, unfinished, with
    the save's moves (``made``: the events the core made of them); ``kept_by`` names another save
    that holds more of it. (A save is untrusted: it must not be able to make the game cut or
    append to any other file.)"""
    problem = saved_name_problem(path)
    if problem is not None:
        return problem
    if isinstance(size, bool) or not isinstance(size, int) or size < 0:
        return "the save does not say how long the record was"
    if size > RECORD_BYTES:  # read whole, 10**20 bytes ended the resume in an OverflowError (the files sweep)
        return f"the save gives it a length of more than {RECORD_BYTES >> 20} MB, more than any record the game writes"
    if not_a_file(path):  # a pipe would hold the game silent, /dev/zero fill the memory
        return "it is not a file that can be read back and added to"
    try:
        with open(path, "rb") as handle:
            raw = handle.read(size)
            after = handle.read()
    except OSError as exc:
        return exc.strerror or str(exc)
    if len(raw) < size:
        return "it is shorter than when the game was saved"
    if size and not raw.endswith(b"\n"):
        # Edited since (its line ends changed, a card retyped): cut back to that length it would
        # end in half a line, and the game's next lines glued to it (found by the records sweep).
        return "it was changed since the game was saved: its saved length ends inside a line"
    if any(_is_game_line(line) for line in after.splitlines()):
        # Only this game's last lines (written after its save, before a crash) may follow; cutting
        # them back must not cut away a game recorded into the same file since.
        return "another game was recorded after it"
    if not _only_events(after):  # nor someone's notes, which the cut made silently (the tamper sweep)
        return ADDED_AFTER

    if not _is_utf8(raw[:size]):
        return "it is not UTF-8 text"
    try:
        events, numbers, games = check_new_games(path, raw[:size])
    except RuleError as exc:
        return str(exc)
    if not games or games[-1].finished:
        return "it does not end with this game, unfinished"
    start, end = games[-1].span
    head = events[start]
    if any(head.get(key) != game.get(key) for key in ("preset", "seed")) or (
            as_read_now(head.get("options")) != as_read_now(game.get("options"))):
        return "its last game is another game"
    return _not_continued(path, events[start:end], after, made, kept_by)


def _not_continued(path: str, game: list[Event], after: bytes, made: list[Event], kept_by: str | None) -> str | None:
    """Why a record whose last game is this save's cannot be cut back to the save's length and
    continued, or None: up to that length it must hold exactly the save's moves (a length edited
    lower cut the game's own lines, and the game was added after a gap that replay refused), and
    after it only this game's next moves: a crash's, or those made while saves failed. A copy of
    the save played on in the same record (``kept_by``: another save naming it, longer) wrote
    moves too, which the original's resume cut away unsaid (the files sweep of session 37)."""
    if not same_lines(game[1:], made):
        return "its last game, up to the length the save gives, does not hold this save's moves"
    extra = [line for line in map(_json_or_none, after.decode("utf-8", "replace").split("\n")) if is_event_line(line)]
    if kept_by is not None:
        return (f"the saved game {kept_by}, a copy of this one perhaps, recorded {moves_in(extra)} moves in it after "
                "this game was saved, and going on would cut them away")
    if any(line.get("type") == "game_end" for line in extra):
        return "the game was played to its end in it after this save, and going on would cut that away"
    lines = [*game, *extra]
    try:
        check_record(lines, list(range(1, len(lines) + 1)), path)
    except RuleError:
        return "what follows the length the save gives is not this game's next move, and going on would cut it away"
    return None
