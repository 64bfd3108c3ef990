"""Card labels against the convention in shared/docs/braille-labels.md.

Expected cells are built here from the spec's own tables (digit -> dot numbers, colour letter ->
dot numbers) and the Unicode rule "U+2800 plus one bit a dot", not from the package's tables.
"""

from __future__ import annotations

import dataclasses

import pytest

from rook_access.braille import DEFAULT_STYLE, LabelStyle, label_brf, label_cells
from rook_access.braille.labels import BLACK_LETTERS
from rook_access.core import preset_names, resolve
from rook_access.core.cards import CARD_COUNT, ROOK, cards_in, code, from_code
from rook_access.core.deck import deck_mask
from rook_access.core.errors import RuleError

# From the spec's tables (braille-labels.md), digit by digit.
SPEC_DIGIT_DOTS = {
    "1": "2", "2": "23", "3": "25", "4": "256", "5": "26",
    "6": "235", "7": "2356", "8": "236", "9": "35", "0": "356",
}
# Colour letters from the spec; b (dots 12) is the ordinary letter b for the black option.
SPEC_LETTER_DOTS = {"r": "1235", "g": "1245", "x": "1346", "y": "13456", "b": "12"}
# The letters of "rook" and "bird", from the braille alphabet.
ALPHABET_DOTS = {"r": "1235", "o": "135", "k": "13", "b": "12", "i": "24", "d": "145"}


def cell(dots: str) -> str:
    return chr(0x2800 + sum(1 << (int(d) - 1) for d in dots))


def expected_cells(card_code: str, indicator: bool = False, black: str = "x") -> str:
    digits, letter = card_code[:-1], card_code[-1]
    if letter == "x":
        letter = black
    out = cell("3456") if indicator else ""
    out += "".join(cell(SPEC_DIGIT_DOTS[d]) for d in digits)
    return out + cell(SPEC_LETTER_DOTS[letter])


def test_spec_examples() -> None:
    assert label_cells(from_code("14r")) == "\u2802\u2832\u2817" == "⠂⠲⠗"
    assert label_brf(from_code("14r")) == "14R"
    assert label_cells(from_code("10x")) == "⠂⠴⠭"
    assert label_brf(from_code("10x")) == "10X"
    assert label_cells(from_code("5g")) == "⠢⠛"
    assert label_brf(from_code("5g")) == "5G"
    assert label_cells(from_code("1y")) == "⠂⠽"
    assert label_brf(from_code("1y")) == "1Y"


def test_spec_unicode_code_points() -> None:
    # The spec's Unicode column, code point by code point.
    points = {"1": 0x2802, "2": 0x2806, "3": 0x2812, "4": 0x2832, "5": 0x2822,
              "6": 0x2816, "7": 0x2836, "8": 0x2826, "9": 0x2814, "0": 0x2834}
    for digit, point in points.items():
        assert cell(SPEC_DIGIT_DOTS[digit]) == chr(point)
    assert [ord(c) for c in label_cells(from_code("10r"))] == [0x2802, 0x2834, 0x2817]
    assert [ord(label_cells(from_code(f"5{c}"))[-1]) for c in "rgxy"] == [0x2817, 0x281B, 0x282D, 0x283D]


def test_rook_bird_default_is_rook_uncontracted() -> None:
    assert label_cells(ROOK) == "".join(cell(ALPHABET_DOTS[c]) for c in "rook") == "⠗⠕⠕⠅"
    assert label_brf(ROOK) == "ROOK"


@pytest.mark.parametrize("preset", preset_names())
def test_every_card_of_every_preset(preset: str) -> None:
    mask = deck_mask(resolve(preset))
    seen = set()
    for card in cards_in(mask):
        cells = label_cells(card)
        if card == ROOK:
            assert cells == "⠗⠕⠕⠅"
            continue
        assert cells == expected_cells(code(card)), code(card)
        assert label_brf(card) == code(card).upper()
        assert label_cells(card, LabelStyle(numeric_indicator=True)) == expected_cells(code(card), indicator=True)
        assert label_cells(card, LabelStyle(black_letter="b")) == expected_cells(code(card), black="b")
        seen.add(cells)
    assert len(seen) == len(list(cards_in(mask))) - (1 if mask >> ROOK & 1 else 0)


