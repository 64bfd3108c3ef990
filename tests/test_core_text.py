"""Text from files and from the player, as it may be printed and said (core.text)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rook_access.core.text import said_path, said_text, show


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
