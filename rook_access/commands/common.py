"""Arguments several subcommands share: --rules and --option."""

from __future__ import annotations

import argparse
import os
import re
import stat
from typing import Any

from ..console.printer import warn
from ..core import DEFAULT_PRESET, Options, new_game
from ..core.deal import file_deal
from ..core.errors import RuleError
from ..core.text import said_path, shorten, whole_number, word_key
from ..store.family_rules import known_name, resolve_rules
from ..store.untrusted import file_status, read_json

CHECK_SAID_FROM = 2 << 20  # a record this large takes a second or more to check: said first


def whole_arg(text: str) -> int:
    """An argparse type: a whole number in ASCII digits (``int`` alone also takes "２" or "1_000",
    which nobody means)."""
    number = whole_number(text, signed=True)
    if number is None:
        digits = text.strip().lstrip("+-")
        if digits.isascii() and digits.isdigit():
            raise argparse.ArgumentTypeError(f"{shorten(text)} is too large")
        raise argparse.ArgumentTypeError(f"not a whole number in digits: {shorten(text)!r}")
    return number


def seed_arg(text: str) -> int:
    """An argparse type for a seed: ASCII digits, as long as a record's seed (which may be
    copied from one: ``"seed":132090772812852``)."""
    digits = text.strip()
    if not re.fullmatch(r"[+-]?[0-9]{1,40}", digits):
        raise argparse.ArgumentTypeError(f"not a whole number in digits: {shorten(text)!r}")
    return int(digits)


def file_arg(text: str) -> str:
    """An argparse type for a file name: an empty one (``--record ''``) is a slip, never "no file"."""
    if not text.strip():
        raise argparse.ArgumentTypeError("give a file name, not an empty one")
    return text


def record_arg(text: str) -> str:
    """``file_arg`` for a record to write: a name ending in / names a folder, which play and
    table wrote as a file without the slash and simulate called a folder that was not there (the
    re-check)."""
    text = file_arg(text)
    if names_folder(text):
        raise argparse.ArgumentTypeError(f"{said_path(text)} names a folder: give a file name, "
                                         f"like {said_path(os.path.join(os.path.normpath(text), 'game.jsonl'))}")
    return text


def names_folder(text: str) -> bool:
    """Whether a file name as typed can only name a folder: it ends in / ("fresh/"), or in . or
    .. ("fresh/.", which ``Path`` reads as "fresh" and was written as a file so named)."""
    return text.endswith(("/", os.sep)) or os.path.basename(text) in (".", "..")


def name_arg(text: str) -> str:
    """An argparse type for a name (of rules, of a game): an empty one (``--rules ''``) is a
    slip, never "the default"."""
    if not text.strip():
        raise argparse.ArgumentTypeError("give a name, not an empty one")
    return text


def choice_arg(text: str) -> str:
    """An argparse type for an option of fixed words (``choices``): read case-blind with spaces
    for dashes, as the settings file and the game's commands read them ("--verbosity Brief"
    stopped with "invalid choice": the settings sweep of session 34; "--speech 'screen reader'"
    too: that of session 38)."""
    return word_key(text)


def rules_arg(text: str) -> str:
    """An argparse type for the name of rules: "Georgia" or "Kentucky West" is the preset it
    means (``known_name``), so the game, its save and the settings hold the name as written."""
    return known_name(name_arg(text))


class ResumeAction(argparse.Action):
    """``--resume`` alone: the newest save (""); ``--resume NAME``: that one; ``--resume=`` (an
    empty name, say a script's unset variable) is refused, never taken as the newest."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        if values is not None and not str(values).strip():
            parser.error(f"argument {option_string}: give a name, not an empty one")
        setattr(namespace, self.dest, "" if values is None else values)


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", default=DEFAULT_PRESET, metavar="NAME", type=rules_arg,
                        help="rule preset, built in or your family's own (see: rook-access rules)")
    parser.add_argument("--option", action="append", default=[], metavar="K=V",
                        help="override one option of the preset, e.g. target=500; may be repeated; "
                             "rook-access rules --options lists them")


def options_from(args: argparse.Namespace) -> Options:
    """``--rules`` (the family's own rules first, then a built-in preset) with ``--option``."""
    return resolve_rules(args.rules, args.option)


def pipe_wait_line(path: str, what: str) -> str | None:
    """Said before reading a named pipe, which holds the command until a program writes into it:
    it waited in silence (session 21's left-out list). None for anything else."""
    found = file_status(path)
    if found is None or not stat.S_ISFIFO(found.st_mode):
        return None
    return (f"Reading the {what} from the named pipe {said_path(path)}: waiting for a program to write into "
            "it; Ctrl+C stops.")


def read_deal_file(path: str) -> dict[str, Any]:
    """A deal file's JSON (docs/deal-files.md); ``checked_deal`` checks its cards. A named pipe is
    said before it is waited on."""
    waiting = pipe_wait_line(path, "deal file")
    if waiting:  # on the error stream: simulate --json keeps its output one JSON object (the re-check)
        warn(waiting)
    data = read_json(path, "deal file", unique_keys=True)
    if not isinstance(data, dict):
        raise RuleError(f"the deal file {path!r} must hold one JSON object")
    try:
        return file_deal(data)
    except RuleError as exc:
        raise RuleError(deal_problem(path, exc)) from None


def checked_deal(path: str, preset: str, options: Options) -> dict[str, Any]:
    """A deal file believed only once the core has dealt it for these rules; RuleError naming the
    file and what is wrong otherwise."""
    data = read_deal_file(path)
    try:
        new_game(preset, options, 0, data)
    except RuleError as exc:
        raise RuleError(deal_problem(path, exc)) from None
    return data


def deal_problem(path: str, exc: RuleError) -> str:
    """A deal file's fault, said alike by play and simulate: "the deal file d.json: north has 8
    cards; each hand needs 9"."""
    return f"the deal file {said_path(path)}: {exc}"
