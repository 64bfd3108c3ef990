"""``rook-access rules [NAME]``: the presets, or one explained in plain sentences."""

from __future__ import annotations

import argparse

from ..core import load_preset, preset_names, resolve
from ..speech.rules_text import explain


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("rules", help="list the rule presets, or explain one")
    parser.add_argument("name", nargs="?", metavar="NAME", help="a preset to explain")
    parser.add_argument("--option", action="append", default=[], metavar="K=V",
                        help="override one option, e.g. target=500; may be repeated")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if not args.name:
        for name in preset_names():
            print(f"{name}: {load_preset(name).description}")
        return 0
    options = resolve(args.name, args.option)
    for line in explain(args.name, options):
        print(line)
    return 0
