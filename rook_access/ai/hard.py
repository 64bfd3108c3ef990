"""The hard level: determinized search for the card play (``search``), Monte Carlo play-outs for
the bid and the trump (``bid_search``), the auction searched against a model of the other bidders
where partners are fixed (``auction_search``), the discard and the trump chosen together by
play-outs (``HardBot.discard_plan``), and the normal level's partner rules.

Deterministic: every decision draws its samples from a generator seeded by the bot's seed and
the view (``context.decision_rng``), never from global random state or the clock.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import Action, Phase, SeatView
from ..core import actions as A
from ..core import cards as C
from ..core.options import Options
from . import auction_search, bid_search
from .bid_search import legal_discard_plan, pick_trump
from .bidding import bid_ceiling as rule_ceiling
from .bidding import choose_auction, partner_has_contract, partner_holds_bid, throws_in
from .discard import choose_trump
from .inference import worth_model
from .rule_bot import NORMAL, RuleBot
from .search import Budget, card_values, pick_card


@dataclass(frozen=True)
class BidDecision:
    """An auction action and what it rests on (the hint says it in words)."""

    action: Action
    why: str  # "partner-has-contract", "moon", "search", "bid", "short", "partner-high", "rules" (a misdeal too)
    counts: tuple[int, ...] = ()  # the side's count in each sampled play-out, sorted
    ceiling: int = 0  # the highest bid the bot would make
    capped: bool = False  # the ceiling is the hand's own worth plus 15, not the play-outs'
    search: auction_search.AuctionSearch | None = None  # what each limit led to ("search")


@dataclass(frozen=True)
class DiscardPlan:
    """A bidder's whole discard and the trump call it was planned for, with each call's total."""

    call: int  # the trump call's action value
    totals: dict[int, float]
    cards: tuple[int, ...]  # the discard, in the order laid

    def rest(self, view: SeatView) -> list[int]:
        """The plan's cards not laid yet, in order."""
        return [c for c in self.cards if c not in view.discards]

    def next_card(self, view: SeatView) -> int:
        """The plan's next card; should the core not allow it, the rest planned again for the
        same trump."""
        rest = self.rest(view)
        if rest and A.DISCARDS[rest[0]] in view.legal:
            return rest[0]
        left = view.options.nest_size - len(view.discards)
        return legal_discard_plan(view.hand, left, list(view.discards), A.trump_parts(self.call)[0], view)[0]


def plans_trump(view: SeatView) -> bool:
    """Whether this seat is the bidder with a discard to lay before trump is named."""
    return view.seat == view.bidder and view.trump < 0 and view.options.nest_size > 0 and (
        view.phase == Phase.DISCARD or bool(view.discards))


def as_discard_began(view: SeatView) -> SeatView:
    """The bidder's view as its discard began: the nest in hand, nothing laid, nothing yet
    told of the nest's points."""
    return as_discard_laid(view, 0)


