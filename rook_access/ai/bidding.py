"""The auction: bid, pass, check or call a misdeal.

A bot bids up to a ceiling — the points its side expects to capture as bidder, less a safety
margin — one step at a time, and does not outbid its own partner without a clear surplus.

Once both opponents have passed and the partner holds the bid, a bot never outbids it: the side
has the contract already, scores what it captures whatever the bid, and a higher bid only risks
a set. The one exception the rules make is shooting the moon (``moon``): a bid of ``max_bid``
changes the score, so a hand that expects every point may still take it. The partnership counts
only where it is known during the auction (``team_of``): fixed partners, not a called partner.
"""

from __future__ import annotations

from ..core import Action, SeatView
from ..core import actions as A
from ..core.options import Options
from .context import team_of
from .hand_value import hand_worth


def bid_ceiling(view: SeatView, margin: float) -> int:
    """The highest bid this hand should make, a multiple of 5 (may be below ``min_bid``)."""
    return hand_ceiling(view.hand, view.options, margin)


def hand_ceiling(hand: int, o: Options, margin: float) -> int:
    """``bid_ceiling`` for any hand (the hard level's auction search gives one to every seat of a
    sampled deal)."""
    return min(int((hand_worth(hand, o) - margin) // 5 * 5), top_bid(o))


def top_bid(o: Options) -> int:
    """The highest bid that is not a moon shot: a bid of the moon bid shoots the moon (every
    point or lose the bid), which is never bid by estimate."""
    return min(o.max_bid, o.moon_bid_amount - 5) if o.moon != "off" else o.max_bid


def passed_seats(view: SeatView) -> int:
    """The seats that have passed in this auction (a mask)."""
    passed = 0
    for seat, kind, _amount in view.auction:
        if kind == A.PASS:
            passed |= 1 << seat
    return passed


def partner_holds_bid(view: SeatView) -> bool:
    """The high bid is a known partner's."""
    high = view.high_bidder
    return high >= 0 and high != view.seat and bool(team_of(view, view.seat) >> high & 1)


def partner_has_contract(view: SeatView) -> bool:
    """A known partner holds the high bid and every opponent has passed: this seat's pass ends
    the auction with the contract on its side."""
    return partner_holds_bid(view) and opponents_out(view)


def opponents_out(view: SeatView) -> bool:
    """Every seat of the auction not on this seat's known side has passed."""
    team = team_of(view, view.seat)
    passed = passed_seats(view)
    bidding = (1 << len(view.seats)) - 1
    if view.dummy >= 0:
        bidding &= ~(1 << view.dummy)
    opponents = bidding & ~team
    return passed & opponents == opponents


def throws_in(view: SeatView, ceiling: int) -> bool:
    """A hand the misdeal may throw in (no counters, as the rules allow) is thrown in when the
    most it would bid is under the lowest bid plus 10: every level, on its own turn only, while
    no one has bid (the misdeal is legal only then). A computer is never asked off its turn, so
    one whose first turn comes after a bid never calls a misdeal (rules.md's decision)."""
    return ceiling < view.options.min_bid + 10


def choose_auction(view: SeatView, ceiling: int, partner_surplus: int = 15) -> Action:
    """The auction action for a hand whose most it would bid is ``ceiling``."""
    legal = view.legal
    kinds = {a.kind for a in legal}
    bids = [a.value for a in legal if a.kind == A.BID]
    if A.MISDEAL in kinds and throws_in(view, ceiling):
        return A.MISDEALS[view.seat]
    partner_high = partner_holds_bid(view)
    if partner_high and opponents_out(view):
        o = view.options
        if o.moon != "off" and ceiling >= o.moon_bid_amount and A.BIDS[o.moon_bid_amount] in legal:
            return A.BIDS[o.moon_bid_amount]  # shooting the moon scores more than the partner's contract
        return A.PASS_ACTION  # the side holds the contract: a higher bid only risks a set
    if bids:
        lowest = bids[0]
        limit = ceiling - partner_surplus if partner_high else ceiling
        if lowest <= limit:
            return A.BIDS[lowest]
    if A.CHECK in kinds:
        return A.CHECK_ACTION  # a check keeps the seat in the auction at no cost
    return A.PASS_ACTION
