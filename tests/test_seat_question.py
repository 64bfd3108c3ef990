"""``seat north`` and "what did north play": one player's bids this hand and their card in this
trick or the last, what a sighted player sees or remembers at the table."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rook_access.console.parse import Command, parse
from rook_access.core import cards as C
from tests.console_helpers import Table
from tests.test_table_console import Companion


@pytest.mark.parametrize("line, words", [
    ("what did north play", ("north",)),
    ("What did North play?", ("north",)),
    ("what did my partner lead", ("my", "partner")),
    ("what has west bid", ("west",)),
    ("which card did east play", ("east",)),
    ("what did i play", ("me",)),
    ("how many cards does north have", ("north",)),
    ("How many cards do I have?", ("me",)),
    ("how many cards has my partner got left", ("my", "partner")),
    ("seat ne", ("ne",)),
    # "Not a question the game knows" (the call-partner sweep of session 34).
    ("who is my partner", ("my", "partner")),
    ("Who's my partner?", ("my", "partner")),
    ("whos my partner", ("my", "partner")),
    ("who is partner", ("my", "partner")),
    ("which player is my partner", ("my", "partner")),
    # Where there are two (six-teams, call-partner-6): "Not a question the game knows" (the re-check of session 34).
    ("who are my partners", ("my", "partner")),
    ("Who are my partners?", ("my", "partner")),
    ("which players are my partners", ("my", "partner")),
])
def test_questions_about_a_seat_are_the_seat_command(line: str, words: tuple[str, ...]) -> None:
    assert parse(line) == Command("seat", words=words)


def test_other_questions_are_not_taken_for_a_seat() -> None:
    assert parse("what is trump").name != "seat"
    assert parse("who is winning").name == "trick"


def _in_play() -> Table:
    """Hasbro seed 3, normal computers, the first trick from the third on where south plays last
    (hand 2): West led 8 red, North 5 red, East 8 yellow; south played 7 red to trick 2."""
    table = Table("hasbro", 3, level="normal")
    table.advance(lambda t: t.state.phase == "play" and len(t.state.tricks) >= 2 and t.my_turn()
                  and len(t.state.trick_cards) == 3, random.Random(1))
    return table


def test_auction_says_each_bid_and_pass_of_that_seat_only() -> None:
    table = Table("hasbro", 3, level="normal")
    assert table.run("what did north bid").lines == ["North bid 70.", "North holds 9 cards."]
    assert table.run("seat east").lines == ["East bid 75.", "East holds 9 cards."]
    assert table.run("seat me").lines == ["You have not bid yet.", "You hold 9 cards."]


def test_in_play_the_card_of_this_trick_led_or_played() -> None:
    table = _in_play()
    assert table.run("what did west lead").lines == ["West passed.", "Trick 3: West led 8 red.",
                                                     "West holds 6 cards."]
    assert table.run("what did my partner play").lines == ["Your partner is North.", "North passed.",
                                                            "Trick 3: North played 5 red.",
                                                            "North holds 6 cards."]
    # East's trump and card are the normal level's choices, read from the game (9f52e44 changed them).
    state = table.state
    trump = C.COLORS[state.trump]
    card = C.name(dict(zip(state.trick_seats, state.trick_cards))[state.seats.index("east")])
    assert table.run("seat e").lines == ["East bid 70.", f"East named {trump} trump.", f"Trick 3: East played {card}.",
                                         "East holds 6 cards."]


def test_a_seat_yet_to_play_is_said_so_with_its_card_of_the_last_trick() -> None:
    table = _in_play()
    assert table.run("what did i play").lines == [
        "You passed.", "Trick 3: you have not played yet.", "Last trick: you played 7 red.", "You hold 7 cards."]


def test_asking_changes_nothing() -> None:
    table = _in_play()
    before = table.state.to_dict()
    table.run("seat north")
    table.run("seat nobody")
    assert table.state.to_dict() == before


@pytest.mark.parametrize("line, said", [
    ("seat bob", "Not a seat: bob. Ask about North, East or West, like seat north or what did north play."),
    ("seat", "Which player? Ask about North, East or West, like seat north or what did north play."),
])
def test_a_name_that_is_no_seat_is_refused_with_the_names(line: str, said: str) -> None:
    reply = _in_play().run(line)
    assert reply.refused and reply.lines == [said]


def test_a_partner_not_known_yet_is_refused_with_why() -> None:
    table = Table("call-partner", 3, level="normal")
    table.advance(lambda t: t.state.phase == "play" and t.my_turn(), random.Random(1), bid=True)
    assert table.state.partner != table.state.seats.index("south")  # the secret is another's
    reply = table.run("seat partner")
    assert reply.refused
    assert reply.lines == ["Your partner holds the 1 red: you will know them when it is played. Ask about a seat "
                           "by name, like seat northeast."]


def test_two_partners_are_named_and_asked_about_by_name() -> None:
    """"You have 2 partners: ask about one by name" did not say who they were, asked "who are my
    partners" (the re-check of session 34)."""
    for line in ("what did my partner bid", "who are my partners"):
        reply = Table("six-teams", 3, level="normal").run(line)
        assert reply.refused and reply.lines == [
            "Your partners are Northeast and Northwest: ask about one by name, like seat northeast."]


