"""What one seat may know: the single place hidden information is decided.

A view holds the seat's own hand, the cards face up for everyone, the public history of the hand
(bids, the contract, trump, every card played and every trick), the scores — and, for the bidder
only, the nest it picked up and the cards it laid aside. It never holds another seat's hidden
cards, the nest (unless the seat took it), the cards aside or the secret partner's identity
(unless the seat is that partner or the called card has been played).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from . import actions as A
from . import cards as C
from .options import Options

if TYPE_CHECKING:
    from .state import GameState


class SeatView(NamedTuple):
    """Immutable, and compared by value: two views are equal exactly when the seat knows the same.
    A NamedTuple because bots build one per decision: it constructs ~5x faster than a frozen
    dataclass of this size."""

    seat: int
    seats: tuple[str, ...]
    options: Options
    phase: str
    hand_number: int
    dealer: int
    turn: int  # the seat whose card or call is next
    actor: int  # who chooses it (differs from turn when a player plays the dummy)
    hand: int  # own cards (mask); empty during a blind auction
    face_up: tuple[int, ...]  # cards every seat saw face up this hand (they may have moved since)
    dummy: int  # seat index of the dummy, -1 if none
    dummy_hand: int  # the dummy's cards every seat can see (mask)
    hand_sizes: tuple[int, ...]
    auction: tuple[tuple[int, str, int], ...]  # (seat, "bid"/"pass"/"check", amount)
    high_bid: int
    high_bidder: int
    bidder: int
    bid: int  # the contract as played (the auction's amount plus any raise)
    forced: bool
    moon: bool
    nest_taken: tuple[int, ...]  # the nest the bidder picked up: bidder only
    discards: tuple[int, ...]  # the bidder's discards: bidder only
    points_in_nest: bool | None  # told to all once the discard is done
    trump: int  # -1 not named yet, 0..3 a colour, 4 no trump
    trump_caller: int
    called: int  # the called partner card, -1 if none
    partner: int  # the secret partner if this seat may know it, else -1
    leader: int
    trick: tuple[tuple[int, int], ...]  # (seat, card) so far
    tricks: tuple[tuple[int, tuple[tuple[int, int], ...], int], ...]  # (leader, plays, winner)
    tricks_won: tuple[int, ...]
    trump_broken: bool
    played: int  # every card played this hand (mask)
    totals: tuple[int, ...]
    legal: tuple[A.Action, ...]  # this seat's legal actions, empty when it is not its turn

    @property
    def my_turn(self) -> bool:
        return bool(self.legal)


def make_view(state: GameState, seat: int) -> SeatView:
    o = state.options
    is_bidder = seat == state.bidder
    dummy_hand = 0
    if state.dummy >= 0:
        if state.trump >= 0:
            dummy_hand = state.hands[state.dummy]
        else:
            dummy_hand = C.to_mask(state.face_up) & state.hands[state.dummy]
    partner = -1
    if state.called >= 0 and state.partner >= 0:
        if seat == state.partner or C.BIT[state.called] & state.played:
            partner = state.partner
    discards_done = o.nest_size and len(state.discards) == o.nest_size
    points_in_nest = (
        bool(C.to_mask(state.discards) & state.deck.counters) if discards_done else None
    )
    return SeatView(
        seat=seat,
        seats=state.seats,
        options=o,
        phase=state.phase,
        hand_number=state.hand_number,
        dealer=state.dealer,
        turn=state.turn,
        actor=state.actor,
        hand=0 if state.blind else state.hands[seat],
        # Kept all hand: every seat saw these cards (georgia's top nest card, the dummy's half),
        # and a sighted player remembers them after the bidder picks them up.
        face_up=tuple(state.face_up),
        dummy=state.dummy,
        dummy_hand=dummy_hand,
        hand_sizes=tuple(map(int.bit_count, state.hands)),
        auction=tuple(state.auction_log),
        high_bid=state.high_bid,
        high_bidder=state.high_bidder,
        bidder=state.bidder,
        bid=state.bid + state.raise_,
        forced=state.forced,
        moon=state.moon,
        nest_taken=tuple(state.nest_dealt) if is_bidder and o.auction else (),
        discards=tuple(state.discards) if is_bidder else (),
        points_in_nest=points_in_nest,
        trump=state.trump,
        trump_caller=state.trump_caller,
        called=state.called,
        partner=partner,
        leader=state.leader,
        trick=tuple(zip(state.trick_seats, state.trick_cards)),
        tricks=tuple(state.tricks),
        tricks_won=tuple(state.tricks_won),
        trump_broken=state.trump_broken,
        played=state.played,
        totals=tuple(state.totals),
        legal=tuple(state.legal_actions()) if state.actor == seat and not state.is_over() else (),
    )
