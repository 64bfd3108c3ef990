"""Saved games: one file per game, written after every action, each under a name the player can
list, resume and delete (``rook-access saves``). A new game takes a new name, so starting one
never replaces another; nothing saved is replaced or removed without the player asking.

A save holds how the game began (preset, options, seed, the first deal when it came from a deal
file) and every action since, with the rules core's state (``GameState.to_dict``) and what the
console needs to continue as if nothing happened. It is believed only when its actions replay
through the core to exactly that state (``store/verify.py``). Writes are atomic
(``write_atomic``): a crash or a kill leaves the previous save or the new one, never half.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.cards import number_word
from ..core.errors import RuleError
from ..core.text import said_path, said_text, shorten
from ..speech.cardtext import number
from . import locks, names
from .atomic import write_atomic, write_new
from .untrusted import Unreadable, is_there, read_own_json
from .verify import Replayed, check_state, replay_actions

FORMAT = "rook-save/2"
AUTO_PREFIX = "game-"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}", re.ASCII)
# Who may sit at a seat of a saved game: the player, a dummy, or a built-in level. A save never
# names code to import (a hostile save could name any module:function).
SEAT_PLAYERS = ("human", "dummy", "random", "easy", "normal", "hard")


def saves_dir() -> Path:
    from .settings import data_dir

    return Path(data_dir()) / "saves"


def is_name(name: str) -> bool:
    """Whether ``name`` may name a save (``check_name`` says why not)."""
    return bool(_NAME.fullmatch(name))


def check_name(name: str) -> str:
    if not is_name(name):
        raise RuleError(names.refusal("a saved game's name", name, small=False, example="sunday"))
    return name


def save_path(name: str) -> Path:
    return saves_dir() / f"{check_name(name)}.json"


def name_of(path: Path) -> str:
    return path.name[: -len(".json")]


def saved_paths() -> list[Path]:
    """Every saved game, the most recently saved first (real-table games: ``table_saves``)."""
    return saved_in(saves_dir())


def saved_in(folder: Path) -> list[Path]:
    """The saves in ``folder``, the most recently saved first."""
    try:
        paths = [p for p in folder.iterdir() if p.suffix == ".json" and _NAME.fullmatch(name_of(p))]
    except OSError:
        return []

    def saved_at(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:
            return 0.0

    return sorted(paths, key=saved_at, reverse=True)


def misnamed_in(folder: Path) -> list[Path]:
    """The files in ``folder`` that end in .json under a name no save may have: a file manager's
    copy ("game-1 (copy).json") was listed nowhere, and --resume said there was no save, while a
    sighted player saw the file (the files sweep of session 37). Hidden files are left out: the
    game's own temporary and lock files are hidden, as a file manager hides them."""
    try:
        found = [p for p in folder.iterdir() if p.suffix.lower() == ".json" and not p.name.startswith(".")
                 and not (p.suffix == ".json" and is_name(name_of(p))) and p.is_file()]
    except OSError:
        return []
    return sorted(found, key=lambda p: p.name)


def misnamed_lines(folder: Path, where: str) -> list[str]:
    """One line for each file ``misnamed_in`` ``folder`` (``where``: "the saves folder"), saying
    why its name is no save's, the folder's path (a player renaming the file must find it: the
    shell-commands sweep of session 38), and the rename that would go on with it."""
    return [f"{said_path(path.name)} is in {where} ({said_path(str(folder))}), but {_name_barred(path)}: "
            f"rename it {better}.json to go on with it." for path, better in misnamed_renames(folder)]


def _name_barred(path: Path) -> str:
    """Why the file ``path``, misnamed, is no save: the rule its name breaks."""
    stem = path.name[: -len(path.suffix)]
    return (f"a save's name {names.barred(stem, small=False)}" if not is_name(stem)
            else "a save's file name ends in .json, in small letters")


def misnamed_renames(folder: Path) -> list[tuple[Path, str]]:
    """Each file ``misnamed_in`` ``folder``, with the name it may be renamed to: near its own,
    and no other game's nor another such file's."""
    taken = {name.lower() for name in names_in_use()}
    renames = []
    for path in misnamed_in(folder):
        stem = path.name[: -len(path.suffix)]
        better = _free_name(re.sub(r"-{2,}", "-", names.near(stem, small=False) or ""), taken)
        taken.add(better.lower())
        renames.append((path, better))
    return renames


