"""Cards nobody at the table has shown: placeholders in a real state, moved as the game reveals them.

The table companion (``table.py``) drives a real ``GameState`` so that every rule, event and view
comes from the one rules path. Only the player's own cards (and the nest, when the player took
it) are real in that state; every other card stands where the program last put it, as a
placeholder. When a seat plays a card, the card is moved into that seat's hand first (``bring``),
swapping a placeholder back to where the card stood, so card counts never change and every card
is in exactly one place. Nothing a seat's view shows depends on where a placeholder stands
(``table.TableGame.view`` blanks the one field that would).

``shown_out`` is what a play proves about the player's hand: the cards that, had the seat held
one, would have made its play illegal. It asks the core's own ``legal_plays`` with the smallest
hand the play allows, so every rule (following suit, must-trump, leading trump) is asked once,
in ``tricks.py``.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from . import cards as C
from .deal import Deal
from .errors import IllegalAction
from .tricks import legal_plays

if TYPE_CHECKING:
    from .state import GameState


def per_seat(state: GameState) -> int:
    """Cards dealt to each seat."""
    o = state.options
    return (state.deck.mask.bit_count() - o.nest_size - o.aside) // state.n


def placeholder_deal(state: GameState, me: int, dealer: int, hand: int, face_up: tuple[int, ...]) -> Deal:
    """The deal as the player knows it: ``hand`` for ``me`` (none yet: a blind deal, and ``me`` too
    holds placeholders); ``face_up``: the nest's face-up
    cards on top of the nest (without an auction, the cards turned for trump, the first on top:
    the deal puts a Rook Bird under), then the dummy's face-up cards in the dummy; every other card a
    placeholder, dealt in card order (deterministic, so a game rebuilt from its entries is the
    same game)."""
    o = state.options
    nest_up = len(face_up) - (o.dummy_face_up if state.dummy >= 0 else 0)
    dummy_up = tuple(sorted(face_up[nest_up:]))
    rest = list(C.cards_in(state.deck.mask & ~hand & ~C.to_mask(face_up)))
    size = per_seat(state)
    hands = []
    for seat in range(state.n):
        if seat == me and hand:
            hands.append(hand)
        else:
            shown = dummy_up if seat == state.dummy else ()
            hands.append(C.to_mask(shown) | C.to_mask(rest[:size - len(shown)]))
            del rest[:size - len(shown)]
    hidden_nest = o.nest_size - nest_up
    up = face_up[:nest_up] if o.auction else face_up[::-1]  # turned for trump: the first on top
    nest = tuple(rest[:hidden_nest]) + tuple(up)
    return Deal(dealer, tuple(hands), nest, C.to_mask(rest[hidden_nest:]),
                dummy_up if state.dummy >= 0 and o.dummy_face_up else None)


def dummy_seen(state: GameState) -> int:
    """The dummy's cards every seat sees (its face-up half during the auction, all of it once
    trump is named), still in its hand; 0 without a dummy. The same rule as the seat views."""
    if state.dummy < 0:
        return 0
    if state.trump >= 0:
        return state.hands[state.dummy]
    return C.to_mask(state.face_up) & state.hands[state.dummy]


def where(state: GameState, card: int) -> tuple[str, int]:
    """Where ``card`` stands in the state: ("hand", seat), ("nest", index in the dealt nest),
    ("discard", index), ("aside", 0) or ("played", 0)."""
    bit = C.BIT[card]
    for seat, held in enumerate(state.hands):
        if held & bit:
            return "hand", seat
    if state.played & bit:
        return "played", 0
    if card in state.discards:
        return "discard", state.discards.index(card)
    if state.aside & bit:
        return "aside", 0
    if card in state.nest_dealt and state.bidder < 0:
        return "nest", state.nest_dealt.index(card)
    raise IllegalAction(f"The {state.card_name(card)} is not in this game.")  # pragma: no cover - a broken state


def _put(state: GameState, place: tuple[str, int], old: int, new: int) -> None:
    """Put ``new`` where ``old`` stands (``place`` is ``where(old)``)."""
    kind, index = place
    if kind == "hand":
        state.hands[index] = state.hands[index] & ~C.BIT[old] | C.BIT[new]
    elif kind == "nest":
        state.nest_dealt[index] = new
    elif kind == "discard":
        state.discards[index] = new
    elif kind == "aside":
        state.aside = state.aside & ~C.BIT[old] | C.BIT[new]


def swap(state: GameState, a: int, b: int) -> None:
    """Exchange the places of two cards not yet played; the called partner follows its card."""
    place_a, place_b = where(state, a), where(state, b)
    _put(state, place_a, a, b)
    _put(state, place_b, b, a)
    if state.called in (a, b):
        state.partner = holder(state, state.called)
    if state.called2 in (a, b):
        state.partner2 = holder(state, state.called2)


def holder(state: GameState, card: int) -> int:
    """The seat holding ``card`` in the state, -1 when it lies in the nest or aside."""
    kind, index = where(state, card)
    return index if kind == "hand" else -1


def bring(state: GameState, seat: int, card: int, keep: int, avoid: int) -> None:
    """Move ``card`` into ``seat``'s hand, sending back one of its placeholders. ``keep``: cards
    that must stay where they are (known ones); ``avoid``: placeholders better not sent to the
    card's place (a seat that showed it holds none of them)."""
    if state.hands[seat] & C.BIT[card]:
        return
    spare = state.hands[seat] & ~keep
    if not spare:
        raise IllegalAction(f"Every card {state.seats[seat].capitalize()} holds is known, and the "
                            f"{state.card_name(card)} is not among them.")
    better = spare & ~avoid
    give = next(C.cards_in(better or spare))
    swap(state, card, give)


def bring_out(state: GameState, seat: int, cards: int, pool: int) -> None:
    """Send every card of ``cards`` out of ``seat``'s hand, each for a card of ``pool``."""
    for card in C.cards_in(state.hands[seat] & cards):
        choices = pool & ~state.hands[seat] & ~cards
        if not choices:
            raise IllegalAction(f"{state.seats[seat].capitalize()} cannot hold no {state.card_name(card)}: "
                                "every other card is known.")
        swap(state, card, next(C.cards_in(choices)))


def shown_out(card: int, candidates: int, suits_led: int, restriction: int, state: GameState) -> int:
    """The cards of ``candidates`` that a seat playing ``card`` now (``suits_led``: the led suit,
    -1 when leading; ``restriction``: cards that may not be led) cannot hold, had it played by
    the rules: those whose presence would make ``card`` illegal."""
    suits = state.suits
    assert suits is not None
    out = 0
    bit = C.BIT[card]
    for other in C.cards_in(candidates & ~bit):
        if not legal_plays(bit | C.BIT[other], suits, suits_led, restriction) & bit:
            out |= C.BIT[other]
    return out


def nest_with_points(pool: int, size: int, points: int, state: GameState) -> int | None:
    """A set of ``size`` cards of ``pool`` worth ``points`` (the nest, when cards lie aside too),
    or None when no such set exists."""
    worth = state.deck.points
    cards = list(C.cards_in(pool))
    for chosen in combinations(cards, size):
        if sum(worth[c] for c in chosen) == points:
            return C.to_mask(chosen)
    return None


def possible_nest_points(pool: int, size: int, state: GameState) -> list[int]:
    """Every count of points ``size`` cards of ``pool`` can hold (one: no need to ask; else the
    refusal's hint)."""
    worth = state.deck.points
    return sorted({sum(worth[c] for c in chosen) for chosen in combinations(C.cards_in(pool), size)})
