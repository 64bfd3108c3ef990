"""What players type that the game shows or advises: a card's braille cells, the hint's words
up to its colon, a command glued to its number, a Rook Bird call on its own; and the reasons
given when such a line is not a move now (found by the commands sweep of session 28)."""

from __future__ import annotations

import random

import pytest

from rook_access.console.parse import Command, parse
from rook_access.core import cards as C
from tests.console_helpers import Table


def _discarding(braille: str) -> Table:
    """Hasbro seed 1: south bids 80 and takes the nest (5 to discard)."""
    table = Table("hasbro", 1, level="normal")
    table.run(f"braille {braille}")
    table.run("bid 80")
    assert table.state.phase == "discard"
    return table


def test_a_card_typed_as_its_cells_is_that_card() -> None:
    table = _discarding("only")
    cells = {C.code(card): table.session.describer.namer.name(card) for card in C.cards_in(table.state.hands[2])}
    reply = table.run(f"d {cells['5g']} {cells['6g']} {cells['7x']} {cells['8y']} {cells['9y']}")
    assert not reply.refused, reply.lines
    assert sorted(C.code(c) for c in table.state.discards) == ["5g", "6g", "7x", "8y", "9y"]


def test_cells_that_are_no_label_are_still_refused() -> None:
    table = _discarding("only")
    reply = table.run("d ⠿")
    assert reply.refused and reply.lines[0].startswith("Not a card: ⠿.")


@pytest.mark.parametrize("braille", ["off", "after", "only"])
def test_the_hint_typed_back_up_to_its_colon_is_done(braille: str) -> None:
    """The user guide: "The hint's first words, up to the colon or full stop, are a command".
    With braille labels the hint names cards with cells, which were refused, and "Bid 70:" or
    "Name red trump:" with the colon kept were refused too."""
    table = _discarding(braille)
    rng = random.Random(1)
    while not table.state.is_over() and table.state.hand_number == 1:
        if not table.my_turn():
            table.advance(lambda t: t.my_turn() or t.state.hand_number > 1, rng)
            continue
        hint = table.run("hint").lines[0]
        typed = hint.removeprefix("Hint: ").split(". ")[0].split(":")[0] + ":"
        before = table.state.to_dict()
        reply = table.run(typed)
        assert not reply.refused and table.state.to_dict() != before, (typed, reply.lines)


@pytest.mark.parametrize("typed", ["bid80", "bid: 80", "Bid 80:"])
def test_a_bid_glued_or_with_a_colon_is_the_bid(typed: str) -> None:
    table = Table("hasbro", 1, level="normal")
    assert not table.run(typed).refused
    assert table.state.bidder == 2 or table.state.high_bid >= 80


def test_two_cards_outside_the_discard_get_the_moments_reason() -> None:
    """"One card at a time outside the discard: name just one, like 14r" was said in the
    auction, the trump call and after the game, where no card may go at all."""
    table = Table("hasbro", 1, level="normal")
    assert table.run("14r 13r").lines == ["The 14 red is a card, but this is the auction: 70 to 120 in fives, "
                                          "or pass."]
    over = Table("hasbro", 3, options=["target=50"], level="normal")
    over.advance(lambda t: t.state.is_over(), random.Random(1), bid=True)
    assert over.run("14r 13r").lines[0].startswith("The game is over: type new")
    playing = Table("hasbro", 1, level="normal")
    playing.advance(lambda t: t.state.phase == "play" and t.my_turn(), random.Random(1))
    line = playing.run("14r 13r").lines[0]
    assert line.startswith("One card at a time outside the discard: name just one. Your ") and "14r" not in line


def test_a_rook_call_where_the_rules_fix_its_rank_says_so() -> None:
    table = Table("hasbro", 1, level="normal")
    for typed in ("red low", "low", "rook high"):
        reply = table.run(typed)
        assert reply.refused and reply.lines == ["These rules fix the Rook Bird's rank: nobody calls it high or "
                                                 "low. Your bid: 70 to 120 in fives, or pass."], reply.lines


def test_a_rook_call_without_its_colour_asks_for_the_colour() -> None:
    """In call-partner-high-low "low" and "rook low" were "Not a command or a card" and "Not a
    card: low" at the trump call that asks for the call."""
    table = Table("call-partner-high-low", 3, level="normal")
    assert table.run("red low").lines == ["Not now: this is the auction. Your bid: 80 to 200 in fives, or pass."]
    table.advance(lambda t: t.state.phase == "trump" and t.my_turn(), random.Random(1), bid=True)
    for typed in ("low", "rook high", "the bird is low"):
        reply = table.run(typed)
        assert reply.refused and reply.lines[0].startswith("Name the colour with the call: red, green, black, or "
                                                          "yellow, with the Rook Bird high or low"), reply.lines
    assert table.state.phase == "trump"
    assert not table.run("red low").refused and table.state.rook_call == "low"


