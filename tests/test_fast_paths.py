"""The fast paths give exactly what the plain ones give: the deal's shuffle, card lists, the
random player's card pick, ``step``'s hand result against the record's hand_end event, and
random play's hand at a time (``play_hand``) and discard at a time (``lay_aside``) against the same
cards played or laid one ``step`` at a time."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from rook_access.ai.random_player import RandomPlayer
from rook_access.core import cards as C
from rook_access.core import new_game
from rook_access.core.actions import PLAY_TABLE, PLAYS
from rook_access.core.deal import shuffled


def test_shuffled_is_random_shuffle() -> None:
    for seed in range(300):
        for size in (1, 2, 3, 33, 41, 45, 57):
            expected, rng = list(range(size)), random.Random(seed)
            rng.shuffle(expected)
            mine = random.Random(seed)
            assert shuffled(tuple(range(size)), mine) == expected
            assert mine.random() == rng.random()  # the generator is left in the same state


@given(st.integers(min_value=0, max_value=(1 << C.CARD_COUNT) - 1))
def test_card_list_is_cards_in(mask: int) -> None:
    assert C.card_list(mask) == list(C.cards_in(mask))
    assert C.card_list(mask, PLAY_TABLE) == [PLAYS[c] for c in C.cards_in(mask)]
    assert C.codes(mask) == [C.CODES[c] for c in C.cards_in(mask)]


@given(st.integers(min_value=1, max_value=(1 << C.CARD_COUNT) - 1), st.integers(0, 2**32))
def test_choose_card_is_choose_from(mask: int, seed: int) -> None:
    by_list, by_mask = RandomPlayer(seed), RandomPlayer(seed)
    for _ in range(3):
        assert PLAYS[by_mask.choose_card(mask)] == by_list.choose_from([PLAYS[c] for c in C.cards_in(mask)])


def test_step_returns_the_hand_end_result() -> None:
    for preset in ("hasbro", "kentucky-west", "call-partner", "beginner"):
        state, _ = new_game(preset, None, 7)
        player = RandomPlayer(3)
        ends = 0
        while not state.is_over() and ends < 4:
            events: list = []
            result = state.step(player.choose_from(state.legal_actions()), events)
            hand_end = [e for e in events if e["type"] == "hand_end"]
            assert (result is None) == (not hand_end)
            if result is not None:
                ends += 1
                assert hand_end[0]["score"] == {state.seats[s]: result.score[s] for s in range(state.n)}
                assert hand_end[0]["made"] == result.made
        assert ends


def _play_by_steps(state, picks) -> object:
    """The hand's cards one ``step`` at a time, each chosen as ``play_hand`` chooses them."""
    while True:
        card = picks[state.player_for(state.turn)](state.legal_plays_mask())
        result = state.step(PLAYS[card])
        if result is not None:
            return result


def test_play_hand_is_step_by_step() -> None:
    """Random play's fast path leaves exactly the state (every field) and the result that the
    same cards played one ``step`` at a time leave, in every preset, with a dummy and with a
    moon played alone (a seat sitting out); and in whole short games, so also where the hand
    ends the game (the state then keeps the hand's tricks)."""
    from rook_access.core.model import Phase
    from rook_access.core.presets import preset_names

    cases = [(name, None, 3) for name in preset_names()] + [("hasbro", ["moon=on", "moon_alone=true"], 3)]
    cases += [(name, ["target=150"], 99) for name in ("hasbro", "two-player", "call-partner")]
    ended = 0
    for preset, options, most in cases:
        for seed in range(6):
            state, _ = new_game(preset, options, seed)
            chooser = RandomPlayer(seed)
            hands = 0
            while not state.is_over() and hands < most:
                if state.phase is not Phase.PLAY:
                    state.step(chooser.choose_from(state.legal_actions()))
                    continue
                twin = state.clone()
                fast = [RandomPlayer(seed * 10 + s) for s in range(state.n)]
                slow = [RandomPlayer(seed * 10 + s) for s in range(state.n)]
                result = state.play_hand([fast[state.player_for(s)].choose_card for s in range(state.n)])
                assert _play_by_steps(twin, [p.choose_card for p in slow]) == result
                assert twin == state, (preset, seed)
                assert twin.tricks == state.tricks and twin.played == state.played
                hands += 1
            assert hands, preset
            ended += most > 3 and state.is_over()
    assert ended == 18  # every short game was played to its end


def test_card_choice_is_the_legal_actions() -> None:
    """Where the legal actions are cards alone, ``card_choice`` gives the same actions, lowest
    card first (the random player's pick from the mask is then its pick from the list); where
    anything else is allowed beside them, it gives nothing."""
    from rook_access.core.model import Phase
    from rook_access.core.presets import preset_names

    kinds = set()
    for preset in preset_names():
        for seed in range(4):
            state, _ = new_game(preset, None, seed)
            player = RandomPlayer(seed)
            for _ in range(150):
                if state.is_over():
                    break
                legal = state.legal_actions()
                choice = state.card_choice()
                if choice is None:
                    assert state.phase is not Phase.PLAY
                    assert state.phase is not Phase.DISCARD or any(a.kind != "discard" for a in legal)
                else:
                    table, mask = choice
                    assert [table[c] for c in C.cards_in(mask)] == legal
                    kinds.add(legal[0].kind)
                state.step(player.choose_from(legal))
    assert kinds == {"play", "discard"}


def test_lay_aside_is_step_by_step() -> None:
    """Random play's discard at a time (``lay_aside``) leaves exactly the state that the same
    cards laid one ``step`` at a time leave, in every preset and under each counter rule; where
    the bidder may instead hand the trump call to its partner (georgia), it lays nothing and
    changes nothing, as that choice is not a card."""
    from rook_access.core.actions import DISCARDS
    from rook_access.core.model import Phase
    from rook_access.core.presets import preset_names

    cases = [(name, None) for name in preset_names()]
    cases += [("hasbro", [f"discard_counters={rule}"]) for rule in ("never", "forced-only")]
    laid_some = held_back = 0
    for preset, options in cases:
        for seed in range(5):
            state, _ = new_game(preset, options, seed)
            chooser = RandomPlayer(seed)
            while not state.is_over() and state.hand_number < 3:
                if state.phase is not Phase.DISCARD:
                    state.step(chooser.choose_from(state.legal_actions()))
                    continue
                twin = state.clone()
                laid = state.lay_aside(RandomPlayer(seed + 7).choose_card)
                slow, steps = RandomPlayer(seed + 7), 0
                while (choice := twin.card_choice()) is not None and twin.phase is Phase.DISCARD:
                    twin.step(DISCARDS[slow.choose_card(choice[1])])
                    steps += 1
                assert laid == steps and twin == state, (preset, options, seed)
                laid_some += laid > 0
                held_back += laid == 0
                if not laid:
                    state.step(chooser.choose_from(state.legal_actions()))
    assert laid_some and held_back
