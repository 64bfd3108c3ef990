"""Simulated games of every preset and of random option combinations, replayed by the
independent referee (``tests/referee.py``, written from rules.md and game-record.md). Beside the
record, every seat's view of the nest's points is checked against the referee's reading of
``nest_points_told``, and off-turn misdeal calls are made whenever a seat may call one."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rook_access.ai.players import make_player
from rook_access.core import GameState, RuleError, new_game, preset_names, resolve
from rook_access.core import actions as A
from rook_access.core.options import SPEC, Options
from rook_access.core.state import RECORD_TYPES
from rook_access.store.record import game_line
from tests.referee import check_record, told_points_in_nest

# Values to try for each option (beside each preset's own).
CHOICES: dict[str, list[Any]] = {
    "target": [100, 300, 500],
    "ones": ["out", "low", "high"],
    "low_cards": ["out", "fours", "in"],
    "rook": ["none", "high", "low", "ten-and-half", "called"],
    "rook_anytime": [True, False],
    "nest_face_up": [0, 1],
    "nest_to": ["last-trick", "none"],
    "check": [True, False],
    "all_pass": ["redeal", "dealer-forced"],
    "misdeal_no_counters": [True, False],
    "misdeal_no_ten": [True, False],
    "little_rook": [0, 0, 20],
    "baby_rook": [0, 0, 20],
    "discard_counters": ["allowed", "forced-only", "never"],
    "nest_points_told": ["never", "forced", "always"],
    "trump_before_discard": [True, False],
    "no_trump": [True, False],
    "partner_calls_trump": [True, False],
    "first_lead": ["left-of-dealer", "bidder", "left-of-bidder"],
    "trump_broken": [True, False],
    "moon": ["off", "on"],
    "moon_bid": [0, 0, 100],
    "moon_needs": ["bid", "points", "tricks"],
    "moon_made": [500, 200, "game", "hole"],
    "moon_set": ["bid", 400, "game"],
    "moon_alone": [False, False, True],
    "blind_bid_on_rook": [True, False],
    "last_trick_bonus": [0, 20],
    "most_tricks_bonus": [0, 20],
    "sweep_bonus": [0, 20],
    "hands": [0, 0, 2, 5],
    "win_on_bid": [True, False],
    "must_trump": [True, False],
    "trick_points": [0, 0, 2, 5],
    "rotate_partners": [0, 0, 1, 3],
    "calls": [1, 1, 2],
    "tied_partners_win": [True, False],
}


def random_options(rng: random.Random) -> tuple[str, Options]:
    """A preset with a few random overrides that pass validation."""
    while True:
        preset = rng.choice(preset_names())
        keys = rng.sample(sorted(CHOICES), rng.randint(1, 6))
        overrides = {k: rng.choice(CHOICES[k]) for k in keys}
        try:
            return preset, resolve(preset, overrides)
        except RuleError as exc:
            if "dealt evenly" not in str(exc):
                continue
        # A card added or taken away (the special trumps) deals evenly with another nest size.
        nest = resolve(preset).nest_size
        for size in (nest + 1, nest - 1, nest + 2, nest - 2, nest + 3) if nest else ():
            try:
                return preset, resolve(preset, {**overrides, "nest_size": size})
            except RuleError:
                continue


def play_checked(preset: str, options: Options, seed: int, misdeal_rate: float = 0.3,
                 limit: int = 100_000) -> list[dict[str, Any]]:
    """One game of random players; returns its record (cut short after ``limit`` actions). Seats
    that may call a misdeal off turn do so now and then; every seat's view of the nest's points
    is checked as it changes."""
    rng = random.Random(seed)
    state, events = new_game(preset, options, seed)
    players = {i: make_player("random", s, options, seed + i) for i, s in enumerate(state.seats)}
    lines = [game_line(state, {s: "random" for s in state.seats})] + events  # no partner_trump in a record
    for _ in range(limit):
        if state.is_over():
            return lines
        callers = [s for s in range(state.n) if state.may_misdeal(s) and s != state.turn]
        if callers and rng.random() < misdeal_rate:
            action = A.MISDEALS[rng.choice(callers)]
        else:
            action = players[state.actor].choose(state.view(state.actor))
        new = state.apply(action)
        lines += [e for e in new if e["type"] in RECORD_TYPES]
        if any(e["type"] == "discard" for e in new):
            _check_told(state, [e for e in new if e["type"] == "discard"][0])
    return lines


def _check_told(state: GameState, discard: dict[str, Any]) -> None:
    o = state.options.to_dict()
    bidder = discard["seat"]
    for s, name in enumerate(state.seats):
        expected = told_points_in_nest(o, name, bidder, discard["points_in_nest"])
        assert state.view(s).points_in_nest == expected, (name, o["nest_points_told"])


@pytest.mark.parametrize("preset", preset_names())
def test_referee_replays_every_preset(preset: str) -> None:
    options = resolve(preset)
    lines: list[dict[str, Any]] = []
    for seed in range(40):
        lines += play_checked(preset, options, seed)
        assert lines[-1]["type"] == "game_end"
    assert check_record(lines) == 40


@pytest.mark.parametrize("batch", range(4))
def test_referee_replays_random_option_combinations(batch: int) -> None:
    """Some combinations make long games (a low target is never reached when every hand is
    set); a game cut short at 4,000 actions is checked as far as it went."""
    rng = random.Random(1000 + batch)
    ended = 0
    for _game in range(25):
        preset, options = random_options(rng)
        lines = play_checked(preset, options, rng.randrange(10**6), limit=4000)
        ended += check_record(lines, finished=False)
    assert ended >= 15


def test_choices_cover_every_rule_option() -> None:
    """Table shape (seats, sides, deck sizes) comes from the presets; every rule option is varied."""
    shape = {"seats", "sides", "aside", "auction", "dummy_face_up", "counters", "nest_size", "nest_deal",
             "min_bid", "max_bid", "red_one"}
    assert set(SPEC) - shape <= set(CHOICES)
