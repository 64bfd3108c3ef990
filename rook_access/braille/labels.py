"""One card's braille label, per the braille kit's convention (docs/braille.md).

A label is the card's number in Nemeth dropped digits, then one colour letter: r red, g green,
x black (or b, if the player's other decks use it), y yellow. No numeric indicator and no capital
sign by default: dropped digits cannot be mistaken for letters. 14 red is ⠂⠲⠗ (BRF ``14R``).

The Rook Bird has no label in the kit's rule sheet; ours is the word ``rook`` spelled out
uncontracted (⠗⠕⠕⠅), and the player may choose another.

In North American Braille ASCII the dropped digits are exactly the ASCII digits, so a label is
built as Braille ASCII text (``14R``) and turned into cells through the standard table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core import cards as C
from ..core.errors import RuleError
from ..core.text import shorten
from .ascii import ascii_to_cells, cell_dots, cells_to_ascii

NUMERIC_INDICATOR = "#"  # ⠼, dots 3456
MAX_ROOK_LABEL_CELLS = 6  # about 37 mm: more would not fit a card's corner
BLACK_LETTERS = ("x", "b")


def _rook_label_ascii(text: str) -> str:
    """The Rook Bird's label as upper-case Braille ASCII, or a RuleError saying what is wrong.
    Letters and digits are spelled out; anything else only as braille cells, so a sign typed
    as punctuation ("&" is the braille "and" sign) never stands for what it is not."""
    if not text:
        raise RuleError("the Rook Bird's label is empty: give 1 to 6 letters, such as rook or bird")
    eight_dot = next((char for char in text if 0x2840 <= ord(char) <= 0x28FF), None)
    if eight_dot:
        raise RuleError(f"the Rook Bird's label {shorten(text)!r} has an eight-dot cell, {eight_dot}: an embossed "
                        "label has six dots, so use cells with dots 1 to 6 only, or letters (rook)")
    if any(0x2800 <= ord(char) <= 0x283F for char in text):
        try:
            cells = cells_to_ascii(text)
        except ValueError:
            raise RuleError(
                f"the Rook Bird's label {shorten(text)!r} mixes braille cells with other characters: "
                "give either letters (rook) or six-dot braille cells only"
            ) from None
        if " " in cells:  # the blank cell: the label would vanish, or read as two labels
            raise RuleError(f"the Rook Bird's label {shorten(text)!r} has a blank cell: every cell needs a dot")
        return cells
    if any(char.isspace() for char in text):
        raise RuleError(
            f"the Rook Bird's label {shorten(text)!r} has a space: a label is one word, such as rook or bird"
        )
    accented = next((char for char in text if char.isalnum() and not char.isascii()), None)
    if accented and all(char.isalnum() for char in text):
        # "ö is neither a letter nor a digit" was said of Vögel (the files sweep of session 37).
        raise RuleError(f"the Rook Bird's label {shorten(text)!r} has {accented}, a letter or digit outside a to z "
                        "and 0 to 9, with no cell of its own in the labels' braille (English, uncontracted): use "
                        "letters a to z, digits, or braille cells")
    if not (text.isascii() and text.isalnum()):
        raise RuleError(
            f"the Rook Bird's label {shorten(text)!r} has a character that is neither a letter nor a digit: "
            "use letters a to z (spelled uncontracted), digits, or braille cells"
        )
    return cells_to_ascii(ascii_to_cells(text))


def _numbered_brf(card: int, style: LabelStyle) -> str:
    letter = C.COLOR_LETTERS[C.color_of(card)]
    if card // 14 == C.BLACK:
        letter = style.black_letter
    prefix = NUMERIC_INDICATOR if style.numeric_indicator else ""
    return f"{prefix}{C.number_of(card)}{letter.upper()}"


# UEB's numeric mode: after the numeric indicator, the letters a to j are the digits 1 to 9 and 0.
_UEB_NUMBER = re.compile(r"#([A-J]+)")
_UEB_DIGITS = str.maketrans("ABCDEFGHIJ", "1234567890")


def _typed_readings(rook: str) -> list[str]:
    """The label as a braille keyboard writes it (``rook``, Braille ASCII), then as a screen
    reader's UEB table reads its cells where that differs: "⠼⠁⠙⠭" is #14x there, 14 black, and
    "⠼⠑" is 5, though in the kit's Nemeth cells they are a letter label (the labels sweep of
    session 39)."""
    ueb = _UEB_NUMBER.sub(lambda match: "#" + match[1].translate(_UEB_DIGITS), rook)
    return [rook] if ueb == rook else [rook, ueb]


def _typed_card(rook: str) -> int | None:
    """The card other than the Rook Bird that the label, typed as a braille keyboard writes it,
    plays, or None. Any style's: input reads x and b alike, with or without the numeric
    indicator, so the label 14b played 14 black though black was written x (the braille sweep
    of session 33)."""
    try:
        card = C.parse_card(rook.lower())
    except RuleError:
        return None
    return None if card == C.ROOK else card


DIGITS_WHY = ("typed, a number plays the card of that number or bids it, never the Rook Bird; choose a label "
              "with a letter, such as rook or bird")


def _typed_otherwise(label: str, rook: str) -> str | None:
    """Why the label, typed alone (``rook``: as a braille keyboard writes it), would not play the
    Rook Bird, or None: a word the console reads as a command runs it ("p" passed: the re-check
    of session 33). The console's own parser says what it reads, so no list of its words is kept
    twice. Digits alone ("5" played 5 green) are refused before (``DIGITS_WHY``)."""
    from ..console.parse import typed_label_reads  # the console's reading, asked only here
    reads = typed_label_reads(rook.lower(), label)
    if reads is None:
        return None
    return f"is read as {reads} when typed, never as the Rook Bird: choose another label, such as rook or bird"


def _all_digits(rook: str) -> bool:
    """Whether a label, as a braille keyboard writes it, is digits alone, with or without the
    numeric indicator before them ("5", "#5"): "⠼⠢" was "read as another of the game's words"
    where "⠢" was all digits (the sweeps of session 34)."""
    digits = rook.replace("#", "")
    return digits.isascii() and digits.isdigit()


@dataclass(frozen=True)
class LabelStyle:
    """How labels are written. Frozen, so it can be shared and used as a dict key.

    ``rook_label``: the Rook Bird's label as typed; letters and digits are spelled uncontracted
    (``rook``, ``bird``), and Unicode braille cells are taken as they are. ``numeric_indicator``:
    put ⠼ before the digits, as strict Nemeth would. ``black_letter``: ``x`` (the kit's) or
    ``b``. Bad values raise RuleError.
    """

    rook_label: str = "rook"
    numeric_indicator: bool = False
    black_letter: str = "x"

    def __post_init__(self) -> None:
        if self.black_letter not in BLACK_LETTERS:
            raise RuleError(f"the letter for black must be x or b, not {shorten(self.black_letter)!r}")
        rook = _rook_label_ascii(self.rook_label)
        if len(rook) > MAX_ROOK_LABEL_CELLS:
            raise RuleError(
                f"the Rook Bird's label {shorten(self.rook_label)!r} is {len(rook)} cells: at most "
                f"{MAX_ROOK_LABEL_CELLS} fit a card's corner"
            )
        for typed in _typed_readings(rook):
            self._check_card(rook, typed)
        why = _typed_otherwise(self.rook_label, rook)
        if why:
            raise RuleError(f"the Rook Bird's label {shorten(self.rook_label)!r} {why}")

    def _check_card(self, rook: str, typed: str) -> None:
        """Refuse the label if ``typed``, one way its cells are typed, plays a card or is a number."""
        label = shorten(self.rook_label)
        ueb = "" if typed == rook else f"UEB reads its cells as {typed.lower()}"
        clash = _typed_card(typed)
        if clash is not None:
            notes = [note for note in (ueb, "x and b both mean black" if C.color_of(clash) == C.BLACK else "") if note]
            either = f" ({'; '.join(notes)})" if notes else ""
            raise RuleError(
                f"the Rook Bird's label {label!r} is what a player types for {C.name(clash)}"
                f"{either}: choose a label that is no card's, such as rook or bird"
            )
        if _all_digits(typed):
            raise RuleError(f"the Rook Bird's label {label!r} is all digits{f' ({ueb})' if ueb else ''}: {DIGITS_WHY}")


DEFAULT_STYLE = LabelStyle()


def label_brf(card: int, style: LabelStyle = DEFAULT_STYLE) -> str:
    """The card's label as upper-case Braille ASCII: 14 red -> ``14R``, Rook Bird -> ``ROOK``."""
    if card == C.ROOK:
        return _rook_label_ascii(style.rook_label)
    if not 0 <= card < C.ROOK:
        raise ValueError(f"{card!r} is not a card (0 to {C.ROOK})")
    return _numbered_brf(card, style)


def label_cells(card: int, style: LabelStyle = DEFAULT_STYLE) -> str:
    """The card's label as Unicode braille cells: 14 red -> ``"⠂⠲⠗"``.

    The stable entry point for the game's braille setting: send these characters to the screen
    as they are, so a braille display shows the kit's dots whatever its own translation table.
    """
    return ascii_to_cells(label_brf(card, style))


def label_dots(card: int, style: LabelStyle = DEFAULT_STYLE) -> str:
    """The card's label as dot numbers, cell by cell, as docs/braille.md writes them: 14 red ->
    ``"2, 256, 1235"``. For a terminal that cannot show the cells, where they came out as bytes
    of UTF-8 it read as other characters (the braille sweep of session 37)."""
    return ", ".join(cell_dots(cell) for cell in label_cells(card, style))