def misnamed_called(folder: Path, typed: str, exactly: bool = False) -> list[Path]:
    """The files ``misnamed_in`` ``folder`` that ``typed`` names, as listed with or without its
    .json, capitals aside (unless ``exactly``) where none is named exactly: saves delete "game-1
    (copy)" was told to type game-1-copy, a name no save had (the shell-commands sweep of session 38)."""
    found = [path for path in misnamed_in(folder)
             if typed.lower() in (path.name.lower(), path.name[: -len(path.suffix)].lower())]
    exact = [path for path in found if typed in (path.name, path.name[: -len(path.suffix)])]
    return exact if exact or exactly else found


def _free_name(name: str, taken: set[str]) -> str:
    """``name`` (or ``game`` where nothing of the file's name is left), with a number after it
    where a save has it already: the rename offered must not take another game's name."""
    name = name or "game"
    free = name
    count = 1
    while free.lower() in taken:
        count += 1
        free = f"{name[:names.LIMIT - len(str(count)) - 1].rstrip('-_')}-{count}"
    return free


def new_name(prefix: str = AUTO_PREFIX) -> str:
    """``game-N`` (or ``table-N``), one more than any such name in use (``Game-3`` too, names
    being read in any case), so no save is ever replaced."""
    numbers = [int(n[len(prefix):]) for n in names_in_use()
               if n.lower().startswith(prefix) and n[len(prefix):].isdigit() and len(n) < len(prefix) + 10]
    return f"{prefix}{max(numbers, default=0) + 1}"


def named_in(folder: Path, name: str) -> Path:
    """The save in ``folder`` that ``name`` means, read in any case as rule names are: a screen
    reader says "Sunday" and "sunday" alike, and --resume sunday said no game was saved (the docs
    sweep of session 36). The save named exactly so comes first; a name that fits two old saves
    differing only in capitals is refused naming both. With none, the path the name would have."""
    check_name(name)
    found = [path for path in saved_in(folder) if name_of(path).lower() == name.lower()]
    exact = [path for path in found if name_of(path) == name]
    if exact or len(found) == 1:
        return (exact or found)[0]
    if found:
        both = sorted(name_of(path) for path in found)
        raise RuleError(f"{name} fits {len(both)} saves whose names differ only in capitals, {', '.join(both[:-1])} "
                        f"and {both[-1]}: type the one you mean with its capitals, as rook-access saves lists it")
    return folder / f"{name}.json"


def same_name(name: str, names: set[str]) -> str | None:
    """The name in ``names`` that ``name`` is, capitals aside: the exact one first."""
    if name in names:
        return name
    return min((known for known in names if known.lower() == name.lower()), default=None)


def capitals_aside(name: str, taken: str) -> str:
    """What a refusal adds where the name typed differs from the save's only in capitals."""
    return "" if name == taken else f" (capitals do not make {name} another name)"


def table_folder() -> Path:
    """Where the real-table games' saves are (``table_saves``): beside the saved games."""
    return saves_dir() / "table"


@dataclass(frozen=True)
class SaveKind:
    """The saves of one command (``play``: games on screen; ``table``: real-table games): where
    they are, and the words that tell a player which kind a name is."""

    command: str
    folder: Callable[[], Path]
    described: str  # "a game on screen"
    none_saved: str  # "there is no saved game to resume"
    place: str  # "the saves folder": where its saves are, as a line says it

    def misnamed_lines(self) -> list[str]:
        """The files of this kind's folder named as no save may be, each with the rename that would do."""
        return misnamed_lines(self.folder(), self.place)


ON_SCREEN = SaveKind("play", saves_dir, "a game on screen", "there is no saved game to resume", "the saves folder")
AT_TABLE = SaveKind("table", table_folder, "a real-table game", "there is no saved table game",
                    "the saves/table folder")


