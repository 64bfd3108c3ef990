"""Random play speed: rook-access's core against OpenSpiel's C++ Spades, in the same run.

    pip install open_spiel            # optional: only this benchmark uses it
    python benchmarks/vs_openspiel.py [--games 300] [--seed 3] [--rounds 3]
    # or, with OpenSpiel in another virtualenv: PYTHONPATH=. /path/to/venv/bin/python benchmarks/...

Both sides play random legal actions and count only players' decisions; dealing is timed but
not counted (OpenSpiel's deal is 52 chance actions, rook-access's is one shuffle). rook-access is
measured exactly as ``rook-access simulate --rules hasbro --games N --seed S`` measures it (the
same function: the random player is given the legal actions, or the legal plays as a card set,
and what it picks is checked against them; one decision in 16 is timed). The rounds alternate
and the best of each is kept, so load from other processes hurts both alike. Prints figures;
asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import time


def rook_rate(games: int, seed: int) -> float:
    from rook_access.core import resolve
    from rook_access.simulation import simulate

    summary = simulate("hasbro", resolve("hasbro", None), games, seed, {})
    return summary.actions / summary.seconds


def spades_rate(hands: int, seed: int) -> float:
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game("spades")
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            actions += 1
    return actions / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="rook-access games per round")
    parser.add_argument("--hands", type=int, default=3000, help="Spades hands per round")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        raise SystemExit("This benchmark needs OpenSpiel: pip install open_spiel") from None
    rook, spades = 0.0, 0.0
    for _ in range(args.rounds):
        rook = max(rook, rook_rate(args.games, args.seed))
        spades = max(spades, spades_rate(args.hands, args.seed))
    print(f"rook-access hasbro: {rook:,.0f} actions per second (best of {args.rounds})")
    print(f"OpenSpiel spades:   {spades:,.0f} actions per second (best of {args.rounds})")
    print(f"ratio: {rook / spades:.2f}")


if __name__ == "__main__":
    main()