def as_discard_laid(view: SeatView, count: int) -> SeatView:
    """The bidder's view just after the first ``count`` cards of its discard were laid, with
    nothing yet told of the nest's points: the same whenever it is asked, so a plan drawn on it
    is drawn once."""
    laid = view.discards[:count]
    hand = view.hand | C.to_mask(view.discards[count:])
    sizes = tuple(hand.bit_count() if s == view.seat else n for s, n in enumerate(view.hand_sizes))
    return view._replace(phase=Phase.DISCARD, hand=hand, discards=laid, hand_sizes=sizes,
                         points_in_nest=None, legal=())


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
        # This discard's plans, each with the view it was drawn on (views compare by value but
        # do not hash).
        self._plans: list[tuple[SeatView, DiscardPlan]] = []

    def choose_play(self, view: SeatView) -> Action:
        return A.PLAYS[pick_card(self.card_values(view), view)]

    def card_values(self, view: SeatView) -> dict[int, float]:
        """The mean result of each legal card worth searching over the sampled play-outs (``search``;
        of cards that play alike, only one: ``search.equivalent``)."""
        return card_values(view, self.seed, self.budget, self.inference)

    def choose_bid(self, view: SeatView) -> Action:
        return self.bid_decision(view).action

    def bid_decision(self, view: SeatView) -> BidDecision:
        if not any(a.kind == A.BID for a in view.legal):
            return BidDecision(super().choose_bid(view), "rules")
        misdeal = A.MISDEALS[view.seat]
        if misdeal in view.legal and throws_in(view, rule_ceiling(view, self.style.bid_margin)):
            # The normal level's misdeal, on its turn as off it: the auction search never weighs one,
            # so a hand the offer's hint said to throw in was bid on or passed (the hint sweep).
            return BidDecision(misdeal, "rules")
        if view.options.moon == "off" and partner_has_contract(view):
            # Only a moon shot is worth outbidding a partner who has the contract.
            return BidDecision(A.PASS_ACTION, "partner-has-contract")
        counts = tuple(bid_search.bid_counts(view, self.seed, self.bid_samples, self.inference))
        searched, moon = bid_search.ceiling_of(counts, view.options)
        o = view.options
        if moon and not bid_search.alone_moon_likely(view, self.seed, self.bid_samples, self.inference):
            searched, moon = min(searched, o.moon_bid_amount - 5), False  # not with the partner sitting out
        if moon and A.BIDS[o.moon_bid_amount] in view.legal:
            return BidDecision(A.BIDS[o.moon_bid_amount], "moon", counts, o.moon_bid_amount)
        if auction_search.applies(view):
            found = auction_search.search(view, self.seed, self.bid_samples, self.inference)
            action = A.BIDS[found.lowest] if found.best >= found.lowest else A.PASS_ACTION
            return BidDecision(action, "search", counts, found.best, search=found)
        # The play-outs credit a hand with its partner's strength too, so alone they would open
        # on a hand with nothing in it; a partner (human or bot) reads a bid as strength. Stay
        # within reach of what the hand itself is worth (measured on hasbro against normal, 80
        # deals both ways: +15.4 points per hand with this cap, +19.7 without, both +-5).
        cap = rule_ceiling(view, self.style.bid_margin) + 15
        ceiling = min(searched, cap)
        action = choose_auction(view, ceiling, self.style.partner_surplus)
        if action.kind == A.BID:
            why = "bid"
        elif partner_holds_bid(view) and partner_has_contract(view):
            why = "partner-has-contract"
        elif partner_holds_bid(view):
            why = "partner-high"
        else:
            why = "short"
        return BidDecision(action, why, counts, ceiling, cap < searched)

    def choose(self, view: SeatView) -> Action:
        if view.phase == Phase.TRUMP:
            call = self.trump_call(view)
            if call is not None:
                return A.TRUMPS[call[0]]
        if view.phase == Phase.DISCARD and plans_trump(view):
            return A.DISCARDS[self.discard_plan(view).next_card(view)]
        return super().choose(view)

    def trump_call(self, view: SeatView) -> tuple[int, dict[int, float]] | None:
        """The trump call and each call's total it was chosen by; None when the call is handed
        to the partner (only where the normal rules would: a hand with no suit). A bidder that
        discarded names the trump its discard was planned for (``discard_plan``); otherwise the
        call is the one the play-outs prefer, or the normal rules' (the strongest colour) when it
        does within ``TRUMP_MARGIN`` a play-out as well."""
        if A.PARTNER_ACTION in view.legal and super().choose(view) == A.PARTNER_ACTION:
            return None
        if plans_trump(view):
            plan = self.discard_plan(view)
            return plan.call, plan.totals
        totals = self.trump_totals(view)
        favoured = choose_trump(view, may_hand_over=False).value
        return pick_trump(totals, favoured, bid_search.TRUMP_MARGIN * self.trump_samples), totals

    def discard_plan(self, view: SeatView) -> DiscardPlan:
        """The discard and the trump chosen together, on the hand as it was when the discard
        began: each trump's play-outs lay the discard planned for it. Planned for the normal
        rules' trump and then named by play-outs of the kept hand, the two disagreed (a sweep of
        session 32 counted the hint burying a card of the trump it named in 1 to 7 games of 40).
        Asked again card by card and at the trump call, it gives the same plan: the samples
        are drawn for the view as the discard began (``context.decision_rng``). A card laid
        outside the plan (a player's own choice, the hint asked after it) ends it: the rest and
        the trump are planned again from the hand as it was just after that card, so they stay
        one plan from there on; the first plan named a trump the player had buried, and more
        cards than were left to lay (georgia seed 17: the re-check of session 36). A bidder
        that follows its plan keeps it to the trump call."""
        began = as_discard_began(view)
        if not self._plans or self._plans[0][0] != began:
            self._plans = []  # a new discard: the plans of the last one are done with
        plan = self._planned(began)
        for count, card in enumerate(view.discards, 1):
            if card not in plan.cards:
                plan = self._planned(as_discard_laid(view, count))
        return plan

    def _planned(self, at: SeatView) -> DiscardPlan:
        """The rest of the discard and the trump chosen together on the view ``at`` (the cards
        laid so far are the plan's first), drawn once for each such view."""
        for seen, plan in self._plans:
            if seen == at:
                return plan
        totals = self.trump_totals(at)
        favoured = choose_trump(at, may_hand_over=False).value
        call = pick_trump(totals, favoured, bid_search.TRUMP_MARGIN * self.trump_samples)
        colour = A.trump_parts(call)[0]
        left = at.options.nest_size - len(at.discards)
        cards = at.discards + tuple(legal_discard_plan(at.hand, left, list(at.discards), colour, at))
        plan = DiscardPlan(call, totals, cards)
        self._plans.append((at, plan))
        return plan

    def trump_totals(self, view: SeatView) -> dict[int, float]:
        """Each trump's total count for this side over the sampled play-outs (``bid_search``)."""
        return bid_search.trump_totals(view, self.seed, self.trump_samples, self.inference)


def make(seat: str, options: Options, seed: int) -> HardBot:
    worth_model(options)  # fitted once per set of rules, before the first decision is timed
    return HardBot(seed)


def make_without_inference(seat: str, options: Options, seed: int) -> HardBot:
    """The hard level sampling hidden hands from sizes, voids and visible cards only (no reading
    of the auction or the trump call): ``--bot SEAT=rook_access.ai.hard:make_without_inference``
    measures what inference is worth."""
    return HardBot(seed, inference=False)
