"""benchmarks/clairvoyant.py: a clairvoyant seat's sampler deals the real cards, other seats'
still guess, and uninstalling puts the game back as it was."""

from __future__ import annotations

import random

from rook_access.ai.players import make_player
from rook_access.ai.sampling import Sampler
from rook_access.core import cards as C
from rook_access.core import new_game
from rook_access.core.state import GameState
from tests.benchmark_scripts import load


def test_a_clairvoyant_seat_draws_the_real_deal_and_the_others_guess() -> None:
    cv = load("clairvoyant")
    view_before, draw_before = GameState.view, Sampler.draw
    state, _ = new_game("georgia", None, 11)
    players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
    cv.make_play("north", state.options, 1)  # installs; north sees the cards in play only
    rng = random.Random(2)
    real = guessed = auction = 0
    try:
        while not state.is_over() and state.hand_number <= 2:
            actor = state.actor
            view = state.view(actor)
            truth = cv.true_holding(state, view)
            assert truth.hands[actor] == view.hand
            drawn = Sampler(view, True).draw(rng)
            if actor == 0 and view.phase == "play":
                assert drawn == truth
                real += 1
            elif view.phase == "play":
                guessed += drawn.hands != truth.hands
            elif actor == 0 and view.phase == "auction":
                auction += drawn.hands != truth.hands
            state.apply(players[actor].choose(view))
    finally:
        cv.uninstall()
    assert real > 10 and guessed > 10 and auction > 0
    assert (GameState.view, Sampler.draw) == (view_before, draw_before)


def test_a_seat_that_sees_only_in_defence_guesses_in_its_own_sides_contracts() -> None:
    cv = load("clairvoyant")
    seen = {True: [0, 0], False: [0, 0]}  # declaring -> [real deals drawn, guesses]
    rng = random.Random(2)
    try:
        # Games until both kinds of hand have been seen often enough (a change to the bids
        # changes which side holds the first contracts).
        for seed in range(1, 6):
            state, _ = new_game("georgia", None, seed)
            players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
            cv.make_play_defending("north", state.options, 1)
            while not state.is_over() and state.hand_number <= 4:
                actor = state.actor
                view = state.view(actor)
                if actor == 0 and view.phase == "play":
                    declaring = view.bidder in (0, 2)
                    real = Sampler(view, True).draw(rng) == cv.true_holding(state, view)
                    seen[declaring][0 if real else 1] += 1
                state.apply(players[actor].choose(view))
            if min(seen[False][0], seen[True][1]) > 10:
                break
    finally:
        cv.uninstall()
    defending, declaring = seen[False], seen[True]
    assert defending[0] > 10 and defending[1] == 0
    assert declaring[1] > 10 and declaring[0] < declaring[1]


def test_a_corrected_sample_holds_the_chosen_cards_where_they_are_and_keeps_every_size() -> None:
    cv = load("clairvoyant")
    state, _ = new_game("georgia", None, 4)
    players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
    rng = random.Random(6)
    checked = 0
    while not state.is_over() and state.hand_number <= 2:
        view = state.view(state.actor)
        if view.phase == "play":
            me = view.seat
            truth = cv.true_holding(state, view)
            honest = Sampler(view, True).draw(rng)
            for part in ("opponents", "partner", "counters", "trumps", "top"):
                cards = cv.part_cards(state, part)
                assert (cards != 0) == (part not in ("opponents", "partner"))
                fixed = cv.corrected(honest, truth, me, part, cards, rng)
                sizes = [h.bit_count() for h in fixed.hands] + [fixed.nest.bit_count()]
                assert sizes == [h.bit_count() for h in honest.hands] + [honest.nest.bit_count()]
                assert fixed.hands[me] == view.hand
                if part == "opponents":
                    assert (fixed.hands[(me + 1) % 4], fixed.hands[(me + 3) % 4]) == (
                        truth.hands[(me + 1) % 4], truth.hands[(me + 3) % 4])
                elif part == "partner":
                    assert fixed.hands[(me + 2) % 4] == truth.hands[(me + 2) % 4]
                else:
                    assert [h & cards for h in fixed.hands] == [h & cards for h in truth.hands]
                    assert fixed.nest & cards == truth.nest & cards
            checked += 1
        state.apply(players[state.actor].choose(view))
    assert checked > 30


def test_the_kinds_of_card_a_part_sees() -> None:
    cv = load("clairvoyant")
    state, _ = new_game("georgia", None, 4)
    players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
    while state.phase != "play":
        state.apply(players[state.actor].choose(state.view(state.actor)))
    assert cv.part_cards(state, "counters") == state.deck.counters
    assert cv.part_cards(state, "trumps") == state.suits.trump & state.deck.mask
    assert state.suits.trump & state.deck.mask & C.BIT[C.ROOK]  # georgia: the Rook Bird is trump
    top = cv.part_cards(state, "top")
    # georgia's colours run 1 (high), 14, 13, ... 5: the 1 and 14 of each colour, and the Rook Bird.
    assert sorted(C.code(c) for c in C.cards_in(top)) == sorted(
        [f"{n}{k}" for n in (1, 14) for k in "rgxy"] + [C.code(C.ROOK)])
