"""A complete small Rook bot: it always plays its lowest legal card.

Run it in the east seat against the built-in levels:

    PYTHONPATH=examples/bots rook-access simulate --bot east=lowest_card:make --ns normal --games 10

The protocol (docs/bots.md): a factory ``make(seat, options, seed)`` returns an object with a
``name`` and a ``choose(view) -> Action`` method. ``view`` is the seat's ``SeatView``: only what
that seat may know. ``view.legal`` lists every action allowed now; return one of them.
"""

from __future__ import annotations

from rook_access.core import Action, Options, SeatView
from rook_access.core import cards as C
from rook_access.core.actions import trump_parts
from rook_access.core.deck import DeckInfo


class LowestCard:
    name = "lowest-card"

    def __init__(self, seat: str, options: Options, seed: int) -> None:
        self.seat = seat
        # Card ranks depend on the rules (1s high or low, where the Rook Bird sits): ask the deck.
        self.rank = DeckInfo.build(options).rank

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        kinds = {action.kind for action in legal}
        if "play" in kinds or "discard" in kinds:
            # Lowest card by rank; card ids break ties so the choice is always the same.
            cards = [a for a in legal if a.kind in ("play", "discard")]
            return min(cards, key=lambda a: (self.rank[a.value], a.value))
        if "trump" in kinds:
            # Name the colour it holds most of (no trump, colour 4, is never chosen); where the
            # rules have the caller call the Rook Bird too (rook=called), the first such call.
            counts = [(view.hand & C.COLOR_MASK[colour]).bit_count() for colour in range(4)]
            best = counts.index(max(counts))
            return next(a for a in legal if a.kind == "trump" and trump_parts(a.value)[0] == best)
        if "call" in kinds:
            # Call-partner rules: call the highest card it does not hold.
            calls = [a for a in legal if a.kind == "call"]
            return max(calls, key=lambda a: (self.rank[a.value], a.value))
        if "pass" in kinds:
            return Action("pass")  # never bids: a bot this weak should not hold the contract
        return legal[0]


def make(seat: str, options: Options, seed: int) -> LowestCard:
    return LowestCard(seat, options, seed)
