"""Guessing the hidden cards: holdings consistent with everything a seat has seen.

Hard constraints (a holding breaking one is impossible):
- each hand, the nest and the cards aside have the sizes the view shows;
- cards the seat can see are where it sees them: its own hand, the dummy's face-up cards, the
  face-up nest cards, its own discards when it was the bidder, every card played;
- a seat that failed to follow a suit (or led trump while trump was unbroken) holds none of it;
- once the discard is done everyone is told whether points are in the nest: the hidden nest
  has counters exactly when the view says so.

Soft constraint (preferred, given up after a few tries): the bidder, who chose trump, was dealt
a fair share of it — at least ``BIDDER_TRUMP_SHARE`` of the trump suit, counting what it played.

With ``infer`` (the hard level's default) the sampler also reads the table:
- the nest's face-up cards went to the bidder with the nest: each is in its hand or among its
  discards (hard);
- whoever named trump (the bidder, or its partner with ``partner_calls_trump``) holds a fair share
  of it, and each seat's bids and passes say how strong its hand was (``inference``): a holding
  is kept with a probability that is its weight, so holdings that fit the auction are drawn
  more often (soft: after ``INFER_TRIES`` deals the best-fitting one is used);
- the bidder's discards are what a bidder lays down: the bidder's hidden hand and its hidden
  discards are dealt as one pool, and the discard rule (``discard.plan_discard``, the one the
  computer players discard by) splits the pool with the cards the bidder has played into the
  cards it kept and the cards it laid down. So trump and the top card of each colour are kept,
  and counters it could not bring home lie in the nest, where a bidder really puts them. A
  split that breaks what the table saw (a card the bidder later played laid down, a colour it
  showed void kept, the nest's points not as told) is dealt again; for a bidder who discards
  its own way, splits rarely fit and the sampler draws without the rule (``SPLIT_FITS``).

Cards are dealt to the most constrained places first, each to a place with room chosen in
proportion to that room, so voids are honoured without rejecting whole deals.
"""

from __future__ import annotations

import random

from ..core import Phase, SeatView
from ..core import cards as C
from ..core.determinize import Holding
from ..core.nest import discardable_cards
from .context import deck_of, played_by_seat, suits_of, voids_from_tricks
from .discard import plan_discard
from .hand_value import best_trump
from .inference import AuctionReading

NEST, ASIDE = -1, -2
BIDDER_TRUMP_SHARE = 0.3
SOFT_TRIES = 6
HARD_TRIES = 50
INFER_TRIES = 6
SHORT_TRUMP_FACTOR = 0.35  # weight per trump the trump caller lacks below its fair share
# The bidder's pool: after SPLIT_TRIAL splits, if fewer than SPLIT_FITS of them fitted the table,
# the bidder does not discard by the rule: draw without it. Low on purpose: late in a hand a
# rule-following bidder's played cards leave few pools that fit, and those views are where the
# split tells most (georgia, 200 games against normal: 138 won falling back below a third, 144
# below a fifth, 142 below a tenth; standard error about 4 points a hand).
SPLIT_TRIAL = 40
SPLIT_FITS = 0.2