def test_hi_alone_is_still_history() -> None:
    assert parse("hi").name == "history" and parse("rook hi").rook == "high"


@pytest.mark.parametrize("typed, why", [
    ("points", "here the game says what the bidder does with the nest. For the points taken so far, type taken; "
               "for the game score, score."),
    ("dealer west", "here the game deals the cards."),
    ("undo", "here a move made stays made."),
])
def test_a_real_table_command_on_screen_says_why_it_is_not_needed(typed: str, why: str) -> None:
    reply = Table("hasbro", 1).run(typed)
    assert reply.refused and reply.lines[0].endswith(why), reply.lines


@pytest.mark.parametrize("typed, name", [
    ("who bid", "contract"), ("Who won the bid?", "contract"), ("who led", "trick"), ("whose lead", "turn"),
    ("my hand", "hand"), ("show my cards", "hand"), ("what do I have", "hand"),
])
def test_a_family_tables_questions_are_the_commands(typed: str, name: str) -> None:
    """"who bid", "my hand" were refused as questions the game does not know (the commands sweep)."""
    assert parse(typed).name == name


@pytest.mark.parametrize("typed, read", [
    ("14 ⠂⠲⠗", "14r"), ("play 14 ⠂⠲⠗", "play 14r"), ("red 14 ⠂⠲⠗", "red 14"), ("14r ⠂⠲⠗", "14r"),
    ("rook ⠗⠕⠕⠅", "rook"), ("d 5 ⠢⠛ 7 ⠶⠛", "d 5g 7g"), ("Play 5 yellow ⠢⠽:", "Play 5 yellow:"),
    ("14 ⠢⠽", "14 5y"), ("bid 80 ⠿", "bid 80 ⠿"),
])
def test_a_card_named_then_labelled_is_read_once(typed: str, read: str) -> None:
    """The hand shows "Red: 14 ⠂⠲⠗"; "14 ⠂⠲⠗" typed was "Not a card: 14 14r", "red 14 ⠂⠲⠗"
    "named twice" (the re-check of session 28)."""
    table = Table("hasbro", 1)
    table.run("braille after")
    assert table.session.describer.namer.read_cells(typed) == read


@pytest.mark.parametrize("typed, colour, call", [("rook low, black", 2, "low"), ("low black", 2, "low"),
                                                 ("high, red", 0, "high")])
def test_a_rook_call_before_its_colour_is_the_call(typed: str, colour: int, call: str) -> None:
    """"rook low, black" was "Not a card: low" (the re-check of session 28)."""
    table = Table("call-partner-high-low", 3, level="normal")
    table.advance(lambda t: t.state.phase == "trump" and t.my_turn(), random.Random(1), bid=True)
    assert not table.run(typed).refused
    assert (table.state.trump, table.state.rook_call) == (colour, call)


def test_a_rook_call_without_a_rook_bird_says_it_is_not_in_the_deck() -> None:
    """"These rules fix the Rook Bird's rank" was said where the deck has none (the re-check),
    and at the trump call too (the second re-check)."""
    table = Table("two-player", 3, level="normal")
    reply = table.run("red low")
    assert reply.refused and reply.lines[0].startswith("The Rook Bird is not in this game's deck. ")
    table.advance(lambda t: t.state.phase == "trump" and t.my_turn(), random.Random(1), bid=True)
    reply = table.run("trump red, rook high")
    assert reply.refused and reply.lines[0].startswith(
        "The Rook Bird is not in this game's deck, so name trump alone: trump red."), reply.lines


def test_a_move_word_with_a_full_stop_gets_the_moments_reason() -> None:
    """"Pl." in the auction was "Name the card, like play 14r", which was then refused "Not now"
    (the fuzz sweep of session 28)."""
    table = Table("georgia", 1, level="normal")
    for typed in ("Pl.", "discard.", "play:"):
        assert table.run(typed).lines == ["Not now: this is the auction. Your bid: 100 to 180 in fives, or pass."]


@pytest.mark.parametrize("preset, said", [
    ("georgia", "That number has 10 digits, more than 9. Bid a number, like bid 100, or just type 100."),
    ("beginner", "That number has 10 digits, more than 9. Your lead, trick 1: any card."),
])
def test_a_number_too_long_gets_an_example_that_fits(preset: str, said: str) -> None:
    """"Type a bid like 80." where bids start at 100, and where there is no auction (the fuzz sweep)."""
    assert Table(preset, 1, level="normal").run("9999999999").lines == [said]


@pytest.mark.parametrize("typed", ["hand\u2069", "\u2067hand", "ha\u2028nd", "\u061chand"])
def test_isolates_and_line_separators_are_not_text(typed: str) -> None:
    """A pasted word in a bidi isolate was refused as itself ("Not a command or a card: hand⁩"),
    and U+2028 split a refusal in two on a braille display (the fuzz sweep)."""
    assert parse(typed).name == "hand"


