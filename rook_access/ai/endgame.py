"""Exact play of the last tricks of a determinized hand: minimax with alpha-beta pruning.

With few cards left the play-out rule's guesses matter most (who takes the last trick takes the
nest), and the tree is small: two tricks of four players is at most 16 lines of play. The seat's
side maximises its utility (``playout.utility``), every other seat minimises it — the usual
"paranoid" reading, exact for two sides.
"""

from __future__ import annotations

from ..core.state import GameState
from ..core.tricks import legal_plays
from .playout import Rules, final_score, utility


def solve(rules: Rules, state: GameState, seat: int, first: int = -1) -> float:
    """The exact value for ``seat`` of the rest of the hand from ``state`` (``first``: the card
    the seat on turn plays now, or -1 to choose it too)."""
    suits = state.suits
    assert suits is not None
    n = state.n
    my_side = rules.side[seat]
    points, power, suit_of = rules.points, rules.power, rules.suit_of
    trump, trump_suit = rules.trump, rules.trump_suit
    restrict = rules.restrict

    def search(hands: list[int], cards: list[int], seats: list[int], led: int, captured: list[int],
               won: list[int], broken: bool, turn: int, alpha: float, beta: float, forced: int) -> float:
        if cards:
            legal = legal_plays(hands[turn], suits, led)
        else:
            legal = legal_plays(hands[turn], suits, -1, trump if restrict and not broken else 0)
        if forced >= 0:
            legal = 1 << forced
        maximise = rules.side[turn] == my_side
        best = -1e18 if maximise else 1e18
        # Strongest cards first: they settle tricks early and prune more.
        row = power[led] if cards else None
        order = sorted(_bits(legal), key=(lambda c: -row[c]) if row else (lambda c: -rules.rank[c]))
        for card in order:
            new_hands = hands[:]
            new_hands[turn] &= ~(1 << card)
            new_led = led if cards else suit_of[card]
            new_broken = broken or (bool(trump >> card & 1) and bool(cards) and led != trump_suit)
            new_cards, new_seats = cards + [card], seats + [turn]
            if len(new_cards) < n:
                value = search(new_hands, new_cards, new_seats, new_led, captured, won, new_broken,
                               (turn + 1) % n, alpha, beta, -1)
            else:
                r = power[new_led]
                win_i = max(range(n), key=lambda i: r[new_cards[i]])
                winner = new_seats[win_i]
                new_captured = captured[:]
                new_captured[winner] += sum(points[c] for c in new_cards)
                new_won = won[:]
                new_won[winner] += 1
                if not new_hands[winner]:
                    value = utility(state, final_score(state, new_captured, new_won, winner), seat)
                else:
                    value = search(new_hands, [], [], -1, new_captured, new_won, new_broken, winner,
                                   alpha, beta, -1)
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

    cards = list(state.trick_cards)
    led = suit_of[cards[0]] if cards else -1
    return search(list(state.hands), cards, list(state.trick_seats), led, list(state.captured),
                  list(state.tricks_won), state.trump_broken, state.turn, -1e18, 1e18, first)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
