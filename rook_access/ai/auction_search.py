"""The hard level's auction: how high to go, searched against a model of the other bidders.

Why: what a bid is worth depends on what the others do next. Stopping lets the other side take
the contract cheaply; going on may push them one bid past what they can make, or leave this side
holding a contract it cannot make. The count this side would take as bidder
(``bid_search.bid_counts``) sees none of that. Against the normal level, on 400 duplicate games
a preset, this search took kentucky-west from 310 to 325 games won, georgia from 262 to 284 and
hasbro from 288 to 296: the other side now holds more of the contracts and makes fewer of them
(docs/bots.md, Measurements, "Thinking through the auction").

How: for each sampled deal (``sampling``, which reads the bids and passes so far) every other
seat is given the limit a player bids up to with that hand: what it is worth
(``bidding.hand_ceiling``, the normal level's margin), a partner's ``PARTNER_EXTRA`` more (a
partner of this level bids more boldly). For each limit this seat might set itself, the auction is
run to its end by the core's rules (``auction.next_bid``, ``auction.outcome``); the seat that
ends with the contract takes the nest, discards and names trump as the computer players do, the
hand is played out (``playout``) and the core scores it at that contract, a game won or lost
counting as in the card search (``playout.utility``). The limit with the best mean is the one to
bid towards: bid now if it reaches the lowest bid allowed, else pass.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from ..core import SeatView
from ..core import actions as A
from ..core.auction import next_bid, outcome
from ..core.determinize import Holding
from ..core.options import Options
from ..core.scoring import hand_result
from ..core.seats import next_seat, partnerships
from ..core.state import GameState
from .bid_search import as_bidder
from .bidding import hand_ceiling, partner_has_contract, passed_seats, top_bid
from .context import decision_rng, team_of
from .playout import Rules, choose, utility
from .rule_bot import NORMAL
from .sampling import Sampler

# A partner bids this much above the normal level's ceiling, as the hard level's cap on a bid by
# count allows (``hard.HardBot.bid_decision``). Screened against 7 on 200-400 games a preset:
# georgia +3.8 points a hand, hasbro +0.6, kentucky-west -5.4 (standard errors 3-4).
PARTNER_EXTRA = 15
PASS_NOW = -1  # the limit of a seat that passes now
# A bid must do this much better than passing (points a hand): a partner, person or bot, reads a
# bid as strength, so a hand that would gain next to nothing by bidding passes.
PASS_MARGIN = 5


@dataclass(frozen=True)
class Outcome:
    """What bidding up to one limit led to over the sampled deals."""

    value: float  # the mean result for this seat (``playout.utility``)
    ours: int  # deals in which this side ended with the contract
    made: int  # ... and made it
    theirs: int  # deals in which the other side did
    set: int  # ... and was set


@dataclass(frozen=True)
class AuctionSearch:
    """What each limit led to, over the same sampled deals."""

    deals: int  # sampled deals
    lowest: int  # the lowest bid allowed now
    outcomes: dict[int, Outcome]  # by limit; PASS_NOW: pass now

    @property
    def best(self) -> int:
        """The limit to bid towards: the best mean result (on a tie the lower), unless passing
        now does within ``PASS_MARGIN`` of it."""
        best = max(self.outcomes, key=lambda limit: (self.outcomes[limit].value, -limit))
        if self.gain(best) < PASS_MARGIN:
            return PASS_NOW
        return best

    def gain(self, limit: int) -> float:
        """How much better bidding up to ``limit`` did than passing now (points a hand)."""
        return self.outcomes[limit].value - self.outcomes[PASS_NOW].value


@dataclass(frozen=True)
class Auction:
    """The auction at a seat's turn, as its view shows it."""

    turn: int
    high_bid: int
    high_bidder: int
    passed: int  # seats that have passed (a mask)
    dealer: int

    @classmethod
    def of(cls, view: SeatView) -> Auction:
        return cls(view.seat, view.high_bid, view.high_bidder, passed_seats(view), view.dealer)


