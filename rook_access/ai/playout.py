"""A fast play-out of the rest of a hand on a determinized state, and its score.

Search plays thousands of these per decision, so this is its own small trick loop over int masks
(no events, no views, no next deal) using the core's ``legal_plays`` and scoring. Every seat
plays by a quick rule that sees the determinized hands (the sample is a guess, so "seeing" it is
the usual determinized-search simplification): lead a card no one can beat, draw trump when
holding the contract, win a trick worth winning as cheaply as possible, give counters to a
partner who is sure to win, otherwise throw the cheapest card.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import cards as C
from ..core.scoring import score_hand
from ..core.state import GameState
from ..core.tricks import legal_plays


@dataclass(frozen=True)
class Tables:
    """Per-hand tables: they depend on the deck and trump only, so they are cached."""

    power: tuple[tuple[int, ...], ...]  # power[led_suit][card]: -1 cannot win, rank, 100 + rank
    order: tuple[tuple[int, ...], ...]  # by suit: cards high to low
    rank: tuple[int, ...]
    points: tuple[int, ...]
    trump: int
    trump_suit: int
    suit_of: tuple[int, ...]


_TABLES: dict[tuple[int, int], tuple[object, object, Tables]] = {}


def tables_of(state: GameState) -> Tables:
    suits, deck = state.suits, state.deck
    assert suits is not None
    key = (id(suits), id(deck))
    entry = _TABLES.get(key)
    if entry is not None and entry[0] is suits and entry[1] is deck:
        return entry[2]
    rank = deck.rank
    power = []
    for led in range(5):
        row = [-1] * C.CARD_COUNT
        for card in C.cards_in(deck.mask):
            if suits.trump >> card & 1:
                row[card] = 100 + rank[card]
            elif suits.suit_of[card] == led:
                row[card] = rank[card]
        power.append(tuple(row))
    order = tuple(tuple(sorted(C.cards_in(suits.masks[s]), key=lambda c: -rank[c])) for s in range(5))
    tables = Tables(tuple(power), order, rank, deck.points, suits.trump, suits.trump_suit, suits.suit_of)
    _TABLES[key] = (suits, deck, tables)
    return tables


@dataclass
class Rules:
    """Everything the play-out needs that does not change during the hand."""

    state: GameState
    side: list[int]  # side index by seat (the sample decides a secret partner)
    power: tuple[tuple[int, ...], ...]
    order: tuple[tuple[int, ...], ...]
    rank: tuple[int, ...]
    points: tuple[int, ...]
    trump: int
    trump_suit: int
    suit_of: tuple[int, ...]
    restrict: bool  # trump may not be led until broken

    @classmethod
    def of(cls, state: GameState) -> Rules:
        t = tables_of(state)
        side = [0] * state.n
        for i, group in enumerate(state.hand_sides()):
            for seat in group:
                side[seat] = i
        return cls(state, side, t.power, t.order, t.rank, t.points, t.trump, t.trump_suit, t.suit_of,
                   state.options.trump_broken and t.trump_suit < 4)


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
           trick_seats: list[int], led: int, n: int, bidder_side: int) -> int:
    """The play-out rule for ``seat`` (see the module docstring)."""
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    points, trump = rules.points, rules.trump
    side = rules.side
    if not trick_cards:
        others = 0
        for s in range(n):
            if s != seat:
                others |= hands[s]
        # Draw trump: the bidding side leads its top trump while opponents hold trump.
        my_trump = legal & trump
        if my_trump and side[seat] == bidder_side:
            opp_trump = 0
            for s in range(n):
                if side[s] != bidder_side:
                    opp_trump |= hands[s] & trump
            if opp_trump:
                trump_row = rules.power[rules.trump_suit]
                top = max(C.cards_in(my_trump), key=trump_row.__getitem__)
                if trump_row[top] > max(trump_row[c] for c in C.cards_in(opp_trump)):
                    return top
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
    win_seat, win_power = -1, -1
    table_points = 0
    for s, c in zip(trick_seats, trick_cards):
        table_points += points[c]
        if row[c] > win_power:
            win_seat, win_power = s, row[c]
    later = [(seat + i) % n for i in range(1, n - len(trick_cards))]
    # The best power an opponent still to play could add (it sees its own legal cards).
    threat = -1
    for s in later:
        if side[s] != side[seat]:
            their = legal_plays(hands[s], rules.state.suits, led)  # type: ignore[arg-type]
            while their:
                low = their & -their
                p = row[low.bit_length() - 1]
                their ^= low
                if p > threat:
                    threat = p
    if side[win_seat] == side[seat] and win_power > threat:
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
    if cheapest >= 0 and (table_points or points[cheapest] or not later):
        return cheapest
    return _lowest(legal, points, rules.rank, trump)


def play_out(rules: Rules, state: GameState, first: int = -1) -> list[int]:
    """Play the hand to its end from ``state`` (not changed), ``first`` being the card the seat
    on turn plays now (-1: the rule chooses). Returns each seat's score for the hand."""
    captured, tricks_won, last_winner = run(rules, state, first)
    return final_score(state, captured, tricks_won, last_winner)


