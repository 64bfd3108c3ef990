"""North American Braille ASCII <-> Unicode braille: the table's shape, and round trips.

The table's content is checked against liblouis in test_braille_liblouis.py; here are the
properties any correct table has, and a few cells every braille reader knows.
"""

from __future__ import annotations

import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rook_access.braille import ascii_to_cells, cell_dots, cells_to_ascii, dots_to_cell
from rook_access.braille.ascii import BRAILLE_ASCII_DOTS

BRAILLE_ASCII = "".join(chr(c) for c in range(0x20, 0x60))
SIX_DOT_CELLS = "".join(chr(c) for c in range(0x2800, 0x2840))


def test_table_is_a_bijection_of_64_cells() -> None:
    assert "".join(BRAILLE_ASCII_DOTS) == BRAILLE_ASCII  # every character 0x20..0x5F, in order
    cells = ascii_to_cells(BRAILLE_ASCII)
    assert sorted(cells) == sorted(SIX_DOT_CELLS)


def test_well_known_cells() -> None:
    # The letters a-j are dots 1,2,4,5 only; k-t add dot 3; u,v,x,y,z add dots 3 and 6.
    a_to_j = ["1", "12", "14", "145", "15", "124", "1245", "125", "24", "245"]
    for i, dots in enumerate(a_to_j):
        assert cell_dots(ascii_to_cells(string.ascii_uppercase[i])) == dots
        assert cell_dots(ascii_to_cells(string.ascii_uppercase[i + 10])) == "".join(sorted(dots + "3"))
    for letter, base in zip("UVXYZ", "ABCDE"):
        assert cell_dots(ascii_to_cells(letter)) == "".join(sorted(cell_dots(ascii_to_cells(base)) + "36"))
    assert cell_dots(ascii_to_cells("W")) == "2456"
    # The digits are the letters a-j dropped one row (dot 1 -> 2, 2 -> 3, 4 -> 5, 5 -> 6).
    drop = str.maketrans("1245", "2356")
    for digit, letter in zip("1234567890", "ABCDEFGHIJ"):
        assert cell_dots(ascii_to_cells(digit)) == cell_dots(ascii_to_cells(letter)).translate(drop)
    assert ascii_to_cells("#") == "⠼"
    assert ascii_to_cells(" ") == "\u2800"


def test_lower_case_reads_as_upper_case() -> None:
    assert ascii_to_cells("rook") == ascii_to_cells("ROOK") == "⠗⠕⠕⠅"
    assert ascii_to_cells("`{|}~") == ascii_to_cells("@[\\]^")


@pytest.mark.parametrize("bad", ["\x7f", "\t", "\u00e9", "\u2800"])
def test_not_braille_ascii(bad: str) -> None:
    with pytest.raises(ValueError):
        ascii_to_cells(bad)


@pytest.mark.parametrize("bad", ["A", "\u2840", "\u28ff", " "])
def test_not_a_six_dot_cell(bad: str) -> None:
    with pytest.raises(ValueError):
        cells_to_ascii(bad)


def test_dots_and_cells_for_all_256() -> None:
    for value in range(256):
        cell = chr(0x2800 + value)
        assert dots_to_cell(cell_dots(cell)) == cell
    with pytest.raises(ValueError):
        dots_to_cell("19")
    with pytest.raises(ValueError):
        cell_dots("A")


@given(st.text(alphabet=BRAILLE_ASCII))
def test_ascii_round_trip(text: str) -> None:
    cells = ascii_to_cells(text)
    assert len(cells) == len(text)
    assert cells_to_ascii(cells) == text


@given(st.text(alphabet=SIX_DOT_CELLS))
def test_cells_round_trip(cells: str) -> None:
    text = cells_to_ascii(cells)
    assert all(0x20 <= ord(c) <= 0x5F for c in text)
    assert ascii_to_cells(text) == cells
    assert ascii_to_cells(text.lower()) == cells
