"""After winning the auction: the nest discard, naming trump, handing the call to the partner,
and calling a secret partner's card.

The discard keeps trump and sure winners, voids short colours so trump can ruff them, and buries
counters that would otherwise be lost when the nest goes to the last trick (the "eggs" the bidder
expects to collect with its long trump). The core takes the discard one card at a time; the bot
plans the whole discard each time and lays down the plan's first card, so the plan stays
consistent from card to card.
"""

from __future__ import annotations

from ..core import Action, SeatView
from ..core import actions as A
from ..core import cards as C
from ..core.options import Options
from .context import deck_of, rook_call_for, suit_orders, suits_of
from .hand_value import best_trump, hand_tricks


def _winners(hand: int, suit_order: tuple[int, ...]) -> int:
    """The cards of ``hand`` in one suit (its cards high to low) in an unbroken sequence from
    the top."""
    out = 0
    for card in suit_order:
        if not hand >> card & 1:
            break
        out |= C.BIT[card]
    return out


def plan_discard(hand: int, count: int, allowed: int, trump: int, options: Options,
                 bury_counters: bool = True, rook_call: str | None = None) -> list[int]:
    """``count`` cards of ``allowed`` to discard from ``hand``, best first, for this trump.

    Trump and sure winners are kept unless nothing else can go. Whole short colours are voided
    first when they fit; then the cheapest remaining cards go. Counters that are not winners are
    buried (nest to the last trick, which a bidder with long trump usually takes) when
    ``bury_counters``, and kept otherwise. ``rook_call``: the Rook Bird's call where it is made
    (rook=called); else as this hand would call it.
    """
    rook = rook_call_for(hand, options, trump) if rook_call is None else rook_call
    deck = deck_of(options, rook)
    suits = suits_of(options, trump, rook)
    rank, points = deck.rank, deck.points
    keep = suits.trump if trump != C.NO_TRUMP else suits.masks[4]
    orders = suit_orders(options, trump, rook)
    for suit in range(4):
        if suit != trump:
            keep |= _winners(hand, orders[suit])
    loose = allowed & hand & ~keep
    nest_returns = options.nest_to == "last-trick"

    def cost(card: int) -> tuple[float, int]:
        """What discarding this card gives up (lower goes first)."""
        value = rank[card] / 10.0
        if points[card]:
            value += -points[card] / 5.0 if (bury_counters and nest_returns) else points[card] / 2.0
        return value, card

    plan: list[int] = []
    # Void the shortest colours whose every remaining card may go.
    colours = []
    for suit in range(4):
        if suit == trump:
            continue
        in_suit = hand & suits.masks[suit]
        if in_suit and not in_suit & ~loose:
            colours.append((in_suit.bit_count(), sum(cost(c)[0] for c in C.cards_in(in_suit)), suit))
    for size, _value, suit in sorted(colours):
        if len(plan) + size <= count:
            plan.extend(sorted(C.cards_in(hand & suits.masks[suit]), key=cost))
    rest = sorted((c for c in C.cards_in(loose) if c not in plan), key=cost)
    plan.extend(rest[: count - len(plan)])
    if len(plan) < count:  # forced to give up winners or trump: the lowest ranked first
        spare = sorted((c for c in C.cards_in(allowed & hand) if c not in plan),
                       key=lambda c: (bool(C.BIT[c] & suits.trump), rank[c] + points[c], c))
        plan.extend(spare[: count - len(plan)])
    return plan


def planned_trump(view: SeatView) -> int:
    """The trump a bidder's discard is planned for: the one named, else the one the hand would
    name as it was when the discard began (hand and nest). Asked of the hand as it shrinks, the
    plan changed card by card and buried trump it then named (found by the partner sweep); the
    samplers read a bidder's discard this way too."""
    if view.trump >= 0:
        return view.trump
    return best_trump(view.hand | C.to_mask(view.discards), view.options)[0]


def choose_discard(view: SeatView, bury_counters: bool = True) -> Action:
    o = view.options
    allowed = C.to_mask(a.value for a in view.legal if a.kind == A.DISCARD)
    trump = planned_trump(view)
    count = o.nest_size - len(view.discards)
    plan = plan_discard(view.hand, count, allowed, trump, o, bury_counters, view.rook_call if view.trump >= 0 else None)
    return A.DISCARDS[plan[0]]


def choose_trump(view: SeatView, may_hand_over: bool = True) -> Action:
    """Name the strongest trump; hand the call to the partner (where allowed and free) when no
    colour gives this hand three tricks' worth of trump."""
    legal = view.legal
    trump, tricks = best_trump(view.hand, view.options)  # the hand as kept (a player's discard too)
    if may_hand_over and A.PARTNER_ACTION in legal and len(view.discards) == view.options.nest_size:
        # After the discard the hand-over is free; only a hand without a real trump suit uses it.
        if tricks < 2.5 and hand_tricks(view.hand, trump, view.options) < 2.5:
            return A.PARTNER_ACTION
    return A.trump_action(trump, rook_call_for(view.hand, view.options, trump))


def choose_call(view: SeatView) -> Action:
    """Call the partner card most likely to help: the highest trump this hand lacks (not one it
    buried, which would leave it alone), else the top card of its longest colour."""
    o = view.options
    deck = deck_of(o, view.rook_call)
    legal = C.to_mask(a.value for a in view.legal if a.kind == A.CALL)
    candidates = legal & ~C.to_mask(view.discards)
    if not candidates:
        candidates = legal
    rank = deck.rank
    trump = view.trump if 0 <= view.trump < 4 else -1
    if trump >= 0:
        trumps = candidates & suits_of(o, trump, view.rook_call).trump
        if trumps:
            return A.CALLS[max(C.cards_in(trumps), key=lambda c: (rank[c], c))]
    lengths = [(view.hand & C.COLOR_MASK[s]).bit_count() for s in range(4)]
    for suit in sorted(range(4), key=lambda s: (-lengths[s], s)):
        in_suit = candidates & C.COLOR_MASK[suit]
        if in_suit:
            return A.CALLS[max(C.cards_in(in_suit), key=lambda c: (rank[c], c))]
    return A.CALLS[max(C.cards_in(candidates), key=lambda c: (rank[c], c))]
