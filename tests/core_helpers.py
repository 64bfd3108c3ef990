"""Helpers for rule tests: known deals built from a few fixed cards, and quick action parsing."""

from __future__ import annotations

from typing import Any

from rook_access.core import GameState, new_game, resolve
from rook_access.core import cards as C
from rook_access.core.actions import Action
from rook_access.core.deck import deck_mask


def make_deal(preset: str, dealer: str, fixed: dict[str, list[str]], nest: list[str] | None = None,
              options: list[str] | None = None) -> dict[str, Any]:
    """A deal file's JSON: the given cards where asked, the rest of the deck dealt in order."""
    o = resolve(preset, options)
    per_seat = (deck_mask(o).bit_count() - o.nest_size - o.aside) // len(o.seats)
    used = {c for cards in fixed.values() for c in cards} | set(nest or [])
    rest = [C.code(c) for c in C.cards_in(deck_mask(o)) if C.code(c) not in used]
    hands = {}
    for seat in o.seats:
        cards = list(fixed.get(seat, []))
        while len(cards) < per_seat:
            cards.append(rest.pop(0))
        hands[seat] = cards
    nest_cards = list(nest or [])
    while len(nest_cards) < o.nest_size:
        nest_cards.append(rest.pop(0))
    aside = rest[: o.aside]
    return {"dealer": dealer, "hands": hands, "nest": nest_cards, "aside": aside}


def game(preset: str, dealer: str = "west", fixed: dict[str, list[str]] | None = None,
         nest: list[str] | None = None, options: list[str] | None = None) -> GameState:
    state, _ = new_game(preset, options, seed=7, deal=make_deal(preset, dealer, fixed or {}, nest, options))
    return state


def act(state: GameState, *texts: str) -> list[dict[str, Any]]:
    """Apply actions written as ``"bid 80"``, ``"play 14r"``...; returns all their events."""
    events: list[dict[str, Any]] = []
    for text in texts:
        events += state.apply(Action.parse(text))
    return events


def seat(state: GameState, name: str) -> int:
    return state.seats.index(name)


def first_deal_drawn_before(preset: str, seed: int) -> dict[str, Any]:
    """The first deal of ``seed`` as a deal file, dealt by the first-dealer draw before 28 November
    2026 (``drawn_dealer(every_seat=True)``): a test written against it keeps its cards."""
    from rook_access.core.state import drawn_dealer
    from rook_access.store.verify import first_deal

    options = resolve(preset, None)
    _, events = new_game(preset, options, seed, dealer=drawn_dealer(options, seed, every_seat=True))
    return first_deal(events[0])
