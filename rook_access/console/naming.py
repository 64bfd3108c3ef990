"""How the console names cards and seats: the player's card namer gets the braille labels here.

The namer itself (``speech.cardtext.CardNamer``) is the one way cards are named, by the
announcer and the console alike. With braille ``off`` a card is its spoken name ("14 red"). With
``after`` the kit's braille label follows the name as Unicode cells ("14 red ⠂⠲⠗"), so a braille
display shows the same dots as the brailled deck on the table. With ``only`` the cells stand
alone. Cells are sent as they are, never as "14r" text, because a screen reader's braille table
would re-translate text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from ..core.options import SEAT_NAMES
from ..speech.cardtext import CardNamer

BRAILLE_MODES = ("off", "after", "only")

__all__ = ["BRAILLE_MODES", "CardNamer", "braille_labeller", "seat_initials", "seat_word", "table_namer",
           "table_seat_words"]


def braille_labeller(rook_label: str = "rook", black_letter: str = "x",
                     numeric_indicator: bool = False) -> Callable[[int], str] | None:
    """The braille module's ``label_cells`` in the player's label style (as ``rook-access
    labels`` embossed the deck) when it is installed, else None (names stay text). A style the
    labels refuse (a settings file edited by hand) falls back to the kit's."""
    try:
        from ..braille.labels import LabelStyle, label_cells
        from ..core.errors import RuleError
    except ImportError:
        return None
    try:
        style = LabelStyle(rook_label, numeric_indicator, black_letter)
    except RuleError:
        style = LabelStyle()
    return partial(label_cells, style=style)


def table_namer(braille: str, specials: int = 0, labeller: Callable[[int], str] | None = None,
                red_one: bool = False, black_letter: str = "x") -> CardNamer:
    """The player's namer: braille labels when they are installed; ``specials`` (a mask) are
    the special trumps named by their own names ("Red 1", "Little Rook"; ``red_one``: the red 1);
    ``black_letter``: the labels' letter for black, which examples of card codes use too."""
    return CardNamer(braille, labeller or braille_labeller(), red_one=red_one, specials=specials,
                     black_letter=black_letter)


def seat_word(seat: str, me: str, capital: bool = False) -> str:
    """"you" for the player, else the seat's name as the announcer says it ("North")."""
    if seat == me:
        return "You" if capital else "you"
    if seat == "dummy":
        return "The dummy" if capital else "the dummy"
    return seat.capitalize()


def seat_initials(seats: tuple[str, ...] | list[str]) -> dict[str, str]:
    """Each seat by its initials, as a player types it short: "n" north, "ne" northeast."""
    def parts(seat: str) -> list[str]:
        for first in ("north", "south"):
            if seat.startswith(first) and seat != first:
                return [first, seat[len(first):]]
        return [seat]
    return {"".join(part[0] for part in parts(seat)): seat for seat in seats}


_TWO_WORDS = re.compile(r"\s*(?:the\s+)*(north|south|n|s)(?:\s*-\s*|\s+)(east|west|e|w)\b", re.IGNORECASE)
_HALVES = {"n": "north", "s": "south", "e": "east", "w": "west"}
_THE = re.compile(r"^\s*(?:the\s+)*", re.IGNORECASE)


def _two_words_seat(match: re.Match[str]) -> str:
    """The seat a ``_TWO_WORDS`` match names, its halves as words or initials: "n w" is
    northwest, as "north west" is ("n w pass" was North's entry with a misspelt "w", offered
    "like southwest pass", the opposite seat: the re-check of session 39)."""
    first, second = match[1].lower(), match[2].lower()
    return _HALVES.get(first, first) + _HALVES.get(second, second)


def seat_joined(line: str, seats: tuple[str, ...] | list[str]) -> str:
    """``line`` with a seat typed as two words first ("north west 30", "north-east pass") as the
    one word the game reads, where it names a seat of these rules: "north west 30" in six-player
    was North's entry with a misspelt "west", and the table offered "southwest 30", the opposite
    seat (the table sweep of session 38)."""
    match = _TWO_WORDS.match(line)
    if match is None or _two_words_seat(match) not in seats:
        return line
    return line[:match.start(1)] + _two_words_seat(match) + line[match.end():]


def seat_elsewhere(line: str, seats: tuple[str, ...] | list[str]) -> str | None:
    """The seat of some other table that ``line`` begins with, as two words or its initials, when
    an entry follows it and these rules have no such seat ("north west pass" or "nw pass" where
    four play), else None, after a filler "the" as a seat of these rules is ("the nw pass" was
    "New takes nothing after it": the re-check of session 39). "d" is left out: it is discard
    wherever no dummy sits."""
    joined = _TWO_WORDS.match(line)
    first, _, rest = _THE.sub("", line, count=1).strip().lower().partition(" ")
    if joined is not None:
        first, rest = _two_words_seat(joined), line[joined.end():]
    seat = table_seat_words().get(first) if first not in ("d", "dummy") else None
    if seat is None or not rest.strip() or seat in seats or first in seat_initials(list(seats)):
        return None
    return seat


def table_seat_words() -> dict[str, str]:
    """Every word a real table reads first as a seat, for any number of players: each seat's
    name and initials ("west", "w", "ne"), to the seat's name. A Rook Bird label that is one of
    them played nothing there ("west" at your turn was "It is your turn, not West's.": the
    braille sweep of session 37)."""
    return {**seat_initials(SEAT_NAMES), **{seat: seat for seat in SEAT_NAMES}}
