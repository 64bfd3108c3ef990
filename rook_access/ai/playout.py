"""A fast play-out of the rest of a hand on a determinized state, and its score.

Search plays thousands of these per decision, through the core's fast path: ``play_out`` on the
determinized state (no events, no views, no next deal) with this module's rule choosing each
card, and the core's ``hand_result`` for the score. Nothing here decides a trick, breaks trump
or scores. Every seat
plays by a quick rule that sees the determinized hands (the sample is a guess, so "seeing" it is
the usual determinized-search simplification): lead a card no one can beat, draw trump when
holding the contract, win a trick worth winning as cheaply as possible, give counters to a
partner who is sure to win, otherwise throw the cheapest card.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from ..core import cards as C
from ..core.scoring import HandResult, hand_result, winners_after
from ..core.state import GameState
from ..core.tricks import Suits, legal_plays, winner_index
from .context import seats_after

_ORDERS: dict[Suits, tuple[tuple[int, ...], ...]] = {}
GAME_HANDS = 2  # a won (lost) game counts as two hands' worth of the deck's points (``game_value``)


def orders_of(suits: Suits, rank: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Each suit's cards, high to low (cached per ``Suits``: it depends on the deck and trump)."""
    order = _ORDERS.get(suits)
    if order is None:
        order = _ORDERS[suits] = tuple(
            tuple(sorted(C.cards_in(suits.masks[s]), key=lambda c: -rank[c])) for s in range(5))
    return order


@dataclass
class Rules:
    """Everything the play-out rule reads that does not change during the hand."""

    state: GameState
    suits: Suits
    side: list[int]  # side index by seat (the sample decides a secret partner)
    power: tuple[tuple[int, ...], ...]
    order: tuple[tuple[int, ...], ...]
    rank: tuple[int, ...]
    points: tuple[int, ...]
    trump: int
    trump_suit: int
    n: int
    bidder_side: int  # the side holding the contract, -1 if none

    @classmethod
    def of(cls, state: GameState) -> Rules:
        suits = state.suits
        assert suits is not None
        side = [0] * state.n
        for i, group in enumerate(state.hand_sides()):
            for seat in group:
                side[seat] = i
        rank = state.deck.rank
        return cls(state, suits, side, suits.power, orders_of(suits, rank), rank, state.deck.points,
                   suits.trump, suits.trump_suit, state.n, side[state.bidder] if state.bidder >= 0 else -1)



def _lowest(mask: int, points: tuple[int, ...], rank: tuple[int, ...], trump: int) -> int:
    """The cheapest card: not trump if possible, then fewest points, then weakest. (Keys are
    packed into one int and bits walked inline: this runs a million times a benchmark.)"""
    best, key = -1, 1 << 30
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        k = (trump >> card & 1) << 16 | points[card] << 8 | rank[card]
        if k < key:
            best, key = card, k
    return best


def _richest(mask: int, points: tuple[int, ...], power_row: tuple[int, ...], trump: int) -> int:
    """The card to give a partner: not trump, most points, then lowest."""
    best, key = -1, -(1 << 30)
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        k = (0 if trump >> card & 1 else 1 << 16) | points[card] << 8 | (255 - (power_row[card] & 255))
        if k > key:
            best, key = card, k
    return best


