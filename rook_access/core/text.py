"""Reading numbers people type, and quoting what they typed back to them.

Why not ``str.isdigit()`` and ``int()``: ``isdigit`` is true for ``²`` and ``¹²⁰``, which ``int``
then refuses, and ``int`` refuses more than 4,300 digits with a message of its own. A refusal
that quotes the input shortens it: a screen reader reads an error line in full.
"""

from __future__ import annotations

import json
import re

MAX_DIGITS = 9  # more than any count, bid, score or seed a player types; the rest is refused
QUOTE_LIMIT = 40
_WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)


def seat_title(seat: str) -> str:
    """"North"; the two-player dummy is "the dummy" (capitalised where a line starts). Here, not
    in speech, so the hint (ai) names a seat as every spoken line does."""
    return "the dummy" if seat == "dummy" else seat.capitalize()


def counted(count: int, word: str) -> str:
    """"1 point", "5 points": a count with its word, plural but for one ("1 points" and "the 1
    cards" were said where the beginner game and six-teams have one: the table sweep of session
    30). ``word`` takes an s: card, point, trick, hand."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def word_key(text: str) -> str:
    """A fixed word as typed, said or written by hand: small letters, each run of spaces,
    underscores and dashes one dash ("Screen Reader" is screen-reader, "ten and half"
    ten-and-half), as the game's commands hear a dash that is silent when spoken."""
    return re.sub(r"[\s_-]+", "-", text.strip().lower())


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text``, or its start and how long it was when it is longer than ``limit``."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)} characters)"


def said_text(value: object, limit: int = QUOTE_LIMIT) -> str:
    """Text from a file or typed, as it may be printed and said: as it is (shortened) when it is
    printable text, else as the file writes it, escapes and all: a newline in a save's record path
    or in an option's value from a file forged a line, an escape sequence acted on the terminal
    (the re-checks)."""
    return shorten(value, limit) if isinstance(value, str) and value.isprintable() else show(value, limit)


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """Typed text in one pair of quotes, as a refusal names it: ``said_text`` already quotes
    text that is not printable (as the file writes it), and a second pair round it was read
    aloud as two (the accessibility sweep of session 36)."""
    said = said_text(text, limit)
    return f"\"{said}\"" if text.isprintable() else said


def said_path(value: object) -> str:
    """A path a file names, as it may be printed (``said_text``), up to 200 characters."""
    return said_text(value, 200)


def whole_number(text: str, signed: bool = False) -> int | None:
    """The whole number written in ASCII digits (a sign only when ``signed``), or None when
    ``text`` is no such number or has more than MAX_DIGITS digits."""
    text = text.strip()
    if not _WHOLE.fullmatch(text) or (not signed and text[0] in "+-"):
        return None
    if len(text.lstrip("+-")) > MAX_DIGITS:
        return None
    return int(text)


def _escaped(text: str) -> str:
    """``text`` with every character that is not printable written as its escape: JSON escapes
    only the C0 controls, so U+009B (an 8-bit terminal's CSI), U+0085 (next line) and the
    direction overrides reached the terminal as they were (found by a re-check)."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}"
                   for c in text)


def show(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A value from a file as the file writes it (``true``, ``null``, ``"north"``, not Python's
    ``True``, ``None``, ``'north'``: it is read aloud), shortened; safe for any JSON or TOML value
    (an int of more than 4,300 digits cannot be turned into text)."""
    try:
        return shorten(_escaped(json.dumps(value, ensure_ascii=False)), limit)
    except TypeError:  # a TOML date
        return shorten(str(value), limit)
    except ValueError:
        return "a number too long to show"


# The rules' reasons speak to the seat that acts ("You hold counters"); quoted for another seat
# (the table companion's entries, a record's or a save's moves) they speak of it.
_YOU = (("Your partner", "{}'s partner"), ("Your ", "{}'s "), ("You have ", "{} has "), ("You hold ", "{} holds "),
        ("You do not ", "{} does not "), ("You ", "{} "))
_INNER_YOU = re.compile(r"\b(to |for |with |at )?(you|your)\b")


def of_seat(why: str, name: str) -> str | None:
    """``why``, a reason worded for the seat that acts, said of the seat ``name`` ("East holds
    counters, so they may not call a misdeal."); None when it does not begin with "You" or
    "Your" (then ``of_another`` words the rest of it)."""
    for you, them in _YOU:
        if why.startswith(you):
            return them.format(name) + of_another(why[len(you):])
    return None


def of_another(why: str) -> str:
    """``why`` with "you" as "they" (or "them") and "your" as "their": a reason that names the
    seat later ("Trump has not been broken yet, so they may not lead trump")."""
    return _INNER_YOU.sub(lambda m: (m[1] or "") + ("their" if m[2] == "your" else "them" if m[1] else "they"), why)