def resume_path(name: str, kind: SaveKind, other: SaveKind) -> Path:
    """The save of ``kind`` that ``--resume NAME`` means; with no name, the one saved last. A
    name saved only as the ``other`` kind is refused with the command that goes on with it."""
    if name:
        heard = heard_as_said(name, (kind, other))
        if heard is not None:
            raise RuleError(f"there is no saved game named {shorten(name)!r}: did you mean rook-access "
                            f"{heard[0].command} --resume {heard[1]}? A save's number is typed in digits")
        path = named_in(kind.folder(), name)
        elsewhere = path if is_there(path) else named_in(other.folder(), name)
        if elsewhere is not path and is_there(elsewhere):
            if kind is AT_TABLE and format_of(elsewhere) == TABLE_SAVE:  # an older version's place
                raise RuleError(_kept_where_older_versions_kept_it(elsewhere))
            if kind is ON_SCREEN and format_of(elsewhere) == FORMAT:  # moved there by hand
                raise kept_with_table_games(elsewhere)
            raise RuleError(f"{name_of(elsewhere)} is {other.described}: go on with it with "
                            f"rook-access {other.command} --resume {name_of(elsewhere)}")
        return path
    paths = saved_in(kind.folder())
    if not paths:
        if kind is AT_TABLE:  # one kept where an older version kept them is said, with what to do
            misplaced = [p for p in saved_in(other.folder()) if format_of(p) == TABLE_SAVE]
            if misplaced:
                raise RuleError(_kept_where_older_versions_kept_it(misplaced[0]))
        raise RuleError(_none_saved(kind))
    return paths[0]


def heard_as_said(name: str, kinds: tuple[SaveKind, ...]) -> tuple[SaveKind, str] | None:
    """The save ``name`` means where it is typed as the voice says it, a number in words or
    apart ("game one", "game-one", "game 1" for game-1), and is no save itself; else None.
    "--resume 'game one'" was offered "try game-one", a name no save had (left out by session 38)."""
    words = [word for word in re.split(r"[\s_-]+", name.strip()) if word]
    spelt = "-".join(str(number_word(word) or word) for word in words)
    if spelt == name or not is_name(spelt) or (is_name(name) and any(is_there(k.folder() / f"{name}.json")
                                                                        for k in kinds)):
        return None
    return next(((k, meant) for meant in dict.fromkeys((spelt, spelt.lower())) for k in kinds
                 if is_there(k.folder() / f"{meant}.json")), None)


def _none_saved(kind: SaveKind) -> str:
    """No save of ``kind`` to resume: said with the first file there whose name no save may have,
    and the rename that goes on with it (a file manager's copy was "no saved game" though seen)."""
    misnamed = kind.misnamed_lines()
    if not misnamed:
        return f"{kind.none_saved}: start one with rook-access {kind.command}"
    more = len(misnamed) - 1
    others = f" ({more} more such file{'s' if more > 1 else ''}: rook-access saves lists them)" if more else ""
    return (f"{kind.none_saved} under a name the game can read. {misnamed[0].removesuffix('.')}{others}; "
            f"or start a new game with rook-access {kind.command}")


def cannot_resume(error: RuleError, name: str, path: Path) -> RuleError:
    """A save that ``--resume`` cannot go on with: the reason and the way past it (named, it
    said only what was wrong: the saves sweep); taken as the newest, where the others are too."""
    if isinstance(error, (Misplaced, Newer)):
        return error
    way_past = (f"rook-access saves delete {name_of(path)} removes it" if not _holds_files(path) else
                "move that folder away" + ("" if name else " to go on with them"))
    why = str(error).removesuffix(".")  # a reason that ends a sentence read "The game is over.; rook-access ..."
    if isinstance(error, Unreadable):  # the parser's words and the full path helped nobody
        why = f"the saved game {name_of(path)} is damaged (not readable as a saved game)"
    if name:  # a name with no save at all has no way past but another name (the re-check)
        return RuleError(f"{why}; {way_past}") if is_there(path) else error
    return RuleError(f"{why}; it is your newest save: rook-access saves lists the others, {way_past}")


def _holds_files(path: Path) -> bool:
    """A folder in a save's place that is not empty, which the game will not remove."""
    try:
        return path.is_dir() and not path.is_symlink() and any(path.iterdir())
    except OSError:
        return True


def names_in_use() -> set[str]:
    """Every save's name, of a game on screen or at a real table: one namespace."""
    return {name_of(p) for p in saved_paths() + saved_in(table_folder())}


def name_free(name: str) -> None:
    """Refuse a new save's name that any save, of either kind, has, capitals aside: --name sunday
    beside Sunday made a second game a voice names as the first (the docs sweep of session 36)."""
    taken = same_name(check_name(name), names_in_use())
    if taken is not None:
        raise RuleError(f"a save is already named {taken}{capitals_aside(name, taken)}: go on with it, delete it "
                        f"(rook-access saves delete {taken}), or choose another name; rook-access saves lists them")


