"""What a bot can work out from its seat's view: the deck tables, who is on which side, which
cards are still out, who has shown a void, and the state of the current trick.

Everything here is derived from a ``SeatView`` alone, so a bot that reasons only through
``Table`` cannot peek at hidden cards by construction.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property

from ..core import Phase, SeatView
from ..core import cards as C
from ..core.deck import deck_of
from ..core.options import Options
from ..core.seats import partnerships
from ..core.tricks import Suits, broken_before, lead_restriction, suits_shown_out

# Suits are immutable tables, cached per Options object as the core caches the deck tables
# (``deck_of``; the Options object is kept alive there, so an id is never reused for another).
_SUITS: dict[tuple[int, int, str], Suits] = {}


def suits_of(options: Options, trump: int, rook_call: str = "") -> Suits:
    key = (id(options), trump, rook_call)
    suits = _SUITS.get(key)
    if suits is None:
        suits = Suits.build(deck_of(options, rook_call), trump, options.rook_anytime, options.must_trump)
        _SUITS[key] = suits
    return suits


_ORDERS: dict[Suits, tuple[tuple[int, ...], ...]] = {}
_ORDERS_BY_RULES: dict[tuple[int, int, str], tuple[tuple[int, ...], ...]] = {}


def orders_of(suits: Suits, rank: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Each suit's cards, high to low (cached per ``Suits``: it depends on the deck and trump)."""
    order = _ORDERS.get(suits)
    if order is None:
        order = _ORDERS[suits] = tuple(
            tuple(sorted(C.cards_in(suits.masks[s]), key=lambda c: -rank[c])) for s in range(5))
    return order


def suit_orders(options: Options, trump: int, rook_call: str = "") -> tuple[tuple[int, ...], ...]:
    """``orders_of`` for ``suits_of``'s suits, looked up by the rules, trump and Rook call:
    hand values ask for it thousands of times a decision, and hashing a ``Suits`` each time
    would cost more than the sort it saves."""
    key = (id(options), trump, rook_call)
    orders = _ORDERS_BY_RULES.get(key)
    if orders is None:
        orders = orders_of(suits_of(options, trump, rook_call), deck_of(options, rook_call).rank)
        _ORDERS_BY_RULES[key] = orders
    return orders


def rook_call_for(hand: int, options: Options, trump: int) -> str:
    """How this hand would call the Rook Bird with ``trump`` (rook=called; "" otherwise): high when
    it holds it, for a sure top trump; low when another holds it, so the card worth most is the
    weakest trump, caught when trump is led, and never takes a trick from the caller's side
    except by trumping a colour. No trump has no call (the Rook Bird is wild)."""
    if options.rook != "called" or trump == C.NO_TRUMP:
        return ""
    return "high" if hand >> C.ROOK & 1 else "low"


def decision_rng(seed: int, view: SeatView, salt: str = "") -> random.Random:
    """A generator fixed by the bot's seed and what the view shows of the moment, so a decision
    depends only on (seed, view): never on earlier calls or on hidden cards."""
    key = (f"{seed}/{salt}/{view.seat}/{view.hand_number}/{view.phase}/{view.turn}/{view.hand}/"
           f"{view.played}/{len(view.auction)}/{len(view.discards)}/{view.trump}/{view.totals}")
    return random.Random(key)


def team_of(view: SeatView, seat: int) -> int:
    """Seats known to be on ``seat``'s side this hand (a mask), as the view tells it."""
    o, n = view.options, len(view.seats)
    me = 1 << seat
    fixed = partnerships(o, view.hand_number)
    if fixed is not None:
        return sum(1 << s for s in next(side for side in fixed if seat in side))
    bidder = view.bidder
    if o.sides == "solo" or bidder < 0:
        return me
    if o.sides == "dummy":
        if seat == bidder:
            return me
        return (1 << n) - 1 & ~(1 << bidder)
    if o.sides == "bidder-vs-rest":
        return me if seat == bidder else (1 << n) - 1 & ~(1 << bidder)
    # called-partner: a partner is known only to the partner itself and, once the called card
    # is played, to all; until then the bidder's side is, as far as this view knows, without it.
    side = 1 << bidder
    for partner in (view.partner, view.partner2):
        if partner >= 0:
            side |= 1 << partner
    if side == 1 << bidder and seat != bidder:
        return me
    if not side >> seat & 1:
        return me if not all_partners_known(view) else (1 << n) - 1 & ~side
    return side


def seats_after(seat: int, count: int, n: int, sitting: int = 0) -> list[int]:
    """The ``count`` seats that play after ``seat``, clockwise, passing over those sitting the
    hand out (a moon played alone)."""
    out: list[int] = []
    while len(out) < count:
        seat = (seat + 1) % n
        if not sitting >> seat & 1:
            out.append(seat)
    return out


def all_partners_known(view: SeatView) -> bool:
    """Every called card's holder is known to this view (or no card was called yet)."""
    return all(called < 0 or partner >= 0 for called, partner in
               ((view.called, view.partner), (view.called2, view.partner2)))


def played_by_seat(view: SeatView) -> list[int]:
    """Each seat's cards played this hand (a mask by seat), the trick so far included."""
    played = [0] * len(view.seats)
    for _lead, plays, _win in view.tricks:
        for seat, card in plays:
            played[seat] |= C.BIT[card]
    for seat, card in view.trick:
        played[seat] |= C.BIT[card]
    return played


