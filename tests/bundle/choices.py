"""Prints whether the search is compiled, then the hard level's choice on the fixed decisions of
``benchmarks/hard_decisions.py`` (those with a choice) on three presets, one per line: run by
test_compiled_search.py against the compiled wheel and against the plain-Python package, whose
lines must match. Not a test module itself."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from hard_decisions import collect  # noqa: E402  (the benchmark's decisions; no package there)

from rook_access.ai.players import Player, make_player, search_compiled  # noqa: E402
from rook_access.core import resolve  # noqa: E402

DECISIONS = 60  # collected a preset, trivial ones included (about 40 have a choice)


def main() -> None:
    print("compiled" if search_compiled() else "python")
    for preset in ("hasbro", "kentucky-west", "georgia"):
        options = resolve(preset)
        bots: dict[int, Player] = {}
        for seat, view in collect(preset, DECISIONS, 0):
            if len(view.legal) > 1:
                bot = bots.setdefault(seat, make_player("hard", view.seats[seat], options, 17 + seat))
                action = bot.choose(view)
                print(preset, action.kind, action.value)


if __name__ == "__main__":
    main()
