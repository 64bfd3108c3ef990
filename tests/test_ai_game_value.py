"""The hard level's play-outs count a game won or lost this hand (``playout.game_value``): the
core says who wins from the view's totals plus the hand's scores."""

from __future__ import annotations

from rook_access.ai.hint import hint
from rook_access.ai.players import make_player
from rook_access.ai.playout import GAME_HANDS, Rules, game_value, play_out_result, utility
from rook_access.core import GameState, new_game, resolve
from rook_access.core.scoring import game_winners


def _first_lead(preset: str, seed: int) -> GameState:
    options = resolve(preset)
    state, _ = new_game(preset, options, seed)
    players = {i: make_player("normal", s, options, i) for i, s in enumerate(state.seats)}
    while state.phase != "play":
        state.apply(players[state.actor].choose(state.view(state.actor)))
    return state


def test_a_hand_that_ends_nothing_is_worth_its_margin() -> None:
    state = _first_lead("georgia", 4)
    result = play_out_result(Rules.of(state), state)
    assert game_value(state, result, 0) == 0.0
    margin = result.score[0] - result.score[1]
    assert utility(state, result, 0) == margin


def test_reaching_the_target_counts_the_game_for_the_winners_and_against_the_losers() -> None:
    state = _first_lead("georgia", 4)  # north-south take 60 here and set east-west's contract
    result = play_out_result(Rules.of(state), state)
    worth = GAME_HANDS * state.deck.total
    assert result.score[0] == 60 and result.score[1] < 0
    target = state.options.target
    state.totals = [target - 60, 300, target - 60, 300]  # north-south reach the target exactly
    assert game_value(state, result, 0) == worth and game_value(state, result, 1) == -worth
    assert utility(state, result, 0) == result.score[0] - result.score[1] + worth
    state.totals = [target - 61, 300, target - 61, 300]  # a point short: the game goes on
    assert game_value(state, result, 0) == 0.0
    state.totals = [target - 60, target + 10, target - 60, target + 10]  # set, east-west fall below
    assert game_value(state, result, 0) == worth


def test_the_other_side_reaching_the_target_is_a_lost_game() -> None:
    state = _first_lead("georgia", 5)  # east-west take 50 of north-south's made contract
    result = play_out_result(Rules.of(state), state)
    assert result.made and result.score[1] == 50
    target = state.options.target
    state.totals = [0, target - 50, 0, target - 50]
    assert game_value(state, result, 0) == -GAME_HANDS * state.deck.total
    assert game_winners([t + s for t, s in zip(state.totals, result.score)], state.game_groups(),
                        state.options, state.hand_number) == [1, 3]


def test_the_hint_says_when_the_game_is_at_stake() -> None:
    state = _first_lead("georgia", 4)
    _action, why = hint(state.view(state.actor), 1)
    # The play-outs' sentence, whatever it compares ("better off than", "does as well as": the
    # sampled deals follow the options, and tied_partners_win added one).
    assert "can end the game" not in why and "\nIn play-outs of likely deals it " in why
    state.totals = [440, 300, 440, 300]  # north-south within one hand of 500
    _action, why = hint(state.view(state.actor), 1)
    assert "\nThis hand can end the game: with the game won or lost counted, " in why and " ahead of the " in why
