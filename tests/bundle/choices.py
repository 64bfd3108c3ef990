"""Prints whether the search is compiled, then the hard level's choice on fixed decisions of
three presets, one per line: run by test_compiled_search.py against the compiled wheel and
against the plain-Python package, whose lines must match. Not a test module itself."""

from __future__ import annotations

import sys

from rook_access.ai.players import make_player, search_compiled
from rook_access.core import new_game, resolve

DECISIONS = 40


def main() -> None:
    print("compiled" if search_compiled() else "python")
    for preset in ("hasbro", "kentucky-west", "georgia"):
        options = resolve(preset)
        taken = 0
        game = 0
        while taken < DECISIONS:
            state, _ = new_game(preset, options, 5000 + game)
            normal = {i: make_player("normal", s, options, 5000 + game + i) for i, s in enumerate(state.seats)}
            hard = {i: make_player("hard", s, options, 17 + i) for i, s in enumerate(state.seats)}
            while not state.is_over() and taken < DECISIONS:
                view = state.view(state.actor)
                if len(view.legal) > 1 and state.seats[state.actor] in ("north", "south"):
                    action = hard[state.actor].choose(view)
                    print(preset, taken, action.kind, action.value)
                    taken += 1
                state.apply(normal[state.actor].choose(view))
            game += 1
    sys.stdout.flush()


if __name__ == "__main__":
    main()