def hold_new_name(name: str, check: Callable[[], None]) -> locks.Lock:
    """A new game's own ``--name``, held from the start, then ``check``ed free: two games started
    at once under one name each found no save yet, both said "Saved", and the one written last
    replaced the other (the saves sweep). Held on the name's save on screen (``locks.hold``, which
    goes with the process) for a real-table game too: names are one for both kinds (the re-check
    found a play and a table game both keeping one)."""
    lock = locks.hold(save_path(name))
    if lock is None:
        raise RuleError(_held_elsewhere(name))
    try:
        open_now = open_elsewhere(name, save_path(name))  # in other capitals, or a real-table game's
        if open_now is not None:
            raise RuleError(_open_elsewhere(name, open_now))
        check()
        other = locks.held_in_other_capitals(save_path(name))  # taken after our own: one of two sees the other
        if other is not None:
            taken = name_of(Path(other))
            raise RuleError(f"a game named {taken} is starting in another window{capitals_aside(name, taken)}: "
                            "choose another name")
    except RuleError:
        lock.release()
        raise
    return lock


def open_elsewhere(name: str, own: Path) -> str | None:
    """The name of a save called ``name``, capitals aside, of either kind, that a game in another
    window holds now, or None; ``own``, held by this process, is not asked."""
    for path in saved_paths() + saved_in(table_folder()):
        if path != own and name_of(path).lower() == name.lower() and locks.held_elsewhere(path):
            return name_of(path)
    return None


def _held_elsewhere(name: str) -> str:
    """The refusal of a new game's name another window holds: its game is open there once saved
    (a folder read in any case keeps one lock for both capitals), or is still starting."""
    taken = same_name(name, names_in_use())
    if taken is not None:
        return _open_elsewhere(name, taken)
    return f"a game named {name} is starting in another window: choose another name"


def _open_elsewhere(name: str, taken: str) -> str:
    """The refusal of a new game's name whose game is open in another window: the name's save
    was said, with resuming and deleting it as the ways on, and both refuse a game open
    elsewhere (session 39)."""
    return (f"a game named {taken} is open in another window{capitals_aside(name, taken)}: go on there, "
            "or choose another name")


def write_save(path: Path, data: dict[str, Any]) -> None:
    import json

    write_atomic(path, json.dumps(data, separators=(",", ":")))


def write_new_save(path: Path, data: dict[str, Any]) -> bool:
    """A new game's first save, only if no file has the name yet: False when one has (another
    game started at the same moment took it)."""
    import json

    return write_new(path, json.dumps(data, separators=(",", ":")))


def claim_name(path: Path, data: dict[str, Any], next_path: Callable[[], Path]) -> tuple[Path, bool]:
    """A new game's save path, claimed by writing its first save there (``write_new_save``), or
    the next free one (``next_path``) when another game took it meanwhile, and whether that save
    was written. Where no save can be written the path stays as chosen: the first autosave says
    so, and play goes on."""
    with contextlib.suppress(OSError):
        while not write_new_save(path, data):
            path = next_path()
        return path, True
    return path, False


def read_save(path: Path) -> dict[str, Any]:
    """The saved data as JSON, not yet believed (``load_game`` checks it through the core)."""
    if not is_there(path):
        raise RuleError(f"there is no saved game named {name_of(path)}: rook-access saves lists them, "
                        "rook-access play starts a new one")
    data = read_own_json(str(path), "saved game")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else None
        if found == "rook-save/1":
            raise RuleError(f"the saved game {name_of(path)} was made by an older version, whose saves "
                            "cannot be checked: start a new game")
        if found == TABLE_SAVE:
            raise RuleError(_kept_where_older_versions_kept_it(path))
        raise newer(path, found, FORMAT) or RuleError(
            f"the file {path.name} is not a rook-access saved game ({FORMAT})")
    return data


class Newer(RuleError):
    """A save a newer version wrote: updating is the way past, not deleting it."""


