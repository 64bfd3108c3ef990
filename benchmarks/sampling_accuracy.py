"""How close the hard level's sampled holdings come to the real hidden cards, with and without
inference (reading the auction and the trump call): a direct, cheap measure of what inference
knows, next to the (costly) game results it is meant to improve.

    python benchmarks/sampling_accuracy.py [PRESET ...] [--games N]

Normal bots play the first hand of each game; at every decision of the auction and of the first
four tricks, each other seat's sampled hand is compared with its real one: the share of the
hidden cards a sample puts in the right hand, and the error of the sampled hands' counter
points. Same games, same seeds, same views for both settings.
"""

from __future__ import annotations

import argparse
import random

from rook_access.ai.players import make_player
from rook_access.ai.sampling import Sampler
from rook_access.core import Phase, new_game, resolve


def measure(preset: str, games: int, draws: int = 8) -> dict[bool, tuple[float, float]]:
    options = resolve(preset)
    right = {True: 0, False: 0}
    hidden = {True: 0, False: 0}
    point_error = {True: 0.0, False: 0.0}
    hands_seen = {True: 0, False: 0}
    for seed in range(games):
        state, _ = new_game(preset, options, 1000 + seed)
        players = {i: make_player("normal", s, options, i) for i, s in enumerate(state.seats)}
        while not state.is_over() and state.hand_number <= 1:
            actor = state.actor
            view = state.view(actor)
            early_play = view.phase == Phase.PLAY and len(view.tricks) < 4
            if view.phase == Phase.AUCTION or early_play:
                for infer in (False, True):
                    rng = random.Random(seed * 7919 + len(view.auction) + view.played)
                    sampler = Sampler(view, infer)
                    for _ in range(draws):
                        holding = sampler.draw(rng)
                        for seat in range(state.n):
                            if seat in (actor, view.dummy) or not state.hands[seat]:
                                continue
                            real = state.hands[seat]
                            right[infer] += (holding.hands[seat] & real).bit_count()
                            hidden[infer] += real.bit_count()
                            point_error[infer] += abs(state.deck.points_of(holding.hands[seat])
                                                      - state.deck.points_of(real))
                            hands_seen[infer] += 1
            state.apply(players[actor].choose(view))
    return {k: (right[k] / hidden[k], point_error[k] / hands_seen[k]) for k in (False, True)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("presets", nargs="*", default=["hasbro", "kentucky-west", "georgia"])
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    for preset in args.presets:
        result = measure(preset, args.games)
        for infer in (False, True):
            share, error = result[infer]
            label = "with inference" if infer else "without"
            print(f"{preset}: {label}: {share:.1%} of hidden cards in the right hand, "
                  f"counter points of a hand off by {error:.1f} on average")


if __name__ == "__main__":
    main()
