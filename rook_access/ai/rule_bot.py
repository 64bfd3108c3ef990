"""A bot that plays every phase by rules of thumb; ``easy`` and ``normal`` are two settings of it.

Each phase has its own module (bidding, discard, play_heuristics); this class only routes the
view to the right one and holds the level's settings, so a level is data, not a subclass.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import Action, Phase, SeatView
from ..core import actions as A
from .bidding import bid_ceiling, choose_auction
from .context import Table
from .discard import choose_call, choose_discard, choose_trump
from .play_heuristics import easy_play, normal_play


@dataclass(frozen=True)
class Style:
    """A level's settings."""

    name: str
    bid_margin: float  # points kept in hand below the estimate when bidding
    partner_surplus: int  # how far above the partner's bid the estimate must be to overcall
    bury_counters: bool  # bury losing counters in the nest (it returns to the last trick)
    hand_trump_to_partner: bool  # use partner_calls_trump with a hand that has no trump suit
    counting: bool  # count cards, read voids and the partner (normal play) or not (easy play)


EASY = Style("easy", bid_margin=20, partner_surplus=1000, bury_counters=False,
             hand_trump_to_partner=False, counting=False)
NORMAL = Style("normal", bid_margin=8, partner_surplus=15, bury_counters=True,
               hand_trump_to_partner=True, counting=True)


class RuleBot:
    """A player that decides by rules of thumb; deterministic (it uses no randomness at all)."""

    def __init__(self, style: Style, seed: int = 0) -> None:
        self.style = style
        self.name = style.name
        self.seed = seed

    def choose(self, view: SeatView) -> Action:
        phase = view.phase
        if phase == Phase.PLAY:
            return self.choose_play(view)
        if phase == Phase.AUCTION:
            return self.choose_bid(view)
        if phase == Phase.DISCARD:
            return choose_discard(view, self.style.bury_counters)
        if phase == Phase.TRUMP:
            return choose_trump(view, self.style.hand_trump_to_partner)
        if phase == Phase.CALL:
            return choose_call(view)
        raise ValueError(f"no decision to make in phase {phase!r}")

    def choose_bid(self, view: SeatView) -> Action:
        ceiling = bid_ceiling(view, self.style.bid_margin)
        return choose_auction(view, ceiling, self.style.partner_surplus)

    def choose_play(self, view: SeatView) -> Action:
        table = Table(view)
        card = normal_play(table) if self.style.counting else easy_play(table)
        return A.PLAYS[card]
