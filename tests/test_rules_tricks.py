"""Trick play (rules.md: Following, Winning a trick, rook, red_one, ones, no_trump, trump_broken,
first_lead)."""

import pytest

from rook_access.core import cards as C
from rook_access.core import resolve
from rook_access.core.actions import Action
from rook_access.core.deck import DeckInfo
from rook_access.core.tricks import Suits, lead_restriction, legal_plays, suits_shown_out, winner_index
from tests.core_helpers import act, game, seat


def setup(preset: str, trump: str, options: list[str] | None = None) -> tuple[Suits, DeckInfo]:
    o = resolve(preset, options)
    deck = DeckInfo.build(o)
    color = C.NO_TRUMP if trump == "none" else C.COLORS.index(trump)
    return Suits.build(deck, color, o.rook_anytime), deck


def mask(*codes: str) -> int:
    return C.to_mask(C.from_code(c) for c in codes)


def codes(m: int) -> set[str]:
    return set(C.codes(m))


def legal(preset: str, trump: str, hand: list[str], led: str | None, options: list[str] | None = None) -> set[str]:
    suits, _ = setup(preset, trump, options)
    led_suit = suits.suit_of[C.from_code(led)] if led else -1
    return codes(legal_plays(mask(*hand), suits, led_suit))


def winner(preset: str, trump: str, plays: list[str], options: list[str] | None = None) -> str:
    suits, deck = setup(preset, trump, options)
    return plays[winner_index([C.from_code(c) for c in plays], suits)]


def test_must_follow_the_colour_led() -> None:
    assert legal("kentucky-west", "green", ["7r", "12r", "5y", "9g"], "10r") == {"7r", "12r"}


def test_void_may_play_anything() -> None:
    assert legal("kentucky-west", "green", ["5y", "9g", "rook"], "10r") == {"5y", "9g", "rook"}


def test_hasbro_rook_may_be_played_at_any_time() -> None:
    assert legal("hasbro", "green", ["7r", "12r", "rook"], "10r") == {"7r", "12r", "rook"}


def test_the_refusal_to_follow_names_the_rook_bird_where_it_may_go() -> None:
    """"You must follow green: you hold 5." while the Rook Bird could go too (found by a helper
    checking the rules against the rule books): a refusal says what would work."""
    from rook_access.core.tricks import why_not

    suits, deck = setup("hasbro", "red")
    hand = mask("rook", "5g", "14r")
    assert why_not(C.from_code("14r"), hand, suits, C.GREEN, 0, deck.special) == (
        "You must follow green: you hold 5, or may play the Rook Bird.")
    suits, deck = setup("kentucky-west", "red")
    assert why_not(C.from_code("14r"), hand, suits, C.GREEN, 0, deck.special) == "You must follow green: you hold 5."


def test_rook_not_anytime_must_follow_like_a_trump() -> None:
    assert legal("kentucky-west", "green", ["7r", "rook"], "10r") == {"7r"}
    assert legal("kentucky-west", "green", ["7r", "rook", "5g"], "10g") == {"rook", "5g"}


def test_trump_led_and_only_the_rook_you_must_play_it() -> None:
    assert legal("hasbro", "green", ["7r", "12r", "rook"], "10g") == {"rook"}


def test_rook_led_everyone_must_play_trump() -> None:
    assert legal("hasbro", "green", ["7r", "6g", "9g"], "rook") == {"6g", "9g"}


def test_highest_card_of_the_led_colour_wins_without_trump_played() -> None:
    assert winner("hasbro", "green", ["10r", "14y", "12r", "5x"]) == "12r"


def test_highest_trump_wins() -> None:
    assert winner("hasbro", "green", ["14r", "5g", "13r", "9g"]) == "9g"


def test_rook_high_beats_every_trump() -> None:
    assert winner("hasbro", "green", ["14g", "rook", "13g", "5r"]) == "rook"


def test_rook_low_is_the_lowest_trump_but_beats_other_colours() -> None:
    assert winner("kentucky-west", "green", ["14r", "rook", "2g", "5r"]) == "2g"
    assert winner("kentucky-west", "green", ["14r", "rook", "13r", "5r"]) == "rook"