def test_deck_sizes_match_the_preset_descriptions() -> None:
    # hasbro: "41 cards"; kentucky-west: "all 57 cards"; red-one: "Hasbro's 41 cards plus the red 1".
    assert deck_mask(resolve("hasbro")).bit_count() == 41
    assert deck_mask(resolve("kentucky-west")).bit_count() == 57
    assert deck_mask(resolve("red-one")).bit_count() == 42
    assert deck_mask(resolve("red-one")) >> from_code("1r") & 1


def test_all_57_labels_distinct_and_six_dot() -> None:
    labels = [label_cells(card) for card in range(CARD_COUNT)]
    assert len(set(labels)) == CARD_COUNT
    assert all(0x2801 <= ord(c) <= 0x283F for label in labels for c in label)


def test_options() -> None:
    assert label_cells(from_code("14r"), LabelStyle(numeric_indicator=True)) == "⠼⠂⠲⠗"
    assert label_brf(from_code("14r"), LabelStyle(numeric_indicator=True)) == "#14R"
    assert label_cells(from_code("10x"), LabelStyle(black_letter="b")) == "⠂⠴⠃"
    assert label_brf(from_code("10x"), LabelStyle(black_letter="b")) == "10B"
    # b changes only black.
    assert label_brf(from_code("10y"), LabelStyle(black_letter="b")) == "10Y"
    bird = "".join(cell(ALPHABET_DOTS[c]) for c in "bird")
    assert label_cells(ROOK, LabelStyle(rook_label="bird")) == bird == "⠃⠊⠗⠙"
    assert label_cells(ROOK, LabelStyle(rook_label="BIRD")) == bird
    assert label_cells(ROOK, LabelStyle(rook_label="⠃⠊⠗⠙")) == bird
    assert label_brf(ROOK, LabelStyle(rook_label="⠃⠊⠗⠙")) == "BIRD"
    # The numeric indicator is for numbers only, never the Rook Bird's word.
    assert label_cells(ROOK, LabelStyle(numeric_indicator=True)) == "⠗⠕⠕⠅"


@pytest.mark.parametrize("kwargs", [
    {"rook_label": ""},
    {"rook_label": "big bird"},
    {"rook_label": "rookbird"},  # 8 cells: too long for a corner
    {"rook_label": "14r"},  # the label of 14 red
    {"rook_label": "5X"},  # the label of 5 black, in any case
    {"rook_label": "ro\u00f6k"},  # no Braille ASCII for o with diaeresis
    {"rook_label": "⠗a"},  # cells mixed with letters
    {"rook_label": "⣿"},  # an eight-dot cell
    {"rook_label": "\u2800"},  # the blank cell: an invisible label
    {"rook_label": "⠗\u2800⠃"},  # a blank cell inside: read as two labels
    {"rook_label": "r&b"},  # & is the braille "and" sign, not "and" spelled out
    {"rook_label": "#14r"},  # punctuation: only letters, digits or cells
    {"black_letter": "k"},
    {"black_letter": "B"},
])
def test_bad_styles_raise_one_sentence(kwargs: dict[str, str]) -> None:
    with pytest.raises(RuleError) as info:
        LabelStyle(**kwargs)  # type: ignore[arg-type]
    message = str(info.value)
    assert message and "\n" not in message