def newer(path: Path, found: object, ours: str) -> Newer | None:
    """``found`` is a later version of the save format ``ours`` ("rook-save/3"): it was said to be
    no saved game at all, and deleting it the way past, to a player back on an older install
    (the saves sweep of session 31)."""
    kind, _, version = ours.partition("/")
    theirs = found.partition("/") if isinstance(found, str) else ("", "", "")
    if theirs[0] != kind or not theirs[2].isascii() or not theirs[2].isdigit() or int(theirs[2]) <= int(version):
        return None
    return Newer(f"{name_of(path)} was saved by a newer version of rook-access ({said_text(found)}; this one reads "
                 f"{ours}): update rook-access to go on with it")


TABLE_SAVE = "rook-table-save/1"  # table_saves.FORMAT, which imports this module


def format_of(path: Path) -> Any:
    try:
        data = read_own_json(str(path), "saved game")
    except RuleError:
        return None
    return data.get("format") if isinstance(data, dict) else None


def _kept_where_older_versions_kept_it(path: Path) -> str:
    """A real-table game in the folder of games on screen, where versions of 2026-11-24 kept one."""
    return (f"{said_path(str(path))} is a real-table game, kept where an older version kept them: move it into "
            f"{said_path(str(table_folder()))}, then type rook-access table --resume {name_of(path)}")


class Misplaced(RuleError):
    """A good save in the other kind's folder: moving it is the way past, not deleting it."""


def kept_with_table_games(path: Path) -> Misplaced:
    """A game on screen moved into the real-table games' folder (by hand, say with the wrong
    file after the advice above): "is a real-table game" was false, and the table's refusal
    offered only to delete it (the tamper sweep)."""
    return Misplaced(f"{said_path(str(path))} is a game on screen, kept among the real-table games: move it into "
                     f"{said_path(str(saves_dir()))}, then type rook-access play --resume {name_of(path)}")


@dataclass
class LoadedGame:
    """A save the core has replayed and found true."""

    name: str
    path: Path
    data: dict[str, Any]
    replayed: Replayed
    me: int
    players: dict[str, str]


def load_game(path: Path) -> LoadedGame:
    """The saved game, believed: its moves replay through the core to the state it holds, its
    seat and players make sense. RuleError naming the file and what is wrong otherwise."""
    data = read_save(path)
    where = f"the saved game {name_of(path)}"  # its name, not a path read slash by slash
    replayed = replay_actions(data.get("game"), data.get("actions"), where)
    check_state(replayed, data.get("state"), where)
    seats = replayed.state.seats
    me, players = data.get("me"), data.get("players")
    if not isinstance(me, str) or me not in seats:
        raise RuleError(f"{where}: the player's seat must be one of {', '.join(seats)}")
    if not isinstance(players, dict) or set(players) != set(seats):
        raise RuleError(f"{where}: players must name who sits at each of {', '.join(seats)}")
    for seat, who in players.items():
        if who not in SEAT_PLAYERS:
            raise RuleError(f"{where}: {seat} cannot be played by {shorten(str(who))!r}: "
                            f"use one of {', '.join(SEAT_PLAYERS)}")
        if (who == "human") != (seat == me) or (who == "dummy") != (seat == "dummy"):
            right = "human" if seat == me else "dummy" if seat == "dummy" else "a computer level"
            raise RuleError(f"{where}: {seat} is played by {who!r}, but your seat is {me}, so {seat}'s player "
                            f"is {right}")
    if replayed.state.is_over():
        raise RuleError(f"{where}: that game is over; there is nothing to resume")
    return LoadedGame(name_of(path), path, data, replayed, seats.index(me), dict(players))


def describe(path: Path) -> str:
    """One line for ``rook-access saves``: the name, the game, the score and when it was saved."""
    name = name_of(path)
    try:
        game = load_game(path)
    except Unreadable:
        return damaged(name)
    except RuleError as exc:
        return unbelieved(name, path, exc)
    state = game.replayed.state
    scores = side_scores(state, game.me)
    return f"{name}: {state.preset} rules, hand {state.hand_number}; {scores}{saved_when(path)}."


def unbelieved(name: str, path: Path, error: RuleError) -> str:
    """The list's line for a save read but not believed: the reason as ``--resume`` gives it,
    with its way past. It said only the reason, after the save's full path ("cannot be resumed:
    the saved game '/home/.../x.json': the moves must be a list ..."), and no remedy."""
    said = str(cannot_resume(error, name, path))
    for named in (f"the saved game {name}: ", f"the table save {name} cannot be believed: "):
        said = said.removeprefix(named)  # the line starts with the name already
    return f"{name}: cannot be resumed: {said.removesuffix('.')}."


