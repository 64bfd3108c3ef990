"""Text from files and from the player, as it may be printed and said (core.text)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rook_access.core.text import of_another, of_seat, quoted, said_path, said_text, show


def test_values_are_said_as_the_file_writes_them() -> None:
    assert show(True) == "true" and show(None) == "null" and show("north") == '"north"'
    assert said_text("hasbro") == "hasbro" and said_text("a\nb") == '"a\\nb"'


def test_every_control_is_escaped_not_only_those_json_escapes() -> None:
    """U+009B (CSI on a terminal that reads 8-bit controls) and U+0085 (next line) went out raw:
    JSON escapes only U+0000 to U+001F (found by a re-check); a direction override reorders
    the line a reader sees."""
    assert said_text("\u009b2J\u0085You win the game.") == '"\\u009b2J\\u0085You win the game."'
    assert said_path("a\u202eb.jsonl") == '"a\\u202eb.jsonl"'
    assert said_text("Mémé's rules ♥") == "Mémé's rules ♥"


@given(st.text(max_size=80))
def test_whatever_a_file_holds_is_one_printable_line(text: str) -> None:
    said = said_text(text)
    assert said.isprintable() and "\n" not in said


def test_a_path_that_is_not_printable_keeps_its_length_limit() -> None:
    """Cut at 40 characters, a path with a tab in its file name lost the file's name (the
    re-check): the limit asked for holds whether or not the text is printable."""
    path = "/home/grandma/Rook games/sunday/grandma\tnotes.jsonl"
    assert said_path(path) == '"/home/grandma/Rook games/sunday/grandma\\tnotes.jsonl"'


@pytest.mark.parametrize("why, said", [
    ("You hold counters, so you may not call a misdeal.", "East holds counters, so they may not call a misdeal."),
    ("You do not hold the 13 red.", "East does not hold the 13 red."),
    ("Your partner checked to you and both opponents have passed: bid or pass.",
     "East's partner checked to them and both opponents have passed: bid or pass."),
    ("You must follow red: you hold 13 and 6.", "East must follow red: they hold 13 and 6."),
    ("You may not hand the trump call to your partner now.", "East may not hand the trump call to their partner now."),
    ("These rules have no misdeal call.", None),
])
def test_a_reason_worded_for_the_seat_that_acts_is_said_of_another(why: str, said: str | None) -> None:
    """Replay and a save's moves quoted "east cannot misdeal: You hold counters, so you may not"
    (the records and tamper sweeps); the table companion said "East must follow red: you hold"."""
    assert of_seat(why, "East") == said


def test_a_reason_naming_nobody_first_says_they_of_the_seat() -> None:
    assert of_another("Trump has not been broken yet, so you may not lead trump while you hold other colours.") == \
        "Trump has not been broken yet, so they may not lead trump while they hold other colours."
    assert of_another("Call a card you do not hold: the 1 red is in your hand.") == \
        "Call a card they do not hold: the 1 red is in their hand."


@given(st.text(st.characters(blacklist_characters='"'), min_size=1, max_size=60))
def test_typed_text_is_quoted_once_printable_or_not(text: str) -> None:
    """A refusal's quote round said_text, which quotes what is not printable itself, was two
    pairs ("\"\"\\u001b[A\"\""), read aloud (the accessibility sweep of session 36)."""
    said = quoted(text)
    assert said.isprintable() and said[0] == '"' and said[1] != '"', said
    assert quoted("help") == '"help"' and quoted("\x1b[A") == '"\\u001b[A"'
