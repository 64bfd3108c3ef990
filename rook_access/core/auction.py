"""The auction: bids, passes, checks, misdeal calls, and how it ends (rules.md, Auction).

Functions here read and change a ``GameState``; ``state.py`` calls them for the auction phase.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from . import actions as A
from . import cards as C
from .errors import IllegalAction
from .seats import hand_partner, next_seat

if TYPE_CHECKING:
    from .deck import DeckInfo
    from .events import EventSink
    from .options import Options
    from .state import GameState


def bid_blind(options: Options, face_up: Sequence[int]) -> bool:
    """The auction is bid blind (``blind_bid_on_rook``): the Rook Bird lies face up on the nest.
    ``face_up`` is the nest's face-up cards and then the dummy's, which do not count (a Rook Bird
    in the dummy's half made the bidding blind: the helper sweep)."""
    return options.blind_bid_on_rook and options.auction and C.ROOK in face_up[:options.nest_face_up]


def min_next_bid(state: GameState) -> int:
    return next_bid(state.options, state.high_bid, state.high_bidder)


def next_bid(o: Options, high_bid: int, high_bidder: int) -> int:
    """The lowest bid allowed after ``high_bid`` by ``high_bidder`` (-1: nobody has bid)."""
    return max(o.min_bid, high_bid + 5) if high_bidder >= 0 else o.min_bid


def outcome(o: Options, active: int, high_bid: int, high_bidder: int, dealer: int) -> tuple[int, int, bool] | None:
    """How the auction stands with the seats of ``active`` (a mask) not yet passed: None while
    it goes on; else (bidder, bid, forced) for the contract, or (-1, 0, False) when everyone
    passed and the cards are dealt again. The game asks it after every call, and a computer
    player running an auction to its end in thought asks the same rule."""
    if high_bidder >= 0 and (high_bid >= o.max_bid or active == 1 << high_bidder):
        return high_bidder, high_bid, False
    if not active:
        return (dealer, o.min_bid, True) if o.all_pass == "dealer-forced" else (-1, 0, False)
    return None


def misdeal_reason(options: Options, deck: DeckInfo, hand: int) -> str | None:
    """Why ``hand`` may call a misdeal under these rules, or None: no counters
    (``misdeal_no_counters``), or no card ranking as high as a 10 (``misdeal_no_ten``, a
    reader's house rule: "no card ten or higher")."""
    if options.misdeal_no_counters and not hand & deck.counters:
        return "no counters"
    if options.misdeal_no_ten and not hand & deck.ten_or_higher:
        return "no card of 10 or higher"
    return None


def misdeal_terms(options: Options) -> str:
    """When a hand may call a misdeal, as words: "holding no counters or no card of 10 or
    higher"."""
    terms = (["no counters"] if options.misdeal_no_counters else []) + (
        ["no card of 10 or higher"] if options.misdeal_no_ten else [])
    return "holding " + " or ".join(terms)


def can_misdeal(state: GameState, seat: int) -> bool:
    """rules.md, ``misdeal_no_counters`` and ``misdeal_no_ten``: before the first bid, any player
    whose hand qualifies, on turn or not; never while the hands are hidden by a blind auction."""
    o = state.options
    return (
        (o.misdeal_no_counters or o.misdeal_no_ten)  # most rules have no misdeal call: asked first
        and 0 <= seat < state.n
        and state.phase == "auction"
        and state.high_bidder < 0
        and not state.blind
        and bool(state.bidding_seats >> seat & 1)
        and misdeal_reason(state.options, state.deck, state.hands[seat]) is not None
    )


def misdeal_callers(state: GameState) -> int:
    """The seats (a mask) that may call a misdeal now."""
    return sum(1 << seat for seat in range(state.n) if can_misdeal(state, seat))


def check_closed_by_partner(state: GameState, seat: int) -> bool:
    """kentucky-discard: a player whose partner checked and both of whose opponents have passed
    must bid or pass."""
    if state.options.sides != "partners":
        return False
    partner = hand_partner(state.options, state.hand_number, seat)
    opponents = state.bidding_seats & ~(1 << seat | 1 << partner)
    return bool(state.checked >> partner & 1) and state.passed & opponents == opponents


def can_check(state: GameState, seat: int) -> bool:
    """rules.md, ``check``: only before any bid, once per player, and not for a player whose
    partner checked to them with both opponents passed. (Once everyone has checked in the first
    round nobody may check again: that is the once-per-player limit.)"""
    return (
        state.options.check
        and state.high_bidder < 0
        and not state.checked >> seat & 1
        and not check_closed_by_partner(state, seat)
    )


def legal(state: GameState) -> list[A.Action]:
    seat = state.turn
    out = [*_bids(min_next_bid(state), state.options.max_bid), A.PASS_ACTION]
    if can_check(state, seat):
        out.append(A.CHECK_ACTION)
    if can_misdeal(state, seat):
        out.append(A.MISDEALS[seat])
    return out


@cache
def _bids(low: int, high: int) -> tuple[A.Action, ...]:
    """The bids from ``low`` to ``high`` in fives (a few dozen ranges a game: kept)."""
    return tuple(A.BIDS[b] for b in range(low, high + 1, 5))


def why_not(state: GameState, action: A.Action) -> str:
    o = state.options
    low = min_next_bid(state)
    if action.kind == A.BID:
        if low > o.max_bid:
            return "No higher bid is possible: you may only pass."
        if action.value > o.max_bid:
            return f"The highest bid is {o.max_bid}: bid {low} to {o.max_bid}, or pass."
        if action.value < low:
            return f"Your bid must be at least {low}: bid {low} to {o.max_bid} in fives, or pass."
        return f"Bids go in fives: bid {low} to {o.max_bid} in fives, or pass."
    if action.kind == A.CHECK:
        if not o.check:
            return "These rules have no check: bid or pass."
        if state.high_bidder >= 0:
            return "You may check only before anyone has bid: bid or pass."
        if check_closed_by_partner(state, state.turn):
            return "Your partner checked to you and both opponents have passed: bid or pass."
        return "You have already checked once in this auction: bid or pass."
    if action.kind == A.MISDEAL:
        if not (o.misdeal_no_counters or o.misdeal_no_ten):
            return "These rules have no misdeal call."
        if state.phase != "auction" or state.high_bidder >= 0:
            return "A misdeal may be called only before the first bid."
        if state.blind:
            return "No misdeal in a blind auction: the hands stay hidden until the contract."
        if not state.bidding_seats >> action.value & 1:
            return "The dummy does not call misdeals."
        if not o.misdeal_no_ten:
            return "You hold counters, so you may not call a misdeal."
        if not o.misdeal_no_counters:
            return "You hold a card of 10 or higher, so you may not call a misdeal."
        return f"You may call a misdeal only {misdeal_terms(o)}."
    doing = {
        A.DISCARD: "discard", A.TRUMP: "name trump", A.PARTNER: "hand the trump call to your partner",
        A.CALL: "call a partner card", A.PLAY: "play a card",
    }.get(action.kind, action.kind)
    return f"You cannot {doing} during the auction: bid or pass."


def apply(state: GameState, action: A.Action, events: EventSink | None) -> None:
    seat = state.turn
    kind = action.kind
    if kind == A.BID:
        if not (action.value % 5 == 0 and min_next_bid(state) <= action.value <= state.options.max_bid):
            raise IllegalAction(why_not(state, action))
        state.high_bid, state.high_bidder = action.value, seat
        state.auction_log.append((seat, A.BID, action.value))
        if events is not None:
            events.append({"type": "bid", "seat": state.seats[seat], "amount": action.value})
    elif kind == A.PASS:
        state.passed |= 1 << seat
        state.auction_log.append((seat, A.PASS, 0))
        if events is not None:
            events.append({"type": "pass", "seat": state.seats[seat]})
    elif kind == A.CHECK and can_check(state, seat):
        state.checked |= 1 << seat
        state.auction_log.append((seat, A.CHECK, 0))
        if events is not None:
            events.append({"type": "check", "seat": state.seats[seat]})
    elif kind == A.MISDEAL and can_misdeal(state, action.value):
        if events is not None:
            reason = misdeal_reason(state.options, state.deck, state.hands[action.value])
            events.append({"type": "misdeal", "seat": state.seats[action.value], "reason": reason})
        state.start_deal(state.dealer, events)
        return
    else:
        raise IllegalAction(why_not(state, action))
    _next_turn(state, events)


def _next_turn(state: GameState, events: EventSink | None) -> None:
    active = state.bidding_seats & ~state.passed
    end = outcome(state.options, active, state.high_bid, state.high_bidder, state.dealer)
    if end is None:
        state.turn = next_seat(state.turn, active, state.n)
    elif end[0] >= 0:
        state.set_contract(*end, events)
    else:
        if events is not None:
            events.append({"type": "redeal", "reason": "everyone passed"})
        state.start_deal(state.next_dealer(), events)
