"""``rook-access saves``: the saved games, listed by name, and deleting one the player names.

Every unfinished game keeps its own save: a game on screen (``game-1``, ``game-2``, or a name
given with ``play --name``; ``play --resume NAME`` goes on with it) and a real-table game
(``table-1``, ... or ``table --name``; ``table --resume NAME``). One list holds both, each line
saying which it is; names are one namespace. Nothing is deleted unless named here.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..console.printer import put
from ..core.errors import RuleError
from ..core.text import quoted, said_path, said_text
from ..store import locks, saves, table_saves
from ..store.names import near as near_name
from ..store.untrusted import is_there
from .common import choice_arg


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("saves", help="list your saved games, or delete one by name")
    parser.add_argument("action", nargs="?", type=choice_arg, choices=("list", "delete"), default="list",
                        metavar="ACTION",
                        help="list (the default) or delete")
    parser.add_argument("names", nargs="*", metavar="NAME", help="the saved games to delete")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.action == "delete":
        return delete(args.names)
    if args.names:
        raise RuleError("saves lists every saved game; to delete one, type: rook-access saves delete NAME")
    put("\n".join(list_lines()))
    return 0


def all_saves() -> list[tuple[Path, bool]]:
    """Every save, the last played first, and whether it is a real-table game."""
    found = [(path, False) for path in saves.saved_paths()] + [(path, True) for path in table_saves.saved_paths()]

    def saved_at(item: tuple[Path, bool]) -> float:
        try:
            return item[0].stat().st_mtime
        except OSError:
            return 0.0

    return sorted(found, key=saved_at, reverse=True)


def list_lines() -> list[str]:
    """The saved games, the last played first, one line each saying which kind it is (``saves``
    and ``play --list``)."""
    found = all_saves()
    # Named where no save may be (a file manager's copy): said, with the rename that would do.
    misnamed = saves.ON_SCREEN.misnamed_lines() + saves.AT_TABLE.misnamed_lines()
    if not found:
        none = "No saved games under a name the game can read." if misnamed else "No saved games."
        return [f"{none} rook-access play starts one; rook-access table follows a real one.", *misnamed]
    lines = [f"{len(found)} saved game{'s' if len(found) != 1 else ''}, the last played first. "
             "Go on with a game on screen: rook-access play --resume NAME; with a real-table game: "
             "rook-access table --resume NAME."]
    for path, at_table in found:
        # Its kind by what it holds, not where it lies: one moved into the other's folder was
        # labelled by the folder, against its own line (the re-check of session 28).
        held = saves.format_of(path)
        real_table = held == saves.TABLE_SAVE or held != saves.FORMAT and at_table
        name, _, rest = (table_saves.describe(path) if at_table else saves.describe(path)).partition(":")
        lines.append(f"{name} ({'real-table game' if real_table else 'game on screen'}):{rest}")
    return lines + misnamed


def delete(names: list[str]) -> int:
    if not names:
        raise RuleError("name the saved game to delete, like: rook-access saves delete game-1")
    typed = names
    # A name typed twice is deleted once, in other capitals too (sunday and Sunday are one save),
    # and said as the save has it.
    paths = list(dict.fromkeys(_named_saves(list(dict.fromkeys(names)), typed)))
    names = [_said(path) for path in paths]
    # A game open in another window would write its save again: "Deleted" would not be true.
    held = [locks.hold(path) for path in paths]
    try:
        open_now = [name for name, lock in zip(names, held) if lock is None]
        if open_now:
            raise RuleError(f"{', '.join(open_now)} {'is' if len(open_now) == 1 else 'are'} open in another "
                            "window: quit it there first, then delete"
                            + _nothing_deleted([name for name in names if name not in open_now]))
        for name, path in zip(names, paths):
            try:
                saves.remove_save(path)
            except OSError as exc:
                why = ("it is a folder that holds files, not a saved game: move it away yourself"
                       if path.is_dir() else exc.strerror)
                raise RuleError(f"cannot delete {name}: {why}") from None
            put(f"Deleted {name}.")
    finally:
        for lock in held:
            if lock is not None:
                lock.release()  # its file goes too, the save being gone
    return 0


def _named_saves(names: list[str], typed: list[str]) -> list[Path]:
    """The save of each name, read in any case, or the file in a saves folder it names whose name
    no save may have; RuleError, deleting nothing, where a name is no save's or fits two."""
    found: dict[str, Path] = {}
    refused: list[RuleError] = []
    for name in names:
        try:
            path = _save_or_file(name)
        except RuleError as exc:  # not a name, or one that fits two saves
            refused.append(exc)
            continue
        if path is not None:
            found[name] = path
    kept = list(dict.fromkeys(_said(path) for path in found.values()))
    if refused:
        raise RuleError(f"{refused[0]}{_nothing_deleted(kept)}")
    missing = [name for name in names if name not in found]
    if missing:
        # "game 1": a name as a voice reads "game-1", typed as heard (found by a re-check); read
        # in the words as typed ("game 1 game 2" is game-1 and game-2).
        heard = list(dict.fromkeys(f"{a}-{b}" for a, b in zip(typed, typed[1:]) if b.isascii() and b.isdigit()
                                   and saves.is_name(f"{a}-{b}") and _heard(f"{a}-{b}")))
        meant = f"; did you mean {' '.join(heard)}? A saved game's name is one word" if heard else ""
        listed = ", ".join(name if saves.is_name(name) else quoted(name) for name in missing)
        raise RuleError(f"there is no saved game named {listed}: rook-access saves lists them{meant}"
                        + _renamed_to(missing) + _nothing_deleted(kept))
    return [found[name] for name in names]


