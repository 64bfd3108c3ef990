"""Cross-check against liblouis, an independent braille translator (Debian package liblouis-bin).

Tables: loweredDigits6Dots.uti (Nemeth dropped digits), latinLetterDef6Dots.uti (the letters),
en-us-brf.dis (North American Braille ASCII), unicode.dis (Unicode braille output) and
braille-patterns.cti (each Unicode braille character stands for its own dots).
``lou_translate TABLES`` translates standard input line by line.

With CI=true a missing lou_translate fails the test: CI must install liblouis-bin.
"""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from rook_access.braille import LabelStyle, ascii_to_cells, cells_to_ascii, label_brf, label_cells
from rook_access.core import preset_names, resolve
from rook_access.core.cards import RED, ROOK, cards_in, code, make
from rook_access.core.deck import deck_mask

DIGITS = "loweredDigits6Dots.uti"
LETTERS = "latinLetterDef6Dots.uti"


@pytest.fixture(scope="module")
def lou() -> str:
    path = shutil.which("lou_translate")
    if path is None:
        if os.environ.get("CI") == "true":
            pytest.fail("lou_translate is missing: CI must install the Debian package liblouis-bin")
        pytest.skip("lou_translate not installed (apt-get install liblouis-bin)")
    return path


def translate(lou: str, tables: str, lines: list[str]) -> list[str]:
    result = subprocess.run(
        [lou, "--forward", tables], input="\n".join(lines) + "\n",
        capture_output=True, text=True, encoding="utf-8", check=True, timeout=60,
    )
    out = result.stdout.split("\n")
    assert out[-1] == "" and len(out) == len(lines) + 1, result.stdout
    return out[:-1]


def test_digits(lou: str) -> None:
    digits = list("0123456789")
    theirs = translate(lou, f"unicode.dis,{DIGITS}", digits)
    assert theirs == [ascii_to_cells(d) for d in digits]
    # The numbers 1 to 14 as the labels write them (the label less its colour letter).
    numbers = [str(n) for n in range(1, 15)]
    theirs = translate(lou, f"unicode.dis,{DIGITS}", numbers)
    assert theirs == [label_cells(make(n, RED))[:-1] for n in range(1, 15)]
    assert translate(lou, f"en-us-brf.dis,{DIGITS}", digits) == digits


def test_braille_ascii_table_all_64_cells(lou: str) -> None:
    cells = [chr(c) for c in range(0x2800, 0x2840)]
    # One line a cell, so that liblouis's handling of spaces at a line's ends cannot shift anything.
    theirs = translate(lou, "en-us-brf.dis,braille-patterns.cti", [f"\u2801{c}\u2801" for c in cells])
    assert theirs == [f"A{cells_to_ascii(c)}A" for c in cells]


@pytest.mark.parametrize("preset", preset_names())
def test_every_label_of_every_preset(lou: str, preset: str) -> None:
    cards = [c for c in cards_in(deck_mask(resolve(preset))) if c != ROOK]
    codes = [code(c) for c in cards]
    assert translate(lou, f"unicode.dis,{DIGITS},{LETTERS}", codes) == [label_cells(c) for c in cards]
    assert translate(lou, f"en-us-brf.dis,{DIGITS},{LETTERS}", codes) == [label_brf(c) for c in cards]
    black_b = [c.replace("x", "b") for c in codes]
    style = LabelStyle(black_letter="b")
    assert translate(lou, f"unicode.dis,{DIGITS},{LETTERS}", black_b) == [label_cells(c, style) for c in cards]


def test_rook_bird_labels(lou: str) -> None:
    words = ["rook", "bird", "rb"]
    theirs = translate(lou, f"unicode.dis,{LETTERS}", words)
    assert theirs == [label_cells(ROOK, LabelStyle(rook_label=w)) for w in words]
