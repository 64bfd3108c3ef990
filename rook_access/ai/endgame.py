"""Exact play of the last tricks of a determinized hand: minimax with alpha-beta pruning.

With few cards left the play-out rule's guesses matter most (who takes the last trick takes the
nest), and the tree is small: two tricks of four players is at most 16 lines of play. The seat's
side maximises its utility (``playout.utility``), every other seat minimises it — the usual
"paranoid" reading, exact for two sides. The tree is walked on one clone of the state with the
core's ``play_card`` and ``undo_card``, as a chess engine pushes and pops moves.
"""

from __future__ import annotations

from ..core.state import GameState
from .playout import Rules, final_result, utility


def solve(rules: Rules, state: GameState, seat: int, first: int = -1) -> float:
    """The exact value for ``seat`` of the rest of the hand from ``state`` (``first``: the card
    the seat on turn plays now, or -1 to choose it too)."""
    s = state.clone()
    my_side = rules.side[seat]
    power, rank = rules.power, rules.rank

    def search(alpha: float, beta: float, forced: int) -> float:
        if s.hand_over():
            return utility(s, final_result(s, s.captured, s.tricks_won, s.leader), seat)
        legal = 1 << forced if forced >= 0 else s.legal_plays_mask()
        maximise = rules.side[s.turn] == my_side
        best = -1e18 if maximise else 1e18
        # Strongest cards first: they settle tricks early and prune more.
        if s.trick_cards:
            row = power[s.led_suit]
            order = sorted(_bits(legal), key=lambda c: -row[c])
        else:
            order = sorted(_bits(legal), key=lambda c: -rank[c])
        for card in order:
            undo = s.play_card(card)
            value = search(alpha, beta, -1)
            s.undo_card(undo)
            if maximise:
                if value > best:
                    best = value
                alpha = max(alpha, best)
            else:
                if value < best:
                    best = value
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    return search(-1e18, 1e18, first)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