def choose(rules: Rules, hands: list[int], seat: int, legal: int, trick_cards: list[int],
           trick_seats: list[int], led: int) -> int:
    """The play-out rule for ``seat`` (see the module docstring)."""
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    n, bidder_side = rules.n, rules.bidder_side
    points, trump = rules.points, rules.trump
    side = rules.side
    if not trick_cards:
        others = 0
        for s in range(n):
            if s != seat and not rules.state.sitting >> s & 1:  # a seat sitting out holds dead cards
                others |= hands[s]
        # Draw trump: the bidding side leads its top trump while opponents hold trump.
        my_trump = legal & trump
        if my_trump and side[seat] == bidder_side:
            opp_trump = 0
            for s in range(n):
                if side[s] != bidder_side:
                    opp_trump |= hands[s] & trump
            if opp_trump:
                # The highest trump out, if it is this seat's (suit order is high to low).
                for card in rules.order[rules.trump_suit]:
                    if my_trump >> card & 1:
                        return card
                    if opp_trump >> card & 1:
                        break
        # Cash a sure winner of a plain suit nobody can ruff.
        best, best_key = -1, -1
        for suit in range(4):
            if suit == rules.trump_suit:
                continue
            mine = legal & ~trump & C.COLOR_MASK[suit]
            if not mine:
                continue
            for card in rules.order[suit]:
                bit = 1 << card
                if mine & bit:
                    key = points[card] * 2 + 1
                    if key > best_key:
                        safe = True
                        plain = C.COLOR_MASK[suit] & ~trump
                        for s in range(n):
                            if side[s] != side[seat] and not hands[s] & plain and hands[s] & trump:
                                safe = False
                                break
                        if safe:
                            best, best_key = card, key
                    break
                if others & bit:
                    break
        if best >= 0:
            return best
        return _lowest(legal, points, rules.rank, trump)
    row = rules.power[led]
    # The trick so far: its winning seat and power (the core's winner_index, with the power it
    # needs here too), and its points.
    win_i = winner_index(trick_cards, rules.suits)
    win_seat, win_power = trick_seats[win_i], row[trick_cards[win_i]]
    table_points = 0
    for c in trick_cards:
        table_points += points[c]
    my_side = side[seat]
    sitting = rules.state.sitting  # a partner sitting a moon out plays no card
    remaining = n - sitting.bit_count() - len(trick_cards) - 1  # seats still to play after this one
    # The best power an opponent still to play could add (it sees its own legal cards): its
    # highest trump if it may play one, else its highest card of the suit led.
    threat = -1
    trump_order, led_order = rules.order[rules.trump_suit], rules.order[led]
    for s in seats_after(seat, remaining, n, sitting):
        if side[s] == my_side:
            continue
        their = legal_plays(hands[s], rules.suits, led)
        if their & trump:
            for c in trump_order:
                if their >> c & 1:
                    if row[c] > threat:
                        threat = row[c]
                    break
        else:
            for c in led_order:
                if their >> c & 1:
                    if row[c] > threat:
                        threat = row[c]
                    break
    if side[win_seat] == my_side and win_power > threat:
        return _richest(legal, points, row, trump)
    # Win as cheaply as possible with a card no later opponent beats, when there is a point.
    target = max(win_power, threat)
    cheapest, cheap_power = -1, 10000
    mask = legal
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        mask ^= low
        p = row[c]
        if target < p < cheap_power:
            cheapest, cheap_power = c, p
    if cheapest >= 0 and (table_points or points[cheapest] or not remaining):
        return cheapest
    return _lowest(legal, points, rules.rank, trump)


def play_out(rules: Rules, state: GameState, first: int = -1) -> list[int]:
    """Play the hand to its end from ``state`` (not changed), ``first`` being the card the seat
    on turn plays now (-1: the rule chooses). Returns each seat's score for the hand."""
    # partial, not a wrapper function: one Python call less for every card of every play-out.
    return hand_result(state, *state.play_out(partial(choose, rules), first)).score


def play_out_result(rules: Rules, state: GameState, first: int = -1) -> HandResult:
    """``play_out``, returning the core's whole hand result (made, a moon's game) for ``utility``."""
    return hand_result(state, *state.play_out(partial(choose, rules), first))


def final_result(state: GameState, captured: list[int], tricks_won: list[int], last_winner: int) -> HandResult:
    """The hand's result, by the core's own scoring."""
    return hand_result(state, captured, tricks_won, last_winner)


def utility(state: GameState, result: HandResult, seat: int) -> float:
    """How good the hand's result is for ``seat``: its side's score less the average score of
    the other scoring sides (the dummy's seat scores nothing and is left out), plus
    ``game_value`` when the hand ends the game — won for this seat's side, or lost.

    Why the game: a win is what counts, not points. Measured in georgia's games against normal
    (37 games, 231 hands), 15 were lost, most in a last hand where the opponents needed a few
    dozen points; a margin alone values "hold them under their target" no more than any other
    30 points."""
    scores = result.score
    sides = state.hand_sides()
    mine = 0.0
    others: list[int] = []
    for group in sides:
        scoring = [s for s in group if state.bidding_seats >> s & 1]
        if not scoring:
            continue
        if seat in group:
            mine = scores[scoring[0]]
        else:
            others.append(scores[scoring[0]])
    value = mine - (sum(others) / len(others) if others else 0.0)
    return value + game_value(state, result, seat)


def game_value(state: GameState, result: HandResult, seat: int) -> float:
    """``GAME_HANDS`` hands' worth of the deck's points for a game this hand wins for ``seat``'s
    side, as much less for one it loses, 0 if the game goes on: the core says who wins
    (``scoring.winners_after``) from the totals the view shows plus this hand's scores."""
    o = state.options
    totals = state.totals
    if result.moon_game is None and not o.hands:
        target = o.target
        if not any(t + s >= target for t, s in zip(totals, result.score)):
            return 0.0  # the common case: nobody reaches the target this hand
    winners = winners_after(state, result)
    if not winners:
        return 0.0
    worth = GAME_HANDS * state.deck.total
    return worth if seat in winners else -worth
