"""Cards as small ints and sets of cards as int bitmasks.

A card is an int 0..56: colour * 14 + (number - 1) for the numbered cards and 56 for the Rook
Bird. A set of cards is an int with one bit per card, so membership, union and counting are
single integer operations (the hot path of simulation and search).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from .errors import RuleError
from .text import shorten, show

COLORS = ("red", "green", "black", "yellow")
COLOR_LETTERS = ("r", "g", "x", "y")
RED, GREEN, BLACK, YELLOW = range(4)
ROOK = 56
CARD_COUNT = 57
NO_TRUMP = 4  # the "colour" value a no-trump hand uses for its trump

Card = int
CardSet = int


def make(number: int, color: int) -> Card:
    return color * 14 + number - 1


def number_of(card: Card) -> int:
    """The card's number, 0 for the Rook Bird."""
    return 0 if card == ROOK else card % 14 + 1


def color_of(card: Card) -> int:
    """The printed colour, -1 for the Rook Bird."""
    return -1 if card == ROOK else card // 14


CODES: tuple[str, ...] = tuple(
    [f"{n}{COLOR_LETTERS[c]}" for c in range(4) for n in range(1, 15)] + ["rook"]
)
_BY_CODE = {code: i for i, code in enumerate(CODES)}
BIT: tuple[int, ...] = tuple(1 << i for i in range(CARD_COUNT))
COLOR_MASK: tuple[int, ...] = tuple(sum(1 << make(n, c) for n in range(1, 15)) for c in range(4))


def code(card: Card) -> str:
    return CODES[card]


# Cards that some rules make trump whatever the colour, each with a name of its own there.
RED_ONE: Card = make(1, RED)
LITTLE_ROOK: Card = make(1, BLACK)
BABY_ROOK: Card = make(2, RED)
SPECIAL_NAMES = {RED_ONE: "Red 1", LITTLE_ROOK: "Little Rook", BABY_ROOK: "Baby Rook"}


def name(card: Card, specials: CardSet = 0) -> str:
    """The spoken name: "14 red", "Rook Bird"; a card of ``specials`` (the special trumps these
    rules play: ``DeckInfo.special``) by its own name, "Red 1", "Little Rook". The one card
    namer: the announcer, the console, the hint and the core's refusals all name cards here."""
    if card == ROOK:
        return "Rook Bird"
    if specials >> card & 1 and card in SPECIAL_NAMES:
        return SPECIAL_NAMES[card]
    return f"{number_of(card)} {COLORS[color_of(card)]}"


def from_code(text: object, rook: bool = True) -> Card:
    """Strict parse of a record / deal-file code such as ``14r`` or ``rook`` (any JSON value may
    come: it is said as the file writes it); ``rook``: the deck has the Rook Bird, so the advice
    on a bad code names it."""
    card = _BY_CODE.get(text) if isinstance(text, str) else None
    if card is None:
        raise RuleError(
            f"unknown card code {show(text)}: use a number 1 to 14 and a colour letter r, g, x or y "
            "(14r, 5g, 10x)" + (", or rook" if rook else "")
        )
    return card


_COLOR_WORDS = {
    "r": RED, "red": RED, "reds": RED,
    "g": GREEN, "green": GREEN, "greens": GREEN,
    "x": BLACK, "b": BLACK, "black": BLACK, "blacks": BLACK,
    "y": YELLOW, "yellow": YELLOW, "yellows": YELLOW,
}
_NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
}


def number_word(text: str) -> int | None:
    """A card's number said in words ("fourteen"), or None."""
    return _NUMBER_WORDS.get(text.strip().lower())


_ROOK_WORDS = {"rook", "bird", "rookbird", "rook bird", "the rook", "the bird", "the rook bird"}
# The readers' special trumps, said by name: the black 1 "little Rook", the red 2 "baby Rook".
_SPECIAL_WORDS = {"little rook": 14 * BLACK, "baby rook": 14 * RED + 1}
_TOKEN = re.compile(r"[0-9]+|[a-z]+")


def parse_color(text: str) -> int | None:
    return _COLOR_WORDS.get(text.strip().lower())


def parse_card(text: str) -> Card:
    """Parse what a person types or says: ``14r``, ``red 14``, ``14 red``, ``b10``, ``bird``."""
    cleaned = text.strip().lower().replace("-", " ")
    if cleaned in _ROOK_WORDS:
        return ROOK
    if cleaned.removeprefix("the ") in _SPECIAL_WORDS:
        return _SPECIAL_WORDS[cleaned.removeprefix("the ")]
    tokens = _TOKEN.findall(cleaned)
    tokens = [t for t in tokens if t not in ("of", "the")]
    number: int | None = None
    color: int | None = None
    for token in tokens:
        if token.isdigit():  # ASCII digits only (_TOKEN); a long run is no card number
            if number is not None or len(token) > 2:
                number = None
                break
            number = int(token)
        elif token in _NUMBER_WORDS and number is None:
            number = _NUMBER_WORDS[token]
        elif token in _COLOR_WORDS and color is None:
            color = _COLOR_WORDS[token]
        else:
            number = None
            break
    if number is None or color is None or not 1 <= number <= 14:
        raise RuleError(
            f"{shorten(text.strip())!r} is not a card: say a number and a colour, like 14r, red 14 or "
            "14 red, or rook"
        )
    return make(number, color)


def cards_in(mask: CardSet) -> Iterator[Card]:
    """The cards of a set, lowest id first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def byte_table(per_card: tuple[Any, ...]) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    """A table for ``card_list``: for each byte of a card set and each of its 256 values, the
    ``per_card`` entries of its cards, lowest first. Listing a set is then one lookup per byte
    instead of one step per card (the hot path lists legal plays and discards)."""
    def nibble(base: int) -> list[tuple[Any, ...]]:
        return [tuple(per_card[base + b] for b in range(4) if v >> b & 1 and base + b < CARD_COUNT)
                for v in range(16)]

    table = []
    for base in range(0, CARD_COUNT, 8):
        lows, highs = nibble(base), nibble(base + 4)
        table.append(tuple(low + high for high in highs for low in lows))
    return tuple(table)


_BYTE_CARDS = byte_table(tuple(range(CARD_COUNT)))


def card_list(mask: CardSet, table: tuple[tuple[tuple[Any, ...], ...], ...] = _BYTE_CARDS) -> list[Any]:
    """``list(cards_in(mask))``, lowest first, in a few table lookups. ``table`` (from
    ``byte_table``) gives something else per card, such as its action."""
    out: list[Any] = []
    for chunk in table:
        if not mask:
            break
        out += chunk[mask & 255]
        mask >>= 8
    return out


def to_mask(cards: Iterable[Card]) -> CardSet:
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask


def count(mask: CardSet) -> int:
    return mask.bit_count()


def codes(mask: CardSet) -> list[str]:
    return card_list(mask, _BYTE_CODES)


_BYTE_CODES = byte_table(CODES)
