"""What one seat may know: the single place hidden information is decided.

A view holds the seat's own hand, the cards face up for everyone, the public history of the hand
(bids, the contract, trump, every card played and every trick), the scores — and, for the bidder
only, the nest it picked up and the cards it laid aside. It never holds another seat's hidden
cards, the nest (unless the seat took it), the cards aside or the secret partner's identity
(unless the seat is that partner or the called card has been played).
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any, NamedTuple

from . import actions as A
from . import cards as C
from .events import Event, seen_by
from .model import MUTABLE, PUBLIC, VIEW_NAMES, Phase
from .options import Options
from .seats import bidding_seats, dummy_player, hand_sides

if TYPE_CHECKING:
    from .state import GameState


class SeatView(NamedTuple):
    """Immutable, and compared by value: two views are equal exactly when the seat knows the same.
    A NamedTuple because bots build one per decision: it constructs ~5x faster than a frozen
    dataclass of this size."""

    # Every seat sees these as the state holds them (``model.PUBLIC``, in its order).
    phase: Phase
    hand_number: int
    dealer: int
    totals: tuple[int, ...]
    face_up: tuple[int, ...]  # cards every seat saw face up this hand (they may have moved since)
    turned_under: tuple[int, ...]  # turned up and put back out of play (a Rook Bird turned for trump)
    turn: int  # the seat whose card or call is next
    high_bid: int
    high_bidder: int
    auction: tuple[tuple[int, str, int], ...]  # (seat, "bid"/"pass"/"check", amount)
    bidder: int
    forced: bool
    moon: bool
    sitting: int  # seats sitting this hand out (mask): the partner of a moon played alone
    trump: int  # -1 not named yet, 0..3 a colour, 4 no trump
    trump_caller: int
    rook_call: str  # "high" or "low" as the trump caller called the Rook Bird (rook=called), else ""
    called: int  # the called partner card, -1 if none
    called2: int  # the second called card (calls=2), -1 if none
    leader: int
    tricks: tuple[tuple[int, tuple[tuple[int, int], ...], int], ...]  # (leader, plays, winner)
    tricks_won: tuple[int, ...]
    captured: tuple[int, ...]  # counter points in each seat's tricks: every trick was seen
    trump_broken: bool
    played: int  # every card played this hand (mask)
    # Derived for this seat.
    seat: int
    seats: tuple[str, ...]
    options: Options
    actor: int  # who chooses next (differs from turn when a player plays the dummy)
    hand: int  # own cards (mask); empty during a blind auction
    dummy: int  # seat index of the dummy, -1 if none
    dummy_hand: int  # the dummy's cards every seat can see (mask)
    hand_sizes: tuple[int, ...]
    bid: int  # the contract as played (the auction's amount plus any raise)
    nest_taken: tuple[int, ...]  # the nest the bidder picked up: bidder only
    discards: tuple[int, ...]  # the bidder's discards: bidder only
    points_in_nest: bool | None  # once the discard is done: the bidder's fact; others' as told
    partner: int  # the secret partner if this seat may know it, else -1
    partner2: int  # the second called card's holder if this seat may know it, else -1
    may_misdeal: bool  # this seat may call a misdeal now, on turn or not
    trick: tuple[tuple[int, int], ...]  # (seat, card) so far
    legal: tuple[A.Action, ...]  # this seat's legal actions, empty when it is not its turn

    @property
    def my_turn(self) -> bool:
        return bool(self.legal)


_PUBLIC = operator.attrgetter(*PUBLIC)
_PUBLIC_NAMES = tuple(VIEW_NAMES.get(name, name) for name in PUBLIC)
assert SeatView._fields[:len(PUBLIC)] == _PUBLIC_NAMES, "SeatView starts with model.PUBLIC, in order"
_LISTS = tuple(i for i, name in enumerate(PUBLIC) if name in MUTABLE)  # frozen into tuples


def known_sides(view: SeatView) -> list[list[int]]:
    """Who counts together this hand, as far as ``view``'s seat knows: the dummy with the player
    who plays it, a called partner once revealed; while the called sides are unknown
    (``partners_unknown``) each seat off the bidder's known side stands alone. The describer's
    sides and the announcer's running points both read it."""
    sides = hand_sides(view.options, len(view.seats), view.bidder, view.partner, view.hand_number, view.partner2)
    if partners_unknown(view):
        sides = [group for side in sides for group in ([side] if view.bidder in side else [[seat] for seat in side])]
    return sides


def calls_to_come(view: SeatView) -> int:
    """How many partner cards the bidder has still to call this hand (``calls``): until then the
    bidder stands alone only because nobody knows its partners yet."""
    if view.options.sides != "called-partner" or view.bidder < 0:
        return 0
    return max(0, view.options.calls - (view.called >= 0) - (view.called2 >= 0))