@pytest.mark.parametrize("label", ["5", "14", "⠢", "⠼⠢", "⠼⠂⠲", "⠼⠑", "⠼⠁", "⠼⠁⠙"])
def test_a_label_of_digits_only_is_refused_with_the_reason(label: str) -> None:
    """A number alone plays the one card of that number or bids: the Rook Bird labelled 5
    was shown as its own card, and typing 5 played 5 green (the re-check of session 33). With
    the numeric indicator too: "⠼⠢" was "read as another of the game's words" (the sweeps of
    session 34). In UEB's digits too, the letters a to j after ⠼: "⠼⠑" is 5 there, and was
    kept (the labels sweep of session 39)."""
    with pytest.raises(RuleError, match=r"is all digits( \(UEB reads its cells as #\d+\))?: typed, a number plays "
                                        r"the card of that number or bids it, never the Rook Bird; choose a label "
                                        r"with a letter"):
        LabelStyle(rook_label=label)


@pytest.mark.parametrize(("label", "card", "name"), [("⠼⠁⠙⠭", "14x", "14 black"), ("⠼⠁⠙⠽", "14y", "14 yellow"),
                                                     ("⠼⠁⠚⠗", "10r", "10 red"), ("⠼⠑⠽", "5y", "5 yellow")])
def test_a_label_ueb_reads_as_a_card_is_refused_naming_the_card(label: str, card: str, name: str) -> None:
    """A screen reader's UEB table reads the cells ⠼⠁⠙⠭ typed on a braille keyboard as 14x, 14
    black, never the Rook Bird: the label was kept, where docs/braille.md refuses the cells of
    #14x (the labels sweep of session 39)."""
    with pytest.raises(RuleError) as info:
        LabelStyle(rook_label=label)
    either = "; x and b both mean black" if "black" in name else ""
    assert str(info.value) == (
        f"the Rook Bird's label {label!r} is what a player types for {name} (UEB reads its "
        f"cells as #{card}{either}): choose a label that is no card's, such as rook or bird")


@pytest.mark.parametrize(("label", "reads"), [
    ("p", "the pass command"), ("h", "the hand command"), ("t", "the trick command"), ("r", "the repeat command"),
    ("q", "the quit command"), ("hi", "the history command"), ("help", "the help command"),
    ("nt", "the no trump command"), ("red", "the colour red"), ("x", "the colour black"),
    ("high", "the trump call's high"), ("no", "another of the game's words"),
    ("keep", "the answer to the misdeal offer"),  # was "another of the game's words" (the sweeps of session 34)
])
def test_a_label_the_console_reads_as_a_command_is_refused(label: str, reads: str) -> None:
    """Typed, p passes and h lists the hand, never playing the Rook Bird labelled so (the
    re-check of session 33): the console's parser says what each is read as."""
    with pytest.raises(RuleError) as info:
        LabelStyle(rook_label=label)
    assert str(info.value) == (f"the Rook Bird's label {label!r} is read as {reads} when typed, never as the Rook "
                               "Bird: choose another label, such as rook or bird")


@pytest.mark.parametrize(("label", "seat"), [
    ("west", "West"), ("w", "West"), ("e", "East"), ("east", "East"), ("north", "North"), ("n", "North"),
    ("s", "South"), ("south", "South"), ("ne", "Northeast"), ("se", "Southeast"), ("sw", "Southwest"),
    ("WEST", "West"), ("⠺⠑⠎⠞", "West"), ("⠎⠑", "Southeast"),
])
def test_a_label_the_table_reads_as_a_seat_is_refused(label: str, seat: str) -> None:
    """At a real table a seat's name or initials starts that seat's move: the Rook Bird labelled
    west was accepted, and typing west at the player's turn was "It is your turn, not West's."
    (the braille sweep of session 37). Every table size's seats, five and six players' too."""
    with pytest.raises(RuleError) as info:
        LabelStyle(rook_label=label)
    assert str(info.value) == (f"the Rook Bird's label {label!r} is read as the seat {seat} at a real table when "
                               "typed, never as the Rook Bird: choose another label, such as rook or bird")