def test_rook_ten_and_half_sits_between_10_and_11() -> None:
    assert winner("hasbro", "green", ["10g", "rook", "5r", "9g"], ["rook=ten-and-half"]) == "rook"
    assert winner("hasbro", "green", ["11g", "rook", "5r", "9g"], ["rook=ten-and-half"]) == "11g"


def test_ones_high_rank_above_14() -> None:
    assert winner("kentucky-west", "green", ["14r", "1r", "13r", "5r"]) == "1r"


def test_ones_low_rank_below_2() -> None:
    assert winner("regular-partnership", "green", ["2r", "1r", "3r", "4y"]) == "3r"
    assert winner("regular-partnership", "green", ["1r", "2r", "4y", "3y"]) == "2r"


def test_red_one_is_the_highest_trump_above_the_rook() -> None:
    assert winner("red-one", "green", ["14g", "rook", "1r", "13g"]) == "1r"


def test_red_one_is_trump_never_red() -> None:
    # Red led: the red 1 does not follow red, so a player with only the red 1 is void in red.
    assert legal("red-one", "green", ["1r", "5y", "9x"], "10r") == {"1r", "5y", "9x"}
    # Trump led: the red 1 must follow trump.
    assert legal("red-one", "green", ["1r", "5y", "14r"], "10g") == {"1r"}
    # Worth 30 points.
    assert DeckInfo.build(resolve("red-one")).points[C.from_code("1r")] == 30


def test_no_trump_highest_of_led_colour_wins() -> None:
    assert winner("georgia", "none", ["10r", "14y", "12r", "5x"]) == "12r"


def test_no_trump_rook_wins_the_trick_and_may_be_played_any_time() -> None:
    assert winner("georgia", "none", ["10r", "rook", "1r", "5x"]) == "rook"
    assert legal("georgia", "none", ["7r", "rook", "5y"], "10r") == {"7r", "rook"}


def test_no_trump_rook_led_others_may_play_anything() -> None:
    assert legal("georgia", "none", ["7r", "9g", "5y"], "rook") == {"7r", "9g", "5y"}


def _play_to_first_lead(preset: str, dealer: str, fixed: dict[str, list[str]], options: list[str] | None = None):
    state = game(preset, dealer=dealer, fixed=fixed, options=options)
    # north bids, everyone else passes
    while state.phase == "auction":
        act(state, "bid 70" if state.seats[state.turn] == "north" and state.high_bidder < 0 else "pass")
    return state


def test_trump_may_not_be_led_until_broken() -> None:
    state = _play_to_first_lead("kentucky-west", "west", {"east": ["5g", "6g", "7r"]})
    act(state, "trump green")  # kentucky-west names trump before the discard
    while state.phase == "discard":
        act(state, str(state.legal_actions()[0]))
    assert state.seats[state.turn] == "east"  # first lead: left of the bidder
    legal_leads = state.legal_plays_mask()
    assert not legal_leads & state.suits.trump  # type: ignore[union-attr]
    assert C.from_code("7r") in set(C.cards_in(legal_leads))
    reason = state.why_illegal(Action("play", C.from_code("5g")))
    assert reason is not None and "Trump has not been broken" in reason


def test_leader_holding_only_trump_may_lead_it() -> None:
    suits, _ = setup("kentucky-west", "green")
    hand = mask("5g", "9g", "rook")
    assert codes(legal_plays(hand, suits, -1, suits.trump)) == {"5g", "9g", "rook"}
    assert codes(legal_plays(hand | mask("7r"), suits, -1, suits.trump)) == {"7r"}


