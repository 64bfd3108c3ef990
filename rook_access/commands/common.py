"""Arguments several subcommands share: --rules and --option."""

from __future__ import annotations

import argparse

from ..core import DEFAULT_PRESET, Options, resolve


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", default=DEFAULT_PRESET, metavar="NAME",
                        help="rule preset (see: rook-access rules)")
    parser.add_argument("--option", action="append", default=[], metavar="K=V",
                        help="override one option of the preset, e.g. target=500; may be repeated")


def options_from(args: argparse.Namespace) -> Options:
    return resolve(args.rules, args.option)
