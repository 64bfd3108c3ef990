"""A hint for the player: what the hard bot would do in the player's seat, with one sentence why.

Signature (the console's ``hint`` command calls exactly this)::

    hint(view: SeatView, seed: int = 0) -> tuple[Action, str]

``view`` is the player's own ``SeatView`` (``state.view(seat)``, taken when it is that seat's
turn: ``view.legal`` must not be empty) — never the state, so a hint cannot reveal a hidden card.
The same view and seed always give the same hint. The reason is one plain sentence that begins
with the action, e.g. "Play 5 red: your partner's 14 red is winning this trick." Card names are
spoken names ("14 red", "Rook Bird"). Raises ``ValueError`` when the view has no legal action.
"""

from __future__ import annotations

from ..core import Action, SeatView
from ..core import actions as A
from ..core import cards as C
from ..core.auction import misdeal_reason
from .context import Table, deck_of, suits_of
from .discard import plan_discard
from .hand_value import best_trump, expected_points
from .hard import HardBot
from .rule_bot import NORMAL


def hint(view: SeatView, seed: int = 0) -> tuple[Action, str]:
    if not view.legal:
        raise ValueError("no hint: it is not this seat's turn")
    action = HardBot(seed).choose(view)
    return action, reason(view, action)


def _name(view: SeatView, card: int) -> str:
    """The card's name in these rules ("Red 1" where the red 1 is a special trump)."""
    return C.name(card, deck_of(view.options).special)


def reason(view: SeatView, action: Action) -> str:
    """One sentence saying what ``action`` does and why, from the view alone."""
    kind = action.kind
    if kind == A.PLAY:
        return _play_reason(view, action.value)
    if kind in (A.BID, A.PASS, A.CHECK, A.MISDEAL):
        return _auction_reason(view, action)
    if kind == A.DISCARD:
        return _discard_reason(view, action.value)
    if kind == A.TRUMP:
        if action.value == C.NO_TRUMP:
            return "Name no trump: your high cards are spread over every colour."
        colour = C.COLORS[action.value]
        count = (view.hand & suits_of(view.options, action.value).trump).bit_count()
        return f"Name {colour} trump: it is your strongest colour, with {count} trump cards."
    if kind == A.PARTNER:
        return "Let your partner name trump: you have no strong colour of your own."
    if kind == A.CALL:
        called = _name(view, action.value)
        return (f"Call the {called}: a high card you lack; whoever holds it "
                "becomes your secret partner.")
    return f"{str(action).capitalize()}."


def _auction_reason(view: SeatView, action: Action) -> str:
    points, trump = expected_points(view.hand, view.options, with_nest=True)
    colour = "no trump" if trump == C.NO_TRUMP else f"{C.COLORS[trump]} as trump"
    if action.kind == A.MISDEAL:
        reason = misdeal_reason(view.options, deck_of(view.options), view.hand)
        return f"Call a misdeal: you hold {reason}, so the cards are dealt again."
    if action.kind == A.CHECK:
        return "Check: you stay in the auction without bidding yet."
    if action.kind == A.BID:
        if action.value >= view.options.moon_bid_amount and view.options.moon != "off":
            return f"Bid {action.value} to shoot the moon: your hand should take every point."
        worth = round(points)
        if worth < action.value:  # the search credits the partner's cards and the nest too: say so
            return (f"Bid {action.value}: your hand alone is worth about {worth} points with {colour}; "
                    f"with your partner's cards and the nest, {action.value} looks makeable.")
        return f"Bid {action.value}: your hand is worth about {worth} points with {colour}."
    if view.high_bidder >= 0 and view.high_bidder != view.seat and Table(view).is_partner(view.high_bidder):
        return f"Pass: your partner holds the bid at {view.high_bid}."
    return f"Pass: your hand is worth about {round(points)} points, not enough to bid higher."