def test_the_one_partner_asked_about_is_said_to_be_the_partner() -> None:
    """"who is my partner" in hasbro was answered "North passed.", "North holds 9 cards.", never
    saying North is the partner (the re-check of session 34)."""
    table = Table("hasbro", 3, level="normal")
    said = table.run("who is my partner").lines
    assert said[0] == "Your partner is North." and said[1:] == table.run("seat north").lines


def test_two_player_partner_in_the_auction_gives_an_example_seat_takes() -> None:
    """"like seat the dummy" (the re-check of session 34): the seat is named as seat takes it."""
    reply = Table("two-player", 3, level="normal").run("who is my partner")
    assert reply.refused and reply.lines[0].endswith(" Ask about a seat by name, like seat dummy.")


def test_the_table_companion_answers_it_too(tmp_path: Path) -> None:
    companion = Companion(tmp_path)
    for line in ("west", "14r 13r 12r 11r 10r 9r 8r 7r 6r", "north bid 80"):
        companion.type(line)
    assert companion.type("what did north bid")[-2:] == ["North bid 80.", "North holds 9 cards."]
    assert companion.type("seat e")[-2:] == ["East has not bid yet.", "East holds 9 cards."]


@pytest.mark.parametrize("line, name", [
    ("which cards have been played", "trick"), ("what has been led", "trick"), ("what did everyone play", "trick"),
    ("what did they bid", "contract"), ("what has been bid", "contract"),
])
def test_questions_about_everyone_are_not_taken_for_a_seat(line: str, name: str) -> None:
    """"Not a seat: been", "Not a seat: everyone" (the re-check of session 28)."""
    assert parse(line).name == name


def test_once_the_game_is_over_the_last_hands_bids_and_last_trick_are_said() -> None:
    """It said "North: nothing yet this hand." (the re-check)."""
    table = Table("hasbro", 3, options=["hands=1"], level="normal")
    table.advance(lambda t: t.state.is_over(), random.Random(1), bid=True)
    said = table.run("seat north").lines
    assert said[0] == "North bid 70." and said[1].startswith("Last trick: North "), said


@pytest.mark.parametrize("preset, said", [
    ("call-partner", "Your partner this hand is called once the auction is over. Ask about a seat by name, like "
                     "seat northeast."),
    # The two who do not win the bid play together: "You have no partner in this game" was said
    # in the auction (the sweeps of session 34).
    ("three-player", "Your partner is known once the auction ends: the two who do not win the bid play together. "
                     "Ask about a seat by name, like seat east."),
    ("solo", "You have no partner in this game: ask about a seat by name, like seat east."),
])
def test_no_partner_yet_or_at_all_is_said_with_a_seat_of_this_game(preset: str, said: str) -> None:
    """"You have no partner this hand ... like seat north" in a game where a partner is called,
    and without a north (the re-check)."""
    options = ["sides=solo"] if preset == "solo" else None
    reply = Table("three-player" if preset == "solo" else preset, 1, options=options, level="normal").run(
        "seat partner")
    assert reply.refused and reply.lines == [said]


def test_the_lone_bidder_is_told_they_bid_alone() -> None:
    """Three-player: the bidder plays against the two others; "seat partner" said "You have no
    partner in this game", as if no hand ever had partners (the sweeps of session 34)."""
    table = Table("three-player", 3, level="normal")
    table.run("100")
    assert table.state.bidder == table.state.seats.index("south")
    reply = table.run("seat partner")
    assert reply.refused and reply.lines == ["You bid alone this hand. Ask about a seat by name, like seat east."]


def test_a_called_partner_not_known_yet_is_told_by_the_card_that_shows_it() -> None:
    """"Your partner this hand is not known yet" left the player to work out that the called
    card tells it (the call-partner sweep of session 34)."""
    table = Table("call-partner", 1, level="normal")
    for line in ("200", "discard 5r 7r 9r 10r 12g", "trump black"):
        table.run(line)
    assert table.run("who is my partner").lines == [  # trump named: "once trump is named" was said (session 38)
        "Your partner this hand is not known yet: you call a partner card next. Ask about a seat by name, like "
        "seat northeast."]
    table.run("call 1y")
    assert table.run("who is my partner").lines == [
        "Your partner holds the 1 yellow: you will know them when it is played. Ask about a seat by name, like "
        "seat northeast."]
    table = Table("call-partner", 4, level="normal")
    table.run("pass")
    assert table.run("who is my partner").lines == [
        "You play against the bidder's side: Southwest, who bid, and whoever holds the Rook Bird. Your partners "
        "are the other players; you will know them when it is played. Ask about a seat by name, like seat "
        "northeast."]


