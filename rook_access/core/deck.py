"""What a preset's deck holds, what each card is worth, and how cards rank.

Everything here is computed once per game into plain tuples indexed by card, so the trick loop
only indexes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from . import cards as C
from .options import Options

RED_ONE, LITTLE_ROOK, BABY_ROOK = C.RED_ONE, C.LITTLE_ROOK, C.BABY_ROOK

# Cards that become trump whatever the trump colour, beside the Rook Bird (readers' families):
# (option, card, rank). Ranks are doubled numbers (a 14 is 28, a high 1 is 30, a high Rook Bird
# 40): the red 1 is above the Rook Bird; the little and baby Rooks are "second to the big Rook
# Bird", so above every numbered trump and, when the Rook Bird is not the top trump, the top.
# Their points: ``red_one`` is worth 30; ``little_rook`` and ``baby_rook`` are their points.
SPECIAL_TRUMPS: tuple[tuple[str, int, int], ...] = (
    ("red_one", RED_ONE, 50),
    ("little_rook", LITTLE_ROOK, 36),
    ("baby_rook", BABY_ROOK, 35),
)


def special_trumps(o: Options) -> list[tuple[int, int, int]]:
    """The special trumps these options play, beside the Rook Bird: (card, rank, points)."""
    out = []
    for option, card, rank in SPECIAL_TRUMPS:
        value = getattr(o, option)
        if value:
            out.append((card, rank, 30 if value is True else int(value)))
    return out
TEN_RANK = 20  # ranks are doubled numbers: a card ranking at least this is "10 or higher"
# The Rook Bird's rank by ``rook``: above every numbered trump (a high 1 is 30), below every
# trump (a low 1 is 2: "the lowest possible trump, below the 2 card"), or between the 10 and the
# 11. Where the trump caller calls it (``rook=called``) it ranks high until the call: a hand
# holding it may still call it the top trump (so it is "a card of 10 or higher" for a misdeal).
ROOK_RANKS = {"high": 40, "low": 0, "ten-and-half": 21, "called": 40}
# The calls the trump caller chooses between where ``rook=called`` (the encyclopedia).
ROOK_CALLS = ("high", "low")


def numbers_in_play(o: Options) -> list[int]:
    numbers = list(range(5, 15))
    if o.low_cards in ("fours", "in"):
        numbers.insert(0, 4)
    if o.low_cards == "in":
        numbers[0:0] = [2, 3]
    if o.ones != "out":
        numbers.insert(0, 1)
    return numbers


def deck_mask(o: Options) -> int:
    mask = 0
    for n in numbers_in_play(o):
        for color in range(4):
            mask |= C.BIT[C.make(n, color)]
    if o.rook != "none":
        mask |= C.BIT[C.ROOK]
    for card, _rank, _points in special_trumps(o):
        mask |= C.BIT[card]
    return mask


@dataclass(frozen=True)
class DeckInfo:
    """Per-card tables for one game's options."""

    mask: int
    points: tuple[int, ...]  # counter value by card
    counters: int  # mask of cards worth points
    total: int  # points of the whole deck
    rank: tuple[int, ...]  # order within a colour and within trump; higher wins
    special: int  # cards that are trump whatever the trump colour: Rook Bird, SPECIAL_TRUMPS
    ten_or_higher: int  # cards ranking at least as high as a 10 (misdeal_no_ten)

    # The tables are keys of the trick tables' cache (``tricks.suits_for``, once a hand) and of
    # the bots' caches; hashing two 57-entry tuples each time cost a microsecond, so it is done once.
    @cached_property
    def _hash(self) -> int:
        return hash((self.mask, self.points, self.counters, self.total, self.rank, self.special,
                     self.ten_or_higher))

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def build(cls, o: Options) -> DeckInfo:
        mask = deck_mask(o)
        points = [0] * C.CARD_COUNT
        rank = [0] * C.CARD_COUNT
        for card in C.cards_in(mask):
            n = C.number_of(card)
            if card == C.ROOK:
                points[card] = o.counters.get("rook", 0)
            else:
                points[card] = o.counters.get(str(n), 0)
            # Ranks are doubled so the Rook can sit between the 10 and the 11.
            rank[card] = 30 if (n == 1 and o.ones == "high") else 2 * n
        if o.rook != "none":
            rank[C.ROOK] = ROOK_RANKS[o.rook]
        special = C.BIT[C.ROOK] if o.rook != "none" else 0
        for card, card_rank, card_points in special_trumps(o):
            points[card] = card_points
            rank[card] = card_rank
            special |= C.BIT[card]
        counters = sum(C.BIT[c] for c in C.cards_in(mask) if points[c])
        return cls(
            mask=mask,
            points=tuple(points),
            counters=counters,
            total=sum(points),
            rank=tuple(rank),
            special=special,
            ten_or_higher=sum(C.BIT[c] for c in C.cards_in(mask) if rank[c] >= TEN_RANK),
        )

    def with_rook(self, call: str) -> DeckInfo:
        """These tables with the Rook Bird ranked as the trump caller called it (``high`` or
        ``low``; ``rook=called``), for the rest of the hand. Cached: one per deck and call."""
        key = (self, call)
        deck = _CALLED.get(key)
        if deck is None:
            rank = list(self.rank)
            rank[C.ROOK] = ROOK_RANKS[call]
            deck = _CALLED[key] = replace(
                self, rank=tuple(rank),
                ten_or_higher=sum(C.BIT[c] for c in C.cards_in(self.mask) if rank[c] >= TEN_RANK))
        return deck

    def points_of(self, mask: int) -> int:
        return sum(map(self.points.__getitem__, C.card_list(mask & self.counters)))


_CALLED: dict[tuple[DeckInfo, str], DeckInfo] = {}


# Building the tables costs ~100 µs: they are kept per Options object (Options holds a dict, so
# it is no dict key; the object is kept alive here, so its id is never reused for another).
_DECKS: dict[int, tuple[Options, DeckInfo]] = {}


def deck_of(options: Options, rook_call: str = "") -> DeckInfo:
    """The deck tables of these options (``DeckInfo.build``, cached); with ``rook_call``
    ("high"/"low", rook=called), of a hand where the Rook Bird was called so (``hand_deck``)."""
    entry = _DECKS.get(id(options))
    if entry is None or entry[0] is not options:
        entry = (options, DeckInfo.build(options))
        _DECKS[id(options)] = entry
    return hand_deck(entry[1], rook_call)


def hand_deck(deck: DeckInfo, rook_call: str) -> DeckInfo:
    """The deck tables of a hand: the game's, or with the Rook Bird as the trump caller called
    it (``rook_call``: "" where the rules fix its rank or before the call)."""
    return deck.with_rook(rook_call) if rook_call else deck