def applies(view: SeatView) -> bool:
    """Whether the search decides this call: fixed partners (so every bid is known to be a
    partner's or an opponent's), every seat bidding, the hand in view, only bids and a pass to
    choose from (a check or a misdeal is the rules' call), and no partner's contract to keep
    (``bidding.partner_has_contract``: then the bot passes)."""
    kinds = {a.kind for a in view.legal}
    return (partnerships(view.options, view.hand_number) is not None and view.dummy < 0 and view.hand != 0
            and A.BID in kinds and kinds <= {A.BID, A.PASS} and not partner_has_contract(view))


def run_auction(o: Options, now: Auction, limits: Sequence[int], surplus: Sequence[int],
                teams: Sequence[int]) -> tuple[int, int]:
    """The contract (seat, amount; seat -1 when the cards are dealt again) when from ``now`` on
    every seat bids one step at a time up to its limit and then passes. A seat whose partner
    holds the bid overcalls only with its ``surplus`` to spare, and never once both opponents
    have passed (its side has the contract)."""
    every = (1 << len(limits)) - 1
    high, holder, passed, turn = now.high_bid, now.high_bidder, now.passed, now.turn
    while True:
        bid = next_bid(o, high, holder)
        partner_high = holder >= 0 and holder != turn and bool(teams[turn] >> holder & 1)
        opponents = every & ~teams[turn]
        if partner_high and passed & opponents == opponents:
            passed |= 1 << turn
        elif bid <= limits[turn] - (surplus[turn] if partner_high else 0):
            high, holder = bid, turn
        else:
            passed |= 1 << turn
        active = every & ~passed
        end = outcome(o, active, high, holder, now.dealer)
        if end is not None:
            return end[0], end[1]
        turn = next_seat(turn, active, len(limits))


def search(view: SeatView, seed: int, samples: int, infer: bool = True) -> AuctionSearch:
    """Each limit this seat might bid up to (``PASS_NOW``, or the lowest bid allowed up to the
    highest that is not a moon shot) and what it leads to over ``samples`` sampled deals."""
    o = view.options
    n, me = len(view.seats), view.seat
    top = top_bid(o)
    lowest = min(a.value for a in view.legal if a.kind == A.BID)
    choices = [PASS_NOW, *range(lowest, top + 1, 5)]
    now = Auction.of(view)
    teams = [team_of(view, seat) for seat in range(n)]
    surplus = [0 if seat == me else NORMAL.partner_surplus for seat in range(n)]
    values = dict.fromkeys(choices, 0.0)
    tallies = {limit: [0, 0, 0, 0] for limit in choices}  # Outcome's ours, made, theirs, set
    rng = decision_rng(seed, view, "auction")
    sampler = Sampler(view, infer)
    for _ in range(samples):
        holding = sampler.draw(rng)
        limits = [min(top, hand_ceiling(holding.hands[seat], o, NORMAL.bid_margin)
                      + (PARTNER_EXTRA if teams[me] >> seat & 1 else 0)) for seat in range(n)]
        played = _Played(view, holding)
        for limit in choices:
            limits[me] = limit
            holder, amount = run_auction(o, now, limits, surplus, teams)
            if holder < 0:
                continue  # dealt again: nothing scored
            value, made = played.result(holder, amount, me)
            values[limit] += value
            tally = tallies[limit]
            if teams[me] >> holder & 1:
                tally[0] += 1
                tally[1] += made
            else:
                tally[2] += 1
                tally[3] += not made
    outcomes = {limit: Outcome(values[limit] / samples, *tallies[limit]) for limit in choices}
    return AuctionSearch(samples, lowest, outcomes)


class _Played:
    """One sampled deal played out once for each seat that ends an auction holding the contract
    (the play does not depend on the amount; the score does)."""

    def __init__(self, view: SeatView, holding: Holding) -> None:
        self.view, self.holding = view, holding
        self.hands: dict[int, tuple[GameState, tuple[list[int], list[int], int]]] = {}

    def result(self, holder: int, amount: int, seat: int) -> tuple[float, bool]:
        """``seat``'s result (``playout.utility``) with ``holder`` bidding ``amount``, and whether
        the contract was made."""
        if holder not in self.hands:
            state = as_bidder(self.view, self.holding, holder)
            self.hands[holder] = (state, state.play_out(partial(choose, Rules.of(state))))
        state, (captured, won, last) = self.hands[holder]
        result = hand_result(state, captured, won, last, amount)
        return utility(state, result, seat), bool(result.made)
