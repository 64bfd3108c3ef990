"""The console's command registry: every command declared once, with one handler, and the parser,
help and execute reading the same table."""

from __future__ import annotations

import pytest

from rook_access.console import commands  # noqa: F401  (attaches the handlers)
from rook_access.console.parse import Command, parse
from rook_access.console.registry import (
    ALIASES,
    BARE,
    COMMANDS,
    GROUPS,
    HANDLERS,
    SPECS,
    command_lines,
    handles,
    lookup,
    summary_lines,
)
from rook_access.core import preset_names, resolve


def test_every_command_and_bare_kind_has_exactly_one_handler() -> None:
    assert set(HANDLERS) == set(COMMANDS) | set(BARE)
    with pytest.raises(KeyError):
        handles("bid")(lambda session, command, prefs: None)  # a second handler is refused
    with pytest.raises(KeyError):
        handles("frobnicate")


def test_every_word_of_a_spec_parses_to_that_command() -> None:
    for spec in SPECS:
        for word in (spec.name, *spec.shorts):
            assert ALIASES[word] == spec.name
            if spec.argument in ("none", "hand", "count", "words"):
                assert parse(word) == Command(spec.name)
    assert lookup("no trump") is COMMANDS["notrump"] and lookup("nt") is COMMANDS["notrump"]
    assert lookup("what") is COMMANDS["legal"] and lookup("frobnicate") is None


@pytest.mark.parametrize("mode", ["play", "table"])
@pytest.mark.parametrize("preset", preset_names())
def test_help_lists_exactly_the_commands_these_rules_allow(preset: str, mode: str) -> None:
    options = resolve(preset)
    lines = summary_lines(options, mode)
    shown = [spec for spec in SPECS if spec.available(options) and mode in spec.modes]
    assert len(lines) == len({spec.group for spec in shown}) + 2
    assert {spec.group for spec in shown} <= set(GROUPS)
    listed = " ".join(lines[1:-1])
    for spec in SPECS:
        short = "question mark ?" if spec.shorts[0] == "?" else spec.shorts[0]
        assert (f"{spec.spoken} ({short})" in listed) == (spec in shown), spec.name
    # Beginner has no auction: its help said "a number alone bids it" (found by a helper).
    assert ("bids it" in lines[-1]) == (mode == "play" and options.auction), lines[-1]


def test_a_short_form_a_voice_would_not_say_is_named() -> None:
    """"help (?)" and "Short: ?." were heard as "help" and "Short": neither espeak-ng nor a screen
    reader at its usual punctuation level says a lone "?" (found by the listening sweep)."""
    from rook_access.console.registry import command_lines
    assert "help (question mark ?)" in " ".join(summary_lines(resolve("hasbro"), "play"))
    assert command_lines(COMMANDS["help"])[1].startswith("Short: question mark ?. Example: ")
    for spec in SPECS:  # no other short form is punctuation alone
        assert all(word == "?" or any(ch.isalnum() for ch in word) for word in spec.shorts), spec.name


def test_a_command_the_rules_can_refuse_has_a_refusal_sentence() -> None:
    """Only no trump leaves the refusal to the core, whose sentence names the colours that work."""
    can_be_off = {spec.name for spec in SPECS if not all(spec.available(resolve(p)) for p in preset_names())}
    refused = {spec.name for spec in SPECS if spec.refusal is not None}
    assert can_be_off - refused == {"notrump"}
    assert all(spec.refusal.endswith(".") for spec in SPECS if spec.refusal)


def test_no_short_form_at_the_table_is_a_seats_initials() -> None:
    """The seat question's first short form, se, was southeast's initials: "se pass" at a five-
    or six-player table was read as the question (the table sweep of session 28). The dummy goes
    by its name (d is discard)."""
    from rook_access.console.naming import seat_initials

    words = {word for spec in SPECS if "table" in spec.modes for word in (spec.name, *spec.shorts)}
    for preset in preset_names():
        seats = [seat for seat in resolve(preset, []).seats if seat != "dummy"]
        assert not words & set(seat_initials(seats)), preset


def test_help_for_a_command_naming_cards_says_the_colour_letters() -> None:
    """The examples use the colour letters ("discard 6x 7g") that nothing in the game explained
    (the first-hour sweep of session 32): help play, help discard, not help bid."""
    letters = "Colour letters: r red, g green, x or b black, y yellow."
    assert command_lines(COMMANDS["play"])[-1] == letters == command_lines(COMMANDS["discard"])[-1]
    assert letters not in command_lines(COMMANDS["bid"])


@pytest.mark.parametrize("preset", ["hasbro", "three-player", "two-player"])
def test_help_hand_gives_hand_dummy_only_where_there_is_a_dummy(preset: str) -> None:
    """In hasbro and three-player, help hand gave the example "hand dummy", then refused it: "No
    dummy in these rules." (the help sweep of session 34). Each example given is taken."""
    from tests.console_helpers import Table

    table = Table(preset, seed=3)
    lines = table.run("help hand").lines
    said = " ".join(lines)
    assert ("dummy" in said) == (preset == "two-player"), lines
    examples = lines[1].split("Example: ", 1)[1].rstrip(".").split(", or ")
    for example in examples:
        assert not table.run(example).refused, (preset, example)