def _save_or_file(name: str) -> Path | None:
    """The save ``name`` means, else the one file in a saves folder it names that no save may
    (a file manager's copy, "game-1 (copy)", deleted as named), else None. A name no save may
    have and no such file has is refused with a name near it only where that name is a save's:
    "try game-1-copy" named no save (the shell-commands sweep of session 38)."""
    if saves.is_name(name):
        path = saved_path(name)
        if path is not None:
            return path
    files = _misnamed_called(name, exactly=True)
    if not files:
        _refuse_a_saves_file_name(name)
        files = _misnamed_called(name, exactly=False)
    if len(files) > 1:
        raise RuleError(f"{quoted(name)} fits {len(files)} files whose names differ only in capitals or folder, "
                        f"{', '.join(said_path(str(path)) for path in files)}: delete the one you mean yourself")
    if files:
        return files[0]
    better = near_name(name, small=False)
    if not saves.is_name(name) and better is not None and _heard(better):
        saves.check_name(name)  # the rule, and "try" the save near it
    return None


def _misnamed_called(name: str, exactly: bool) -> list[Path]:
    """The files in either saves folder, named as no save may be, that ``name`` names."""
    return [path for kind in (saves.ON_SCREEN, saves.AT_TABLE)
            for path in saves.misnamed_called(kind.folder(), name, exactly)]


def _refuse_a_saves_file_name(name: str) -> None:
    """Refuses a save's file name ("sunday.json"), saying the save's name: it deleted a copy,
    sunday.JSON, that a screen reader voices alike, and kept the save; with no copy it said only
    that no save had that name (the re-check of session 38). Nothing where ``name`` is no save's
    file name."""
    stem, dot, suffix = name.rpartition(".")
    if not dot or suffix.lower() != "json" or not saves.is_name(stem):
        return
    path = saved_path(stem)
    if path is None:
        return
    copies = [said_path(file.name) for file in _misnamed_called(name, exactly=False)]
    one = len(copies) == 1
    also = (f"; {' and '.join(copies)}, {'a file' if one else 'files'} whose .json is not in small letters, "
            f"{'is no save' if one else 'are no saves'}: delete {'it' if one else 'one'} by typing its name "
            "with those capitals" if copies else "")
    raise RuleError(f"a save's name has no .json: rook-access saves delete {saves.name_of(path)}{also}")


def _said(path: Path) -> str:
    """A save as delete names it: its name, or a misnamed file's whole file name."""
    name = saves.name_of(path)
    return name if path.suffix == ".json" and saves.is_name(name) else said_path(path.name)


def _renamed_to(missing: list[str]) -> str:
    """Where a name not found is the rename offered for a file no save may be named as: the file,
    its folder and what works, rename or delete ("there is no saved game named game-1-copy" sent
    the player round in a loop: the shell-commands sweep of session 38)."""
    for kind in (saves.ON_SCREEN, saves.AT_TABLE):
        for path, better in saves.misnamed_renames(kind.folder()):
            if better.lower() in (name.lower() for name in missing):
                stem = path.name[: -len(path.suffix)]
                typed = stem if saves.is_name(stem) else f'"{said_text(stem)}"'
                return (f". {said_path(path.name)} in {kind.place} ({said_path(str(path.parent))}) is not yet "
                        f"a saved game: rename it {better}.json to go on with it, or delete it with: "
                        f"rook-access saves delete {typed}")
    return ""


def _heard(name: str) -> bool:
    """Whether ``name``, put together from words typed as heard, is a save's."""
    try:
        return saved_path(name) is not None
    except RuleError:  # one that fits two saves is no sure guess
        return False


def _nothing_deleted(kept: list[str]) -> str:
    """What a refused delete leaves of the other saves it named: with one wrong name of two,
    "there is no saved game named nosuch" let a listener believe ok2 was deleted (found by the
    files-from-outside sweep of session 33). Nothing where no other save was named."""
    if not kept:
        return ""
    *first, last = kept
    named = f"{', '.join(first)} and {last} are" if first else f"{last} is"
    return f". Nothing was deleted: {named} kept"


def saved_path(name: str) -> Path | None:
    """The save named ``name`` in any case (``saves.named_in``), a game on screen or at a real
    table; None if there is none."""
    for path in (saves.named_in(saves.saves_dir(), name), saves.named_in(table_saves.folder(), name)):
        if is_there(path):
            return path
    return None
