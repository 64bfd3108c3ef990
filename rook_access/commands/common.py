"""Arguments several subcommands share: --rules and --option."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..core import DEFAULT_PRESET, Options, resolve
from ..core.errors import RuleError


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", default=DEFAULT_PRESET, metavar="NAME",
                        help="rule preset (see: rook-access rules)")
    parser.add_argument("--option", action="append", default=[], metavar="K=V",
                        help="override one option of the preset, e.g. target=500; may be repeated")


def options_from(args: argparse.Namespace) -> Options:
    return resolve(args.rules, args.option)


def read_deal_file(path: str) -> dict[str, Any]:
    """A deal file's JSON (docs/deal-files.md); the core checks its cards against the preset."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except OSError as exc:
        raise RuleError(f"cannot read the deal file {path!r}: {exc.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        where = f": line {exc.lineno}" if isinstance(exc, json.JSONDecodeError) else ""
        raise RuleError(f"the deal file {path!r} is not JSON{where}") from None
    if not isinstance(data, dict):
        raise RuleError(f"the deal file {path!r} must hold one JSON object")
    return data