@pytest.mark.parametrize("typed", ["p 11r", "nt x"])
def test_a_move_with_words_after_it_that_cannot_go_now_says_why(typed: str) -> None:
    """"pass 11r" in the play was told "type just pass", then refused "Not now" (the fuzz sweep)."""
    table = Table("hasbro", 2, level="normal")
    table.advance(lambda t: t.state.phase == "play" and t.my_turn(), random.Random(1))
    assert table.run(typed).lines[0].startswith("Not now: this is the play. Your play: ")


def test_dictations_full_stop_after_a_command_word_and_no_trump_with_words() -> None:
    """"Bid. 100", "Play. 8r" were "Not a command or a card: bid.", and "no trump please" was
    "Not a command or a card: no" (the re-check of session 28)."""
    assert parse("Bid. 100") == Command("bid", number=100)
    assert parse("Play. 8r").name == "play"
    table = Table("georgia", 1, level="normal")
    assert table.run("no trump please").lines == ["Not now: this is the auction. Your bid: 100 to 180 in fives, "
                                                  "or pass."]


@pytest.mark.parametrize("typed", ["review x", "rv 99x", "out turn", "out 3"])
def test_a_mistyped_argument_to_a_command_shut_now_says_why_it_is_shut(typed: str) -> None:
    """"review x" before any hand ended advised "review 5", and "out turn" with counting off
    advised "out": each then refused for what the first line should have said (the fuzz sweep
    of session 28)."""
    table = Table("hasbro", 3, level="normal")
    table.run("counting off")
    reply = table.run(typed)
    assert reply.refused and len(reply.lines) == 1
    shut = table.run(typed.split()[0]).lines
    assert reply.lines == shut and shut[0].startswith(("Review opens once", "Counting help is off"))


def test_a_line_that_is_not_utf8_is_told_what_may_be_typed_now() -> None:
    """Its example was "like bid 80 or play 14r" in every phase, bids in the play and 80 in
    georgia's auction, where bids start at 100 (the fuzz sweep of session 28)."""
    table = Table("georgia", 1, level="normal")
    said = table.run("bid \udcff80").lines
    assert said == ["Part of that line is not text the game can read (not UTF-8): type it again in plain "
                    "letters and digits. Your bid: 100 to 180 in fives, or pass."]


@pytest.mark.parametrize("preset, phase, typed, bare", [
    ("georgia", "auction", "Check. x", "check"), ("georgia", "auction", "Undo. x", "undo"),
    ("georgia", "auction", "Misdeal. x", "misdeal"), ("georgia", "auction", "check please", "check"),
    ("hasbro", "discard", "Check. x", "check"), ("kentucky-discard", "auction", "check please", "check"),
    ("call-partner", "trump", "nt please", "nt"), ("call-partner", "trump", "no trump please", "no trump"),
    # The plural and a comma were not the command (the re-check of session 29).
    ("call-partner", "trump", "no trumps please", "no trump"), ("call-partner", "trump", "no trump, please", "nt"),
    ("call-partner", "trump", "notrumps please", "nt"),
    ("call-partner", "trump", "no-trump please", "nt"), ("call-partner", "trump", "no-trump", "nt"),
])
def test_a_one_word_move_with_more_words_gets_the_reason_it_alone_would(preset: str, phase: str, typed: str,
                                                                         bare: str) -> None:
    """"type just check" (or undo, misdeal, no trump) was advised where that word alone was then
    refused; "Undo. x" and "Check. x" were not read as their command at all (the re-check of
    session 29)."""
    table = Table(preset, 2, level="normal")
    table.advance(lambda t: t.state.phase == phase and t.my_turn() and (phase != "auction" or t.state.high_bidder >= 0),
                  random.Random(1), bid=phase != "auction")
    said = table.run(typed)
    alone = table.run(bare)
    assert said.refused and alone.refused and said.lines == alone.lines, (said.lines, alone.lines)


def test_no_trump_with_words_after_it_where_it_may_go_says_to_type_it_alone() -> None:
    """"no trump please" at the player's own trump call was "Not a command or a card: no"; "No.
    trump" said "no.." and "Bid? 100" was "Not a command or a card: bid?." (the re-check)."""
    table = Table("georgia", 2, level="normal")
    assert parse("Bid? 100") == Command("bid", number=100)
    assert table.run("No. trump").lines == ["Not a command or a card: no. Type help for the commands."]
    table.run("bid 180")
    table.run("discard 6r 6x 7x 5g 7g")
    assert table.run("no trump please").lines == ["No trump takes nothing after it: type just no trump."]
    # With its hyphen, as georgia's rules say "a no-trump hand" (the fourth re-check of session 29).
    assert not table.run("No-trump.").refused and table.state.trump == C.NO_TRUMP
