"""Cards and card codes, including the forms people say (rules.md, Common ground: Cards)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rook_access.core import cards as C
from rook_access.core.errors import RuleError


@pytest.mark.parametrize("text,code", [
    ("14r", "14r"), ("red 14", "14r"), ("14 red", "14r"), ("black 10", "10x"), ("b10", "10x"),
    ("10x", "10x"), ("bird", "rook"), ("Rook", "rook"), ("rook bird", "rook"), ("5 g", "5g"),
    ("yellow one", "1y"), ("fourteen of red", "14r"), ("  7 Yellow ", "7y"), ("g5", "5g"),
])
def test_spoken_forms(text: str, code: str) -> None:
    assert C.code(C.parse_card(text)) == code


@pytest.mark.parametrize("text", ["", "15r", "0g", "red", "14", "14 purple", "14 red 5", "red green 5"])
def test_not_cards(text: str) -> None:
    with pytest.raises(RuleError, match="not a card"):
        C.parse_card(text)


def test_strict_codes_refuse_spoken_forms() -> None:
    with pytest.raises(RuleError, match="unknown card code"):
        C.from_code("red 14")


@given(st.integers(0, C.CARD_COUNT - 1))
def test_code_and_name_round_trip(card: int) -> None:
    assert C.from_code(C.code(card)) == card
    assert C.parse_card(C.name(card)) == card
    assert C.parse_card(C.code(card)) == card


@given(st.sets(st.integers(0, C.CARD_COUNT - 1)))
def test_masks_round_trip(cards: set[int]) -> None:
    mask = C.to_mask(cards)
    assert list(C.cards_in(mask)) == sorted(cards)
    assert C.count(mask) == len(cards)
