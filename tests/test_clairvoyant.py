"""benchmarks/clairvoyant.py: a clairvoyant seat's sampler deals the real cards, other seats'
still guess, and uninstalling puts the game back as it was."""

from __future__ import annotations

import random

from rook_access.ai.players import make_player
from rook_access.ai.sampling import Sampler
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


def test_a_corrected_sample_holds_the_chosen_cards_where_they_are_and_keeps_every_size() -> None:
    cv = load("clairvoyant")
    state, _ = new_game("georgia", None, 4)
    players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
    rng = random.Random(6)
    counters = state.deck.counters
    checked = 0
    while not state.is_over() and state.hand_number <= 2:
        view = state.view(state.actor)
        if view.phase == "play":
            me = view.seat
            truth = cv.true_holding(state, view)
            honest = Sampler(view, True).draw(rng)
            for part in ("opponents", "partner", "counters"):
                fixed = cv.corrected(honest, truth, me, part, counters, rng)
                sizes = [h.bit_count() for h in fixed.hands] + [fixed.nest.bit_count()]
                assert sizes == [h.bit_count() for h in honest.hands] + [honest.nest.bit_count()]
                assert fixed.hands[me] == view.hand
                if part == "opponents":
                    assert (fixed.hands[(me + 1) % 4], fixed.hands[(me + 3) % 4]) == (
                        truth.hands[(me + 1) % 4], truth.hands[(me + 3) % 4])
                elif part == "partner":
                    assert fixed.hands[(me + 2) % 4] == truth.hands[(me + 2) % 4]
                else:
                    assert [h & counters for h in fixed.hands] == [h & counters for h in truth.hands]
                    assert fixed.nest & counters == truth.nest & counters
            checked += 1
        state.apply(players[state.actor].choose(view))
    assert checked > 30
