"""``rook-access simulate``: computer players play whole games; prints a summary and speed."""

from __future__ import annotations

import argparse
import json

from ..simulation import simulate
from .common import add_rules_arguments, options_from


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser("simulate", help="computer players play whole games; prints a summary")
    add_rules_arguments(parser)
    parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--record", metavar="FILE", help="write every game as a rook-record/1 file")
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..cli import UsageError

    if args.games < 1:
        raise UsageError(f"--games must be at least 1, not {args.games}")
    options = options_from(args)
    summary = simulate(args.rules, options, args.games, args.seed, {}, args.record)
    if args.json:
        print(json.dumps(summary.to_json()))
    else:
        for line in summary.lines():
            print(line)
    return 0
