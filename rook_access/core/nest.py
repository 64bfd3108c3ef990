"""After the auction: the nest exchange, naming trump (or handing the call to the partner), and
calling a secret partner.

The discard is taken one card at a time so legal actions stay a short list (a whole-discard
choice would be thousands of combinations); the record's ``discard`` line is written once the
last card is laid aside.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as A
from . import cards as C
from .deck import DeckInfo
from .errors import IllegalAction
from .model import Phase
from .options import Options
from .seats import partner_of

if TYPE_CHECKING:
    from .events import EventSink
    from .state import GameState

PARTNER_RAISE = 5


def plain_cards(deck: DeckInfo, hand: int, trump: int) -> int:
    """Cards that are neither counters nor trump (trump counts only once it is named)."""
    trumps = deck.special
    if 0 <= trump < 4:
        trumps |= C.COLOR_MASK[trump]
    return hand & ~deck.counters & ~trumps


def counters_buryable(options: Options, deck: DeckInfo, hand: int, trump: int) -> bool:
    """Whether a bidder holding ``hand`` (nest included) may lay counters in the nest:
    ``forced-only`` allows it only with fewer plain cards than the discard needs."""
    if options.discard_counters == "allowed":
        return True
    return plain_cards(deck, hand, trump).bit_count() < options.nest_size


def discardable_cards(deck: DeckInfo, hand: int, counters_ok: bool) -> int:
    """The cards of ``hand`` that may go to the nest."""
    return hand if counters_ok else hand & ~deck.counters


def begin_discard(state: GameState) -> None:
    """Fix the forced-only allowance when the discard begins, so the card-by-card discard allows
    exactly the whole discards the rule allows."""
    hand = state.hands[state.bidder]
    state.discard_counters_ok = counters_buryable(state.options, state.deck, hand, state.trump)


def discardable(state: GameState) -> int:
    return discardable_cards(state.deck, state.hands[state.bidder], state.discard_counters_ok)


def can_hand_to_partner(state: GameState) -> bool:
    return (
        state.options.partner_calls_trump
        and state.trump < 0
        and state.trump_caller == state.bidder
        and (state.phase == Phase.TRUMP or not state.discards)
    )


def legal_discard(state: GameState) -> list[A.Action]:
    out = [A.DISCARDS[c] for c in C.cards_in(discardable(state))]
    if can_hand_to_partner(state):
        out.append(A.PARTNER_ACTION)
    return out


def legal_trump(state: GameState) -> list[A.Action]:
    out = list(A.TRUMPS[:4])
    if state.options.no_trump:
        out.append(A.TRUMPS[C.NO_TRUMP])
    if can_hand_to_partner(state):
        out.append(A.PARTNER_ACTION)
    return out


def legal_call(state: GameState) -> list[A.Action]:
    return [A.CALLS[c] for c in C.cards_in(state.deck.mask & ~state.hands[state.bidder])]


def hand_to_partner(state: GameState, events: EventSink | None) -> None:
    if not can_hand_to_partner(state):
        raise IllegalAction("You may not hand the trump call to your partner now.")
    before_discard = len(state.discards) < state.options.nest_size
    state.raise_ = PARTNER_RAISE if before_discard else 0
    state.trump_caller = partner_of(state.bidder, state.n)
    if events is not None:
        events.append({
            "type": "partner_trump",
            "seat": state.seats[state.bidder],
            "partner": state.seats[state.trump_caller],
            "raise": state.raise_,
        })


def discard(state: GameState, card: int, events: EventSink | None) -> None:
    if not C.BIT[card] & discardable(state):
        raise IllegalAction(why_not_discard(state, card))
    state.hands[state.bidder] &= ~C.BIT[card]
    state.discards.append(card)
    if len(state.discards) == state.options.nest_size and events is not None:
        laid = C.to_mask(state.discards)
        events.append({
            "type": "discard",
            "seat": state.seats[state.bidder],
            "cards": [C.code(c) for c in state.discards],
            "points_in_nest": bool(laid & state.deck.counters),
        })


def why_not_discard(state: GameState, card: int) -> str:
    if not C.BIT[card] & state.hands[state.bidder]:
        return f"You do not hold the {C.name(card)}."
    plain = plain_cards(state.deck, state.hands[state.bidder], state.trump).bit_count()
    return (f"The {C.name(card)} is a counter: you may bury counters only when you hold fewer "
            f"plain cards than the discard needs, and you hold {plain}.")


def name_trump(state: GameState, color: int, events: EventSink | None) -> None:
    if color == C.NO_TRUMP and not state.options.no_trump:
        raise IllegalAction("These rules do not allow no trump: name red, green, black or yellow.")
    state.set_trump(color)
    if events is not None:
        events.append({
            "type": "trump",
            "seat": state.seats[state.trump_caller],
            "color": None if color == C.NO_TRUMP else C.COLORS[color],
            "raise": state.raise_,
        })


def call_partner(state: GameState, card: int, events: EventSink | None) -> None:
    if C.BIT[card] & state.hands[state.bidder] or not C.BIT[card] & state.deck.mask:
        raise IllegalAction(f"Call a card you do not hold: the {C.name(card)} is in your hand.")
    state.called = card
    holder = [s for s in range(state.n) if state.hands[s] >> card & 1]
    state.partner = holder[0] if holder else -1
    if events is not None:
        events.append({"type": "call", "seat": state.seats[state.bidder], "card": C.code(card)})
