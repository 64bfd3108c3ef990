"""Determinized search for card play (the hard level).

For each of a number of sampled holdings consistent with the view (``sampling``), every legal
card is scored by playing the hand out (``playout``) — or, once few cards are left, by solving
the rest exactly (``endgame``) — and the card with the best total over the same samples wins.
Scoring all cards on the same samples compares them on equal luck.

The budget is counted in play-outs, not seconds: a clock would make the choice depend on the
machine's load, and a bot must choose the same card for the same seed and view.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import SeatView
from ..core.determinize import state_from_view
from .context import decision_rng
from .endgame import solve
from .playout import Rules, play_out, utility
from .sampling import Sampler


@dataclass(frozen=True)
class Budget:
    playouts: int = 600  # play-outs per decision, shared among the legal cards
    min_samples: int = 12
    max_samples: int = 80
    exact_cards: int = 8  # solve exactly once at most this many cards are left in all hands
    exact_samples: int = 24  # samples for an exact decision (each is a full solve)


def card_values(view: SeatView, seed: int, budget: Budget = Budget(), infer: bool = True) -> dict[int, float]:
    """Mean utility (``playout.utility`` for the view's seat) of each legal card; ``infer``: the
    samples read the auction and the trump call (``sampling``)."""
    cards = [a.value for a in view.legal if a.kind == "play"]
    if len(cards) == 1:
        return {cards[0]: 0.0}
    rng = decision_rng(seed, view, "search")
    sampler = Sampler(view, infer)
    left = sum(view.hand_sizes)
    exact = left <= budget.exact_cards
    if exact:
        samples = budget.exact_samples
    else:
        samples = max(budget.min_samples, min(budget.max_samples, budget.playouts // len(cards)))
    totals = dict.fromkeys(cards, 0.0)
    template = None
    for _ in range(samples):
        holding = sampler.draw(rng)
        state = state_from_view(view, holding, template)
        template = template or state
        rules = Rules.of(state)
        for card in cards:
            if exact:
                totals[card] += solve(rules, state, view.seat, card)
            else:
                totals[card] += utility(state, play_out(rules, state, card), view.seat)
    return {card: total / samples for card, total in totals.items()}


def best_card(view: SeatView, seed: int, budget: Budget = Budget(), infer: bool = True) -> int:
    return pick_card(card_values(view, seed, budget, infer))


def pick_card(values: dict[int, float]) -> int:
    """The best-valued card; ties go to the lowest card id, so the choice is deterministic."""
    return max(values, key=lambda c: (values[c], -c))
