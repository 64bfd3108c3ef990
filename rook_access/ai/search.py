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
from ..core import cards as C
from ..core.determinize import state_from_view
from .context import decision_rng, deck_of, suits_of
from .endgame import solve
from .playout import Rules, orders_of, play_out_result, utility
from .sampling import Sampler

# The last two cards stop sharing samples early when one is clearly better (``_settled``):
# checked every STOP_EVERY samples of the last round, from STOP_AFTER on.
STOP_EVERY = 8
STOP_AFTER = 16
STOP_Z = 3.0
MIN_FLOOR = 6  # samples a card searched gets at the least (``Budget.floor``)


@dataclass(frozen=True)
class Budget:
    playouts: int = 600  # play-outs per decision at most, shared among the cards searched
    card_plays: int = 6500  # and at most this many cards played in all play-outs (0: no limit)
    min_samples: int = 12  # samples every card searched gets (``floor``)
    max_samples: int = 80  # samples the last cards standing get at most
    exact_cards: int = 8  # solve exactly once at most this many cards are left in all hands
    exact_samples: int = 24  # samples for an exact decision (each is a full solve)
    halving: bool = True  # successive halving (``card_values``); False: every card on every sample

    def floor(self, playouts: int, running: int) -> int:
        """The samples each of ``running`` cards gets in a round at least: ``min_samples``, less
        (down to ``MIN_FLOOR``) when that would spend more than twice the decision's play-outs on
        the round — many cards to compare in long play-outs (kentucky-west's first tricks:
        13-card hands), where the halving would otherwise spend twice the budget."""
        return min(self.min_samples, max(MIN_FLOOR, playouts // (2 * running)))

    def playouts_for(self, left: int) -> int:
        """The play-outs a decision with ``left`` cards in all hands may spend: a play-out costs
        about one step per card left, so early decisions get fewer (the 95th percentile of the
        decision time is set by the first tricks)."""
        if self.card_plays:
            return max(1, min(self.playouts, self.card_plays // max(1, left)))
        return self.playouts


def card_values(view: SeatView, seed: int, budget: Budget = Budget(), infer: bool = True) -> dict[int, float]:
    """Mean utility (``playout.utility`` for the view's seat) of each legal card worth searching:
    of cards that play alike (``equivalent``) only the lowest is searched and returned. ``infer``:
    the samples read the auction and the trump call (``sampling``).

    The budget goes where the choice is close (successive halving): every card is played out on
    the same first samples, the better half goes on to fresh samples, and so on until two are
    left; every card still in the running has been scored on the same samples, so each cut
    compares cards on equal luck. A card's value is its mean over the samples it was scored on."""
    cards = [a.value for a in view.legal if a.kind == "play"]
    if len(cards) == 1:
        return {cards[0]: 0.0}
    cards = equivalent(view, cards)
    if len(cards) == 1:
        return {cards[0]: 0.0}
    rng = decision_rng(seed, view, "search")
    sampler = Sampler(view, infer)
    left = sum(view.hand_sizes)
    exact = left <= budget.exact_cards
    totals = dict.fromkeys(cards, 0.0)
    counts = dict.fromkeys(cards, 0)
    template = None
    playouts = budget.playouts_for(left)
    rounds = max(1, (len(cards) - 1).bit_length()) if budget.halving else 1  # halvings down to 2
    running = cards
    done = 0
    for round_ in range(rounds):
        if exact:
            samples = budget.exact_samples if round_ == 0 else 0
        else:
            share = playouts // rounds // len(running)
            samples = min(max(budget.floor(playouts, len(running)), share), budget.max_samples - done)
        final = not exact and len(running) == 2
        diffs: list[float] = []  # the last two cards' difference on each sample they share
        for drawn in range(1, samples + 1):
            holding = sampler.draw(rng)
            state = state_from_view(view, holding, template)
            template = template or state
            rules = Rules.of(state)
            values = []
            for card in running:
                if exact:
                    value = solve(rules, state, view.seat, card)
                else:
                    value = utility(state, play_out_result(rules, state, card), view.seat)
                totals[card] += value
                counts[card] += 1
                values.append(value)
            if final:
                diffs.append(values[0] - values[1])
                if drawn % STOP_EVERY == 0 and drawn >= STOP_AFTER and _settled(diffs):
                    samples = drawn
                    break
        done += samples
        if exact or done >= budget.max_samples:
            break
        if round_ < rounds - 1:
            ranked = sorted(running, key=lambda c: (-totals[c], c))
            running = ranked[: max(2, (len(running) + 1) // 2)]
    return {card: totals[card] / counts[card] for card in cards if counts[card]}


def _settled(diffs: list[float]) -> bool:
    """Whether the last two cards' paired differences already say which is better: the mean
    difference is ``STOP_Z`` standard errors from zero, or every sample scored them alike. The
    rest of the budget would only confirm it (a sequential test on the same samples; no clock)."""
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return var == 0 or mean * mean * n >= STOP_Z * STOP_Z * var


def equivalent(view: SeatView, cards: list[int]) -> list[int]:
    """``cards`` less those that play exactly like a lower one: two cards of one suit with the
    same points and no card between them that another seat could still play or that lies in the
    trick (only cards of this hand, or already gone, between them) win and lose the same tricks,
    so searching both only splits the budget. The lowest of each run is kept. Cards that may be
    played at any time (the Rook Bird where ``rook_anytime``) are never merged: they differ later."""
    suits = suits_of(view.options, view.trump, view.rook_call)
    deck = deck_of(view.options, view.rook_call)
    playing = view.dummy_hand if view.turn == view.dummy and view.dummy >= 0 else view.hand
    trick = 0
    for _seat, card in view.trick:
        trick |= C.BIT[card]
    gone = (view.played & ~trick) | C.to_mask(view.discards)
    blockers = deck.mask & ~playing & ~gone
    legal = C.to_mask(cards)
    order = orders_of(suits, deck.rank)
    points = deck.points
    dropped = 0
    for suit in {suits.suit_of[c] for c in cards}:
        previous = -1  # the last legal card of the run being walked, high to low
        for card in order[suit]:
            bit = C.BIT[card]
            if blockers & bit:
                previous = -1
            elif legal & bit and not suits.anytime & bit:
                if previous >= 0 and points[previous] == points[card]:
                    dropped |= C.BIT[previous]  # the higher one plays like this lower one
                previous = card
            elif legal & bit:
                previous = -1
    return [c for c in cards if not dropped & C.BIT[c]]


def best_card(view: SeatView, seed: int, budget: Budget = Budget(), infer: bool = True) -> int:
    return pick_card(card_values(view, seed, budget, infer))


def pick_card(values: dict[int, float]) -> int:
    """The best-valued card; ties go to the lowest card id, so the choice is deterministic."""
    return max(values, key=lambda c: (values[c], -c))