def test_trump_is_broken_by_trumping_in() -> None:
    state = _play_to_first_lead("hasbro", "west", {}, ["trump_broken=true"])
    while state.phase == "discard":
        act(state, str(state.legal_actions()[0]))
    act(state, "trump green")
    assert not state.trump_broken
    # Play tricks until someone trumps a non-trump lead; then the flag is set.
    while state.phase == "play" and not state.trump_broken:
        led = state.led_suit
        hand = state.hands[state.turn]
        legal_mask = state.legal_plays_mask()
        trump_plays = legal_mask & state.suits.trump  # type: ignore[union-attr]
        choice = next(C.cards_in(trump_plays if (led >= 0 and trump_plays and led != state.trump) else legal_mask))
        act(state, f"play {C.code(choice)}")
        if state.trump_broken:
            assert led >= 0 and led != state.trump and hand & state.suits.trump  # type: ignore[union-attr]


@pytest.mark.parametrize("preset,expected", [
    ("hasbro", "north"),  # left of the dealer (west)
    ("georgia", "north"),  # the bidder (north bids)
    ("kentucky-west", "east"),  # left of the bidder
])
def test_first_lead(preset: str, expected: str) -> None:
    state = _play_to_first_lead(preset, "west", {}, ["min_bid=70"] if preset == "georgia" else None)
    while state.phase != "play":
        act(state, str(state.legal_actions()[0]))
    assert state.seats[state.turn] == expected and state.leader == seat(state, expected)


def test_trump_breaks_only_for_a_player_void_in_the_colour_led() -> None:
    """rules.md, trump_broken: "until someone void in the led colour has played trump". A Rook
    Bird played at any time by a player holding the colour led broke it (the options sweep)."""
    from rook_access.core.tricks import breaks_trump, may_break_trump

    suits, _ = setup("hasbro", "green", ["trump_broken=true"])
    red = suits.suit_of[C.from_code("10r")]
    assert not breaks_trump(C.ROOK, red, suits, mask("rook", "7r", "5g"))
    assert breaks_trump(C.ROOK, red, suits, mask("rook", "5y"))
    assert breaks_trump(C.from_code("5g"), red, suits, mask("5g", "5y"))
    assert not breaks_trump(C.from_code("5g"), suits.trump_suit, suits, mask("5g"))  # trump led
    assert may_break_trump(C.ROOK, red, suits)  # a watcher cannot tell
    from rook_access.speech.rules_text import explain

    said = " ".join(explain("hasbro", resolve("hasbro", ["trump_broken=true"])))
    assert "The Rook Bird played by a player who could follow the colour led does not break it." in said


def test_what_a_card_played_shows_the_table_of_the_hand() -> None:
    """``suits_shown_out``, read by every reader of voids: a card off the colour led shows none
    of it, and with must_trump none of trump either; a trump led while unbroken, no plain colour;
    the Rook Bird played at any time and anything played to a wild card led in no trump show
    nothing."""
    red, green, black, yellow = (1 << C.COLORS.index(c) for c in ("red", "green", "black", "yellow"))

    def shown(card: str, led: str | None, trump: str = "black", must_trump: bool = False,
              rook_anytime: bool = False, unbroken: bool = False, preset: str = "hasbro") -> int:
        o = resolve(preset)
        suits = Suits.build(DeckInfo.build(o), C.NO_TRUMP if trump == "none" else C.COLORS.index(trump),
                            rook_anytime, must_trump)
        led_suit = suits.suit_of[C.from_code(led)] if led else -1
        restriction = lead_restriction(suits, True, not unbroken) if led is None else 0
        return suits_shown_out(C.from_code(card), suits, led_suit, restriction)

    assert shown("9r", "14r") == 0
    assert shown("9g", "14r") == red
    assert shown("9g", "14r", must_trump=True) == red | black
    assert shown("9x", "14r", must_trump=True) == red  # trumped: only the colour led
    assert shown("rook", "14r") == red  # the Rook Bird is trump here, played off red
    assert shown("rook", "14r", rook_anytime=True) == 0
    assert shown("9x", None, unbroken=True) == red | green | yellow
    assert shown("9x", None) == 0 and shown("9g", None, unbroken=True) == 0
    assert shown("9g", "10r", trump="none", preset="georgia") == red
    assert shown("rook", "10r", trump="none", preset="georgia") == 0
    assert shown("9g", "rook", trump="none", preset="georgia") == 0
