"""Bots never act illegally: whole games of every table at every level.

The core raises IllegalAction on any illegal action, so a game that finishes is a game without
one. Easy and normal play thousands of games in all; hard plays fewer, with a small budget, but
at every table.
"""

from __future__ import annotations

import pytest

from rook_access.ai.hard import HardBot
from rook_access.ai.search import Budget
from rook_access.core import IllegalAction, new_game, resolve
from rook_access.simulation import simulate
from tests.ai_tables import tables

TABLES = tables()
IDS = [label for label, _preset, _overrides in TABLES]


@pytest.mark.parametrize(("label", "preset", "overrides"), TABLES, ids=IDS)
def test_easy_and_normal_play_whole_games_legally(label: str, preset: str, overrides: dict | None) -> None:
    options = resolve(preset, overrides)
    seats = options.seats
    # Mixed tables: normal and easy take turns round the table, then the other way round.
    first = {seat: ("normal", "easy")[i % 2] for i, seat in enumerate(seats)}
    second = {seat: ("easy", "normal")[i % 2] for i, seat in enumerate(seats)}
    games = 0
    for players in (first, second):
        summary = simulate(preset, options, 80, 7, players)
        assert summary.games == 80
        assert summary.hands >= 80
        games += summary.games
    assert games == 160  # 160 games x 13 tables and more: thousands of games in all


@pytest.mark.parametrize(("label", "preset", "overrides"), TABLES, ids=IDS)
def test_hard_plays_a_whole_game_legally(label: str, preset: str, overrides: dict | None) -> None:
    options = resolve(preset, overrides)
    state, _ = new_game(preset, options, 11)
    small = Budget(playouts=24, min_samples=2, max_samples=4, exact_cards=2 * state.n, exact_samples=2)
    bots = {i: HardBot(i, small, bid_samples=4, trump_samples=2) for i in range(state.n)}
    decisions = 0
    while not state.is_over() and state.hand_number <= 3:
        actor = state.actor
        view = state.view(actor)
        action = bots[actor].choose(view)
        assert action in view.legal, f"{label}: {action} is not among {view.legal}"
        try:
            state.apply(action)
        except IllegalAction as exc:  # pragma: no cover - the assertion above fires first
            pytest.fail(f"{label}: {action}: {exc}")
        decisions += 1
    assert decisions > 20
