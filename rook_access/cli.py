"""The ``rook-access`` command: one module per subcommand in ``rook_access/commands``.

Every error a user can cause ends as one line on standard error and exit status 2; a traceback
would be read aloud line by line by a screen reader, so none ever reaches the user. Help is
written to be heard: sentences, a short usage line, no colour.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from . import __version__
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

DESCRIPTION = ("The card game Rook for blind and low-vision players. "
               "Type rook-access alone to start a game (the same as rook-access play).")
EPILOG = """\
For more on one command, type rook-access and the command, then --help, for example:
rook-access play --help.

Environment variables:
  ACCESSIBLE=1       plain input: no line editor, only appended lines (like play --plain).
  TERM=dumb          plain input too.
  NO_COLOR           honoured; the game never uses colour anyway.
  ROOK_ACCESS_HOME   one folder for settings, saved games and the log, instead of the usual
                     places (see docs/user-guide.md).
"""


class UsageError(Exception):
    """Bad command-line input: reported in one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if sys.version_info >= (3, 14):
            kwargs["color"] = False  # 3.14 colours help by default; colour is noise when read aloud
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (try: {self.prog} --help)")


def sentence(text: str) -> str:
    """A help phrase as a sentence: capital first letter, full stop."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def short_usage(parser: argparse.ArgumentParser) -> str:
    """``rook-access play [options]``: the option list is read below, so the usage line stays
    short enough to hear (argparse would spell out every option in brackets)."""
    parts = ["%(prog)s"]
    if any(a.option_strings for a in parser._actions):
        parts.append("[options]")
    for action in parser._actions:
        if not action.option_strings and not isinstance(action, argparse._SubParsersAction):
            name = action.metavar or action.dest
            parts.append(f"[{name}]" if action.nargs in ("?", "*") else str(name))
    return " ".join(parts)


def speakable_choices(parser: argparse.ArgumentParser) -> None:
    """``--level LEVEL`` with the choices said in words, instead of ``{easy,hard,normal}``,
    which a screen reader reads as "left brace easy comma hard..."."""
    for action in parser._actions:
        if not action.option_strings or not action.choices or action.metavar is not None:
            continue
        action.metavar = action.dest.upper()
        words = [str(choice) for choice in action.choices]
        if not all(word in (action.help or "") for word in words):
            listed = ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]
            action.help = f"{action.help}: {listed}" if action.help else listed


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="rook-access", description=DESCRIPTION, epilog=EPILOG,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help="say the version and end")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser,
                                title="commands")
    for name in COMMANDS:
        importlib.import_module(name).add_parser(sub)
    for choice in sub._choices_actions:
        command = sub.choices[choice.dest]
        if not command.description and choice.help:
            command.description = sentence(choice.help)
        command.usage = short_usage(command)
        speakable_choices(command)
    parser.usage = "%(prog)s [options] [COMMAND]"  # after the subcommands took their prog from it
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