class Sampler:
    """Draws holdings for one view. Build once per decision; ``draw`` many times."""

    def __init__(self, view: SeatView, infer: bool = False, split: bool = True) -> None:
        self.view = view
        self.infer = infer
        self.fallback: Sampler | None = None
        o = view.options
        deck = deck_of(o)
        self.deck = deck
        n = len(view.seats)
        self.n = n
        known = [0] * n
        known[view.seat] = view.hand
        if view.dummy >= 0:
            known[view.dummy] |= view.dummy_hand
        face_up = C.to_mask(view.face_up)
        nest_known = face_up & ~view.dummy_hand if view.phase == Phase.AUCTION or not o.auction else 0
        nest_known |= C.to_mask(view.turned_under)  # a Rook Bird turned up for trump lies in the nest
        self.known = known
        self.nest_known = nest_known
        mine_laid = C.to_mask(view.discards)
        seen = view.played | mine_laid | nest_known
        for hand in known:
            seen |= hand
        self.unknown = deck.mask & ~seen
        self.capacity = {s: view.hand_sizes[s] - known[s].bit_count() for s in range(n)
                         if view.hand_sizes[s] - known[s].bit_count() > 0}
        aside = o.aside
        in_hands = sum(self.capacity.values())
        nest_room = self.unknown.bit_count() - in_hands - aside
        if nest_room:
            self.capacity[NEST] = nest_room
        if aside:
            self.capacity[ASIDE] = aside
        # The bidder's hand and its discards as one pool (the module docstring).
        self.split = split and infer and _splits_discards(view, self.capacity, nest_room)
        self.split_tried = 0
        self.split_fitted = 0
        if self.split:
            self.capacity[view.bidder] += self.capacity.pop(NEST)
        # Places are numbered 0..k-1 so a set of places is a small bitmask.
        self.places = list(self.capacity)
        k = len(self.places)
        everywhere = (1 << k) - 1
        self.bidder_trump = 0
        self.trump_played_by_bidder = 0
        self.trump_wanted = 0
        self.trump_holder = view.bidder
        if infer and view.trump_caller >= 0:
            self.trump_holder = view.trump_caller
        self.reading = AuctionReading(view) if infer else None
        # The nest's face-up cards went to the bidder with the nest: its hand or its discards.
        kept = 0
        if infer and o.auction and o.nest_face_up and view.bidder >= 0 and view.seat != view.bidder:
            kept = face_up & self.unknown
        points_rule: bool | None = None
        if view.points_in_nest is not None and (NEST in self.capacity or self.split) and view.seat != view.bidder:
            points_rule = view.points_in_nest
        self.points_rule = points_rule
        voids = [0] * n
        played = played_by_seat(view)
        suit_of: tuple[int, ...] | None = None
        if view.trump >= 0:
            suits = suits_of(o, view.trump, view.rook_call)
            suit_of = suits.suit_of
            voids = voids_from_tricks(view, suits)
            holder = self.trump_holder
            if holder >= 0 and holder != view.seat and view.trump < 4 and holder in self.capacity:
                self.bidder_trump = suits.trump
                self.trump_played_by_bidder = (played[holder] & suits.trump).bit_count()
                self.trump_wanted = round(BIDDER_TRUMP_SHARE * (suits.trump & deck.mask).bit_count())
        self.bidder_played = played[view.bidder] if self.split else 0
        self.bidder_voids = 0  # the cards of the colours the bidder has shown it lacks
        if self.split and view.trump >= 0:
            for suit in range(5):
                if voids[view.bidder] >> suit & 1:
                    self.bidder_voids |= suits.masks[suit]
        # Each unknown card's allowed places (a mask over self.places): not a seat void in its
        # suit (the bidder's pool may hold it among its discards); not the nest for a counter
        # when the nest is known to hold none.
        self.cards_by_allowed: dict[int, list[int]] = {}
        counters = deck.counters
        for card in C.cards_in(self.unknown):
            allowed = 0
            suit = suit_of[card] if suit_of is not None else -1
            for i, place in enumerate(self.places):
                if place >= 0 and suit >= 0 and voids[place] >> suit & 1 and not (self.split and place == view.bidder):
                    continue
                if place == NEST and points_rule is False and counters >> card & 1:
                    continue
                if kept >> card & 1 and place not in (NEST, view.bidder):
                    continue
                allowed |= 1 << i
            self.cards_by_allowed.setdefault(allowed, []).append(card)
        self.constrained = any(mask != everywhere for mask in self.cards_by_allowed)
        # Most constrained groups first.
        self.groups = sorted(self.cards_by_allowed, key=lambda m: (m.bit_count(), m))
        self.hall = _hall_table(list(self.cards_by_allowed), k)
        self.options_of = {m: [i for i in range(k) if m >> i & 1] for m in self.cards_by_allowed}

    def draw(self, rng: random.Random) -> Holding:
        """One holding; the hard constraints always hold (the soft ones when they can)."""
        if self.split and self.fallback is None and self.split_tried >= SPLIT_TRIAL \
                and self.split_fitted < SPLIT_FITS * self.split_tried:
            self.fallback = Sampler(self.view, self.infer, split=False)
        if self.fallback is not None:
            return self.fallback.draw(rng)
        try:
            return self._draw(rng)
        except RuntimeError:
            if not self.split:
                raise
            self.fallback = Sampler(self.view, self.infer, split=False)
            return self.fallback.draw(rng)

    def _draw(self, rng: random.Random) -> Holding:
        if self.reading is not None:
            return self._draw_weighted(rng)
        best: Holding | None = None
        best_trump = -1
        for attempt in range(HARD_TRIES):
            holding = self._deal(rng)
            if holding is None:
                continue
            if not self.bidder_trump:
                return holding
            trumps = (holding.hands[self.view.bidder] & self.bidder_trump).bit_count()
            trumps += self.trump_played_by_bidder
            if trumps >= self.trump_wanted:
                return holding
            if trumps > best_trump:
                best, best_trump = holding, trumps
            if attempt >= SOFT_TRIES and best is not None:
                return best
        if best is not None:
            return best
        raise RuntimeError("no holding fits the view")  # impossible for a view of a real game

    def _draw_weighted(self, rng: random.Random) -> Holding:
        """Rejection sampling: a dealt holding is kept with probability its weight (how well it
        fits the auction and the trump call); after INFER_TRIES deals, the best seen. A pool that
        did not split to fit counts as a deal: where few pools fit, the split is the stronger
        reading, and six fitting pools a sample made the slowest decisions four times as slow."""
        assert self.reading is not None
        best: Holding | None = None
        best_weight = -1.0
        dealt = 0
        for _attempt in range(HARD_TRIES):
            holding = self._deal(rng)
            if holding is not None:
                weight = self.reading.weight(holding.hands) * self._trump_factor(holding)
                if weight > best_weight:
                    best, best_weight = holding, weight
                if rng.random() < weight:
                    return holding
            if holding is not None or self.split:
                dealt += 1
            if dealt >= INFER_TRIES and best is not None:
                return best
        if best is not None:
            return best
        raise RuntimeError("no holding fits the view")  # impossible for a view of a real game

    def _trump_factor(self, holding: Holding) -> float:
        if not self.bidder_trump:
            return 1.0
        trumps = (holding.hands[self.trump_holder] & self.bidder_trump).bit_count() + self.trump_played_by_bidder
        return SHORT_TRUMP_FACTOR ** max(0, self.trump_wanted - trumps)

    def _deal(self, rng: random.Random) -> Holding | None:
        places = self.places
        room = [self.capacity[p] for p in places]
        got = [0] * len(places)
        left = {m: len(cards) for m, cards in self.cards_by_allowed.items()}
        pending: dict[int, list[int]] = {m: list(cards) for m, cards in self.cards_by_allowed.items()}
        if self.points_rule and not self.split:  # with the split, _laid_down checks it
            # The nest is known to hold points: put one unknown counter there first.
            nest_i = places.index(NEST)
            pool = [(m, c) for m, cards in pending.items() if m >> nest_i & 1 for c in cards
                    if self.deck.counters >> c & 1]
            if not pool:
                return None
            m, card = pool[rng.randrange(len(pool))]
            pending[m].remove(card)
            left[m] -= 1
            room[nest_i] -= 1
            got[nest_i] |= C.BIT[card]
        for mask in self.groups:
            cards = pending[mask]
            if not cards:
                continue
            options = self.options_of[mask]
            # Each card to a random free slot of its places (the same as one card at a time,
            # each to a place chosen in proportion to its room), the whole group at once.
            slots = [i for i in options for _ in range(room[i])]
            if len(slots) >= len(cards):
                picks = sample(rng, slots, len(cards))
                for place in picks:
                    room[place] -= 1
                left[mask] = 0
                if not self.constrained or _feasible(left, room, self.hall):
                    for card, place in zip(cards, picks):
                        got[place] |= C.BIT[card]
                    continue
                for place in picks:
                    room[place] += 1
                left[mask] = len(cards)
            # Hall's condition failed (or nearly no room): one card at a time, each to a place
            # that leaves the rest placeable.
            rng.shuffle(cards)
            for card in cards:
                left[mask] -= 1
                choices = [i for i in options if room[i]]
                while choices:
                    pick = rng.randrange(sum(room[i] for i in choices))
                    for place in choices:
                        pick -= room[place]
                        if pick < 0:
                            break
                    room[place] -= 1
                    if not self.constrained or _feasible(left, room, self.hall):
                        break
                    room[place] += 1
                    choices.remove(place)
                else:
                    return None
                got[place] |= C.BIT[card]
        hands = list(self.known)
        nest = self.nest_known
        aside = 0
        for i, place in enumerate(places):
            if place >= 0:
                hands[place] |= got[i]
            elif place == NEST:
                nest |= got[i]
            else:
                aside |= got[i]
        if self.split:
            both = hands[self.view.bidder]
            laid = self._laid_down(both)
            if laid < 0:
                return None
            hands[self.view.bidder] = both & ~laid
            nest |= laid
        return Holding(tuple(hands), nest, aside)

    def _laid_down(self, pool: int) -> int:
        """The discards the rule lays down from the bidder's pool and the cards it has played
        (its hand after taking the nest); -1 when they break what the table saw."""
        view = self.view
        o = view.options
        held = pool | self.bidder_played
        # The trump the bidder planned for: named already where trump comes before the discard,
        # else the one its hand would name.
        trump = view.trump if o.trump_before_discard else best_trump(held, o)[0]
        allowed = discardable_cards(o, self.deck, held, 0, trump)
        laid = C.to_mask(plan_discard(held, o.nest_size, allowed, trump, o))
        self.split_tried += 1
        if laid & self.bidder_played or pool & ~laid & self.bidder_voids:
            return -1
        if self.points_rule is not None and bool(laid & self.deck.counters) != self.points_rule:
            return -1
        self.split_fitted += 1
        return laid


