"""One card namer: where the red 1 (or the little or baby Rook) is a special trump it has its own
name in every sentence, the core's refusals and the hint included, as the announcer says it."""

from __future__ import annotations

from rook_access.ai.hint import reason
from rook_access.ai.random_player import RandomPlayer
from rook_access.core import Action, GameState, new_game
from rook_access.core import actions as A
from rook_access.core import cards as C
from rook_access.speech.cardtext import card_name


def test_one_name_for_each_special_trump() -> None:
    for card, name in ((C.RED_ONE, "Red 1"), (C.LITTLE_ROOK, "Little Rook"), (C.BABY_ROOK, "Baby Rook")):
        assert C.name(card, C.BIT[card]) == card_name(card, specials=C.BIT[card]) == name
    assert C.name(C.RED_ONE) == card_name(C.RED_ONE) == "1 red"  # an ordinary card without the rule


def _to_play(preset: str, seed: int) -> GameState:
    state, _ = new_game(preset, None, seed)
    player = RandomPlayer(seed)
    while state.phase != "play":
        state.apply(player.choose_from(state.legal_actions()))
    return state


def test_refusals_name_the_red_one_as_the_announcer_does() -> None:
    for seed in range(40):
        state = _to_play("red-one", seed)
        if not (state.hands[state.turn] | state.played) >> C.RED_ONE & 1:
            assert state.why_illegal(A.PLAYS[C.RED_ONE]) == "You do not hold the Red 1."
            return
    raise AssertionError("no seed where the seat on turn lacks the red 1")


def test_the_hint_names_the_red_one() -> None:
    for seed in range(60):
        state = _to_play("red-one", seed)
        if state.hands[state.turn] >> C.RED_ONE & 1:
            text = reason(state.view(state.turn), Action(A.PLAY, C.RED_ONE))
            assert "Red 1" in text and "1 red" not in text
            return
    raise AssertionError("no seed where the seat on turn holds the red 1")


def test_a_card_not_in_this_games_deck_is_said_so() -> None:
    """"rook" in two-player, which has no Rook Bird, was "The dummy does not hold the Rook Bird."
    (found by the second re-check)."""
    state = _to_play("two-player", 1)
    assert state.why_illegal(A.PLAYS[C.ROOK]) == "The Rook Bird is not in this game's deck."
    assert state.why_illegal(Action(A.DISCARD, C.ROOK)) == "The Rook Bird is not in this game's deck."


def test_a_partner_card_called_that_is_not_in_the_deck_is_said_so() -> None:
    """"call 2x" in call-partner (no 2s) was "Call a card you do not hold: the 2 black is in your
    hand." (found by the variants sweep)."""
    for seed in range(40):
        state, _ = new_game("call-partner", None, seed)
        player = RandomPlayer(seed)
        while state.phase not in ("call", "over") and state.hand_number == 1:
            state.apply(player.choose_from(state.legal_actions()))
        if state.phase == "call":
            assert state.why_illegal(Action(A.CALL, C.from_code("2x"))) == "The 2 black is not in this game's deck."
            return
    raise AssertionError("no call phase reached")


def test_a_card_not_in_the_deck_typed_in_the_auction_is_said_so() -> None:
    """"rook" at the two-player auction was "The Rook Bird is a card, but this is the auction"
    (found by the third re-check)."""
    from tests.console_helpers import Table

    table = Table("two-player", seed=6)
    table.advance(lambda t: t.my_turn())
    assert table.state.phase == "auction"
    said = table.run("rook")
    assert said.refused and said.lines[0].startswith("The Rook Bird is not in this game's deck. ")


def test_after_the_game_a_card_not_in_the_deck_is_told_the_game_is_over() -> None:
    """Once the game was over, "1r" in two-player said "The 1 red is not in this game's deck. Game
    over." where every other entry says the game is over (found by the fourth re-check)."""
    from tests.console_helpers import Table

    table = Table("two-player", seed=6, options=["hands=1"])
    table.advance(lambda t: t.state.is_over())
    assert table.state.is_over()
    assert table.run("1r").lines == table.run("14r").lines