def voids_from_tricks(view: SeatView, suits: Suits) -> list[int]:
    """For each seat, a mask of suit indexes (bit s = suit s) it has shown it cannot follow,
    as the rules read each card it played (``suits_shown_out``)."""
    voids = [0] * len(view.seats)
    restrict = view.options.trump_broken
    tricks = [plays for _lead, plays, _win in view.tricks]
    if view.trick:
        tricks.append(view.trick)
    for plays, broken in zip(tricks, broken_before(tricks, suits), strict=True):
        (leader, lead), led = plays[0], suits.suit_of[plays[0][1]]
        voids[leader] |= suits_shown_out(lead, suits, -1, lead_restriction(suits, restrict, broken))
        for seat, card in plays[1:]:
            voids[seat] |= suits_shown_out(card, suits, led)
    return voids


@dataclass
class Table:
    """Facts derived from one view; built once per decision."""

    view: SeatView

    def __post_init__(self) -> None:
        v = self.view
        self.options = v.options
        self.deck = deck_of(v.options, v.rook_call)
        self.n = len(v.seats)
        self.me = v.turn if v.phase == Phase.PLAY else v.seat  # plays for the dummy too
        self.hand = v.dummy_hand if (v.dummy >= 0 and self.me == v.dummy) else v.hand
        self.suits = suits_of(v.options, v.trump, v.rook_call) if v.trump >= 0 else None

    # ----- sides -------------------------------------------------------------------------
    @cached_property
    def team(self) -> int:
        """Seats on my side as far as I know (a mask)."""
        return team_of(self.view, self.me)

    def is_partner(self, seat: int) -> bool:
        return bool(self.team >> seat & 1)

    @cached_property
    def opponents(self) -> int:
        """Seats known to be against me; in call-partner the unknown partner counts as neither."""
        v = self.view
        all_seats = (1 << self.n) - 1
        if v.dummy >= 0 and v.bidder < 0:
            all_seats &= ~(1 << v.dummy)
        if self.options.sides == "called-partner" and v.bidder >= 0 and not all_partners_known(v):
            return team_of(v, v.bidder) if not self.team >> v.bidder & 1 else all_seats & ~self.team
        return all_seats & ~self.team

    @cached_property
    def on_bidding_side(self) -> bool:
        return self.view.bidder >= 0 and bool(self.team >> self.view.bidder & 1)

    # ----- cards -------------------------------------------------------------------------
    @cached_property
    def out(self) -> int:
        """Cards not yet played and not in my hand: held by others, or in the nest / aside."""
        v = self.view
        gone = v.played | self.hand | C.to_mask(v.discards)
        return self.deck.mask & ~gone

    @cached_property
    def unseen(self) -> int:
        """Cards whose place this seat does not know: another hand, the nest or aside."""
        v = self.view
        return self.deck.mask & ~(v.played | v.hand | v.dummy_hand | C.to_mask(v.discards))

    @cached_property
    def voids(self) -> list[int]:
        if self.suits is None:
            return [0] * self.n
        return voids_from_tricks(self.view, self.suits)

    def could_hold(self, seat: int) -> int:
        """The unseen cards another hidden ``seat`` may hold: none of a suit it has shown it
        cannot follow (the hint said "a higher trump is still out" of a seat that showed none)."""
        assert self.suits is not None
        voids = self.voids[seat]
        return self.unseen & ~sum(mask for suit, mask in enumerate(self.suits.masks) if voids >> suit & 1)

    def suit_mask(self, suit: int) -> int:
        assert self.suits is not None
        return self.suits.masks[suit]

    @cached_property
    def trump_mask(self) -> int:
        return self.suits.trump if self.suits is not None else self.deck.special

    def power(self, card: int, led_suit: int) -> int:
        """How strongly a card plays to a trick led in ``led_suit``: -1 if it cannot win."""
        suits = self.suits
        assert suits is not None
        if led_suit < 0:  # nothing led yet: only a trump has power
            return suits.power[suits.trump_suit][card] if suits.trump >> card & 1 else -1
        return suits.power[led_suit][card]

    def is_boss(self, card: int, among: int | None = None) -> bool:
        """True if no card still out (or in ``among``) of the same suit outranks it."""
        suits = self.suits
        assert suits is not None
        suit = suits.suit_of[card]
        others = (self.out if among is None else among) & suits.masks[suit]
        rank = self.deck.rank
        r = rank[card]
        return all(rank[c] < r for c in C.cards_in(others))

    # ----- the current trick ---------------------------------------------------------------
    @cached_property
    def led_suit(self) -> int:
        v = self.view
        if not v.trick or self.suits is None:
            return -1
        return self.suits.suit_of[v.trick[0][1]]

    @cached_property
    def winning(self) -> tuple[int, int, int]:
        """(seat, card, power) of the card winning the trick so far; (-1, -1, -1) if none."""
        best = (-1, -1, -1)
        led = self.led_suit
        for seat, card in self.view.trick:
            p = self.power(card, led)
            if p > best[2]:
                best = (seat, card, p)
        return best

    @cached_property
    def trick_points(self) -> int:
        points = self.deck.points
        return sum(points[c] for _s, c in self.view.trick)

    @cached_property
    def still_to_play(self) -> list[int]:
        """Seats that play to this trick after me, in order."""
        v = self.view
        return seats_after(self.me, self.n - v.sitting.bit_count() - len(v.trick) - 1, self.n, v.sitting)

    def playable(self) -> list[int]:
        return [a.value for a in self.view.legal if a.kind == "play"]