def _splits_discards(view: SeatView, capacity: dict[int, int], nest_room: int) -> bool:
    """Whether the bidder's hidden hand and hidden discards are dealt as one pool: in the play,
    for a seat other than the bidder, when every discard is hidden and no dummy shows the hand."""
    o = view.options
    return (o.auction and view.phase == Phase.PLAY and view.trump >= 0 and view.bidder >= 0
            and view.seat != view.bidder and view.dummy < 0 and view.bidder in capacity
            and o.nest_size > 0 and nest_room == o.nest_size)


def _hall_table(groups: list[int], k: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """For every set of places (at most 2^6) that some group of cards may not leave: its places
    and those groups. Sets no group is confined to can never fail Hall's condition."""
    table = []
    for subset in range(1, 1 << k):
        inside = tuple(m for m in groups if m & ~subset == 0)
        if inside:
            table.append((tuple(i for i in range(k) if subset >> i & 1), inside))
    return table


def _feasible(left: dict[int, int], room: list[int],
              table: list[tuple[tuple[int, ...], tuple[int, ...]]]) -> bool:
    """Hall's condition for the cards still to place: for every set of places, the cards that
    may go nowhere else fit in its room."""
    for places, inside in table:
        need = 0
        for mask in inside:
            need += left[mask]
        if need:
            space = 0
            for i in places:
                space += room[i]
            if need > space:
                return False
    return True


def sample(rng: random.Random, population: list[int], k: int) -> list[int]:
    """``rng.sample(population, k)``: the same draws from the same generator, as CPython 3.10 to
    3.13 make them, compiled with this module (the library's version is Python code called tens
    of thousands of times a decision: a fifth of kentucky-west's search time). Written for the
    populations dealing meets (at most 57 cards): CPython takes the pool path for them whenever
    ``k > 5``, and for smaller ``k`` whenever ``n <= 21``."""
    n = len(population)
    out: list[int] = []
    if n <= 21 or k > 5:
        pool = list(population)
        for i in range(k):
            j = _below(rng, n - i)
            out.append(pool[j])
            pool[j] = pool[n - i - 1]  # the last of the pool fills the gap
        return out
    taken: set[int] = set()
    for _ in range(k):
        j = _below(rng, n)
        while j in taken:
            j = _below(rng, n)
        taken.add(j)
        out.append(population[j])
    return out


def _below(rng: random.Random, n: int) -> int:
    """A number in ``[0, n)`` drawn as ``random.Random`` draws it (``_randbelow``)."""
    bits = n.bit_length()
    r = rng.getrandbits(bits)
    while r >= n:
        r = rng.getrandbits(bits)
    return r