def test_a_called_card_played_is_not_said_to_be_coming() -> None:
    """Call-partner-6, two cards called: after Southwest played the Rook Bird, "who are my
    partners" still said the partners were known "when the Rook Bird and the 13 yellow are
    played" and that their holders play with the bidder, to a player holding neither (the
    re-check of session 35)."""
    table = Table("call-partner-6", 4, level="normal")
    table.run("pass")
    table.advance(lambda t: C.BIT[C.ROOK] & t.state.played and t.my_turn(), random.Random(1))
    assert table.run("who are my partners").lines == [
        "You play against the bidder's side: Southeast, who bid, Southwest, who played the Rook Bird, and "
        "whoever holds the 13 yellow. Your partners are the other players; you will know them when it is played. "
        "Ask about a seat by name, like seat north."]


_AUCTION = {  # a table's auction that Northwest (call-partner) or Southwest (call-partner-6) wins
    "call-partner": ["south", "6r 9r 10r 11r", "5x 9x 10x 1y", "southwest bid 90", "northwest bid 100",
                     "northeast bid 190", "southeast pass", "south pass", "southwest bid 195", "northwest bid 200"],
    "call-partner-6": ["southeast", "12r 7g 8g 11g", "14x 1y 5y", "south bid 135", "southwest bid 185",
                       "northwest pass", "north bid 190", "northeast pass", "southeast bid 195", "south pass",
                       "southwest bid 200", "points", "southwest trump green"],
}


def test_no_partner_is_named_before_the_partner_card_is_called(tmp_path: Path) -> None:
    """Once Northwest won the bid, "who is my partner" said "Your partners are Northeast,
    Southeast and Southwest", as if the bidder stood alone, though no card was called yet (the
    table sweep of session 38)."""
    companion = Companion(tmp_path, preset="call-partner")
    for line in _AUCTION["call-partner"]:
        companion.type(line)
    not_yet = ("Your partner this hand is not known yet: the bidder calls a partner card once trump is named. "
               "Ask about a seat by name, like seat northeast.")
    assert companion.type("who is my partner?") == [not_yet]
    companion.type("northwest trump green")
    companion.type("points")
    assert companion.type("who is my partner?") == [not_yet.replace("once trump is named", "next")]


def test_between_two_calls_the_second_card_is_said_to_come(tmp_path: Path) -> None:
    """Call-partner-6: between the two calls a player holding neither card was told "Your
    partners are the other players", with no word that a second card was still to be called, and
    before the first "Your partners are" the four others (the table sweep of session 38)."""
    companion = Companion(tmp_path, preset="call-partner-6")
    for line in _AUCTION["call-partner-6"]:
        companion.type(line)
    assert companion.type("who is my partner?") == [
        "Your partner this hand is not known yet: the bidder calls two partner cards next. Ask "
        "about a seat by name, like seat north."]
    companion.type("southwest call 9x")
    assert companion.type("who is my partner?") == [
        "Your partners this hand are not known yet: Southwest called the 9 black and calls a second partner card "
        "next. Ask about a seat by name, like seat north."]
    table = Table("call-partner-6", 1, level="normal")  # on screen, the bidder
    for line in ("200", "discard 5r 12r 9g", "trump black", "call 1x"):
        table.run(line)
    assert table.run("who is my partner").lines == [
        "Your partner holds the 1 black: you will know them when it is played. You call a second partner card "
        "next. Ask about a seat by name, like seat north."]


def test_the_holder_of_one_called_card_hears_the_other_is_still_out(tmp_path: Path) -> None:
    """Call-partner-6: south holds the 9 black Southwest called and was told "Your partner is
    Southwest." alone, though the 8 black, still out, brings a second partner (the table sweep of
    session 38)."""
    companion = Companion(tmp_path, preset="call-partner-6")
    for line in ["southeast", "6r 5x 7x 9x", "13x 6y 14y", *_AUCTION["call-partner-6"][3:], "southwest call 9x"]:
        companion.type(line)
    assert companion.type("who is my partner?") == [
        "Your partner is Southwest. Southwest calls a second partner card next. Ask about a seat by name, like "
        "seat north."]
    companion.type("southwest call 8x")
    assert companion.type("who are my partners?") == [
        "Your partner is Southwest; your other partner holds the 8 black: you will know them when it is played. "
        "Ask about a seat by name, like seat north."]


