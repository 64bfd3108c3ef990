"""Cards, hands, numbers and seats in words a speech synthesiser reads naturally.

Why a module of its own: the announcer, the console's ``hand`` command and replays all say cards,
and they must say them the same way. Everything here is plain ASCII, numbers are digits, and a
negative number is said "minus 95" (espeak-ng reads "-95" as "95" or "dash 95").
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core import cards as C

CardLike = int | str


def card_id(card: CardLike) -> int:
    """A card id from an id or a record code (``14r``, ``rook``)."""
    return card if isinstance(card, int) else C.from_code(card)


def card_name(card: CardLike, red_one: bool = False) -> str:
    """"14 red", "Rook Bird"; under the red-one rule the red 1 is "Red 1", a trump of its own."""
    cid = card_id(card)
    if red_one and cid == C.make(1, C.RED):
        return "Red 1"
    return C.name(cid)


def card_list(cards: Iterable[CardLike], red_one: bool = False) -> str:
    """"14 red, 5 green, Rook Bird" in the order given."""
    names = [card_name(c, red_one) for c in cards]
    return ", ".join(names) if names else "none"


def number(value: int) -> str:
    """Digits, with "minus" said as a word: espeak-ng and braille both read it plainly."""
    return f"minus {-value}" if value < 0 else str(value)


def points(value: int) -> str:
    """"25 points", "1 point", "no points"."""
    if value == 0:
        return "no points"
    if value == 1:
        return "1 point"
    return f"{number(value)} points"


def _rank(card: int, ones_high: bool) -> int:
    n = C.number_of(card)
    return 15 if n == 1 and ones_high else n


def color_group(cards: Iterable[CardLike], color: int, trump: int | None = None, *,
                ones_high: bool = False, red_one: bool = False) -> str:
    """One colour of a hand, highest first: "Red: 14, 10, 5." or "Black: none.";
    the trump colour says so: "Red, trump: 14, 10, 5."."""
    special = C.make(1, C.RED) if red_one else -1
    ids = [cid for cid in map(card_id, cards)
           if cid != C.ROOK and cid != special and C.color_of(cid) == color]
    ids.sort(key=lambda cid: _rank(cid, ones_high), reverse=True)
    label = C.COLORS[color].capitalize() + (", trump" if color == trump else "")
    numbers = ", ".join(str(C.number_of(cid)) for cid in ids) or "none"
    return f"{label}: {numbers}."


def describe_hand(cards: Iterable[CardLike], trump: int | str | None = None, *,
                  ones_high: bool = False, red_one: bool = False) -> str:
    """A hand grouped by colour, highest first in each, the trump colour first once known:
    "Red: 14, 10, 5. Green: 12, 9. Black: none. Yellow: 7. Rook Bird."

    Every colour is named, even when empty, because a void is what a player plans around.
    ``trump`` is a colour index, a colour word, or None (not named yet, or no trump).
    """
    ids = [card_id(c) for c in cards]
    trump_index = C.COLORS.index(trump) if isinstance(trump, str) else trump
    if trump_index is not None and not 0 <= trump_index < 4:
        trump_index = None
    order = list(range(4))
    if trump_index is not None:
        order.remove(trump_index)
        order.insert(0, trump_index)
    parts = [color_group(ids, color, trump_index, ones_high=ones_high, red_one=red_one)
             for color in order]
    if red_one and C.make(1, C.RED) in ids:
        parts.append("Red 1.")
    if C.ROOK in ids:
        parts.append("Rook Bird.")
    return " ".join(parts)


def seat_title(seat: str) -> str:
    """"North"; the two-player dummy is "the dummy" (capitalised where a line starts)."""
    return "the dummy" if seat == "dummy" else seat.capitalize()


def side_title(seats: Iterable[str]) -> str:
    """A side named by its seats as players say it: "north-south"; one seat is its own name."""
    names = [s for s in seats]
    if len(names) == 1:
        return seat_title(names[0])
    return "-".join(names)


def join_words(items: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def sentence(text: str) -> str:
    """Capitalise the first letter, so "the dummy plays" starts a line as "The dummy plays"."""
    return text[:1].upper() + text[1:] if text else text
