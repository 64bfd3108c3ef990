"""Determinized search for card play (the hard level).

For each of a number of sampled holdings consistent with the view (``sampling``), every legal
card is scored by playing the hand out (``playout``) — or, once few cards are left, by solving
the rest exactly (``endgame``) — and the card with the best total over the same samples wins.
Scoring all cards on the same samples compares them on equal luck.

The budget is counted in play-outs, not seconds: a clock would make the choice depend on the
machine's load, and a bot must choose the same card for the same seed and view.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import SeatView
from ..core import cards as C
from ..core.determinize import state_from_view
from .context import Table, decision_rng, deck_of, orders_of, suits_of, team_of
from .endgame import solve
from .play_heuristics import cheapest, normal_play
from .playout import Rules, play_out_result, utility
from .sampling import Sampler

# A card is dropped once clearly behind the leader (``_behind``): checked every STOP_EVERY samples
# from STOP_AFTER on, at STOP_Z standard errors of the paired difference.
STOP_EVERY = 8
STOP_AFTER = 16
STOP_Z = 1.5
MIN_FLOOR = 6  # samples every card searched gets at the least (``Budget.floor``)


@dataclass(frozen=True)
class Budget:
    """How much a decision may search: twice what plain Python could spend within 100 ms, since
    compiled (setup.py) the search ran twice as fast (three times since more modules compile;
    1.7 times this budget won nothing more on hasbro: docs/bots.md). The doubling won 15, 29 and 7 more of the
    same 400 duplicate games against normal on hasbro, kentucky-west and georgia (+3.5, +6.4 and
    +3.0 points a hand; docs/bots.md): the first tricks, where the budget binds, are where the
    choices lose most to a big search (``benchmarks/search_regret.py``)."""

    playouts: int = 1200  # play-outs per decision at most, shared among the cards searched
    card_plays: int = 13000  # and at most this many cards played in all play-outs (0: no limit)
    min_samples: int = 12  # samples every card searched gets (``floor``)
    max_samples: int = 160  # samples the cards still in the running get at most
    exact_cards: int = 8  # solve exactly once at most this many cards are left in all hands
    exact_samples: int = 48  # samples for an exact decision (each is a full solve)
    race: bool = True  # drop cards clearly behind (``_drop_behind``); False: every card on every sample

    def floor(self, playouts: int, running: int) -> int:
        """The samples each of ``running`` cards gets at least: ``min_samples``, less (down to
        ``MIN_FLOOR``) when that would spend more than twice the decision's play-outs — many cards
        to compare in long play-outs (kentucky-west's first tricks: 13-card hands)."""
        return min(self.min_samples, max(MIN_FLOOR, playouts // (2 * running)))

    def playouts_for(self, left: int) -> int:
        """The play-outs a decision with ``left`` cards in all hands may spend: a play-out costs
        about one step per card left, so early decisions get fewer (the 95th percentile of the
        decision time is set by the first tricks)."""
        if self.card_plays:
            return max(1, min(self.playouts, self.card_plays // max(1, left)))
        return self.playouts


def card_values(view: SeatView, seed: int, budget: Budget = Budget(), infer: bool = True) -> dict[int, float]:
    """Mean utility (``playout.utility`` for the view's seat) of each legal card worth searching:
    of cards that play alike (``equivalent``) only one is searched and returned. ``infer``:
    the samples read the auction and the trump call (``sampling``).

    Every card still in the running is played out on every sample, so cards are compared on equal
    luck; a card clearly behind the leader on the samples so far is dropped (``_behind``) and the
    budget goes on the close ones. A dropped card's value is the leader's final mean less the gap
    it showed when dropped (so it stays below a card still running). Near the end each sample is
    solved exactly, every card on ``exact_samples`` samples.

    Why not successive halving (which cut the field in half after a fixed share of samples):
    measured on fixed decisions against a 400-sample search of every card, its cuts after 6-12
    samples lost the best card too often (docs/bots.md, Measurements)."""
    cards = [a.value for a in view.legal if a.kind == "play"]
    if len(cards) == 1:
        return {cards[0]: 0.0}
    cards = equivalent(view, cards)
    if len(cards) == 1:
        return {cards[0]: 0.0}
    rng = decision_rng(seed, view, "search")
    sampler = Sampler(view, infer)
    left = sum(view.hand_sizes)
    exact = left <= budget.exact_cards
    playouts = budget.playouts_for(left)
    limit = budget.exact_samples if exact else budget.max_samples
    floor = limit if exact else budget.floor(playouts, len(cards))
    scores: dict[int, list[float]] = {card: [] for card in cards}
    running = list(cards)
    dropped: dict[int, tuple[int, float]] = {}  # card -> (the leader then, the gap to it)
    spent = drawn = 0
    template = None
    while drawn < limit and len(running) > 1:
        if drawn >= floor and spent + len(running) > playouts:
            break
        holding = sampler.draw(rng)
        state = state_from_view(view, holding, template)
        template = template or state
        rules = Rules.of(state)
        for card in running:
            if exact:
                value = solve(rules, state, view.seat, card)
            else:
                value = utility(state, play_out_result(rules, state, card), view.seat)
            scores[card].append(value)
        spent += len(running)
        drawn += 1
        if budget.race and not exact and drawn >= STOP_AFTER and drawn % STOP_EVERY == 0:
            _drop_behind(running, scores, drawn, dropped)
    values = {card: sum(scores[card]) / len(scores[card]) for card in running}

    def value_of(card: int) -> float:
        if card not in values:
            leader, gap = dropped[card]
            values[card] = value_of(leader) - gap  # the leader was dropped later, if at all
        return values[card]

    return {card: value_of(card) for card in cards}


def _drop_behind(running: list[int], scores: dict[int, list[float]], drawn: int,
                 dropped: dict[int, tuple[int, float]]) -> None:
    """Drop from ``running`` each card the leader (best mean so far, lowest id on a tie) is
    clearly ahead of on the last ``drawn`` samples, which every running card shares."""
    leader = max(running, key=lambda c: (sum(scores[c][-drawn:]), -c))
    top = scores[leader][-drawn:]
    for card in running[:]:
        if card != leader:
            diffs = [a - b for a, b in zip(top, scores[card][-drawn:])]
            if _behind(diffs):
                running.remove(card)
                dropped[card] = (leader, sum(diffs) / len(diffs))


def _behind(diffs: list[float]) -> bool:
    """Whether paired differences (leader less card, one per shared sample) already say the card
    is worse: the mean difference is ``STOP_Z`` standard errors above zero, or every sample scored
    them alike (either may be played). The rest of the budget would only confirm it (a sequential
    test on the same samples; no clock)."""
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean >= 0 and (var == 0 or mean * mean * n >= STOP_Z * STOP_Z * var)


def equivalent(view: SeatView, cards: list[int]) -> list[int]:
    """``cards`` less those that play exactly like another. Cards of one suit with no card
    between them that another seat could still play or that lies in the trick (only cards of
    this hand, or already gone, between them) win and lose the same tricks, so searching both
    only splits the budget: of such a run, a card with the points of the next lower one is
    dropped. Cards that may be played at any time (the Rook Bird where ``rook_anytime``) are
    never merged: they differ later.

    Where a card's trick goes to a seat already settled (``_taker``), cards that leave it to the
    same seat and play alike in later tricks (the trick's own cards are gone by then) differ only
    in the points they give it: one is kept, the most points onto a trick for this side, the
    fewest onto the opponents' (the one kept goes to a later trick, whoever takes it). Searched
    apart, a 5 beat the 6, and a 10 the 7, onto a trick the opponents had won, by the noise of
    the play-outs (the hint sweep of session 30)."""
    suits = suits_of(view.options, view.trump, view.rook_call)
    deck = deck_of(view.options, view.rook_call)
    playing = view.dummy_hand if view.turn == view.dummy and view.dummy >= 0 else view.hand
    trick = C.to_mask(card for _seat, card in view.trick)
    later = deck.mask & ~playing & ~view.played & ~C.to_mask(view.discards)  # may still be played
    legal = C.to_mask(cards)
    order = orders_of(suits, deck.rank)
    points = deck.points
    kept = 0
    for suit in {suits.suit_of[c] for c in cards}:
        for run in _runs(order[suit], later | trick, legal, suits.anytime):
            kept |= sum(C.BIT[c] for c, lower in zip(run, (*run[1:], -1)) if lower < 0 or points[lower] != points[c])
    table = Table(view) if view.trick else None
    if table is not None and _two_sides(table):
        for suit in {suits.suit_of[c] for c in cards}:
            for run in _runs(order[suit], later, legal, suits.anytime):
                takers: dict[int, list[int]] = {}
                for card in run:
                    taker = _taker(table, card)
                    if taker is not None:
                        takers.setdefault(taker, []).append(card)
                for taker, alike in takers.items():
                    ours = table.is_partner(taker)
                    best = max(alike, key=lambda c: (points[c] if ours else -points[c], -deck.rank[c]))
                    kept = kept & ~C.to_mask(alike) | C.BIT[best]
    return [c for c in cards if kept & C.BIT[c]]


def _runs(order: tuple[int, ...], blockers: int, legal: int, anytime: int) -> list[list[int]]:
    """The legal cards of one suit (``order``: high to low) in runs no blocker splits; a card
    that may be played at any time is a run of its own."""
    runs: list[list[int]] = [[]]
    for card in order:
        bit = C.BIT[card]
        if blockers & bit:
            runs.append([])
        elif legal & bit and anytime & bit:
            runs += [[card], []]
        elif legal & bit:
            runs[-1].append(card)
    return [run for run in runs if run]


def _two_sides(table: Table) -> bool:
    """Whether this hand is played by two sides, each known to this seat: only then are the
    points a trick's taker did not get sure to go to one side or the other. With several other
    sides (five or six each for themselves, the beginner game), a counter kept may later go to a
    worse one; and a partner not yet known (call-partner) may be either (the second re-check of
    session 30)."""
    them = table.opponents
    if not them or table.team | them != (1 << table.n) - 1:  # a seat neither: a partner not known
        return False
    first = (them & -them).bit_length() - 1
    return team_of(table.view, first) == them


def _taker(table: Table, card: int) -> int | None:
    """The seat that takes this trick if this seat plays ``card``, where that is settled and its
    side known: nothing a seat still to play could hold beats it (``Table.out``: every card not
    seen gone, the nest's too), and it is a partner or an opponent (in call-partner, before the
    called card shows, a seat may be neither: ``_two_sides`` asks first). None where it is still open."""
    led = table.led_suit
    seat, _card, power = table.winning
    mine = table.power(card, led)
    if mine > power:
        seat, power = table.me, mine
    if table.still_to_play and any(table.power(c, led) > power for c in C.cards_in(table.out)):
        return None
    return seat if table.is_partner(seat) or table.opponents >> seat & 1 else None


def best_card(view: SeatView, seed: int, budget: Budget = Budget(), infer: bool = True) -> int:
    return pick_card(card_values(view, seed, budget, infer), view)


def pick_card(values: dict[int, float], view: SeatView) -> int:
    """The best-valued card. Exact ties (common once a hand's or a game's result is settled, when
    every card scores the same) go as a person would play them: the normal level's card if it is
    among them, else the cheapest. Ties by card number threw counters onto the opponents'
    tricks and kept them off a partner's sure one."""
    best = max(values.values())
    tied = [c for c, v in values.items() if v == best]
    if len(tied) == 1:
        return tied[0]
    table = Table(view)
    card = normal_play(table)
    return card if card in tied else cheapest(table, tied)