def partners_unknown(view: SeatView) -> bool:
    """Whether this seat does not know the bidder's whole side yet: a card is still to be called,
    or a called card's holder is hidden from it (a card it saw laid in the nest brings none,
    ``buried_calls``). Before the call, "Your partners are Northeast, Southeast and Southwest" was
    said as if the bidder stood alone (the table sweep of session 38)."""
    if view.options.sides != "called-partner" or view.bidder < 0:
        return False
    buried = buried_calls(view)
    hidden = any(card >= 0 and holder < 0 and card not in buried
                 for card, holder in ((view.called, view.partner), (view.called2, view.partner2)))
    return hidden or calls_to_come(view) > 0


def buried_calls(view: SeatView) -> tuple[int, ...]:
    """The called cards this seat saw laid in the nest: no one holds them, so they bring no
    partner. Only the bidder saw its discard (``discards`` is empty in every other view), so the
    other seats still wait for a partner the called card will show."""
    laid = C.to_mask(view.discards)
    return tuple(card for card in (view.called, view.called2) if card >= 0 and C.BIT[card] & laid)


def plays_alone_known(view: SeatView) -> bool:
    """Whether this seat knows the bidder has no called partner this hand: every card the rules
    call (``calls``) is called and lies in the nest. Only the bidder can know it before the hand
    ends; with two calls, one card buried leaves the other to bring a partner."""
    return view.options.sides == "called-partner" and len(buried_calls(view)) == view.options.calls


def sole_partner(view: SeatView) -> int:
    """The seat this view knows holds both called cards (calls=2): the bidder's only partner,
    whatever the second card shows; -1 otherwise, or while one of the two is unknown to it."""
    if view.called2 >= 0 and view.partner >= 0 and view.partner == view.partner2:
        return view.partner
    return -1


def moves_for(view: SeatView, me: int, seat: object) -> bool:
    """Whether a move by ``seat`` (a seat's name) is one seat ``me`` makes: its own, or the
    dummy's card where ``me`` plays the dummy. The announcer and the voice both say such a move
    whatever is set for that kind of line: it answers what the player typed."""
    if seat is None:
        return False
    if seat == view.seats[me]:
        return True
    dummy = view.dummy >= 0 and seat == view.seats[view.dummy] and view.bidder >= 0
    return dummy and me == dummy_player(view.bidder, bidding_seats(view.options), len(view.seats))


def make_view(state: GameState, seat: int) -> SeatView:
    """The view of ``seat``: the public fields as they are (``model.PUBLIC``), then what this seat
    alone may know."""
    o = state.options
    values: list[Any] = list(_PUBLIC(state))
    for i in _LISTS:
        values[i] = tuple(values[i])
    is_bidder = seat == state.bidder
    dummy_hand = 0
    if state.dummy >= 0:
        if state.trump >= 0:
            dummy_hand = state.hands[state.dummy]
        else:
            dummy_hand = C.to_mask(state.face_up) & state.hands[state.dummy]
    partner = known_partner(state, seat, state.called, state.partner)
    partner2 = known_partner(state, seat, state.called2, state.partner2)
    points_in_nest = nest_points_known(state, seat)
    actor = state.actor
    return SeatView._make((
        *values,
        seat,
        state.seats,
        o,
        actor,
        0 if state.blind else state.hands[seat],
        state.dummy,
        dummy_hand,
        tuple(map(int.bit_count, state.hands)),
        state.bid + state.raise_,
        tuple(state.nest_dealt) if is_bidder and o.auction else (),
        tuple(state.discards) if is_bidder else (),
        points_in_nest,
        partner,
        partner2,
        state.may_misdeal(seat),
        tuple(zip(state.trick_seats, state.trick_cards)),
        tuple(state.legal_actions()) if actor == seat and state.phase != Phase.OVER else (),
    ))


def known_partner(state: GameState, seat: int, called: int, holder: int) -> int:
    """The holder of a called card as ``seat`` knows it: the holder knows it is a partner, and
    everyone knows once the card is played; -1 otherwise (or when no one holds it)."""
    if called >= 0 and holder >= 0 and (seat == holder or C.BIT[called] & state.played):
        return holder
    return -1


def nest_points_known(state: GameState, seat: int) -> bool | None:
    """Whether points lie in the nest as ``seat`` knows it once the discard is done, or None when
    it does not know: the bidder laid the nest; the others learn it as ``nest_points_told`` says
    (``forced``: told when points went in, so silence says none did; ``never``: not at all)."""
    o = state.options
    if not o.nest_size or len(state.discards) != o.nest_size:
        return None
    if seat != state.bidder and o.nest_points_told == "never":
        return None
    return bool(C.to_mask(state.discards) & state.deck.counters)


class SeatLog:
    """An event sink (``GameState.step``'s ``events``) that keeps, for one seat, each event as the
    seat may learn it (``events.seen_by``) with the seat's view at that moment: what a listener is
    told, and all the announcer needs to tell it. ``events`` keeps the whole events for the record.
    """

    def __init__(self, state: GameState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.events: list[Event] = []
        self.seen: list[tuple[Event, SeatView]] = []

    def append(self, event: Event) -> None:
        state = self.state
        self.events.append(event)
        bidder = state.seats[state.bidder] if state.bidder >= 0 else None
        seen = seen_by(event, state.seats[self.seat], bidder, state.blind, state.options.nest_points_told)
        self.seen.append((seen, make_view(state, self.seat)))