def damaged(name: str) -> str:
    """The list's line for a save that cannot be read at all: its name, not its full path, the
    plain reason and the remedy. It said "the saved game '/home/.../broken.json' is not valid JSON
    (column 100: Unterminated string starting)", read slash by slash, with no way past (the
    shell-commands sweep of session 38)."""
    return f"{name}: is damaged (not readable as a saved game): rook-access saves delete {name} removes it."


MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")


def saved_when(path: Path) -> str:
    """"; saved 27 November 2026 at 22:34" from the file's time, or nothing. As words, not
    2026-11-27 22:34, which a voice reads "two thousand and twenty-six dash eleven dash ..."
    (found by the listening sweep); the month named in English whatever the locale."""
    try:
        when = time.localtime(path.stat().st_mtime)
    except OSError:
        return ""
    return f"; saved {when.tm_mday} {MONTHS[when.tm_mon - 1]} {when.tm_year} at {when.tm_hour:02d}:{when.tm_min:02d}"


def side_scores(state: Any, me: int) -> str:
    """One score per side, the player's first ("you and North 120, East and West 80"): partners
    share a total, so a score per seat said each twice. ``state``: a ``GameState``."""
    groups = sorted(state.game_groups(), key=lambda group: me not in group)
    return ", ".join(" and ".join("you" if s == me else state.seats[s].capitalize()
                                  for s in sorted(group, key=lambda s: s != me))
                     + f" {number(state.totals[group[0]])}" for group in groups)  # "minus 60", as the game says it


def record_among_saves(record: str) -> str | None:
    """Why a game record cannot be kept at ``record`` (as ``--record`` gives it), or None: in
    the folder of saved games it may be the game's own save, its lock or another save, each
    written over as the game goes. ``--record saves/z.json`` for the game z said only "Saved.",
    and the save had replaced every line of the record (the files sweep of session 37)."""
    folder = os.path.realpath(saves_dir())
    real = os.path.realpath(record)
    if real != folder and not real.startswith(folder.rstrip(os.sep) + os.sep):
        return None
    return (f"that is in {said_path(folder)}, where the games are saved, and a save would be written over the "
            "record; choose a file outside that folder, like games.jsonl in your home folder")


def kept_further(record: Any, size: Any, own: Path) -> str | None:
    """The name of another saved game whose record is ``record`` too, saved when it was longer
    than ``size``: a copy of this save played on in it. Cut back to ``size`` at this game's
    resume, its moves were lost unsaid (the files sweep of session 37). None when there is none
    (a save that cannot be read, or names the record by a name no file has, is none)."""
    named = _named_record(record, size)
    if named is None:
        return None
    target, mine = os.path.realpath(named[0]), os.path.realpath(own)
    for path in saved_paths():
        other = _record_of(path) if os.path.realpath(path) != mine else None
        if other is not None and os.path.realpath(other[0]) == target and other[1] > size:
            return name_of(path)
    return None


def _record_of(path: Path) -> tuple[str, int] | None:
    """The record a save names and its length then, or None."""
    try:
        data = read_own_json(str(path), "saved game")
    except RuleError:
        return None
    return _named_record(data.get("record"), data.get("record_size")) if isinstance(data, dict) else None


def _named_record(record: Any, size: Any) -> tuple[str, int] | None:
    """A save's record and its length then, where both are what the game writes (a record's
    name no file can have, ``record.saved_name_problem``, is none), else None."""
    from .record import saved_name_problem

    if saved_name_problem(record) is not None or isinstance(size, bool) or not isinstance(size, int):
        return None
    return record, size


def trim_record(path: str, size: int | None) -> None:
    """Cut a game record back to the length it had at the last save, so events written after
    that save (just before a crash) are not written twice when the game goes on."""
    if size is None:
        return
    with open(path, "r+b") as handle:  # an OSError is the caller's to say (play goes on without it)
        if handle.seek(0, 2) > size:
            handle.truncate(size)


def remove_save(path: Path) -> None:
    """The save gone; an empty folder in its place goes too (resume says to delete it: found by
    a re-check); a folder that holds anything is not ours to remove (OSError, not empty)."""
    if path.is_dir() and not path.is_symlink():
        path.rmdir()
    else:
        path.unlink(missing_ok=True)