def test_a_bidder_whose_called_card_is_in_the_nest_is_told_it_plays_alone() -> None:
    """The bidder laid the 10 black in the nest, called it, and heard "The 10 black is in the
    nest: you play alone."; asked who its partner was, it was told "Your partner holds the 10
    black" (the re-check of session 35)."""
    table = Table("call-partner", 7, level="normal")
    for line in ("200", "discard 5x 10x 6x 9x 10y", "trump red", "call 10 black"):
        table.run(line)
    assert table.run("who are my partners").lines == [
        "The 10 black is in the nest: you play alone. Ask about a seat by name, like seat northeast."]


def test_two_player_partner_is_the_dummy_of_whoever_does_not_win_the_bid() -> None:
    """Two-player: "You have no partner in this game" in the auction, then "Your partner is The
    dummy." once North won the bid, a stray capital mid-sentence (the whole-game sweep of
    session 35)."""
    table = Table("two-player", 11, level="normal")
    assert table.run("who is my partner").lines == [
        "The dummy is your partner if you do not win the bid: the bidder plays alone against the other player "
        "and the dummy. Ask about a seat by name, like seat dummy."]
    table.run("pass")
    table.advance(lambda t: t.state.phase == "play" and t.my_turn(), random.Random(1))
    assert table.run("who is my partner").lines[0] == "Your partner is the dummy."
    table = Table("two-player", 7, level="normal")
    table.advance(lambda t: t.my_turn() and t.state.phase == "auction", random.Random(1))
    table.run("bid 50")
    table.advance(lambda t: t.state.phase == "play" and t.my_turn(), random.Random(1))
    assert table.run("who is my partner").lines == [
        "You bid alone this hand: North plays the dummy too. Ask about a seat by name, like seat dummy."]


def test_a_seat_asked_about_in_two_words_is_that_seat() -> None:
    """"seat north west" was "Not a seat: north west." where six play (the table sweep of
    session 38)."""
    table = Table("six-player", 3, level="normal")
    for asked in ("seat north west", "seat north-west", "what did north west bid"):
        assert table.run(asked).lines == table.run("seat northwest").lines, asked
    assert not table.run("seat north east").refused


def test_the_dummy_never_bids() -> None:
    said = Table("two-player", 3, level="normal").run("seat dummy").lines
    assert said == ["The dummy never bids.", "The dummy holds 12 cards."]


def test_southeast_by_its_initials_is_still_a_seat_at_the_table(tmp_path: Path) -> None:
    """"se pass" was read as the seat question, while "se" was its short form (the table sweep of
    session 28): the question's short form is sa."""
    companion = Companion(tmp_path, preset="five-player")
    for line in ("northwest", "5r 6r 11r 5x", "6x 11x 1y 8y 11y 12y", "ne bid 35"):
        companion.type(line)
    assert companion.type("se pass")[0] == "Southeast passes."


def test_how_many_cards_each_player_holds_is_in_status_once_the_nest_is_taken() -> None:
    """A sighted player sees every hand's size; nothing said another's count, and the bidder
    holds the nest's cards too while laying it aside (the parity sweep of session 29)."""
    table = Table("hasbro", 1, level="normal")
    # In the auction too, asked of everyone: no count was said (the re-check of session 29).
    for asked in ("how many cards does everyone have", "how many cards does each player have"):
        assert "Cards held: 9 each." in table.run(asked).lines
    table.run("bid 80")
    assert table.state.phase == "discard"
    assert "Cards held: North 9, East 9, you 14 and West 9." in table.run("status").lines
    assert table.run("how many cards does everyone have").lines == table.run("status").lines
    assert table.run("how many cards do I have").lines[-1] == "You hold 14 cards."


def test_a_seat_that_named_trump_says_so_the_partner_handed_the_call_too() -> None:
    """"seat north" said only "North passed." once North had named trump for the bidder, which a
    table hears said aloud (the parity sweep of session 29)."""
    table = Table("georgia", 2, level="normal")
    table.run("bid 150")
    table.run("partner")
    assert table.run("seat north").lines == ["North passed.", "North named black trump.", "North holds 10 cards."]
    assert "named" not in " ".join(table.run("seat me").lines)


def test_the_call_to_come_is_said_after_the_discard_where_trump_comes_first() -> None:
    """With trump named before the discard, the call comes once the nest is laid aside: "once
    trump is named" was said after it was (the re-check of session 38)."""
    table = Table("call-partner", 1, level="normal", options=["trump_before_discard=true"])
    for line in ("200", "trump black"):
        table.run(line)
    assert table.state.phase == "discard"
    assert table.run("who is my partner").lines[0].startswith(
        "Your partner this hand is not known yet: you call a partner card once the nest is laid aside.")
