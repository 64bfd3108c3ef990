"""What the auction told the table about the hands still hidden (the hard level's sampling).

A bid says strength: a seat that bid 100 was dealt a hand worth about 100 points or more. A pass
says the opposite: the hand was not worth the next bid (unless the seat's own partner held the
bid, when passing is what partners do). A check says nothing. ``AuctionReading`` turns a view's
auction into a weight for a sampled holding — near 1 when every seat's sampled hand fits what it
said, small when not — and the sampler keeps holdings in proportion to it.

The weight needs a hand's worth up to about 3,000 times a decision (every sample, up to six deals
each, every seat that spoke); ``hand_value.hand_worth`` (what the bots bid on) costs 7-10 µs
compiled and 33-41 µs as plain Python, so a stand-in ten to twenty times cheaper is fitted to it
once per set of rules (``WorthModel``): a table of card values (the top cards of each colour, the
Rook Bird, the counters) and the longest colour, by least squares over random hands. Reading the
auction with the exact worth instead, and more sharply, won no more games (docs/bots.md).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..core import SeatView
from ..core import actions as A
from ..core import cards as C
from ..core.options import Options
from .context import deck_of, played_by_seat, team_of
from .hand_value import hand_worth, tricks_per_hand

# A bid of b: the hand is worth at least about b - BID_SLACK (the bots bid up to their worth
# less 8; the hard level up to its worth plus 7). A pass with b the lowest bid allowed: worth
# below about b + PASS_SLACK. The softness of both, in points, is the fit's own error plus
# BEHAVIOUR_NOISE for players who bid by feel (a logistic's spread is 1.8 times its scale).
BID_SLACK = 10.0
PASS_SLACK = 8.0
BEHAVIOUR_NOISE = 6.0
FIT_HANDS = 160

# Value of the k-th highest card of a colour (trump or not): a rough count of tricks.
TOP_VALUES = (1.0, 0.7, 0.45, 0.25, 0.1)


@dataclass(frozen=True)
class WorthModel:
    """hand_worth(hand) ≈ a + b * honours + c * longest + d * counter points."""

    card_value: tuple[float, ...]  # honour value by card
    card_points: tuple[int, ...]  # counter points by card
    colour_masks: tuple[int, ...]  # each colour's cards, the special cards with every colour
    coef: tuple[float, float, float, float]
    error: float = 0.0  # root mean square error of the fit, in points

    def worth(self, hand: int) -> float:
        value, points = self.card_value, self.card_points
        honours = 0.0
        count = 0
        h = hand
        while h:
            low = h & -h
            card = low.bit_length() - 1
            honours += value[card]
            count += points[card]
            h ^= low
        longest = max((hand & m).bit_count() for m in self.colour_masks)
        a, b, c, d = self.coef
        return a + b * honours + c * longest + d * count

    @classmethod
    def build(cls, options: Options) -> WorthModel:
        deck = deck_of(options)
        rank = deck.rank
        card_value = [0.0] * C.CARD_COUNT
        plain = deck.mask & ~deck.special
        for colour in range(4):
            cards = sorted(C.cards_in(plain & C.COLOR_MASK[colour]), key=lambda c: rank[c], reverse=True)
            for k, card in enumerate(cards[: len(TOP_VALUES)]):
                card_value[card] = TOP_VALUES[k]
        for card in C.cards_in(deck.special):
            # The Rook Bird (and red 1) are trump whatever the colour: worth a top trump when
            # they rank high, a spare trump when low.
            card_value[card] = 1.0 if rank[card] >= 30 else 0.3
        masks = tuple(C.COLOR_MASK[c] & deck.mask | deck.special for c in range(4))
        honour_only = cls(tuple(card_value), deck.points, masks, (0.0, 1.0, 0.0, 0.0))
        coef, error = _fit(options, honour_only)
        return cls(tuple(card_value), deck.points, masks, coef, error)


def _fit(options: Options, honours: WorthModel) -> tuple[tuple[float, float, float, float], float]:
    """Least squares of hand_worth on (1, honours, longest colour, counter points) over random
    hands, from a fixed seed so every process fits the same model."""
    deck = deck_of(options)
    cards = list(C.cards_in(deck.mask))
    size = tricks_per_hand(options, deck)
    rng = random.Random(f"worth/{options}")
    rows: list[tuple[float, ...]] = []
    ys: list[float] = []
    for _ in range(FIT_HANDS):
        hand = C.to_mask(rng.sample(cards, size))
        rows.append((1.0, honours.worth(hand), float(max((hand & m).bit_count() for m in honours.colour_masks)),
                     float(deck.points_of(hand))))
        ys.append(hand_worth(hand, options))
    coef = _least_squares(rows, ys)
    error = math.sqrt(sum((sum(c * x for c, x in zip(coef, r)) - y) ** 2 for r, y in zip(rows, ys)) / len(ys))
    return coef, error


def _least_squares(rows: list[tuple[float, ...]], ys: list[float]) -> tuple[float, float, float, float]:
    """Solve the normal equations (4 unknowns) by Gaussian elimination with a little ridge so a
    constant column (a deck without counters) cannot make them singular."""
    k = len(rows[0])
    m = [[sum(r[i] * r[j] for r in rows) + (1e-6 if i == j else 0.0) for j in range(k)]
         + [sum(r[i] * y for r, y in zip(rows, ys))] for i in range(k)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(k):
            if r != col and m[col][col]:
                f = m[r][col] / m[col][col]
                m[r] = [a - f * b for a, b in zip(m[r], m[col])]
    a, b, c, d = (m[i][k] / m[i][i] if m[i][i] else 0.0 for i in range(k))
    return a, b, c, d


_MODELS: dict[int, tuple[Options, WorthModel]] = {}
_BY_RULES: dict[str, WorthModel] = {}


def worth_model(options: Options) -> WorthModel:
    """The fitted model for these rules: fitted once per set of rules (a fit takes a fifth of a
    second), looked up by the Options object first because that is cheap."""
    entry = _MODELS.get(id(options))
    if entry is None or entry[0] is not options:
        key = repr(options)
        model = _BY_RULES.get(key)
        if model is None:
            model = _BY_RULES[key] = WorthModel.build(options)
        entry = (options, model)
        _MODELS[id(options)] = entry
    return entry[1]


@dataclass(frozen=True)
class SeatSaid:
    """What one seat's auction says of its dealt hand: worth at least ``floor`` (a bid), below
    ``ceiling`` (a pass); None when it said nothing of the kind."""

    seat: int
    floor: float | None
    ceiling: float | None


def auction_says(view: SeatView) -> list[SeatSaid]:
    """Each other seat's floor and ceiling from the bids and passes of this hand's auction."""
    o = view.options
    high, high_bidder = -1, -1
    floors: dict[int, float] = {}
    ceilings: dict[int, float] = {}
    for seat, kind, amount in view.auction:
        if kind == A.BID:
            floors[seat] = amount - BID_SLACK
            high, high_bidder = amount, seat
        elif kind == A.PASS:
            partner_held = high_bidder >= 0 and high_bidder != seat and bool(team_of(view, seat) >> high_bidder & 1)
            if not partner_held:
                lowest = max(o.min_bid, high + 5) if high_bidder >= 0 else o.min_bid
                ceilings[seat] = lowest + PASS_SLACK
    seats = (set(floors) | set(ceilings)) - {view.seat, view.dummy}
    return [SeatSaid(s, floors.get(s), ceilings.get(s)) for s in sorted(seats)]


class AuctionReading:
    """Weights holdings by how well they fit what the auction said (one per decision)."""

    def __init__(self, view: SeatView) -> None:
        self.said = auction_says(view) if view.options.auction else []
        self.model = worth_model(view.options) if self.said else None
        self.scale = (BEHAVIOUR_NOISE + self.model.error) / 1.8 if self.model else 1.0
        self.played = played_by_seat(view)

    def weight(self, hands: tuple[int, ...] | list[int]) -> float:
        """In (0, 1]: the product, over the seats that spoke, of a soft 'worth at least the
        floor' and 'worth below the ceiling'."""
        model = self.model
        if model is None:
            return 1.0
        w = 1.0
        scale = self.scale
        for said in self.said:
            worth = model.worth(hands[said.seat] | self.played[said.seat])
            if said.floor is not None:
                w *= _sigmoid((worth - said.floor) / scale)
            if said.ceiling is not None:
                w *= _sigmoid((said.ceiling - worth) / scale)
        return w


def _sigmoid(x: float) -> float:
    if x < -30:
        return 1e-13
    return 1.0 / (1.0 + math.exp(-x))
