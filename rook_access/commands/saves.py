"""``rook-access saves``: the saved games, listed by name, and deleting one the player names.

Every unfinished game keeps its own save (``game-1``, ``game-2``, or a name given with
``play --name``); ``play --resume NAME`` goes on with one. Nothing is deleted unless named here.
"""

from __future__ import annotations

import argparse

from ..core.errors import RuleError
from ..store import saves


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("saves", help="list your saved games, or delete one by name")
    parser.add_argument("action", nargs="?", choices=("list", "delete"), default="list", metavar="ACTION",
                        help="list (the default) or delete")
    parser.add_argument("names", nargs="*", metavar="NAME", help="the saved games to delete")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.action == "delete":
        return delete(args.names)
    if args.names:
        raise RuleError("saves lists every saved game; to delete one, type: rook-access saves delete NAME")
    for line in list_lines():
        print(line)
    return 0


def list_lines() -> list[str]:
    """The saved games, the last played first, one line each (``saves`` and ``play --list``)."""
    paths = saves.saved_paths()
    if not paths:
        return ["No saved games. rook-access play starts one."]
    return [f"{len(paths)} saved game{'s' if len(paths) != 1 else ''}, the last played first. "
            "Go on with one: rook-access play --resume NAME."] + [saves.describe(path) for path in paths]


def delete(names: list[str]) -> int:
    if not names:
        raise RuleError("name the saved game to delete, like: rook-access saves delete game-1")
    paths = [saves.save_path(name) for name in names]
    missing = [name for name, path in zip(names, paths) if not path.exists()]
    if missing:
        raise RuleError(f"there is no saved game named {', '.join(missing)}: rook-access saves lists them")
    for name, path in zip(names, paths):
        try:
            path.unlink()
        except OSError as exc:
            raise RuleError(f"cannot delete {name}: {exc.strerror}") from None
        print(f"Deleted {name}.")
    return 0
