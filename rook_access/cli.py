"""The ``rook-access`` command: one module per subcommand in ``rook_access/commands``.

Every error a user can cause ends as one line on standard error and exit status 2; a traceback
would be read aloud line by line by a screen reader, so none ever reaches the user.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn

from .core.errors import RuleError

# Subcommand modules, in the order ``--help`` lists them. Each has ``add_parser(subparsers)``
# which sets ``func`` (args -> exit status) as the parser default.
COMMANDS = [
    "rook_access.commands.rules",
    "rook_access.commands.simulate",
    "rook_access.commands.replay",
    "rook_access.commands.labels",
    "rook_access.commands.play",
]


class UsageError(Exception):
    """Bad command-line input: reported in one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (try: {self.prog} --help)")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="rook-access", description="Rook for blind and low-vision players.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name in COMMANDS:
        importlib.import_module(name).add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = build_parser()
        if not args_list and "rook_access.commands.play" in COMMANDS:
            args_list = ["play"]
        args = parser.parse_args(args_list)
        if not getattr(args, "func", None):
            parser.print_help()
            return 0
        return int(args.func(args) or 0)
    except (UsageError, RuleError) as exc:
        print(f"rook-access: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("rook-access: stopped.", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
