"""How the console names cards and seats: the player's card namer gets the braille labels here.

The namer itself (``speech.cardtext.CardNamer``) is the one way cards are named, by the
announcer and the console alike. With braille ``off`` a card is its spoken name ("14 red"). With
``after`` the kit's braille label follows the name as Unicode cells ("14 red ⠂⠲⠗"), so a braille
display shows the same dots as the brailled deck on the table. With ``only`` the cells stand
alone. Cells are sent as they are, never as "14r" text, because a screen reader's braille table
would re-translate text.
"""

from __future__ import annotations

from collections.abc import Callable

from ..speech.cardtext import CardNamer

BRAILLE_MODES = ("off", "after", "only")

__all__ = ["BRAILLE_MODES", "CardNamer", "table_namer", "seat_word"]


def _braille_labeller() -> Callable[[int], str] | None:
    """The braille module's ``label_cells`` when it is installed, else None (names stay text)."""
    try:
        from ..braille.labels import label_cells
    except ImportError:
        return None
    return label_cells


def table_namer(braille: str, red_one: bool) -> CardNamer:
    """The player's namer: braille labels when they are installed, the red-one rule's name."""
    return CardNamer(braille, _braille_labeller(), red_one=red_one)


def seat_word(seat: str, me: str, capital: bool = False) -> str:
    """"you" for the player, else the seat's name as the announcer says it ("North")."""
    if seat == me:
        return "You" if capital else "you"
    if seat == "dummy":
        return "The dummy" if capital else "the dummy"
    return seat.capitalize()
