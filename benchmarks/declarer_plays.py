"""Do the declaring side's plays say where its top cards are? A check on the hard level's samples.

    python benchmarks/declarer_plays.py --rules georgia --games 60

Why: seeing the declaring side's cards in defence is worth most of what sight wins in georgia's
play (docs/bots.md, "Where the play loses to sight"), two thirds of it from its top cards. A
defender sees every card the declarer and its partner play; if those plays told where their top
cards are, a sampler that deals only hands agreeing with every such play would place them
better. Against the normal level the test is exact: its card play is a rule (``normal_play``),
so a sampled deal agrees with the plays when the rule, given that deal, makes every one of them.

How: four normal players, the first three hands of each game; at North's views in the play when
East-West hold the contract (at the start of tricks 3 to 8), the hard level's sampler
(``Sampler``, with inference) deals ``--samples`` holdings; each is replayed from the first lead
with the rule choosing for the declaring side, and the share of the declaring side's hidden top
cards (the two highest of each colour and the Rook Bird) it puts in the right hand is counted,
for the deals that agree and those that do not.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from clairvoyant import part_cards  # noqa: E402  (a script beside this one)

from rook_access.ai.context import Table, played_by_seat, team_of  # noqa: E402
from rook_access.ai.play_heuristics import normal_play  # noqa: E402
from rook_access.ai.players import make_player  # noqa: E402
from rook_access.ai.sampling import Sampler  # noqa: E402
from rook_access.core import SeatView, new_game  # noqa: E402
from rook_access.core.determinize import Holding, state_from_view  # noqa: E402
from rook_access.core.state import GameState  # noqa: E402
from rook_access.core.view import make_view  # noqa: E402


class PlaysReplay:
    """Replays a view's hand from its first lead on a sampled holding, asking whether the normal
    level's card rule, given that holding, makes every play the seats of ``side`` (a mask) made."""

    def __init__(self, view: SeatView, side: int) -> None:
        n = len(view.seats)
        self.plays = [play for _leader, plays, _winner in view.tricks for play in plays] + list(view.trick)
        self.by_seat = played_by_seat(view)
        self.side = side
        first = view.tricks[0][0] if view.tricks else view.leader
        # The view as it was at the first lead: every card played back in its hand.
        self.start = view._replace(
            tricks=(), tricks_won=(0,) * n, captured=(0,) * n, trump_broken=False, played=0, trick=(),
            leader=first, turn=first, actor=first, hand=view.hand | self.by_seat[view.seat],
            hand_sizes=tuple(view.hand_sizes[s] + self.by_seat[s].bit_count() for s in range(n)), legal=())

    def agrees(self, holding: Holding) -> bool:
        hands = tuple(hand | self.by_seat[seat] for seat, hand in enumerate(holding.hands))
        state = state_from_view(self.start, Holding(hands, holding.nest, holding.aside))
        for seat, card in self.plays:
            if self.side >> seat & 1 and normal_play(Table(make_view(state, seat))) != card:
                return False
            state.play_card(card)
        return True


@dataclass
class Tally:
    views: int = 0
    drawn: int = 0
    agreeing: int = 0  # samples that agree with every play of the declaring side
    right_if_agreeing: list[float] = field(default_factory=list)  # by sample: share of top cards placed right
    right_if_not: list[float] = field(default_factory=list)


def check_view(state: GameState, view: SeatView, samples: int, rng: random.Random, tally: Tally) -> None:
    """Draw ``samples`` holdings for ``view`` (a defender's) and tally them."""
    side = team_of(view, view.bidder)
    replay = PlaysReplay(view, side)
    sampler = Sampler(view, True)
    top = part_cards(state, "top")
    want = {s: state.hands[s] & top for s in range(len(view.seats)) if side >> s & 1}
    hidden = sum(w.bit_count() for w in want.values())
    tally.views += 1
    for _ in range(samples):
        holding = sampler.draw(rng)
        agrees = replay.agrees(holding)
        tally.agreeing += agrees
        tally.drawn += 1
        if hidden:
            right = sum((holding.hands[s] & w).bit_count() for s, w in want.items()) / hidden
            (tally.right_if_agreeing if agrees else tally.right_if_not).append(right)


def run(preset: str, games: int, seed: int, samples: int) -> Tally:
    tally = Tally()
    for game in range(games):
        state, _ = new_game(preset, None, seed + game)
        players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
        rng = random.Random(seed + game)
        while not state.is_over() and state.hand_number <= 3:
            actor = state.actor
            view = state.view(actor)
            if (actor == 0 and view.phase == "play" and view.bidder >= 0 and not team_of(view, 0) >> view.bidder & 1
                    and 2 <= len(view.tricks) <= 7 and not view.trick):
                check_view(state, view, samples, rng, tally)
            state.apply(players[actor].choose(view))
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="georgia")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=40)
    args = parser.parse_args()
    t = run(args.rules, args.games, args.seed, args.samples)
    print(f"{args.rules}: {t.views} views, {t.drawn} samples; {t.agreeing / max(1, t.drawn):.0%} agree with every "
          f"play of the declaring side; its hidden top cards in the right hand: {_mean(t.right_if_agreeing)} "
          f"of those that agree ({len(t.right_if_agreeing)}), {_mean(t.right_if_not)} of those that do not "
          f"({len(t.right_if_not)})")


def _mean(shares: list[float]) -> str:
    return f"{statistics.mean(shares):.1%}" if shares else "none"


if __name__ == "__main__":
    main()