@pytest.mark.parametrize("label", ["the", "of", "and", "The", "⠞⠓⠑"])
def test_a_label_left_out_between_cards_is_refused(label: str) -> None:
    """The Rook Bird labelled the played when typed alone, but "discard the 14r" laid the 14 red
    alone and a hand typed at the table as "the 14r ..." lost its Bird: the words that join cards
    in a list are left out there (the braille fixes of session 37), in cells too (⠞⠓⠑)."""
    with pytest.raises(RuleError) as info:
        LabelStyle(rook_label=label)
    assert "is read as a word that joins cards in a list (14r and the 13r) when typed" in str(info.value)


@pytest.mark.parametrize(("label", "letter"), [("Vögel", "ö"), ("oiseau²", "²"), ("中", "中")])
def test_a_label_with_a_letter_outside_a_to_z_is_told_it_is_one(label: str, letter: str) -> None:
    """"ö ... is neither a letter nor a digit" was said of Vögel (the files sweep of session 37)."""
    with pytest.raises(RuleError) as info:
        LabelStyle(rook_label=label)
    assert str(info.value) == (
        f"the Rook Bird's label {label!r} has {letter}, a letter or digit outside a to z and 0 to 9, with no cell "
        "of its own in the labels' braille (English, uncontracted): use letters a to z, digits, or braille cells")


@pytest.mark.parametrize("label", ["rook", "bird", "rb", "on", "me", "⠿", "⠃⠊⠗⠙", "⠼⠅", "⠁⠙⠭"])
def test_a_label_typed_as_the_rook_bird_is_kept(label: str) -> None:
    assert LabelStyle(rook_label=label).rook_label == label


@pytest.mark.parametrize("label", ["14b", "14x", "x14", "b14", "r14", "⠂⠲⠃", "⠼⠂⠲⠭"])
@pytest.mark.parametrize("black_letter", BLACK_LETTERS)
@pytest.mark.parametrize("indicator", [False, True])
def test_a_label_typed_as_a_card_is_refused_in_every_style(label: str, black_letter: str, indicator: bool) -> None:
    """Input reads 14b and 14x alike as 14 black: the Rook Bird labelled 14b, with black written
    x, was shown as its own card but played 14 black when its label was typed (the braille
    sweep of session 33)."""
    with pytest.raises(RuleError, match=r"is what a player types for 14 (black|red).*such as rook or bird$"):
        LabelStyle(rook_label=label, numeric_indicator=indicator, black_letter=black_letter)
    LabelStyle(rook_label="rb", numeric_indicator=indicator, black_letter=black_letter)


def test_style_is_frozen_and_default() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT_STYLE.rook_label = "bird"  # type: ignore[misc]
    assert DEFAULT_STYLE == LabelStyle("rook", False, "x")
    assert label_cells(from_code("14r")) == label_cells(from_code("14r"), DEFAULT_STYLE)


def test_not_a_card() -> None:
    with pytest.raises(ValueError):
        label_cells(57)
    with pytest.raises(ValueError):
        label_cells(-1)


def test_an_eight_dot_cell_is_named_as_such() -> None:
    """⡁ was answered "neither a letter nor a digit: use ... braille cells" (found by the braille
    sweep): it is a braille cell, of eight dots."""
    with pytest.raises(RuleError, match="has an eight-dot cell, ⡁: an embossed label has six dots"):
        LabelStyle(rook_label="⡁")


def test_a_label_as_dot_numbers_is_written_as_the_docs_write_it() -> None:
    """For a terminal that cannot show the cells (the braille sweep of session 37): the dots of
    docs/braille.md's examples, cell by cell."""
    from rook_access.braille.labels import label_dots

    assert label_dots(from_code("14r")) == "2, 256, 1235"
    assert label_dots(from_code("10x")) == "2, 356, 1346"
    assert label_dots(from_code("5g")) == "26, 1245"
    assert label_dots(ROOK) == "1235, 135, 135, 13"
    assert label_dots(from_code("14r"), LabelStyle(numeric_indicator=True)) == "3456, 2, 256, 1235"
