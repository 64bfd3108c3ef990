"""Braille for Rook cards: each card's label, and label sheets to emboss.

Stable API (the console's braille setting and other callers rely on it)::

    LabelStyle(rook_label="rook", numeric_indicator=False, black_letter="x")
        A frozen dataclass; bad values raise rook_access.core.errors.RuleError (a ValueError
        whose message is one sentence for the user).
    label_cells(card: int, style: LabelStyle = DEFAULT_STYLE) -> str
        The card's label as Unicode braille cells (U+2800..U+283F): 14 red -> "⠂⠲⠗",
        Rook Bird -> "⠗⠕⠕⠅". Send these characters as they are; a screen reader passes Unicode
        braille to the display untouched, where plain text "14r" would be re-translated.
    label_brf(card: int, style: LabelStyle = DEFAULT_STYLE) -> str
        The same label as upper-case North American Braille ASCII: "14R", "ROOK".
    ascii_to_cells(text) / cells_to_ascii(cells)
        Braille ASCII (0x20..0x5F, lower case accepted on input) <-> six-dot Unicode braille.

``card`` is a card of rook_access.core.cards (0..56, 56 the Rook Bird). Sheets are in
``rook_access.braille.sheet``.
"""

from .ascii import BLANK, ascii_to_cells, cell_dots, cells_to_ascii, dots_to_cell
from .labels import DEFAULT_STYLE, LabelStyle, label_brf, label_cells

__all__ = [
    "BLANK", "DEFAULT_STYLE", "LabelStyle", "ascii_to_cells", "cell_dots", "cells_to_ascii",
    "dots_to_cell", "label_brf", "label_cells",
]
