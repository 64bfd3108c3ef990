"""The state's shape is declared once (core/model.py): saving, copying, stepping and undoing are
all driven from it, and these tests fail if any of them drops or shares a field."""

from __future__ import annotations

import ast
import json
import pathlib
import random

import pytest

from rook_access.ai.random_player import RandomPlayer
from rook_access.core import GameState, RuleError, new_game, preset_names
from rook_access.core import cards as C
from rook_access.core.events import seen_by
from rook_access.core.model import ADDED, GAME_FIELDS, HAND_FIELDS, MUTABLE, SAVED, Phase

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "rook_access"
FIELD_NAMES = {f.name for f in GAME_FIELDS + HAND_FIELDS}


def states(preset: str, seed: int, every: int = 7):
    """A random game of ``preset``, yielding the state at every ``every``-th decision."""
    state, _ = new_game(preset, None, seed)
    player = RandomPlayer(seed)
    count = 0
    while not state.is_over() and count < 600:
        if count % every == 0:
            yield state
        state.apply(player.choose(state.view(state.actor)))
        count += 1


@pytest.mark.parametrize("preset", preset_names())
def test_round_trip_restores_every_saved_field(preset: str) -> None:
    for state in states(preset, 11):
        restored = GameState.from_dict(json.loads(json.dumps(state.to_dict())))
        for f in SAVED:
            assert getattr(restored, f.name) == getattr(state, f.name), f.name
        assert restored.suits == state.suits


def test_every_saved_field_is_needed_to_restore() -> None:
    """Every field but those added after saves began (``ADDED``), which a save from before
    them lacks and reads at the value such a save means."""
    state = next(states("hasbro", 3))
    data = state.to_dict()
    for f in SAVED:
        damaged = {k: v for k, v in data.items() if k != f.name}
        if f.name in ADDED:
            assert getattr(GameState.from_dict(damaged), f.name) == ADDED[f.name]
            continue
        with pytest.raises(RuleError):
            GameState.from_dict(damaged)


def test_equality_sees_every_saved_field() -> None:
    state = next(states("hasbro", 5))
    for f in SAVED:
        twin = state.clone()
        value = getattr(twin, f.name)
        setattr(twin, f.name, [*value, 1] if isinstance(value, list) else "changed")
        assert twin != state, f.name


@pytest.mark.parametrize("preset", ["hasbro", "kentucky-west", "call-partner", "two-player"])
def test_clone_shares_nothing_mutable(preset: str) -> None:
    for state in states(preset, 4):
        before = state.to_dict()
        twin = state.clone()
        for name in FIELD_NAMES:
            value = getattr(state, name)
            if isinstance(value, (list, dict, set)):
                assert getattr(twin, name) is not value, name
                assert name in MUTABLE, name
        for name in MUTABLE:
            getattr(twin, name).append(7)
        assert state.to_dict() == before


@pytest.mark.parametrize("preset", preset_names())
def test_step_is_apply_without_events(preset: str) -> None:
    state, _ = new_game(preset, None, 21)
    player = RandomPlayer(21)
    while not state.is_over():
        action = player.choose(state.view(state.actor))
        twin = state.clone()
        events = state.apply(action)
        assert events or action.kind == "discard"  # the record writes the discard once, after the last card
        twin.step(action)
        assert twin == state


@pytest.mark.parametrize("preset", ["hasbro", "georgia", "five-player", "two-player", "beginner"])
def test_play_card_then_undo_restores_the_state(preset: str) -> None:
    rng = random.Random(8)
    for state in states(preset, 8, every=1):
        if state.phase != Phase.PLAY:
            continue
        before = state.clone()
        undos = []
        while not state.hand_over() and len(undos) < rng.randrange(1, 30):
            cards = list(C.cards_in(state.legal_plays_mask()))
            undos.append(state.play_card(rng.choice(cards)))
        for undo in reversed(undos):
            state.undo_card(undo)
        assert state == before
        assert state.tricks == before.tricks and state.trick_cards == before.trick_cards


def test_hand_result_is_the_score_the_hand_ends_with() -> None:
    state, _ = new_game("hasbro", None, 2)
    player = RandomPlayer(2)
    while not state.is_over():
        action = player.choose(state.view(state.actor))
        twin = state.clone()
        events = state.apply(action)
        for event in events:
            if event["type"] == "hand_end":
                twin.play_card(action.value)
                assert twin.hand_over()
                result = twin.hand_result()
                assert event["score"] == {s: result.score[i] for i, s in enumerate(twin.seats)}
                assert event["made"] == result.made


def test_a_seat_learns_its_own_hand_only() -> None:
    state, events = new_game("hasbro", None, 6)
    deal = events[0]
    for seat in state.seats:
        seen = seen_by(deal, seat, None)
        assert list(seen["hands"]) == [seat]
        assert seen["hands"][seat] == deal["hands"][seat]
        assert seen["nest"] == [] and seen["aside"] == []
    assert seen_by(deal, "north", None, blind=True)["hands"] == {}
    take = {"type": "take_nest", "seat": "east", "cards": ["5r", "6r"]}
    assert seen_by(take, "east", "east") == take
    assert seen_by(take, "north", "east") == {"type": "take_nest", "seat": "east", "count": 2}


def _outside_core() -> list[pathlib.Path]:
    return [p for p in PACKAGE.rglob("*.py") if "core" not in p.relative_to(PACKAGE).parts]


def test_nothing_outside_the_core_writes_the_state() -> None:
    """The state's fields change only through the core's actions: an assignment like
    ``state.hands = ...`` anywhere else is a second copy of a rule."""
    offenders = []
    for path in _outside_core():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = node.targets if isinstance(node, ast.Assign) else (
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else [])
            for target in targets:
                for sub in ast.walk(target):
                    if (isinstance(sub, ast.Attribute) and sub.attr in FIELD_NAMES
                            and isinstance(sub.value, ast.Name) and sub.value.id in ("state", "s", "twin", "game")):
                        offenders.append(f"{path.name}:{sub.lineno} {sub.value.id}.{sub.attr}")
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                    and isinstance(node.value, ast.Name) and node.value.id in ("state", "s", "twin", "game")):
                offenders.append(f"{path.name}:{node.lineno} {node.value.id}.{node.attr}")
    assert offenders == []


def test_trick_resolution_trump_breaking_and_scoring_live_in_the_core() -> None:
    """The computer players, the console and the announcer ask the core who wins a trick, when
    trump is broken and what a hand scores; none of them works it out again."""
    offenders = []
    for path in _outside_core():
        text = path.read_text(encoding="utf-8")
        for needle in ("trump_broken = True", "broken = True", "score_hand(", "game_winners(",
                       "side_bonuses(", "+ rank[", "100 + "):
            if needle in text:
                offenders.append(f"{path.relative_to(PACKAGE)}: {needle}")
    assert offenders == []
