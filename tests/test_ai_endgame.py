"""The exact endgame agrees with a brute-force minimax over the core's own rules, and the
play-out scores a finished line exactly as the core does."""

from __future__ import annotations

import random

from rook_access.ai.endgame import solve
from rook_access.ai.players import make_player
from rook_access.ai.playout import Rules, play_out, play_out_result, utility
from rook_access.ai.sampling import Sampler
from rook_access.core import GameState, new_game
from rook_access.core.determinize import state_from_view


def _hand_score(state: GameState, events: list[dict]) -> list[int] | None:
    for event in events:
        if event["type"] == "hand_end":
            return [event["score"][s] for s in state.seats]
    return None


def brute_force(state: GameState, seat: int, sides: list[int]) -> float:
    """Minimax by the core itself: every legal card, applied to clones."""
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.play_card(action.value)
        if child.hand_over():
            values.append(utility(child, child.hand_result(), seat))
        else:
            values.append(brute_force(child, seat, sides))
    mover = state.turn
    return max(values) if sides[mover] == sides[seat] else min(values)


def endgame_positions(preset: str, cards_left: int, count: int) -> list[tuple[GameState, int]]:
    """Determinized states with ``cards_left`` cards in all hands, and the seat on turn."""
    out = []
    rng = random.Random(preset)
    seed = 0
    while len(out) < count:
        seed += 1
        state, _ = new_game(preset, None, seed)
        players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
        while not (state.phase == "play" and sum(h.bit_count() for h in state.hands) == cards_left):
            state.apply(players[state.actor].choose(state.view(state.actor)))
        view = state.view(state.actor)
        out.append((state_from_view(view, Sampler(view).draw(rng)), view.seat))
    return out


def test_exact_endgame_matches_brute_force_minimax() -> None:
    for preset in ("hasbro", "kentucky-west", "georgia"):
        for state, seat in endgame_positions(preset, 7, 6):
            rules = Rules.of(state)
            for action in state.legal_actions():
                child = state.clone()
                child.apply(action)
                expected = brute_force(child, seat, rules.side)
                assert solve(rules, state, seat, action.value) == expected, preset


def test_play_out_of_the_last_trick_scores_like_the_core() -> None:
    for preset in ("hasbro", "kentucky-west", "georgia", "red-one"):
        for state, seat in endgame_positions(preset, 4, 5):
            rules = Rules.of(state)
            for action in state.legal_actions():
                child = state.clone()
                events = child.apply(action)
                while (scores := _hand_score(child, events)) is None:
                    events = child.apply(child.legal_actions()[0])
                ours = play_out(rules, state, action.value)
                if len(state.legal_actions()) == 1 or sum(h.bit_count() for h in state.hands) == 4:
                    # Only one line of play is left from here when each hand holds one card.
                    assert ours == scores, preset
            assert utility(state, play_out_result(rules, state), seat) == solve(rules, state, seat)
