"""Where the hard level's defence loses to sight: each card it plays in defence, against the card
its own search would play seeing every hand.

    ROOK_ACCESS_PURE=1 pip install -e .   # plain Python, for the clairvoyant sampler
    python benchmarks/defence_regret.py --rules georgia --games 60

Why: seeing the declaring side's cards is worth most of what sight wins in georgia's card play
(docs/bots.md, "Where the play loses to sight"). This says at which cards: the lead or a seat
following, and how early in the hand.

How: the hard level in North and South, normal in East and West, whole games. At every card the
hard level plays while the other side holds the contract (with more than one card worth
searching), its search is asked twice on the same view: as it is (the card it plays) and with
every sample the real deal (``clairvoyant``). The *regret* is how much better the seeing
search's card does than the card played, by the seeing search's own values (the real deal played
out by the play-out rule, or solved exactly near the end); 0 when they agree. One play-out of the
real deal is a rough judge of a single card, so only sums over many cards are read.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import clairvoyant  # noqa: E402  (a script beside this one)

from rook_access.ai.context import team_of  # noqa: E402
from rook_access.ai.hard import HardBot  # noqa: E402
from rook_access.ai.players import make_player  # noqa: E402
from rook_access.ai.search import pick_card  # noqa: E402
from rook_access.core import SeatView, new_game  # noqa: E402
from rook_access.core import actions as A  # noqa: E402
from rook_access.core.actions import Action  # noqa: E402

POSITIONS = ("lead", "second", "third", "fourth")
STAGES = ((0, 2, "tricks 1-3"), (3, 6, "tricks 4-7"), (7, 99, "tricks 8 on"))


@dataclass(frozen=True)
class Decision:
    """One card the hard level played in defence, judged by the seeing search."""

    seat: int
    bidder: int
    trick: int  # tricks already played this hand
    position: int  # cards already in the trick: 0 leads
    played: int
    seen: int  # the seeing search's card
    regret: float  # its value less the value of the card played, by the seeing search


class Probe(HardBot):
    """The hard level, noting how each card it plays in defence compares with sight."""

    def __init__(self, seed: int, decisions: list[Decision]) -> None:
        super().__init__(seed)
        self.decisions = decisions

    def choose_play(self, view: SeatView) -> Action:
        values = self.card_values(view)
        card = pick_card(values, view)
        defending = view.bidder >= 0 and not team_of(view, view.seat) >> view.bidder & 1
        if defending and len(values) > 1:
            self.decisions.append(self.judge(view, card))
        return A.PLAYS[card]

    def judge(self, view: SeatView, card: int) -> Decision:
        with clairvoyant.seeing(view.seats[view.seat]):
            seen = self.card_values(view)
        best = pick_card(seen, view)
        return Decision(view.seat, view.bidder, len(view.tricks), len(view.trick), card, best,
                        seen[best] - seen[card])


def run(preset: str, games: int, seed: int, hands: int = 0) -> list[Decision]:
    """The hard level's defence decisions over ``games`` games (only the first ``hands`` hands
    of each when ``hands``)."""
    clairvoyant.install()
    decisions: list[Decision] = []
    try:
        for game in range(games):
            state, _ = new_game(preset, None, seed + game)
            players = {i: Probe(seed + game, decisions) if i % 2 == 0 else
                       make_player("normal", s, state.options, seed + game) for i, s in enumerate(state.seats)}
            while not state.is_over() and not (hands and state.hand_number > hands):
                actor = state.actor
                state.apply(players[actor].choose(state.view(actor)))
    finally:
        clairvoyant.uninstall()
    return decisions


def table(decisions: list[Decision]) -> list[str]:
    """Markdown rows: by position in the trick and stage of the hand, the cards, how many the
    seeing search plays differently, the regret a card and the share of all regret."""
    total = sum(d.regret for d in decisions) or 1.0
    groups: dict[tuple[int, str], list[Decision]] = defaultdict(list)
    for d in decisions:
        stage = next(name for low, high, name in STAGES if low <= d.trick <= high)
        groups[(d.position, stage)].append(d)
    rows = ["| card | stage | cards | sight plays another | regret a card | share of all regret |",
            "|---|---|---|---|---|---|"]
    for position, label in enumerate(POSITIONS):
        for _low, _high, stage in STAGES:
            group = groups.get((position, stage), [])
            if not group:
                continue
            regret = sum(d.regret for d in group)
            differ = sum(d.seen != d.played for d in group)
            rows.append(f"| {label} | {stage} | {len(group)} | {differ / len(group):.0%} | "
                        f"{regret / len(group):.1f} | {regret / total:.0%} |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="georgia")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=8001)
    args = parser.parse_args()
    decisions = run(args.rules, args.games, args.seed)
    print(f"{args.rules}: {len(decisions)} cards played in defence, "
          f"regret {sum(d.regret for d in decisions) / max(1, len(decisions)):.1f} a card")
    print("\n".join(table(decisions)))


if __name__ == "__main__":
    main()
