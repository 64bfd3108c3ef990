"""Command parsing: pure, no game state."""

from __future__ import annotations

from pathlib import Path

import pytest

from rook_access.console.parse import SHORT_FORMS, Command, ParseError, command_names, parse, parse_cards
from rook_access.console.registry import PHRASES
from rook_access.core import cards as C


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Nothing here writes files; the home is set anyway, so a change that did would not reach
    the real one."""
    monkeypatch.setenv("ROOK_ACCESS_HOME", str(tmp_path))
    return tmp_path


def card(text: str) -> int:
    return C.parse_card(text)


def test_blank_line_is_its_own_command() -> None:
    assert parse("") == Command("blank")
    assert parse("   ") == Command("blank")


@pytest.mark.parametrize("name", list(SHORT_FORMS))
def test_every_short_form_names_its_command(name: str) -> None:
    no_argument = {"hand", "trick", "last", "score", "status", "legal", "hint", "pass", "check", "misdeal",
                   "notrump", "partner", "rules", "repeat", "save", "quit", "new", "help", "history",
                   "review", "verbosity", "speech", "braille"}
    for word in (name, *SHORT_FORMS[name]):
        if name in no_argument:
            assert parse(word).name == name
    assert len(set(SHORT_FORMS[name])) == len(SHORT_FORMS[name])


def test_short_forms_are_unique() -> None:
    seen: dict[str, str] = {}
    for name, shorts in SHORT_FORMS.items():
        for word in (name, *shorts):
            assert word not in seen, (word, name, seen.get(word))
            seen[word] = name


def test_short_forms_are_never_cards() -> None:
    for name, shorts in SHORT_FORMS.items():
        for word in (name, *shorts):
            with pytest.raises(ParseError):
                parse_cards(word)


def test_bid_forms() -> None:
    assert parse("bid 80") == Command("bid", number=80)
    assert parse("BI 85") == Command("bid", number=85)
    assert parse("80") == Command("number", number=80)
    with pytest.raises(ParseError, match="Bid a number"):
        parse("bid eighty")
    with pytest.raises(ParseError, match="^A number is missing. Bid a number"):
        parse("bid")


def test_pass_takes_nothing_after_it() -> None:
    assert parse("p") == Command("pass")
    assert parse("Pass") == Command("pass")
    with pytest.raises(ParseError, match="takes nothing"):
        parse("pass 80")


@pytest.mark.parametrize("text", ["14r", "red 14", "14 red", "fourteen red", "r14"])
def test_bare_card(text: str) -> None:
    assert parse(text) == Command("card", cards=(card("14r"),))


def test_bare_cards_for_a_discard() -> None:
    assert parse("5g 6g 10y").cards == (card("5g"), card("6g"), card("10y"))
    assert parse("5g 6g 10y").name == "cards"


def test_b10_is_black_ten_and_bird_is_the_rook() -> None:
    assert parse("b10").cards == (card("10x"),)
    assert parse("bird").cards == (C.ROOK,)
    assert parse("play rook").cards == (C.ROOK,)


def test_discard_many_cards_in_several_spellings() -> None:
    expected = tuple(card(c) for c in ("5g", "6g", "7x", "9y", "10y"))
    assert parse("discard 5g 6g 7x 9y 10y").cards == expected
    assert parse("d 5 green, 6 green, black 7, 9y and 10y").cards == expected


def test_discard_refuses_a_card_named_twice() -> None:
    with pytest.raises(ParseError, match="named twice"):
        parse("discard 5g 5g")


def test_discard_names_the_bad_word() -> None:
    with pytest.raises(ParseError, match="Not a card: 15g"):
        parse("discard 5g 15g")
    with pytest.raises(ParseError, match="No cards|Name the cards"):
        parse("discard")


def test_play_takes_one_card() -> None:
    assert parse("play 14r") == Command("play", cards=(card("14r"),))
    assert parse("pl red 14") == Command("play", cards=(card("14r"),))
    with pytest.raises(ParseError, match="one card at a time"):
        parse("play 14r 13r")
    with pytest.raises(ParseError, match="Name the card"):
        parse("play")


def test_trump_forms() -> None:
    assert parse("trump red") == Command("trump", colour=C.RED)
    assert parse("tr b") == Command("trump", colour=C.BLACK)
    assert parse("trump none") == Command("trump", colour=C.NO_TRUMP)
    assert parse("no trump") == Command("notrump")
    assert parse("nt") == Command("notrump")
    assert parse("yellow") == Command("colour", colour=C.YELLOW)
    # As the hint says it ("Name yellow trump"), and as players do: it was "Not a card: yellow
    # trump" (the new-player sweep).
    for line in ("yellow trump", "Yellow trump.", "yellow is trump", "yellow trumps"):
        assert parse(line) == Command("trump", colour=C.YELLOW), line  # names trump, as "trump yellow"
    # Not a colour: the handler says which colours the rules in force take.
    assert parse("trump purple") == Command("trump", words=("purple",))
    # Alone, or asked: what is trump?
    assert parse("trump") == Command("trump") == parse("What is trump?")


def test_words_players_say() -> None:
    """The game's own names and the questions players ask at a table (issue 12, and the
    new-player sweep: "what's left", "what's the score", "no bid", "what was played")."""
    for line, name in (("what's left", "out"), ("What is left?", "out"), ("what's the score", "score"),
                       ("what is the score", "score"), ("no bid", "pass"), ("what was played", "trick")):
        assert parse(line) == Command(name), line
    assert parse("Rook Bird") == Command("card", cards=(C.ROOK,))
    assert parse("play Rook Bird") == Command("play", cards=(C.ROOK,))
    assert parse("play the rook bird") == Command("play", cards=(C.ROOK,))
    assert parse("discard rook bird, 5g") == Command("discard", cards=(C.ROOK, C.from_code("5g")))
    for line in ("whose turn", "Whose turn?", "whose turn is it", "who", "turn", "who's next"):
        assert parse(line) == Command("turn"), line
    for line in ("contract", "what's the contract?", "co"):
        assert parse(line) == Command("contract"), line
    assert parse("say that again") == Command("repeat")
    assert parse("reread") == Command("reread")
    assert parse("tricks") == Command("taken")
    assert parse("?") == Command("help")


def test_who_won_is_the_last_trick_and_who_won_the_game_the_score() -> None:
    """"who won" was "Not a question the game knows" (the re-check of session 35). Just after a
    trick it means that trick, and last says who won the game once it is over; the game's winner
    asked by name is the score, which names the winners first."""
    for line in ("Who won the game?", "who is the winner", "winner", "who's ahead"):
        assert parse(line) == Command("score"), line
    for line in ("who won", "who won?", "who won the last trick", "who won the trick", "who took it", "who won it",
                 "who won this trick", "who took that one"):
        assert parse(line) == Command("last"), line
    assert parse("who won the auction") == parse("who won the contract") == Command("contract")
    # The last finished hand's result, said by score (the re-check of session 36).
    assert parse("who won the hand") == parse("who won the last hand") == Command("score", words=("last", "hand"))


def test_the_neighbours_of_a_who_won_question_ask_the_same() -> None:
    """"who won this one", "who won last trick", "who took the contract", "who has the contract",
    "who is winning this trick" were "Not a question the game knows" beside "who won that one" and
    "who has the bid" (the re-check of session 36): the / this / that / last / previous and trick /
    one are read alike, and the bidding, the bid, the contract and the auction."""
    for line in ("who won this one", "who took this one", "who won the last one", "who won last trick",
                 "who took the previous trick", "Who won that one?"):
        assert parse(line) == Command("last"), line
    for line in ("who won the bidding", "who took the contract", "who has the contract", "who got the bid",
                 "who's got the contract", "who has got the bid"):
        assert parse(line) == Command("contract"), line
    for line in ("who won this hand", "who won that hand", "who won the previous hand", "who won last hand"):
        assert parse(line) == parse("who won the hand"), line
    assert parse("who is winning this trick") == parse("who's winning that trick") == Command("trick")
    # Not made to mean something else: each phrase asks what it asked, and the trick being played
    # is no "last trick".
    assert [phrase for phrase, name in PHRASES.items() if parse(phrase) != Command(name)] == []
    for line in ("who is winning the last trick", "who has the trick", "who won one"):
        with pytest.raises(ParseError, match="^Not a question the game knows"):
            parse(line)


def test_what_a_word_of_the_game_is_asks_the_rules_of_it() -> None:
    """"what is the nest", "what is a counter", "what are my cards", "what can I bid?" were "Not a
    question the game knows", where rules nest answered (the newcomer sweep of session 37). The
    questions the game knew ask what they asked, and one it does not know points to rules too."""
    assert parse("what is the nest") == Command("rules", words=("nest",), asked="what is the nest")
    assert parse("What is a counter?") == Command("rules", words=("counter",), asked="what is a counter")
    assert parse("what's the Rook Bird") == Command("rules", words=("rook", "bird"), asked="what's the rook bird")
    assert parse("what does bid mean") == Command("rules", words=("bid",), asked="what does bid mean")
    assert parse("what are the rules") == Command("rules")
    for line in ("what are my cards", "what cards do I have?", "what is my hand"):
        assert parse(line) == Command("hand"), line
    for line in ("what can I bid?", "what can i play", "what may I play"):
        assert parse(line) == Command("legal"), line
    assert parse("what is trump") == parse("what is the trump") == Command("trump")
    assert parse("what is in the nest?") == Command("nest")
    assert parse("what is the score") == Command("score")
    for line in ("what is it", "what is 14r", "what does it mean"):
        with pytest.raises(ParseError, match=f"^Not a question the game knows: {line}. Ask like: whose turn, .*; "
                                             "rules and a word says the rules of it, like rules nest; help lists"):
            parse(line)


def test_a_question_the_game_does_not_know_is_not_pointed_at_another_command() -> None:
    """"what was said" was answered "Legal takes nothing after it", "who won the last trick"
    "Turn takes nothing after it" (found by the review sweep): those two are now questions the
    game knows, and one it does not is said to be that, with questions that work."""
    assert parse("what was said?") == Command("history")
    for line in ("who won the last trick", "last trick", "the last trick"):
        assert parse(line) == Command("last"), line
    with pytest.raises(ParseError, match="^Not a question the game knows: who knows. Ask like: whose turn"):
        parse("who knows")
    assert parse("what") == Command("legal") and parse("who") == Command("turn")


def test_hand_forms() -> None:
    assert parse("h") == Command("hand")
    assert parse("hand green") == Command("hand", colour=C.GREEN)
    assert parse("hand trump") == Command("hand", words=("trump",))
    with pytest.raises(ParseError, match="Not a colour"):
        parse("hand blue")


def test_history_and_review_take_a_count() -> None:
    assert parse("history") == Command("history")
    assert parse("hi 5") == Command("history", number=5)
    assert parse("review 3") == Command("review", number=3)
    with pytest.raises(ParseError, match="number from 1 up"):
        parse("history lots")
    with pytest.raises(ParseError, match="number from 1 up"):
        parse("review 0")


def test_settings_words_are_passed_on() -> None:
    assert parse("v plays off") == Command("verbosity", words=("plays", "off"))
    assert parse("speech screen-reader") == Command("speech", words=("screen-reader",))
    assert parse("help discard") == Command("help", words=("discard",))


def test_unknown_word_says_what_to_do() -> None:
    with pytest.raises(ParseError, match="Type help"):
        parse("xyzzy")
    with pytest.raises(ParseError, match="Not a card: 14q. Give a number and a colour"):
        parse("14q")  # a card mistyped is told how cards are written


def test_parse_never_raises_anything_but_parse_error() -> None:
    import random

    rng = random.Random(5)
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789 ,;-?"
    for _ in range(2000):
        line = "".join(rng.choice(alphabet) for _ in range(rng.randrange(12)))
        try:
            parse(line)
        except ParseError as exc:
            assert str(exc).endswith(".")


def test_command_names_lists_what_help_names() -> None:
    names = command_names()
    assert "notrump" not in names and "no trump" in names and "hand" in names and "quit" in names


def test_tab_offers_what_these_rules_allow_here_and_what_follows_a_command() -> None:
    """Tab offered every command, the table's undo and correct in a game on screen and check or
    no trump under hasbro, and after "play " the commands again (found by a helper)."""
    from rook_access.console.registry import completions
    from rook_access.core import resolve

    hasbro = command_names(resolve("hasbro"), "play")
    assert "hand" in hasbro and "pass" in hasbro
    assert not {"undo", "correct", "laid", "dealer", "check", "no trump", "call", "partner"} & set(hasbro)
    assert "no trump" in command_names(resolve("georgia"), "play")
    table = command_names(resolve("hasbro"), "table")
    assert "undo" in table and "hint" not in table
    rules = resolve("hasbro")
    assert completions("play", rules, hasbro, ["14r", "5g"]) == ["14r", "5g"]
    assert completions("hand", rules, hasbro, ["14r"]) == ["red", "green", "black", "yellow", "trump"]
    assert "dummy" in completions("hand", resolve("two-player"), hasbro, [])
    assert "dummy" not in completions("out", resolve("two-player"), hasbro, [])
    assert completions("trump", rules, hasbro, []) == ["red", "green", "black", "yellow"]
    assert completions("tr", resolve("georgia"), hasbro, [])[-1] == "no trump"
    assert completions("score", rules, hasbro, ["14r"]) == completions("bid", rules, hasbro, ["14r"]) == []
    assert completions("", rules, hasbro, ["14r"])[-1] == "14r" and "pass" in completions("", rules, hasbro, [])


def test_arrow_keys_and_control_characters_are_dropped() -> None:
    assert parse("\x1b[A") == Command("blank")
    assert parse("\x1b[A\x1b[B\x1bOP") == Command("blank")
    assert parse("ha\x1b[Dnd") == Command("hand")
    assert parse("pass\x07") == Command("pass")
    assert parse("hand\tred") == Command("hand", colour=C.RED)
    with pytest.raises(ParseError) as caught:
        parse("zz\x1b[2J")
    assert "\x1b" not in str(caught.value)


def test_invisible_format_characters_are_dropped() -> None:
    """A Notepad-saved line starts with a byte-order mark, and pasted text may hold zero-width
    spaces: "\ufeffhand" was refused as "Not a command or a card: hand", whose fault nobody can
    hear or see (found by a helper's command-line sweep)."""
    assert parse("\ufeffhand") == Command("hand")
    assert parse("14\u200br") == parse("14r")
    assert parse("\u2060bid 80\u200f") == parse("bid 80")


def test_a_number_below_zero_is_said_to_be_below_zero() -> None:
    """It said "Not a number: -3." of a number."""
    from rook_access.console.parse import ParseError, parse

    with pytest.raises(ParseError, match=r"^The number -3 is below zero\. History takes a number from 1 up"):
        parse("history -3")
    with pytest.raises(ParseError, match=r"^Not a number: -0\."):  # zero is not below zero
        parse("history -0")


def test_the_players_own_rook_bird_label_is_read_as_the_rook_bird() -> None:
    """With --rook-label rb the player's deck says rb on the Rook Bird, and typing it was "Not a
    card" (found by the table sweep). A label that is already a word of the game keeps its
    meaning; one given in braille cells is read as the letters a braille keyboard types."""
    from rook_access.console.parse import own_rook_label

    assert parse(own_rook_label("RB", "rb")) == Command("card", cards=(C.ROOK,))
    assert parse(own_rook_label("play rb", "rb")) == Command("play", cards=(C.ROOK,))
    assert parse_cards(own_rook_label("14r rb, 5g", "rb")) == [C.from_code("14r"), C.ROOK, C.from_code("5g")]
    assert own_rook_label("crb rbx #rb", "rb") == "crb rbx #rb"  # only the whole word
    assert own_rook_label("bird", "⠃⠊⠗⠙") == "bird" and own_rook_label("lb", "⠇⠃") == "rook"
    for label in ("b", "pass", "10", "ten"):  # black, a command, a number: not taken over
        assert own_rook_label(f"play {label}", label) == f"play {label}"
    # Read so only where nothing else fits: "braille rook rb" set the label back to rook, and a
    # label "on" or "and" changed "counting on" and "14r and 5g" (found by the second re-check).
    assert parse("rb", rook_label="rb") == Command("card", cards=(C.ROOK,))
    assert parse("play rb", rook_label="rb") == Command("play", cards=(C.ROOK,))
    assert parse("braille rook rb", rook_label="rb") == Command("braille", words=("rook", "rb"))
    assert parse("counting on", rook_label="on") == parse("counting on")
    assert parse_cards("14r and 5g", "and") == [C.from_code("14r"), C.from_code("5g")]
    with pytest.raises(ParseError, match="Not a card: rbx"):  # the line as typed is the one said
        parse_cards("rbx", "rb")


@pytest.mark.parametrize(("typed", "quoted"), [("10 blk", "10 blk"), ("14 rd", "14 rd"), ("14rr", "14rr"),
                                               ("fourteen rd", "fourteen rd"), ("play 10 blk", "10 blk")])
def test_a_card_mistyped_is_quoted_whole_with_what_would_work(typed: str, quoted: str) -> None:
    """"east 10 blk" was "Not a command or a card: 10. Type help for the commands.", quoting half
    of it and saying nothing of cards (found by the table sweep)."""
    with pytest.raises(ParseError) as refused:
        parse(typed)
    assert str(refused.value) == (
        f"Not a card: {quoted}. Give a number and a colour, like 14r, red 14 or 14 red, or rook. Colour letters: "
        "r red, g green, x or b black, y yellow.")
    with pytest.raises(ParseError, match="Not a command or a card: blah. Type help"):
        parse("blah")


def test_a_label_in_cells_beside_a_card_is_the_rook_bird_and_junk_is_no_card() -> None:
    """"14r ⠿" with the label ⠿ was read as the 14 red alone, the label swallowed in silence, as
    were "⠿ 14r", "14r !" and "14r é" (found by the seventh re-check)."""
    assert parse_cards("14r ⠿", "⠿") == [C.from_code("14r"), C.ROOK]
    assert parse_cards("⠿ 14r", "⠿") == [C.ROOK, C.from_code("14r")]
    assert parse_cards("red 14 and 5 green.") == [C.from_code("14r"), C.from_code("5g")]
    assert parse_cards("rook bird 5g") == [C.ROOK, C.from_code("5g")]
    for typed, bad in (("14r !", "!"), ("14r é", "é"), ("⠿ 14r", "⠿")):
        with pytest.raises(ParseError, match=f"Not a card: {bad}\\."):
            parse_cards(typed)
    # Two cards to play, one of them the label: said as two cards, not as the label unread.
    with pytest.raises(ParseError, match="Play one card at a time"):
        parse("play 14r ⠿", rook_label="⠿")


def test_the_advice_on_writing_cards_names_the_rook_only_where_the_deck_has_it() -> None:
    """Three-player has no Rook Bird: "Not a card: 14z. ... or rook." then "The Rook Bird is not
    in this game's deck." (found by the seventh re-check)."""
    from rook_access.console.parse import for_deck

    with pytest.raises(ParseError) as refused:
        parse("14z")
    assert for_deck(str(refused.value), rook=True) == str(refused.value)
    assert for_deck(str(refused.value), rook=False) == (
        "Not a card: 14z. Give a number and a colour, like 14r, red 14 or 14 red. Colour letters: r red, g green, "
        "x or b black, y yellow.")


def test_a_cards_number_in_words_alone_is_the_number() -> None:
    """"fourteen" alone was "Not a card" where "14" works (the new-player sweep)."""
    for text, number in (("fourteen", 14), ("Fourteen.", 14), ("five", 5), ("one", 1)):
        assert parse(text) == Command("number", number=number), text
    assert parse("play fourteen") == Command("play", number=14) == parse("play 14")
    assert parse("fourteen red") == parse("14r")


def test_play_the_number_is_play_the_number() -> None:
    """"play the 13" was "Not a card: 13" where "play 13" works (the first-hour sweep of session
    32): "the" and "of" are dropped, as they are around a card."""
    assert parse("play the 13") == Command("play", number=13) == parse("play 13")
    assert parse("Discard the fourteen") == Command("discard", number=14)
    assert parse("play the 14 of red") == parse("play 14r")
    # Alone too: "the 14" was "Not a command or a card: the" (the re-check of session 32).
    assert parse("the 14") == parse("14") and parse("the fourteen") == parse("14")
    with pytest.raises(ParseError, match="Not a command or a card: the"):
        parse("the")
    # "the score" is the score: dropping "the" had made it "Not a command or a card: score".
    assert parse("the score") == parse("score") and parse("the bid 80") == parse("bid 80")
    # Every filler before the command: "the the pass" was "Not a card: pass." (the sweeps of session 34).
    assert parse("the the pass") == parse("pass") == parse("The, the pass")
    assert parse("the of the score") == parse("score")


def test_a_misspelling_after_the_is_refused_for_itself() -> None:
    """"the scor" was "Not a command or a card: the.", blaming the word that was right, where
    "scor" alone names scor (the re-check of session 33)."""
    for typed in ("the scor", "The scor please", "the scor?"):
        with pytest.raises(ParseError) as refused:
            parse(typed)
        assert str(refused.value) == "Not a command or a card: scor. Type help for the commands.", typed
    with pytest.raises(ParseError, match="^Not a card: 14 rr"):
        parse("the 14 rr")


@pytest.mark.parametrize("typed", ["trump red, rook", "trump red rook", "trump red with the bird", "red rook",
                                   "red, rook", "Red with the bird"])
def test_a_colour_named_with_the_rook_bird_but_no_call_is_the_colour(typed: str) -> None:
    """The companion answered "trump red, rook" with "Name the colour", the colour just named,
    and "red rook" with "Not a card"; it is the colour's call, of which the rules then ask high
    or low (the table sweep and the second re-check of session 30). Two colours, the Rook Bird
    alone, or a colour with a word that is no Rook Bird, are no colour."""
    name = "trump" if typed.startswith("trump") else "colour"
    assert parse(typed) == Command(name, colour=C.parse_color("red"))
    for other in ("trump red green", "trump rook", "trump red the"):
        assert parse(other).colour is None
    assert parse("rook").name == "card"


def test_points_are_read_as_a_player_says_them() -> None:
    """At the table's nest question "none" was a no-trump call, "no points" the bidder's word and
    "ten" a card's number (the re-check of session 31)."""
    from rook_access.console.parse import points_said

    for said, points in (("20", 20), ("20.", 20), ("20 points", 20), ("none", 0), ("No points.", 0),
                         ("nothing", 0), ("Ten.", 10), ("fifteen", 15), ("twenty-five", 25),
                         ("forty five points", 45), ("five", 5), ("zero", 0)):
        assert points_said(said) == points, said
    for said in ("many", "twenty-ten", "10 red", "fourteen green", "-5", "²"):
        assert points_said(said) is None, said


def test_a_card_refused_does_not_double_its_mark() -> None:
    """"Foo." as a hand's cards was "Not a card: foo.. Give..." (the re-check of session 31)."""
    from rook_access.console.parse import parse_cards

    for typed, said in (("Foo.", "Not a card: foo. "), ("5g Ten points.", "Not a card: ten points. ")):
        with pytest.raises(ParseError) as refused:
            parse_cards(typed, "rook")
        assert str(refused.value).startswith(said), str(refused.value)


def test_lead_is_a_name_of_play() -> None:
    """"lead 13 black" was "Not a command or a card: lead", where the prompt says "Your lead"
    (the first-hour sweep of session 32); help play says so."""
    assert parse("lead 13 black") == parse("play 13 black") == Command("play", cards=(C.parse_card("13x"),))
    assert "lead" in SHORT_FORMS["play"]
    assert parse("what did north lead") == Command("seat", words=("north",))  # the question stays one


def test_a_card_whose_colour_is_the_letter_r_is_a_card_everywhere() -> None:
    """"r 14" was "Repeat takes nothing after it" outside the trump call, where "g 7" and "x 14"
    are cards (the re-check of session 34); r alone or before words that are no card is repeat."""
    assert parse("r 14") == parse("14r") == Command("card", cards=(C.parse_card("14r"),))
    assert parse("r 5 and g 7") == Command("cards", cards=(C.parse_card("5r"), C.parse_card("7g")))
    assert parse("r") == Command("repeat")
    for typed in ("r please", "r 99", "r, 14"):
        with pytest.raises(ParseError, match="^Repeat takes nothing after it"):
            parse(typed)


def test_a_first_r_is_red_where_a_colour_names_trump_and_repeat_elsewhere() -> None:
    """``naming``: r is red, as g, x, b and y name their colours, and a refusal quotes the words
    as typed, the r as r and a red typed after it as red (session 34)."""
    assert parse("r") == Command("repeat")
    assert parse("r", naming=True) == parse("red")
    assert parse("R. high", naming=True) == parse("red high")
    assert parse("r, 14", naming=True) == parse("red 14")
    assert parse("i r", naming=True) == parse("i r")  # only a first word
    for typed, quoted in (("r hgh", "r hgh"), ("r 14 and red hgh", "red hgh")):
        with pytest.raises(ParseError, match=rf"^Not a card: {quoted}\. "):
            parse(typed, naming=True)
