"""How the console names cards and seats: one place, so the braille setting reaches every answer.

With braille ``off`` a card is its spoken name ("14 red"). With ``after`` the kit's braille label
follows the name as Unicode cells ("14 red ⠂⠲⠗"), so a braille display shows the same dots as
the brailled deck on the table. With ``only`` the cells stand alone. Cells are sent as they are,
never as "14r" text, because a screen reader's braille table would re-translate text.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core import cards as C
from ..speech.cardtext import card_name

BRAILLE_MODES = ("off", "after", "only")


def _braille_labeller() -> Callable[[int], str] | None:
    """The braille module's ``label_cells`` when it is installed, else None (names stay text)."""
    try:
        from ..braille.labels import label_cells
    except ImportError:
        return None
    return label_cells


class CardNamer:
    """Names cards for one player's braille setting."""

    def __init__(self, braille: str = "off", labeller: Callable[[int], str] | None = None,
                 red_one: bool = False) -> None:
        self.labeller = labeller if labeller is not None else _braille_labeller()
        self.braille = braille if self.labeller is not None else "off"
        self.red_one = red_one  # the red 1 is a trump of its own, said "Red 1" as the announcer says it

    @property
    def available(self) -> bool:
        return self.labeller is not None

    def _cells(self, card: int) -> str:
        assert self.labeller is not None
        return self.labeller(card)

    def name(self, card: int) -> str:
        """The full name: "14 red", "14 red ⠂⠲⠗" or "⠂⠲⠗"."""
        spoken = card_name(card, self.red_one)
        if self.braille == "only":
            return self._cells(card)
        if self.braille == "after":
            return f"{spoken} {self._cells(card)}"
        return spoken

    def short(self, card: int) -> str:
        """The name inside a line that already says the colour: "14" (or its cells)."""
        base = "Rook Bird" if card == C.ROOK else str(C.number_of(card))
        if self.braille == "only":
            return self._cells(card)
        if self.braille == "after":
            return f"{base} {self._cells(card)}"
        return base

    def names(self, cards: list[int] | tuple[int, ...]) -> str:
        """Cards joined for speech: "7 red and 12 red", "5 red, 7 red and 12 red"."""
        words = [self.name(c) for c in cards]
        if not words:
            return "none"
        if len(words) == 1:
            return words[0]
        return ", ".join(words[:-1]) + " and " + words[-1]


def seat_word(seat: str, me: str, capital: bool = False) -> str:
    """"you" for the player, else the seat's name as the announcer says it ("North")."""
    if seat == me:
        return "You" if capital else "you"
    if seat == "dummy":
        return "The dummy" if capital else "the dummy"
    return seat.capitalize()
