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
from .context import orders_of, seats_after

_KEYS: dict[tuple[Suits, tuple[int, ...]], tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]] = {}
_AFTER: dict[tuple[int, int], tuple[tuple[tuple[int, ...], ...], ...]] = {}
GAME_HANDS = 2  # a won (lost) game counts as two hands' worth of the deck's points (``game_value``)


def _keys_of(suits: Suits, points: tuple[int, ...], rank: tuple[int, ...]
             ) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The rule's sort keys, one int per card (cached per ``Suits`` and card points): the
    cheapest card first (not trump, then fewest points, then weakest), and by led suit the card to
    give a partner first (not trump, most points, then lowest)."""
    keys = _KEYS.get((suits, points))
    if keys is None:
        trump = suits.trump
        cards = range(len(points))
        low = tuple((trump >> c & 1) << 16 | points[c] << 8 | rank[c] for c in cards)
        rich = tuple(tuple((0 if trump >> c & 1 else 1 << 16) | points[c] << 8 | (255 - (row[c] & 255))
                           for c in cards) for row in suits.power)
        keys = _KEYS[(suits, points)] = (low, rich)
    return keys


def _after_of(n: int, sitting: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``[seat][count]``: the ``count`` seats playing after ``seat`` (``context.seats_after``)."""
    after = _AFTER.get((n, sitting))
    if after is None:
        after = _AFTER[(n, sitting)] = tuple(
            tuple(tuple(seats_after(seat, count, n, sitting)) for count in range(n)) for seat in range(n))
    return after


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
    low_key: tuple[int, ...]  # ``_keys_of``
    rich_key: tuple[tuple[int, ...], ...]
    after: tuple[tuple[tuple[int, ...], ...], ...]  # ``_after_of``
    in_trick: int  # cards in a trick (a seat sitting out plays none)
    live_others: tuple[tuple[int, ...], ...]  # by seat: the other seats holding live cards
    opponents: tuple[tuple[int, ...], ...]  # by seat: the seats on other sides

    @classmethod
    def of(cls, state: GameState) -> Rules:
        suits = state.suits
        assert suits is not None
        n, sitting = state.n, state.sitting
        side = [0] * n
        for i, group in enumerate(state.hand_sides()):
            for seat in group:
                side[seat] = i
        rank, points = state.deck.rank, state.deck.points
        low, rich = _keys_of(suits, points, rank)
        seats = range(n)
        return cls(state, suits, side, suits.power, orders_of(suits, rank), rank, points,
                   suits.trump, suits.trump_suit, n, side[state.bidder] if state.bidder >= 0 else -1,
                   low, rich, _after_of(n, sitting), n - sitting.bit_count(),
                   tuple(tuple(s for s in seats if s != me and not sitting >> s & 1) for me in seats),
                   tuple(tuple(s for s in seats if side[s] != side[me]) for me in seats))


def _lowest(mask: int, key: tuple[int, ...]) -> int:
    """The card of ``mask`` with the least ``key`` (the lowest card id on a tie). Bits are walked
    inline: this runs a million times a benchmark."""
    best, least = -1, 1 << 30
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        k = key[card]
        if k < least:
            best, least = card, k
    return best


def _richest(mask: int, key: tuple[int, ...]) -> int:
    """The card of ``mask`` with the greatest ``key`` (the lowest card id on a tie)."""
    best, most = -1, -(1 << 30)
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        k = key[card]
        if k > most:
            best, most = card, k
    return best


def choose(rules: Rules, hands: list[int], seat: int, legal: int, trick_cards: list[int],
           trick_seats: list[int], led: int) -> int:
    """The play-out rule for ``seat`` (see the module docstring)."""
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    points, trump = rules.points, rules.trump
    side = rules.side
    if not trick_cards:
        others = 0
        for s in rules.live_others[seat]:  # a seat sitting out holds dead cards
            others |= hands[s]
        # Draw trump: the bidding side leads its top trump while opponents hold trump.
        my_trump = legal & trump
        bidder_side = rules.bidder_side
        if my_trump and side[seat] == bidder_side:
            opp_trump = 0
            for s in rules.opponents[seat]:
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
            plain = C.COLOR_MASK[suit] & ~trump
            mine = legal & plain
            if not mine:
                continue
            for card in rules.order[suit]:
                bit = 1 << card
                if mine & bit:
                    key = points[card] * 2 + 1
                    if key > best_key:
                        safe = True
                        for s in rules.opponents[seat]:
                            if not hands[s] & plain and hands[s] & trump:
                                safe = False
                                break
                        if safe:
                            best, best_key = card, key
                    break
                if others & bit:
                    break
        if best >= 0:
            return best
        return _lowest(legal, rules.low_key)
    row = rules.power[led]
    # The trick so far: its winning seat and power (the core's winner_index, with the power it
    # needs here too), and its points.
    win_i = winner_index(trick_cards, rules.suits)
    win_seat, win_power = trick_seats[win_i], row[trick_cards[win_i]]
    table_points = 0
    for c in trick_cards:
        table_points += points[c]
    my_side = side[seat]
    remaining = rules.in_trick - len(trick_cards) - 1  # seats still to play after this one
    # The best power an opponent still to play could add (it sees its own legal cards): its
    # highest trump if it may play one, else its highest card of the suit led.
    threat = -1
    trump_order, led_order = rules.order[rules.trump_suit], rules.order[led]
    for s in rules.after[seat][remaining]:
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
        return _richest(legal, rules.rich_key[led])
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
    return _lowest(legal, rules.low_key)


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
            mine = float(scores[scoring[0]])
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
