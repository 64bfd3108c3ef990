"""Determinization: whole game states that agree with what one seat has seen.

Search fills the cards a seat cannot see with a guess (a ``Holding``) and plays on from there.
Two ways to make such a state:

- ``state_from_view(view, holding)`` builds a play-phase state from a seat's view alone (what a
  bot has); ``make_view`` of the result for that seat equals the view.
- ``redeal(state, seat, holding)`` swaps the hidden cards of a real state (tests use it to show
  a decision does not depend on cards the seat cannot see).

Pure functions, no randomness: the guess is made elsewhere (``rook_access.ai.sampling``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import cards as C
from .model import PUBLIC, VIEW_NAMES
from .options import Options
from .state import PLAY, GameState
from .view import SeatView

_VIEW_NAMES = tuple(VIEW_NAMES.get(name, name) for name in PUBLIC)


@dataclass(frozen=True)
class Holding:
    """Where every card not yet played lies: ``hands`` by seat (the seat's own hand included),
    ``nest`` — the hidden nest cards (before the contract, and in games without an auction) or
    the bidder's discards (after it) — and ``aside``."""

    hands: tuple[int, ...]
    nest: int
    aside: int


def _partner(state: GameState, called: int | None = None) -> int:
    """The holder (or the player) of the called card (``called``: another called card, the
    second of two); -1 if it lies in the nest or aside."""
    called = state.called if called is None else called
    if called < 0:
        return -1
    for seat, hand in enumerate(state.hands):
        if hand >> called & 1:
            return seat
    for _lead, plays, _win in state.tricks:
        for seat, card in plays:
            if card == called:
                return seat
    for seat, card in zip(state.trick_seats, state.trick_cards):
        if card == called:
            return seat
    return -1


def state_from_view(view: SeatView, holding: Holding, template: GameState | None = None) -> GameState:
    """A play-phase state matching ``view`` with the hidden cards as ``holding`` says.

    ``template`` (an earlier result for the same view) saves rebuilding the deck tables: it is
    cloned and only the hidden cards change.
    """
    if view.phase != PLAY:
        raise ValueError("state_from_view builds play-phase states only")
    if template is not None:
        state = template.clone()
        _place(state, view, holding)
        return state
    o = view.options
    state = GameState.begin("determinized", o, 0)
    for name, view_name in zip(PUBLIC, _VIEW_NAMES):  # the public fields, as the view has them
        value = getattr(view, view_name)
        setattr(state, name, list(value) if isinstance(value, tuple) else value)
    state.passed = sum(1 << s for s, kind, _ in view.auction if kind == "pass")
    state.checked = sum(1 << s for s, kind, _ in view.auction if kind == "check")
    if view.bidder >= 0:
        base = o.min_bid if view.forced else view.high_bid
        state.bid, state.raise_ = base, view.bid - base
    if view.trump >= 0:
        state.set_trump(view.trump, view.rook_call)
    state.trick_seats = [s for s, _ in view.trick]
    state.trick_cards = [c for _, c in view.trick]
    if view.trick and state.suits is not None:
        state.led_suit = state.suits.suit_of[view.trick[0][1]]
    points = state.deck.points
    captured = [0] * state.n
    for _lead, plays, win in view.tricks:
        captured[win] += sum(points[c] for _s, c in plays)
    state.captured = captured
    _place(state, view, holding)
    return state


def play_state(options: Options, dealer: int, holding: Holding, discards: list[int], bidder: int,
               trump: int, called: int = -1, hand_number: int = 1, rook_call: str = "",
               called2: int = -1, sitting: int = 0, blank: GameState | None = None,
               totals: Sequence[int] = ()) -> GameState:
    """A state at the first lead of a hand where ``bidder`` holds the contract at 0 (so its
    side's score is simply its count) with ``trump`` (and the Rook Bird as ``rook_call`` says),
    ``called`` being a called partner card: the bid search plays such hands out. ``blank``, a
    fresh ``GameState.begin`` for these options (left unchanged), is cloned instead of building
    the deck tables again for every sample. ``totals``: the game's scores so far (a play-out
    scoring the game's end reads them), by default none."""
    state = blank.clone() if blank is not None else GameState.begin("determinized", options, 0)
    state.hand_number = hand_number  # who partners whom, where partners rotate
    state.dealer = dealer
    if totals:
        state.totals = list(totals)
    state.hands = list(holding.hands)
    state.aside = holding.aside
    state.discards = list(discards)
    state.bidder = state.trump_caller = bidder
    state.set_trump(trump, rook_call)
    if called >= 0:
        state.called = called
        state.partner = _partner(state)
    if called2 >= 0:
        state.called2 = called2
        state.partner2 = _partner(state, called2)
    state.sitting = sitting  # a partner sitting a moon out (moon_alone)
    state.start_play()
    return state


def _place(state: GameState, view: SeatView, holding: Holding) -> None:
    o = view.options
    state.hands = list(holding.hands)
    state.aside = holding.aside
    if not o.auction:
        # No auction: the nest is never taken; its top card is the one turned face up.
        top = list(view.face_up)
        state.nest_dealt = sorted(C.cards_in(holding.nest & ~C.to_mask(top))) + top
        state.discards = []
    else:
        state.nest_dealt = list(view.nest_taken)
        state.discards = list(view.discards) if view.discards else sorted(C.cards_in(holding.nest))
    state.partner = _partner(state)
    state.partner2 = _partner(state, state.called2)


def redeal(state: GameState, seat: int, holding: Holding) -> GameState:
    """A copy of ``state`` with the cards ``seat`` cannot see placed as ``holding`` says.

    Before the contract (and without an auction) ``holding.nest`` is the nest's hidden cards
    (the face-up ones keep their places); after it, for a seat that is not the bidder, it is the
    bidder's discards. The copy is for ``seat``'s eyes: the nest the bidder picked up is not
    rebuilt for anyone else.
    """
    twin = state.clone()
    twin.hands = list(holding.hands)
    twin.aside = holding.aside
    o = state.options
    contract_made = o.auction and state.bidder >= 0
    if not contract_made:
        face_up = set(state.face_up)
        hidden = iter(sorted(C.cards_in(holding.nest)))
        twin.nest_dealt = [c if c in face_up else next(hidden) for c in state.nest_dealt]
    elif seat != state.bidder:
        laid = sorted(C.cards_in(holding.nest))
        twin.discards = laid[: len(state.discards)]
    if state.called >= 0:
        twin.partner = _partner(twin)
    if state.called2 >= 0:
        twin.partner2 = _partner(twin, state.called2)
    return twin
