"""The hint: a legal action and one sentence that starts by saying it, at every kind of table and
in every phase."""

from __future__ import annotations

import pytest

from rook_access.ai.hint import hint
from rook_access.ai.players import make_player
from rook_access.core import cards as C
from rook_access.core import new_game, resolve
from tests.ai_tables import tables

TABLES = tables()
OPENINGS = {
    "play": "Play ", "bid": "Bid ", "pass": "Pass", "check": "Check", "misdeal": "Call a misdeal",
    "discard": "Lay the ", "trump": "Name ", "partner": "Let your partner", "call": "Call the ",
}


@pytest.mark.parametrize(("label", "preset", "overrides"), TABLES, ids=[t[0] for t in TABLES])
def test_hints_are_legal_and_say_what_to_do(label: str, preset: str, overrides: dict | None) -> None:
    options = resolve(preset, overrides)
    state, _ = new_game(preset, options, 21)
    players = {i: make_player("normal", s, options, i) for i, s in enumerate(state.seats)}
    seen: set[str] = set()
    step = 0
    while not state.is_over() and state.hand_number <= 1:
        view = state.view(state.actor)
        step += 1
        if step % 4 == 1 or view.phase != "play":
            action, reason = hint(view, seed=5)
            assert action in view.legal
            assert reason.startswith(OPENINGS[action.kind]), reason
            assert reason.endswith(".") and "\n" not in reason
            if action.kind in ("play", "discard", "call"):
                assert C.name(action.value) in reason
            seen.add(view.phase)
        state.apply(players[state.actor].choose(view))
    assert "play" in seen


def test_no_hint_when_it_is_not_the_seats_turn() -> None:
    state, _ = new_game("hasbro", None, 1)
    waiting = (state.actor + 1) % 4
    with pytest.raises(ValueError):
        hint(state.view(waiting))
