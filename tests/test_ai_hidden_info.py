"""A bot's decision depends only on what its seat may know.

At many decision points of real games, the cards the deciding seat cannot see are dealt again
(between the other hands, the nest or the discards, and the cards aside) keeping every hand's
size, every card the seat can see and every void it has seen shown. The seat's view must come
out the same, and each level, under the same seed, must choose the same action — whether asked
by the same bot object (no memory of the first position) or a new one.
"""

from __future__ import annotations

import random

import pytest

from rook_access.ai.hard import HardBot
from rook_access.ai.players import make_player
from rook_access.ai.sampling import Sampler
from rook_access.ai.search import Budget
from rook_access.core import new_game, resolve
from rook_access.core.determinize import redeal
from tests.ai_tables import tables

TABLES = tables()
SMALL = Budget(playouts=30, min_samples=3, max_samples=5, exact_cards=8, exact_samples=3)


def _bot(level: str, seat: str, options: object, seed: int) -> object:
    if level == "hard":
        return HardBot(seed, SMALL, bid_samples=6, trump_samples=2)
    return make_player(level, seat, options, seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize(("label", "preset", "overrides"), TABLES, ids=[t[0] for t in TABLES])
def test_hidden_cards_never_change_a_decision(level: str, label: str, preset: str,
                                              overrides: dict | None) -> None:
    options = resolve(preset, overrides)
    rng = random.Random(f"{label}/{level}")
    checked = moved = 0
    phases: set[str] = set()
    for game_seed in (1, 2):
        state, _ = new_game(preset, options, game_seed)
        drivers = {i: make_player("normal", s, options, i) for i, s in enumerate(state.seats)}
        step = 0
        while not state.is_over() and state.hand_number <= 2:
            actor = state.actor
            view = state.view(actor)
            step += 1
            stride = 9 if level == "hard" else 3
            if step % stride == 0:
                seat_name = state.seats[actor]
                bot = _bot(level, seat_name, options, 40 + actor)
                first = bot.choose(view)  # type: ignore[attr-defined]
                holding = Sampler(view).draw(rng)
                other = redeal(state, actor, holding)
                assert other.view(actor) == view, "the redeal changed what the seat can see"
                moved += other.hands != state.hands or other.discards != state.discards
                again = bot.choose(other.view(actor))  # type: ignore[attr-defined]
                fresh = _bot(level, seat_name, options, 40 + actor).choose(other.view(actor))  # type: ignore[attr-defined]
                assert first == again == fresh, f"{label} {view.phase}: {first} / {again} / {fresh}"
                checked += 1
                phases.add(view.phase)
            state.apply(drivers[actor].choose(view))
    assert checked >= 4
    assert moved >= checked // 2  # the hidden cards really were moved in most positions
    assert "play" in phases
