"""The random-legal player: any legal action, chosen at random, with the auction weighted so
games end (uniform bidding drives every contract to the maximum and both sides only lose)."""

from __future__ import annotations

import random
from math import log

from ..core import Action, SeatView
from ..core.actions import BID, CHECK, MISDEAL, PASS


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int = 0, pass_chance: float = 0.6) -> None:
        self.rng = random.Random(seed)
        self._random = self.rng.random  # choose_card's draw, looked up once
        self.pass_chance = pass_chance

    def choose(self, view: SeatView) -> Action:
        return self.choose_from(view.legal)

    def choose_from(self, legal: tuple[Action, ...] | list[Action]) -> Action:
        rng = self.rng
        first = legal[0]
        if first.kind == BID:
            # Checks and misdeal calls come up rarely; take them often so simulations test them.
            if legal[-1].kind in (CHECK, MISDEAL) and rng.random() < 0.5:
                return legal[-1]
            if rng.random() < self.pass_chance:
                for action in reversed(legal):  # the pass follows the bids: found from the end
                    if action.kind == PASS:
                        return action
            # rng.expovariate(1.0), inlined (the same draw and the same float): bids are half
            # the auction's decisions.
            return legal[min(int(-log(1.0 - rng.random())), len(legal) - 1)]
        return legal[int(rng.random() * len(legal))]

    def choose_card(self, legal: int) -> int:
        """The card ``choose_from`` would play from these legal plays (a card mask), with the
        same draw, without building the list of actions: random play's hot path."""
        skip = int(self._random() * legal.bit_count())
        while skip:  # (a while loop: cheaper than range for the few cards skipped)
            legal &= legal - 1  # drop the lowest card
            skip -= 1
        return (legal & -legal).bit_length() - 1