def _discard_reason(view: SeatView, card: int) -> str:
    """The whole discard when more than one card is to go (the plan the bot lays card by
    card), then why its first card goes."""
    why = _discard_card_reason(view, card)
    count = view.options.nest_size - len(view.discards)
    if count <= 1:
        return why
    o = view.options
    trump = view.trump if view.trump >= 0 else best_trump(view.hand, o)[0]
    allowed = C.to_mask(a.value for a in view.legal if a.kind == A.DISCARD)
    plan = plan_discard(view.hand, count, allowed, trump, o, NORMAL.bury_counters)
    if card not in plan:
        return why
    names = [C.name(c) for c in [card] + [c for c in plan if c != card]]
    first = why.split(": ", 1)[1]
    return f"Lay {', '.join(names[:-1])} and {names[-1]} in the nest. First the {C.name(card)}: {first}"


def _discard_card_reason(view: SeatView, card: int) -> str:
    o = view.options
    deck = deck_of(o)
    trump = view.trump if view.trump >= 0 else best_trump(view.hand, o)[0]
    suits = suits_of(o, trump)
    suit = suits.suit_of[card]
    name = _name(view, card)
    if 0 <= suit < 4 and suit != trump and (view.hand & suits.masks[suit]).bit_count() <= 2:
        return f"Lay the {name} in the nest: it helps empty your {C.COLORS[suit]} so you can trump it."
    if deck.points[card] and o.nest_to == "last-trick":
        return (f"Lay the {name} in the nest: its {deck.points[card]} points come back to whoever "
                "takes the last trick, and your trump should take it.")
    return f"Lay the {name} in the nest: a low card you will not need."


def _play_reason(view: SeatView, card: int) -> str:
    table = Table(view)
    name = _name(view, card)
    legal = table.playable()
    deck = table.deck
    suits = table.suits
    assert suits is not None
    if len(legal) == 1:
        return f"Play {name}: it is your only legal card."
    if not view.trick:
        if C.BIT[card] & suits.trump and table.on_bidding_side:
            return f"Play {name}: leading trump draws the opponents' trump."
        if table.is_boss(card):
            # "Boss" counts only cards held elsewhere: the hand may still hold higher ones of the
            # colour (the dummy's 14, 13, 12 behind its 11), so say exactly that, not "highest".
            colour = "trump" if C.BIT[card] & suits.trump else C.COLORS[suits.suit_of[card]]
            return f"Play {name}: nobody else holds a higher {colour}, so it should win."
        return _plain_lead_reason(table, card, name)
    seat, best, power = table.winning
    led = table.led_suit
    points = table.trick_points
    if table.is_partner(seat):
        who = "your partner's" if seat != table.me else "your"
        extra = f", so add {deck.points[card]} points to it" if deck.points[card] else ""
        return f"Play {name}: {who} {_name(view, best)} is winning this trick{extra}."
    if table.power(card, led) > power:
        worth = f" worth {points + deck.points[card]} points" if points + deck.points[card] else ""
        if C.BIT[card] & suits.trump and led != suits.trump_suit:
            return f"Play {name}: you have no {_suit_name(led, suits.trump_suit)}, so trump the trick{worth}."
        return f"Play {name}: it beats the {_name(view, best)} and takes the trick{worth}."
    return f"Play {name}: you cannot win this trick, so keep your better cards."


def _plain_lead_reason(table: Table, card: int, name: str) -> str:
    """A lead that is not sure to win: "low" only when it is the lowest of its colour in hand."""
    suits = table.suits
    assert suits is not None
    suit = suits.suit_of[card]
    rank = table.deck.rank
    same = [c for c in C.cards_in(table.hand & suits.masks[suit])]
    colour = _suit_name(suit, suits.trump_suit)
    if all(rank[card] <= rank[c] for c in same):
        return f"Play {name}: a low lead that gives little away."
    if all(rank[card] >= rank[c] for c in same):
        return f"Play {name}: your highest {colour}, though a higher {colour} is still out."
    return f"Play {name}: a middle {colour}, keeping your best {colour} for later."


def _suit_name(suit: int, trump_suit: int) -> str:
    if suit == trump_suit:
        return "trump"
    return C.COLORS[suit] if suit < 4 else "wild cards"
