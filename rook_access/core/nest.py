"""After the auction: the nest exchange, naming trump (or handing the call to the partner), and
calling a secret partner.

The discard is taken one card at a time so legal actions stay a short list (a whole-discard
choice would be thousands of combinations); the record's ``discard`` line is written once the
last card is laid aside.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, cast

from . import actions as A
from . import cards as C
from .deck import ROOK_CALLS, DeckInfo
from .errors import IllegalAction
from .model import Phase
from .options import Options
from .seats import hand_partner

if TYPE_CHECKING:
    from .events import Event, EventSink, TrumpEvent
    from .state import GameState

PARTNER_RAISE = 5


def plain_cards(deck: DeckInfo, hand: int, trump: int) -> int:
    """Cards that are neither counters nor trump (trump counts only once it is named)."""
    trumps = deck.special
    if 0 <= trump < 4:
        trumps |= C.COLOR_MASK[trump]
    return hand & ~deck.counters & ~trumps


def _plain_for(rule: str, deck: DeckInfo, held: int, trump: int) -> int:
    """The cards of ``held`` that must all go before a counter may: the plain cards, or with
    ``never`` every card that is not a counter (rules.md, ``discard_counters``)."""
    return held & ~deck.counters if rule == "never" else plain_cards(deck, held, trump)


def _may_finish(left: int, plain: int, free: int, counters: int, laid: int, shortfall: int) -> bool:
    """Whether a discard with ``left`` cards still to lay can end as the rule allows, holding
    ``plain`` plain cards, ``free`` trump without a count and ``counters`` counters, with ``laid``
    counters already in it. Counters in a discard need every plain card in it too, and fill at
    most ``shortfall`` (the discard's size less the plain cards the bidder held)."""
    if not laid and plain + free >= left:
        return True  # no counter needed
    if plain > left:
        return False  # some plain card would stay in the hand beside buried counters
    lowest = max(0 if laid else 1, left - plain - free)
    highest = min(counters, shortfall - laid, left - plain)
    return lowest <= highest


def discardable_cards(options: Options, deck: DeckInfo, hand: int, laid: int, trump: int) -> int:
    """The cards of ``hand`` that may go to the nest next, ``laid`` (a mask) being the cards laid
    so far. ``forced-only`` (rules.md): a counter may go only when every plain card goes too, and
    counters fill at most the shortfall of plain cards; trump without a count goes freely.
    ``never``: the same with every card that is not a counter counted as plain, so counters go
    only when the hand has too few other cards. Card by card, each allowed card keeps a legal
    whole discard within reach, so the discards allowed one at a time are exactly the whole ones
    the rule allows."""
    rule = options.discard_counters
    left = options.nest_size - laid.bit_count()
    if rule == "allowed" or left <= 0:
        return hand if left > 0 else 0
    counters = deck.counters
    held = hand | laid
    plain_all = _plain_for(rule, deck, held, trump)
    shortfall = options.nest_size - plain_all.bit_count()
    classes = (hand & plain_all, hand & ~counters & ~plain_all, hand & counters)
    sizes = [mask.bit_count() for mask in classes]
    in_nest = (laid & counters).bit_count()
    allowed = 0
    for i, mask in enumerate(classes):
        if not mask:
            continue
        plain, free, held_counters = (size - (j == i) for j, size in enumerate(sizes))
        if _may_finish(left - 1, plain, free, held_counters, in_nest + (i == 2), shortfall):
            allowed |= mask
    return allowed


def discardable(state: GameState) -> int:
    return discardable_cards(state.options, state.deck, state.hands[state.bidder],
                             C.to_mask(state.discards), state.trump)


def can_hand_to_partner(state: GameState) -> bool:
    return (
        state.options.partner_calls_trump
        and not state.sitting
        and state.trump < 0
        and state.trump_caller == state.bidder
        and (state.phase == Phase.TRUMP or not state.discards)
    )


def discard_only(state: GameState) -> bool:
    """The bidder's next card to the nest is all it may do now (not also hand the trump call to
    its partner): the legal actions are then cards alone."""
    return state.phase == Phase.DISCARD and not can_hand_to_partner(state)


def legal_discard(state: GameState) -> list[A.Action]:
    out = C.card_list(discardable(state), A.DISCARD_TABLE)
    if can_hand_to_partner(state):
        out.append(A.PARTNER_ACTION)
    return out


def legal_trump(state: GameState) -> list[A.Action]:
    """A colour; where the trump caller calls the Rook Bird (rook=called), a colour with the
    Rook Bird high or low (the encyclopedia); no trump, where allowed, has no such call: the
    Rook Bird is then a wild card."""
    out = list(_trump_calls(state.options.rook == "called", state.options.no_trump))
    if can_hand_to_partner(state):
        out.append(A.PARTNER_ACTION)
    return out


@cache
def _trump_calls(rook_called: bool, no_trump: bool) -> tuple[A.Action, ...]:
    calls = ROOK_CALLS if rook_called else ("",)
    return tuple(A.trump_action(colour, rook) for rook in calls for colour in range(4)) + (
        (A.TRUMPS[C.NO_TRUMP],) if no_trump else ())


def legal_call(state: GameState) -> list[A.Action]:
    """Any card the bidder does not hold and has not called already."""
    called = C.BIT[state.called] if state.called >= 0 else 0
    return C.card_list(state.deck.mask & ~state.hands[state.bidder] & ~called, A.CALL_TABLE)


def why_not_partner(state: GameState, reader: int | None = None) -> str:
    """Why the trump call may not be handed to the partner now (``can_hand_to_partner`` is false),
    said to ``reader``, the seat whose player reads it (the seat on turn if None): the partner
    the call was handed to hears it is theirs, not their own seat named ("South names trump")."""
    if not state.options.partner_calls_trump:
        return "These rules have the bidder name trump: the call cannot be handed to the partner."
    if state.sitting:
        return "Shooting the moon alone, you have no partner to hand the call to."
    if state.trump >= 0:
        return "Trump is named already."
    if state.phase == Phase.DISCARD and state.discards:
        rises = "" if state.moon else f" (the contract rises by {PARTNER_RAISE})"  # never on a moon (rules.md)
        return f"Not in the middle of the discard: hand the call over before the first card{rises} or after the last."
    if state.phase in (Phase.DISCARD, Phase.TRUMP) and state.trump_caller != state.bidder:
        # "Only the bidder hands the trump call" was said to the bidder who had (the re-check of session 31).
        # No "you" in it: the table says another seat's refusal with "you" read as "they".
        if state.trump_caller == (state.actor if reader is None else reader):
            return f"The trump call is yours already, handed over by {state.seats[state.bidder].capitalize()}."
        caller = state.seats[state.trump_caller].capitalize()
        return f"The trump call is handed to the partner already: {caller} names trump."
    if state.phase not in (Phase.DISCARD, Phase.TRUMP):
        return "Only the bidder hands the trump call to the partner, once the nest is taken."
    return "You may not hand the trump call to your partner now."


def hand_to_partner(state: GameState, events: EventSink | None) -> None:
    if not can_hand_to_partner(state):
        raise IllegalAction(why_not_partner(state))
    before_discard = len(state.discards) < state.options.nest_size
    # The raise never applies to a moon: the contract stays at the moon bid (rules.md, moon).
    state.raise_ = PARTNER_RAISE if before_discard and not state.moon else 0
    state.trump_caller = hand_partner(state.options, state.hand_number, state.bidder)
    if events is not None:
        events.append({
            "type": "partner_trump",
            "seat": state.seats[state.bidder],
            "partner": state.seats[state.trump_caller],
            "raise": state.raise_,
        })


def discard(state: GameState, card: int, events: EventSink | None) -> None:
    """Lay ``card`` aside, unchecked (``GameState.step``'s contract: ``apply`` checks first)."""
    state.hands[state.bidder] &= ~C.BIT[card]
    state.discards.append(card)
    if len(state.discards) == state.options.nest_size and events is not None:
        laid = C.to_mask(state.discards)
        events.append({
            "type": "discard",
            "seat": state.seats[state.bidder],
            "cards": [C.code(c) for c in state.discards],
            "points_in_nest": bool(laid & state.deck.counters),
        })


def counters_rule(options: Options, deck: DeckInfo, held: int, trump: int) -> str | None:
    """The rule on counters in the nest for a bidder holding ``held`` (hand and cards laid), in
    words; None where counters go freely (``discard_counters=allowed``). The same counts as
    ``discardable_cards``: ``never`` counts every card that is not a counter as plain."""
    rule, size = options.discard_counters, options.nest_size
    if rule == "allowed":
        return None
    plain = _plain_for(rule, deck, held, trump).bit_count()
    kind = "cards that are not counters" if rule == "never" else "plain cards"
    one = "card that is not a counter" if rule == "never" else "plain card"
    cards = f"{plain} {kind if plain != 1 else one}"
    if plain >= size:
        return (f"Counters may be buried only when you hold fewer {kind} than the nest needs, and you have "
                f"{cards}, those laid aside included, for a nest of {size}.")
    room = size - plain
    return (f"With {cards}, those laid aside included, for a nest of {size}, at most {room} "
            f"counter{'s' if room != 1 else ''} may go, and only with all the {kind}.")


def why_not_discard(state: GameState, card: int) -> str:
    if not C.BIT[card] & state.hands[state.bidder]:
        laid = card in state.discards
        return f"The {state.card_name(card)} is laid aside already." if laid else \
            f"You do not hold the {state.card_name(card)}."
    if C.BIT[card] & state.deck.counters:
        held = state.hands[state.bidder] | C.to_mask(state.discards)
        text = counters_rule(state.options, state.deck, held, state.trump)
        assert text is not None
        plain = _plain_for(state.options.discard_counters, state.deck, held, state.trump)
        if plain.bit_count() >= state.options.nest_size:
            return f"The {state.card_name(card)} is a counter: {text[0].lower()}{text[1:]}"
        hand = state.hands[state.bidder]
        still = [state.card_name(c) for c in C.cards_in(plain & hand)]
        lay = f": lay the {', '.join(still[:-1])} and {still[-1]}." if len(still) > 1 else \
            f": lay the {still[0]}." if still else "."
        return f"The {state.card_name(card)} is a counter: {text[0].lower()}{text[1:-1]}{lay}"
    return (f"The {state.card_name(card)} must stay: with counters in the nest, every plain card goes in "
            "too, and the places left are for them.")


def name_trump(state: GameState, value: int, events: EventSink | None) -> None:
    """Trump named (``value``: an action value, ``actions.trump_value``), with the Rook Bird's
    call where the caller makes one."""
    if A.Action(A.TRUMP, value) not in _trump_calls(state.options.rook == "called", state.options.no_trump):
        raise IllegalAction(why_not_trump(state, value))
    color, rook = A.trump_parts(value)
    state.set_trump(color, rook)
    if events is not None:
        event: TrumpEvent = {
            "type": "trump",
            "seat": state.seats[state.trump_caller],
            "color": None if color == C.NO_TRUMP else C.COLORS[color],
            "raise": state.raise_,
        }
        if rook:
            event["rook"] = rook
        events.append(cast("Event", event))


NO_TRUMP_NEVER = "These rules do not allow no trump"


def no_trump_never(state: GameState, action: A.Action) -> str | None:
    """Why a call of no trump is refused in any phase where the rules never allow one, or None:
    "Not now: it is time to discard 5 more cards" suggested it might work later (the sweeps of
    session 34). At the trump call ``why_not_trump`` names the colours instead."""
    if action.kind != A.TRUMP or A.trump_parts(action.value)[0] != C.NO_TRUMP or state.options.no_trump:
        return None
    return f"{NO_TRUMP_NEVER}: trump is always red, green, black or yellow."


def why_not_trump(state: GameState, value: int) -> str:
    """Why this trump call may not be made, naming what may."""
    color, rook = A.trump_parts(value)
    called = state.options.rook == "called"
    if color == C.NO_TRUMP and not state.options.no_trump:
        return f"{NO_TRUMP_NEVER}: name red, green, black or yellow."
    if color == C.NO_TRUMP or rook not in ROOK_CALLS + ("",):
        return ("No trump has no Rook Bird call: the Rook Bird is wild in no trump. Name no trump "
                "alone.")
    if called and not rook:
        return rook_call_asked(color)
    barred = rook_call_barred(state)
    if rook and barred:
        return f"{barred}, so name trump alone: trump {C.COLORS[color]}."
    return "That is not a trump call these rules allow."


def rook_call_asked(color: int, who: str = "") -> str:
    """Why a trump call of ``color`` is refused where it lacks only the Rook Bird's call, said to
    the player or, ``who``, of the seat naming trump at a table: nothing else is wrong with it."""
    name = C.COLORS[color]
    naming = f"{who} names" if who else "you name"
    return (f"Say whether the Rook Bird is high or low as {naming} trump: trump {name}, rook high "
            f"(the highest trump), or trump {name}, rook low (the lowest trump).")


NO_ROOK_BIRD = "The Rook Bird is not in this game's deck"


def rook_call_barred(state: GameState) -> str | None:
    """Why these rules take no Rook Bird call ("high" or "low") at all, or None where the trump
    call names it: the deck has none ("fix its rank" said it was in play: the re-check), or
    its rank is fixed. The trump call's refusal and the console's, whatever the moment, ask here."""
    if not state.deck.mask & C.BIT[C.ROOK]:
        return NO_ROOK_BIRD
    return None if state.options.rook == "called" else "These rules fix the Rook Bird's rank"


def call_partner(state: GameState, card: int, events: EventSink | None) -> None:
    if C.BIT[card] & state.hands[state.bidder] or not C.BIT[card] & state.deck.mask or card == state.called:
        raise IllegalAction(why_not_call(state, card))
    holder = [s for s in range(state.n) if state.hands[s] >> card & 1]
    if state.called < 0:
        state.called, state.partner = card, holder[0] if holder else -1
    else:  # the second of two calls (calls=2)
        state.called2, state.partner2 = card, holder[0] if holder else -1
    if events is not None:
        events.append({"type": "call", "seat": state.seats[state.bidder], "card": C.code(card)})


def why_not_call(state: GameState, card: int) -> str:
    if card == state.called:
        return f"You called the {state.card_name(card)} already: call another card you do not hold."
    return f"Call a card you do not hold: the {state.card_name(card)} is in your hand."