def run(rules: Rules, state: GameState, first: int = -1) -> tuple[list[int], list[int], int]:
    """The play-out itself: (points captured by seat, tricks won by seat, last trick's winner)."""
    n = state.n
    hands = list(state.hands)
    trick_cards = list(state.trick_cards)
    trick_seats = list(state.trick_seats)
    captured = list(state.captured)
    tricks_won = list(state.tricks_won)
    broken = state.trump_broken
    turn = state.turn
    suits = state.suits
    assert suits is not None
    suit_of, trump, trump_suit = rules.suit_of, rules.trump, rules.trump_suit
    points = rules.points
    restrict = rules.restrict
    bidder_side = rules.side[state.bidder] if state.bidder >= 0 else -1
    led = suit_of[trick_cards[0]] if trick_cards else -1
    last_winner = -1
    card = first
    while True:
        hand = hands[turn]
        if card < 0:
            if trick_cards:
                legal = legal_plays(hand, suits, led)
            else:
                legal = legal_plays(hand, suits, -1, trump if restrict and not broken else 0)
            card = choose(rules, hands, turn, legal, trick_cards, trick_seats, led, n, bidder_side)
        hands[turn] = hand & ~(1 << card)
        if not trick_cards:
            led = suit_of[card]
        elif trump >> card & 1 and led != trump_suit:
            broken = True
        trick_cards.append(card)
        trick_seats.append(turn)
        card = -1
        if len(trick_cards) < n:
            turn = (turn + 1) % n
            continue
        row = rules.power[led]
        best, best_power = 0, -1
        for i, c in enumerate(trick_cards):
            if row[c] > best_power:
                best, best_power = i, row[c]
        winner = trick_seats[best]
        tricks_won[winner] += 1
        for c in trick_cards:
            captured[winner] += points[c]
        trick_cards, trick_seats = [], []
        turn = winner
        if not hands[winner]:
            last_winner = winner
            break
    return captured, tricks_won, last_winner


def final_score(state: GameState, captured: list[int], tricks_won: list[int], last_winner: int) -> list[int]:
    """Each seat's score for the hand, by the core's own scoring."""
    o = state.options
    deck = state.deck
    final_nest = C.to_mask(state.discards) if o.auction else C.to_mask(state.nest_dealt)
    nest_to = last_winner if o.nest_to == "last-trick" and final_nest else -1
    nest_points = deck.points_of(final_nest) if nest_to >= 0 else 0
    result = score_hand(
        o, state.hand_sides(), captured, tricks_won, nest_to, nest_points, last_winner,
        deck.total - deck.points_of(state.aside), state.bidder, state.bid + state.raise_,
        state.moon, state.scoring_seats,
    )
    return result.score


def utility(state: GameState, scores: list[int], seat: int) -> float:
    """How good the hand's scores are for ``seat``: its side's score less the average score of
    the other scoring sides (the dummy's seat scores nothing and is left out)."""
    sides = state.hand_sides()
    mine = 0.0
    others: list[int] = []
    for group in sides:
        scoring = [s for s in group if state.scoring_seats >> s & 1]
        if not scoring:
            continue
        if seat in group:
            mine = scores[scoring[0]]
        else:
            others.append(scores[scoring[0]])
    return mine - (sum(others) / len(others) if others else 0.0)
