"""Sampled holdings agree with everything the seat has seen, and a determinized state built
from a view shows that seat the very same view."""

from __future__ import annotations

import random

import pytest

from rook_access.ai.context import suits_of, voids_from_tricks
from rook_access.ai.players import make_player
from rook_access.ai.sampling import Sampler, sample
from rook_access.core import cards as C
from rook_access.core import new_game, resolve
from rook_access.core.determinize import state_from_view
from tests.ai_tables import tables

TABLES = tables()


@pytest.mark.parametrize("infer", [False, True], ids=["plain", "reading"])
@pytest.mark.parametrize(("label", "preset", "overrides"), TABLES, ids=[t[0] for t in TABLES])
def test_samples_keep_sizes_voids_and_visible_cards(label: str, preset: str, overrides: dict | None,
                                                    infer: bool) -> None:
    options = resolve(preset, overrides)
    rng = random.Random(label)
    voids_seen = plays = 0
    for game_seed in range(3):
        state, _ = new_game(preset, options, game_seed)
        players = {i: make_player("normal", s, options, i) for i, s in enumerate(state.seats)}
        while not state.is_over() and state.hand_number <= 2:
            actor = state.actor
            view = state.view(actor)
            holding = Sampler(view, infer).draw(rng)
            hands = holding.hands
            assert tuple(h.bit_count() for h in hands) == view.hand_sizes
            assert hands[actor] == view.hand or view.hand == 0
            if view.dummy >= 0:
                assert hands[view.dummy] & view.dummy_hand == view.dummy_hand
            # Every card in exactly one place: a hand, the nest, aside, played or discarded.
            places = [*hands, holding.nest, holding.aside, view.played, C.to_mask(view.discards)]
            assert sum(p.bit_count() for p in places) == state.deck.mask.bit_count()
            union = 0
            for place in places:
                union |= place
            assert union == state.deck.mask
            if view.phase == "play":
                plays += 1
                suits = suits_of(options, view.trump)
                for seat, voids in enumerate(voids_from_tricks(view, suits)):
                    for suit in range(5):
                        if voids >> suit & 1:
                            voids_seen += 1
                            assert not hands[seat] & suits.masks[suit], f"{label}: void ignored"
                rebuilt = state_from_view(view, holding)
                assert rebuilt.view(actor) == view
                assert rebuilt.legal_actions() == list(view.legal)
            state.apply(players[actor].choose(view))
    assert plays > 50
    assert voids_seen > 0


def test_the_nest_holds_points_exactly_when_everyone_was_told_so() -> None:
    told = {True: 0, False: 0}
    rng = random.Random(5)
    for seed in range(300):  # 30 deals at least, and on until both kinds were seen (forced: 1 in 60)
        if seed >= 30 and told[True] >= 2 and told[False]:
            break
        state, _ = new_game("kentucky-west", None, seed)
        players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
        while state.phase != "play":
            state.apply(players[state.actor].choose(state.view(state.actor)))
        for seat in range(4):
            view = state.view(seat)
            if seat == view.bidder:
                continue
            assert view.points_in_nest is not None
            for _ in range(5):
                nest = Sampler(view).draw(rng).nest
                assert bool(nest & state.deck.counters) is view.points_in_nest
            told[view.points_in_nest] += 1
    assert told[True] and told[False]


def test_sample_draws_what_random_sample_draws() -> None:
    """``sampling.sample`` stands in for ``random.Random.sample`` in the dealing of samples (it
    compiles; the library's is Python code): the same generator state must give the same cards
    and leave the generator where the library would, so the search's choices do not change."""
    for seed in range(2000):
        ours, theirs = random.Random(seed), random.Random(seed)
        n = 1 + seed % 57
        k = (seed * 7) % (n + 1)
        population = list(range(100, 100 + n))
        assert sample(ours, population, k) == theirs.sample(population, k), (n, k)
        assert ours.random() == theirs.random()
