"""North American Braille ASCII (the character set of BRF files) and Unicode braille.

Unicode braille is U+2800 plus one bit a dot: dot 1 = 0x01, 2 = 0x02, 3 = 0x04, 4 = 0x08,
5 = 0x10, 6 = 0x20 (dots 7 and 8 use 0x40 and 0x80; six-dot Braille ASCII has no room for them).

North American Braille ASCII gives each of the 64 six-dot cells one printable ASCII character
from 0x20 (space, the blank cell) to 0x5F (underscore). The table below is the standard one,
written out character by character with its dot numbers, as braille transcribers' references
print it; tests check it against liblouis's ``en-us-brf.dis``.

On input, lower-case letters and the five characters 0x60 and 0x7B to 0x7E are accepted as the
cells of their upper-case partners 0x40 and 0x5B to 0x5E, as BRF readers conventionally do;
output is always upper case.
"""

from __future__ import annotations

BLANK = "\u2800"
FIRST_CELL = 0x2800
LAST_SIX_DOT_CELL = 0x283F

# Character -> dot numbers, in ASCII order 0x20..0x5F.
BRAILLE_ASCII_DOTS: dict[str, str] = {
    " ": "",
    "!": "2346",
    '"': "5",
    "#": "3456",
    "$": "1246",
    "%": "146",
    "&": "12346",
    "'": "3",
    "(": "12356",
    ")": "23456",
    "*": "16",
    "+": "346",
    ",": "6",
    "-": "36",
    ".": "46",
    "/": "34",
    "0": "356",
    "1": "2",
    "2": "23",
    "3": "25",
    "4": "256",
    "5": "26",
    "6": "235",
    "7": "2356",
    "8": "236",
    "9": "35",
    ":": "156",
    ";": "56",
    "<": "126",
    "=": "123456",
    ">": "345",
    "?": "1456",
    "@": "4",
    "A": "1",
    "B": "12",
    "C": "14",
    "D": "145",
    "E": "15",
    "F": "124",
    "G": "1245",
    "H": "125",
    "I": "24",
    "J": "245",
    "K": "13",
    "L": "123",
    "M": "134",
    "N": "1345",
    "O": "135",
    "P": "1234",
    "Q": "12345",
    "R": "1235",
    "S": "234",
    "T": "2345",
    "U": "136",
    "V": "1236",
    "W": "2456",
    "X": "1346",
    "Y": "13456",
    "Z": "1356",
    "[": "246",
    "\\": "1256",
    "]": "12456",
    "^": "45",
    "_": "456",
}


def dots_to_cell(dots: str) -> str:
    """The Unicode cell for dot numbers such as ``"1235"`` (``""`` is the blank cell)."""
    bits = 0
    for dot in dots:
        if dot not in "12345678":
            raise ValueError(f"{dots!r} is not a set of dot numbers 1 to 8")
        bits |= 1 << (int(dot) - 1)
    return chr(FIRST_CELL + bits)


def cell_dots(cell: str) -> str:
    """The dot numbers of one Unicode braille cell, lowest first: ``"⠗"`` -> ``"1235"``."""
    value = ord(cell) - FIRST_CELL
    if not 0 <= value <= 0xFF:
        raise ValueError(f"{cell!r} is not a Unicode braille cell")
    return "".join(str(dot + 1) for dot in range(8) if value >> dot & 1)


_TO_CELL: dict[str, str] = {char: dots_to_cell(dots) for char, dots in BRAILLE_ASCII_DOTS.items()}
_TO_ASCII: dict[str, str] = {cell: char for char, cell in _TO_CELL.items()}
# The conventional lower-case aliases: 0x60..0x7E read as 0x40..0x5E.
for _code in range(0x60, 0x7F):
    _TO_CELL[chr(_code)] = _TO_CELL[chr(_code - 0x20)]

if len(_TO_ASCII) != 64:  # pragma: no cover - a typing slip in the table above
    raise AssertionError("the Braille ASCII table must give 64 different cells")


def ascii_to_cells(text: str) -> str:
    """Braille ASCII text to Unicode braille, one cell a character."""
    out = []
    for char in text:
        cell = _TO_CELL.get(char)
        if cell is None:
            raise ValueError(f"{char!r} is not a Braille ASCII character")
        out.append(cell)
    return "".join(out)


def cells_to_ascii(cells: str) -> str:
    """Unicode six-dot braille to upper-case Braille ASCII, one character a cell."""
    out = []
    for cell in cells:
        char = _TO_ASCII.get(cell)
        if char is None:
            raise ValueError(f"{cell!r} is not a six-dot Unicode braille cell")
        out.append(char)
    return "".join(out)
