"""The hard level: determinized search for the card play (``search``), Monte Carlo play-outs for
the bid and the trump (``bid_search``), and the normal level's discard and partner rules.

Deterministic: every decision draws its samples from a generator seeded by the bot's seed and
the view (``context.decision_rng``), never from global random state or the clock.
"""

from __future__ import annotations

from ..core import Action, Phase, SeatView
from ..core import actions as A
from ..core.options import Options
from . import bid_search
from .bidding import bid_ceiling as rule_ceiling
from .bidding import choose_auction, partner_has_contract
from .inference import worth_model
from .rule_bot import NORMAL, RuleBot
from .search import Budget, best_card


class HardBot(RuleBot):
    def __init__(self, seed: int = 0, budget: Budget | None = None,
                 bid_samples: int = bid_search.BID_SAMPLES, trump_samples: int = bid_search.TRUMP_SAMPLES,
                 inference: bool = True) -> None:
        super().__init__(NORMAL, seed)
        self.name = "hard"
        self.inference = inference  # samples read the auction and the trump call (``sampling``)
        self.budget = budget or Budget()
        self.bid_samples = bid_samples
        self.trump_samples = trump_samples

    def choose_play(self, view: SeatView) -> Action:
        return A.PLAYS[best_card(view, self.seed, self.budget, self.inference)]

    def choose_bid(self, view: SeatView) -> Action:
        if not any(a.kind == A.BID for a in view.legal):
            return super().choose_bid(view)
        if view.options.moon == "off" and partner_has_contract(view):
            return A.PASS_ACTION  # only a moon shot is worth outbidding a partner who has the contract
        ceiling, moon = bid_search.bid_ceiling(view, self.seed, samples=self.bid_samples,
                                              infer=self.inference)
        if moon and A.BIDS[view.options.max_bid] in view.legal:
            return A.BIDS[view.options.max_bid]
        # The play-outs credit a hand with its partner's strength too, so alone they would open
        # on a hand with nothing in it; a partner (human or bot) reads a bid as strength. Stay
        # within reach of what the hand itself is worth (measured on hasbro against normal, 80
        # deals both ways: +15.4 points per hand with this cap, +19.7 without, both +-5).
        ceiling = min(ceiling, rule_ceiling(view, self.style.bid_margin) + 15)
        return choose_auction(view, ceiling, self.style.partner_surplus)

    def choose(self, view: SeatView) -> Action:
        if view.phase == Phase.TRUMP and not (A.PARTNER_ACTION in view.legal and self._weak(view)):
            return A.TRUMPS[bid_search.choose_trump(view, self.seed, self.trump_samples,
                                                                self.inference)]
        return super().choose(view)

    def _weak(self, view: SeatView) -> bool:
        """Hand the trump call over only where the normal rules would (a hand with no suit)."""
        return super().choose(view) == A.PARTNER_ACTION


def make(seat: str, options: Options, seed: int) -> HardBot:
    worth_model(options)  # fitted once per set of rules, before the first decision is timed
    return HardBot(seed)


def make_without_inference(seat: str, options: Options, seed: int) -> HardBot:
    """The hard level sampling hidden hands from sizes, voids and visible cards only (no reading
    of the auction or the trump call): ``--bot SEAT=rook_access.ai.hard:make_without_inference``
    measures what inference is worth."""
    return HardBot(seed, inference=False)
