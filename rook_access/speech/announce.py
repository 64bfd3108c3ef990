"""Phrasing game events as short spoken lines, the important word first.

Interface (stable; the console, replay and tests build on it)::

    settings = AnnounceSettings(verbosity="normal", bids=True, plays=True, tricks=True, hands=True)
    announcer = Announcer(me, settings, namer=namer)            # namer: optional, see below
    for event, view in state.apply_for(action, me).seen:
        for line in announcer.lines(event, view):
            ...                                                  # print it, speak it
        for kind, lines in announcer.told(event, view):          # the same lines, by what they tell
            ...                                                  # kind: the event's type, or REVEAL

The announcer is a phrasing function: ``lines(event, view)`` depends on the event, the view and
the announcer's configuration only, never on the events told before. Everything it once tracked
(trump, the listener's hand, the trick so far, the points taken, the contract, a called
partner) is read from ``view``, the listener's ``SeatView`` at the moment of the event, as
``GameState.apply_for`` and ``core.replay.replay_record`` give it. So a resumed game, a review
and a replay need no history to be told right.

- ``me``: the listening seat's index, or ``None`` for a replay or review where everything is
  public (every hand is then told at the deal, and the nest and discards are named). A seated
  listener gets each event as its seat may learn it (``core.events.seen_by``) and its own view;
  ``me=None`` gets every event whole with any seat's view (only its public facts are used).
- ``lines(event, view)`` returns zero or more lines for one event (the dict shapes of
  shared/docs/game-record.md, plus ``partner_trump``).
- ``told(event, view)`` returns the same lines grouped by what they tell, each group with the
  event type whose ``speak`` kind decides it (``speech.speaking.EVENT_KINDS``): the event's own
  type, and ``REVEAL`` for the partner a called card shows, which is news of the sides, not of a
  card played.

What a listener is told is decided from the listener's seat: its own hand at the deal, never
another seat's; the nest's and the discard's cards only to the bidder (the others hear how many
cards went and whether points are in the nest); a secret called partner only when the called
card is played (its holder learns it at the call, from its own hand).

Verbosity (``AnnounceSettings.verbosity``):

- ``brief``: what a player needs to play and nothing more: every bid, the contract, trump, the
  listener's own cards, every card played, each trick's winner and points, each hand's score.
- ``normal``: adds trick numbers, who took the nest.
- ``full``: adds the winning card of each trick, "your partner North", notes on each play ("out
  of red", "trump"), the points taken so far in the hand, the listener's hand again once trump
  is named, and each side's count at the hand's end.

Lines are short, the important word first (a braille display shows about 40 cells): a trick's
line starts with its winner, a hand's score is one line for the outcome and one a side. Sides
are named as the table says them, "you and North", "East and West".

The per-kind toggles (``bids``, ``plays``, ``tricks``, ``hands``) silence one kind of line at any
verbosity, except the listener's own bids and cards (the answer to what they typed); with
``plays`` off the trick summary lists the trick's cards instead, and a called partner is still
revealed when the called card falls.

Cards are named by ``namer`` (``cardtext.CardNamer``; the console passes the player's, which adds
braille cells; without one, cards are named plainly, the red 1 as the view's options say) and
hands are formatted by ``cardtext.describe_hand``, the same words the console's ``hand`` command
says. The settings object may be changed in place between events, and so may the namer's
braille setting.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import Options, SeatView
from ..core import cards as C
from ..core.auction import bid_blind
from ..core.deck import DeckInfo, deck_of
from ..core.scoring import tied_at_top, waiting_on_bid
from ..core.seats import bidding_seats, game_groups, next_seat, partnerships, teammates
from ..core.text import seat_title
from ..core.view import known_sides, moves_for, plays_alone_known, sole_partner
from .cardtext import (
    CardNamer,
    card_id,
    describe_hand,
    join_parts,
    join_words,
    number,
    points,
    rook_call_words,
    sentence,
    special_mask,
)
from .rules_text import changes

VERBOSITIES = ("brief", "normal", "full")
TOGGLES = ("bids", "plays", "tricks", "hands")
REVEAL = "reveal"  # ``told``'s type for the partner a called card shows, said apart from the card

Event = Mapping[str, Any]
View = SeatView

_PLAIN_NAMERS: dict[int, CardNamer] = {}


def _plain_namer(specials: int) -> CardNamer:
    """One namer without braille per set of special trumps, made once."""
    namer = _PLAIN_NAMERS.get(specials)
    if namer is None:
        namer = _PLAIN_NAMERS[specials] = CardNamer(specials=specials)
    return namer


@dataclass
class AnnounceSettings:
    """How much is said. Stored in the user's settings (``rook_access.store.settings``)."""

    verbosity: str = "normal"
    bids: bool = True
    plays: bool = True
    tricks: bool = True
    hands: bool = True

    def __post_init__(self) -> None:
        if self.verbosity not in VERBOSITIES:
            raise ValueError(f"verbosity must be brief, normal or full, not {self.verbosity!r}")


def _trump(view: View) -> int | None:
    """Trump as ``describe_hand`` takes it: a colour index, 4 for no trump, None not named."""
    return view.trump if view.trump >= 0 else None


def _seat(view: View, index: int) -> str | None:
    return view.seats[index] if index >= 0 else None


def _past_target(ev: Event, view: View) -> tuple[int | None, list[list[str]]]:
    """Why a game goes on past its target after this hand: the total tied at the top
    (``scoring.tied_at_top``), and with ``win_on_bid`` the sides past it that did not bid and make
    this hand (``scoring.waiting_on_bid``); never in a moon hand whose rules let the moon itself
    decide the game."""
    o = view.options
    if view.moon and (o.moon_made in ("game", "hole") or o.moon_set == "game"):
        return None, []
    totals = [int(ev.get("totals", {}).get(seat, 0)) for seat in view.seats]
    bidder = ev.get("bidder")
    sides = [[view.seats.index(s) for s in side] for side in ev.get("sides", [])]
    made_by = next((side for side in sides if view.seats.index(bidder) in side), None) if bidder in view.seats else None
    args = (totals, game_groups(o), o, int(ev.get("hand") or 0), made_by if ev.get("made") else None, sides)
    waiting = [[view.seats[i] for i in group] for group in waiting_on_bid(*args)]
    return tied_at_top(*args), waiting


def _sitting(view: View) -> list[str]:
    """The seats sitting this hand out: the partner of a moon played alone (``moon_alone``)."""
    return [seat for index, seat in enumerate(view.seats) if view.sitting >> index & 1]


def _discard_pending(view: View) -> bool:
    """The bidder has taken the nest and not yet laid its discard: it holds more cards than any
    other seat (every seat is dealt alike, and no card is played before the discard). Hand sizes
    are public; whether points went into the nest may not be."""
    if view.bidder < 0 or not view.options.nest_size:
        return False
    sizes = view.hand_sizes
    return sizes[view.bidder] > max(size for seat, size in enumerate(sizes) if seat != view.bidder)


def _called(card: int, view: View) -> bool:
    """The card is one the bidder called (call-partner): its play shows a partner."""
    return card >= 0 and card in (view.called, view.called2)


def _blind_deal(view: View) -> bool:
    """This hand's bidding was blind: the Rook Bird lay face up on the nest (face_up is kept all
    hand, so the contract can still tell it)."""
    return bid_blind(view.options, view.face_up)


class Announcer:
    """Turns (event, view) pairs into lines for one listener (see the module docstring). Holds
    configuration only: the listener's seat, the settings and the card namer."""

    def __init__(self, me: int | None, settings: AnnounceSettings, *,
                 namer: CardNamer | None = None, base: Options | None = None) -> None:
        self.me = me
        self.settings = settings
        self.namer = namer
        # The options of the rules the game is named for, before any --option: the opening says
        # what differs, as a family's house-rules card would show it. The store reads them (a
        # family's own rules are a file); None says the name alone.
        self.base = base
        # A cache of the deck tables of the last options seen (built from the view alone).
        self._handlers: dict[str, Callable[[Event, View], list[str]]] = {
            "game": self._game, "deal": self._deal, "misdeal": self._misdeal, "bid": self._bid,
            "check": self._check, "pass": self._pass, "contract": self._contract,
            "redeal": self._redeal, "take_nest": self._take_nest,
            "partner_trump": self._partner_trump, "trump": self._trump,
            "discard": self._discard, "call": self._call, "play": self._play,
            "trick": self._trick, "hand_end": self._hand_end, "game_end": self._game_end,
            "resume": self._resume,
        }

    # ----- the entry point -----------------------------------------------------------------
    def lines(self, event: Event, view: View) -> list[str]:
        """Zero or more lines for one event, each starting with a capital letter. ``view`` is
        the listener's view at the moment of the event (any seat's when ``me`` is None)."""
        return [line for _type, said in self.told(event, view) for line in said]

    def told(self, event: Event, view: View) -> list[tuple[str, list[str]]]:
        """``lines`` grouped by what they tell, as (event type, lines), groups without lines left
        out: the partner a called card shows is ``REVEAL``, apart from the card. Told as a play,
        it went unspoken under speak plays never ("The called card: Northwest is your partner."
        only printed: the ear and braille sweep of session 39)."""
        kind = str(event.get("type"))
        handler = self._handlers.get(kind)
        if handler is None:
            return []
        groups = [(kind, handler(event, view))]
        if kind == "play":
            groups.append((REVEAL, self._revealed(event, view)))
        return [(of, [sentence(line) for line in said]) for of, said in groups if said]

    # ----- small helpers -------------------------------------------------------------------
    @property
    def _level(self) -> int:
        return VERBOSITIES.index(self.settings.verbosity)

    def _me(self, view: View) -> str | None:
        return None if self.me is None else view.seats[self.me]

    def _namer(self, view: View) -> CardNamer:
        return self.namer if self.namer is not None else _plain_namer(special_mask(view.options))

    def _deck_of(self, view: View) -> DeckInfo:
        """This hand's deck tables (the Rook Bird ranked as the trump caller called it)."""
        return deck_of(view.options, view.rook_call)

    def _partners_of(self, seat: str, view: View, called_known: bool = True) -> list[str]:
        """The seat's partners as the listener knows them: the seat opposite in a partnership
        game; the called partners once the view holds them (``called_known=False``: as before the
        called card fell, for the line that tells that very card)."""
        seats = view.seats
        if partnerships(view.options, view.hand_number) is not None and seat in seats:
            mates = teammates(view.options, view.hand_number, seats.index(seat))
            return [seats[mates[0]]] if len(mates) == 1 else []
        if view.bidder < 0:
            return []
        holders = [seats[p] for p in dict.fromkeys((view.partner, view.partner2)) if p >= 0
                   and (called_known or seats[p] == self.me)]
        side = [seats[view.bidder], *holders]
        return [s for s in side if s != seat] if seat in side else []

    def _teammate(self, me: str, seat: str, view: View) -> bool:
        """``seat`` plays on ``me``'s team of three (sides=teams)."""
        seats = view.seats
        return seats.index(seat) in teammates(view.options, view.hand_number, seats.index(me))

    def _sides_now(self, view: View) -> str:
        """Who plays with whom this hand, for the listener: "You and East against North and West"."""
        seats, me = view.seats, self._me(view)
        groups = [[seats[s] for s in side] for side in partnerships(view.options, view.hand_number) or []]
        groups.sort(key=lambda g: me not in g)
        words = []
        for group in groups:
            if me in group:
                others = [seat_title(s) for s in group if s != me]
                words.append("you and " + join_words(others))
            else:
                words.append(join_words([seat_title(s) for s in group]))
        text = " against ".join(words)
        return text[0].upper() + text[1:] + "."

    def _who(self, seat: str | None, view: View, plain: bool = False, called_known: bool = True) -> str:
        """"you", "your partner North" (at full), or "North"."""
        if seat is None:
            return "nobody"
        me = self._me(view)
        if seat == me:
            return "you"
        if not plain and self._level >= 2 and me is not None \
                and (seat in self._partners_of(me, view, called_known) or self._teammate(me, seat, view)):
            return f"your partner {seat_title(seat)}"
        return seat_title(seat)

    def _does(self, seat: str | None, third: str, second: str, view: View, plain: bool = False,
              called_known: bool = True) -> str:
        """Subject and verb agreeing: "North bids", "You bid"."""
        verb = second if seat is not None and seat == self._me(view) else third
        return f"{self._who(seat, view, plain, called_known)} {verb}"

    def _hand_text(self, cards: Sequence[int | str], view: View, trump: int | None) -> str:
        return describe_hand(cards, trump, self._deck_of(view), self._namer(view))

    def _mask_text(self, hand: int, view: View) -> str:
        return self._hand_text(list(C.cards_in(hand)), view, _trump(view))

    def _suit(self, card: int, view: View) -> int:
        """The suit a card follows: its colour, or trump for the Rook Bird and special trumps."""
        trump = view.trump if view.trump >= 0 else C.NO_TRUMP
        if C.BIT[card] & self._deck_of(view).special:
            return trump
        return C.color_of(card)

    # ----- game and deal -------------------------------------------------------------------
    def _rules_said(self, ev: Event, view: View) -> str:
        """"hasbro rules, first to 300." With a number of hands the target plays no part
        (rules.md, hands): what ends the game is said instead. Options changed from the named
        rules follow, those that do something: the settings remember the last game's options, so
        a plain ``rook-access`` may play them days later (the rules text says the idle ones)."""
        o = view.options
        name = ev.get("preset") or "custom"
        end = (f", {o.hands} {'hand' if o.hands == 1 else 'hands'}, the highest total wins." if o.hands
               else f", first to {o.target}." if o.target else ".")
        # The target and the number of hands are said in the sentence already (the re-check of session 35).
        changed = changes(o, self.base, idle=False, said=("target", "hands")) if self.base is not None else []
        return f"{name} rules{end}" + (f" Changed from {name}: {'; '.join(changed)}." if changed else "")

    def _game(self, ev: Event, view: View) -> list[str]:
        out = [f"New game: {self._rules_said(ev, view)}"]
        out.append(self._table_line(view))  # once a game, at every verbosity: who is your partner
        players = ev.get("players")
        me = self._me(view)
        if self._level >= 2 and isinstance(players, Mapping):
            others = [f"{seat_title(s)} {players[s]}" for s in view.seats
                      if s in players and s != me and s != "dummy"]
            if others:
                out.append("Players: " + join_words(others) + ".")
        return out

    def _resume(self, ev: Event, view: View) -> list[str]:
        """A game resumed (no record line: ``{"type": "resume", "preset": ...}``): the rules and
        where the player sits, as the game's opening said them hours or days before."""
        return [f"Playing {self._rules_said(ev, view)}", self._table_line(view)]

    def _table_line(self, view: View) -> str:
        sides = view.options.sides
        seats = view.seats
        names = [seat_title(s) for s in seats]
        me = self._me(view)
        if sides in ("partners", "teams"):
            rotate = view.options.rotate_partners
            every = "hand" if rotate == 1 else f"{number(rotate)} hands"  # "every 1 hand" read oddly aloud
            change = f" Partners change every {every}." if rotate else ""
            if me is not None:
                mates = [seats[s] for s in teammates(view.options, view.hand_number, seats.index(me))]
                rivals = [seat_title(s) for s in seats if s != me and s not in mates]
                who = (f"your partner is {seat_title(mates[0])}" if len(mates) == 1
                       else f"your partners are {join_words([seat_title(s) for s in mates])}")
                return f"You sit {me}, {who}, against {join_words(rivals)}.{change}"
            return self._sides_now(view) + change
        # Where the player sits, and the seats in order, as a sighted player sees them at a glance
        # (said only where sides are fixed: found by the console sweep).
        you = f" You sit {me}." if me else ""
        around = f" The seats clockwise: {join_words(names)}.{you}"
        if sides == "called-partner":
            if view.options.calls > 1:
                return f"The bidder calls two cards; their holders are the bidder's secret partners.{around}"
            return f"The bidder calls a card; its holder is the bidder's secret partner.{around}"
        if sides == "bidder-vs-rest":
            return f"The bidder plays against all the others.{around}"
        if sides == "dummy":
            players = [seat_title(s) for s in seats if s != "dummy"]
            return f"{join_words(players)} play, with a dummy between them.{you}"
        return f"Every player for themselves: {join_words(names)}.{you}"

    def _deal(self, ev: Event, view: View) -> list[str]:
        hands: Mapping[str, list[str]] = ev.get("hands", {})
        nest = list(ev.get("nest", []))
        face_up = list(ev.get("face_up", []))
        out = [f"Hand {ev.get('hand')}: " + self._does(ev.get("dealer"), "deals", "deal", view) + "."]
        rotate = view.options.rotate_partners
        if rotate and view.hand_number > 1 and (view.hand_number - 1) % rotate == 0:
            out.append("New partners. " + self._sides_now(view))
        on_nest = [c for c in face_up if c in nest]
        elsewhere = [c for c in face_up if c not in nest]
        namer = self._namer(view)
        if view.turned_under:  # seen by all, then out of play: a counter and a top trump gone
            verb = "goes" if len(view.turned_under) == 1 else "go"
            out.append(f"Turned up first: {namer.names(list(view.turned_under))}, which {verb} to the bottom "
                       "of the nest.")
        if on_nest:
            out.append(f"Face up on the nest: {namer.names(on_nest)}.")
        if elsewhere:
            shown_by = "The dummy shows" if view.dummy >= 0 else "Face up"
            out.append(f"{shown_by}: {namer.names(elsewhere)}.")
        blind = _blind_deal(view)
        if blind:
            out.append("The Rook Bird is face up: the bidding is blind, "
                       "hands stay hidden until the auction ends.")
        # At the deal a hand is told as dealt, before any trump (a turned-up trump follows).
        me = self._me(view)
        if me is not None:
            if not blind:
                out.append("Your hand. " + self._hand_text(hands.get(me, []), view, None))
        else:
            for seat in view.seats:
                if seat in hands:
                    out.append(f"{seat_title(seat)}'s hand. " + self._hand_text(hands[seat], view, None))
            if nest:
                out.append(f"Nest: {namer.names(nest)}.")
            if ev.get("aside"):
                out.append(f"Aside, out of play: {namer.names(ev['aside'])}.")
        return out

    def _misdeal(self, ev: Event, view: View) -> list[str]:
        reason = ev.get("reason") or "no reason given"
        return [self._does(ev.get("seat"), "calls", "call", view) + f" a misdeal: {reason}. "
                "The same dealer deals again."]

    # ----- auction -------------------------------------------------------------------------
    def _told(self, kind: str, seat: Any, view: View) -> bool:
        """Whether a bid or a play is said: a kind silenced still says the listener's own (the
        dummy's card too, when the listener plays it), the answer to what they typed."""
        return bool(getattr(self.settings, kind)) or (self.me is not None and moves_for(view, self.me, seat))

    def _bid(self, ev: Event, view: View) -> list[str]:
        if not self._told("bids", ev.get("seat"), view):
            return []
        return [self._does(ev.get("seat"), "bids", "bid", view) + f" {number(int(ev['amount']))}."]

    def _check(self, ev: Event, view: View) -> list[str]:
        seat = ev.get("seat")
        return [self._does(seat, "checks", "check", view) + "."] if self._told("bids", seat, view) else []

    def _pass(self, ev: Event, view: View) -> list[str]:
        seat = ev.get("seat")
        return [self._does(seat, "passes", "pass", view) + "."] if self._told("bids", seat, view) else []

    def _contract(self, ev: Event, view: View) -> list[str]:
        seat = ev.get("seat")
        amount = number(int(ev.get("amount") or 0))
        if ev.get("forced"):
            line = f"Everyone passed: {self._who(seat, view)}, the dealer, must take the bid at {amount}."
        elif ev.get("moon"):
            line = self._does(seat, "shoots", "shoot", view) + f" the moon at {amount}"
            sitting = _sitting(view)
            if sitting:
                sits = "sit" if sitting[0] == self._me(view) else "sits"
                line += f", alone: {self._who(sitting[0], view, plain=True)} {sits} this hand out"
            line += "."
        else:
            line = self._does(seat, "wins", "win", view) + f" the bid at {amount}."
        out = [line]
        if self.me is not None and _blind_deal(view):
            out.append("Your hand. " + self._mask_text(view.hand, view))  # hidden until now
        return out

    def _redeal(self, ev: Event, view: View) -> list[str]:
        """The hand thrown in, and who deals next: in two-player the seat on the left is the
        dummy, which never deals ("passes to the left" was said: the two-at-home sweep of
        session 32)."""
        reason = ev.get("reason") or "everyone passed"
        dealer = view.seats[next_seat(view.dealer, bidding_seats(view.options), len(view.seats))]
        return [f"Hand thrown in: {reason}. The deal passes to {self._who(dealer, view, plain=True)}."]

    # ----- nest, trump, partner --------------------------------------------------------------
    def _take_nest(self, ev: Event, view: View) -> list[str]:
        seat = ev.get("seat")
        namer = self._namer(view)
        if seat == self._me(view):
            return [f"You take the nest: {namer.names(ev.get('cards', []))}."]
        if self.me is None:
            return [self._does(seat, "takes", "take", view) + f" the nest: {namer.names(ev.get('cards', []))}."]
        return [self._does(seat, "takes", "take", view) + " the nest."] if self._level >= 1 else []

    def _partner_trump(self, ev: Event, view: View) -> list[str]:
        raise_ = int(ev.get("raise") or 0)
        line = (self._does(ev.get("seat"), "hands", "hand", view) + " the trump call to "
                + self._who(ev.get("partner"), view))
        if raise_:
            line += f"; the bid rises by {raise_} to {number(view.bid)}"
        return [line + "."]

    def _trump(self, ev: Event, view: View) -> list[str]:
        color = ev.get("color")
        seat = ev.get("seat")
        if seat is None:
            out = [f"Trump: {color}, the turned-up card."]
        elif color is None:
            out = [f"No trump, named by {self._who(seat, view)}."]
        else:
            out = [f"Trump: {color}{rook_call_words(str(ev.get('rook') or ''))}, named by {self._who(seat, view)}."]
        if view.options.sides == "dummy" and view.dummy_hand:
            out.append("The dummy is face up. " + self._mask_text(view.dummy_hand, view))
        if not _discard_pending(view):
            out += self._hand_again(view)
        return out

    def _hand_again(self, view: View) -> list[str]:
        """At full verbosity, the listener's hand once trump is named and the nest is settled."""
        if self._level < 2 or self.me is None or view.trump < 0:
            return []
        return ["Your hand. " + self._mask_text(view.hand, view)]

    def _discard(self, ev: Event, view: View) -> list[str]:
        seat = ev.get("seat")
        cards = list(ev.get("cards", []))
        namer = self._namer(view)
        note = " Points are in the nest." if ev.get("points_in_nest") else ""
        if seat == self._me(view):
            out = [f"You lay in the nest: {namer.names(cards)}."]
        elif self.me is None:
            out = [self._does(seat, "lays", "lay", view) + f" in the nest: {namer.names(cards)}.{note}"]
        else:
            # What this seat hears of the nest's points is the core's to say (seen_by, by
            # nest_points_told): True, False ("always"), or nothing.
            count = int(ev.get("count", len(cards)))
            what = "1 card" if count == 1 else f"{count} cards"
            line = self._does(seat, "lays", "lay", view) + f" {what} in the nest"
            told = ev.get("points_in_nest")
            tail = {True: "; points are in the nest.", False: "; no points are in the nest."}
            out = [line + (tail[told] if isinstance(told, bool) else ".")]
        return out + self._hand_again(view)

    def _call(self, ev: Event, view: View) -> list[str]:
        seat = ev.get("seat")
        card = card_id(ev["card"])
        name = self._namer(view).name(card)
        # Plain: the holder's view knows the partnership from this moment, but the call itself
        # is told as everyone hears it.
        out = [self._does(seat, "calls", "call", view, plain=True) + f" the {name} as partner card."]
        me = self._me(view)
        if me is not None and seat != me and view.hand & C.BIT[card]:
            # A fact of the listener's own hand, as a sighted player would see it; the partnership
            # itself is announced to nobody until the card is played (issue 6).
            out.append(f"You hold the {name}.")
        elif seat == me and card in view.discards:
            # With two calls the other called card may still bring a partner (rules.md, calls).
            alone = plays_alone_known(view)
            out.append(f"The {name} is in the nest: " + ("you play alone." if alone else "it brings no partner."))
        return out

    # ----- tricks ----------------------------------------------------------------------------
    @staticmethod
    def _trick_so_far(view: View) -> tuple[tuple[int, int], ...]:
        """The trick the card just played belongs to: the current trick, or the one it ended."""
        if view.trick:
            return view.trick
        return view.tricks[-1][1] if view.tricks else ()

    def _play(self, ev: Event, view: View) -> list[str]:
        seat = str(ev.get("seat"))
        card = card_id(ev["card"])
        plays = self._trick_so_far(view)
        leading = len(plays) <= 1
        if not self._told("plays", seat, view):
            return []
        verb = ("leads", "lead") if leading else ("plays", "play")
        line = self._does(seat, *verb, view, plain=self._level < 2, called_known=not _called(card, view))
        line += f" {self._namer(view).name(card)}"
        if self._level >= 2 and not leading:
            line += self._play_note(card, plays[0][1], view)
        return [line + "."]

    def _revealed(self, ev: Event, view: View) -> list[str]:
        """The partner the card just played shows, if it is a called card (said with plays off
        too: it is news of the sides)."""
        card = card_id(ev["card"])
        return [self._reveal(str(ev.get("seat")), view)] if _called(card, view) and view.bidder >= 0 else []

    def _reveal(self, holder: str, view: View) -> str:
        """The partner the called card just played shows; where the seat had played the other
        called card already, that it holds both: the first reveal's line said again sounded
        like news (the presets sweep of session 37)."""
        bidder, me = view.seats[view.bidder], self._me(view)
        both = sole_partner(view)
        if both >= 0 and C.BIT[view.called] & view.played and C.BIT[view.called2] & view.played:
            return both_calls_line(holder, bidder, me)
        return reveal_line(holder, bidder, me)

    def _play_note(self, card: int, led_card: int, view: View) -> str:
        """", out of red" or ", trump, out of red" when a card does not follow the led colour."""
        led = self._suit(led_card, view)
        suit = self._suit(card, view)
        if suit == led or card == C.ROOK or led >= 4:
            return ""
        led_word = "trump" if led == view.trump else C.COLORS[led]
        trump_word = ", trump" if suit == view.trump else ""
        return f"{trump_word}, out of {led_word}"

    def _trick(self, ev: Event, view: View) -> list[str]:
        if not self.settings.tricks:
            return []
        winner = ev.get("winner")
        trick_points = int(ev.get("points") or 0)
        plays = [(str(s), card_id(c)) for s, c in ev.get("cards", [])]
        namer = self._namer(view)
        out: list[str] = []
        if not self.settings.plays:
            said = [f"{self._who(s, view, plain=True)} {namer.name(c)}" for s, c in plays]
            out.append(f"Trick {ev.get('number')}: " + ", ".join(said) + ".")
        wins = self._does(winner, "wins", "win", view, plain=True)
        if self._level == 0:
            out.append(f"{wins}, {points(trick_points)}.")
        elif self._level == 1:
            out.append(f"{wins} trick {ev.get('number')}, {points(trick_points)}.")
        else:
            won_with = next((c for s, c in plays if s == winner), None)
            with_card = f" with {namer.name(won_with)}" if won_with is not None else ""
            out.append(f"{wins} trick {ev.get('number')}{with_card}, {points(trick_points)}.")
        if self._level >= 2:
            out.append(self._taken_line(view))
        return out

    def _taken_line(self, view: View) -> str:
        """The counter points in each seat's (or partnership's) tricks so far this hand."""
        seats, taken = view.seats, view.captured
        # The sides as this seat knows them: the dummy's points are its player's, a lone bidder's
        # opponents one side ("you 0, the dummy 0, North 5" was said: the two-at-home sweep of
        # session 32); before the contract, where partners are not fixed, each seat alone.
        sides = partnerships(view.options, view.hand_number)
        if sides is None and view.bidder >= 0:
            sides = sorted(known_sides(view), key=lambda side: view.seat not in side)  # yours first
        elif sides is None:
            sides = [[i] for i in range(len(seats))]
        parts = [f"{self._side_name([seats[s] for s in side], view)} {number(sum(taken[s] for s in side))}"
                 for side in sides]
        return "Points this hand: " + join_parts(parts) + "."

    # ----- scores ----------------------------------------------------------------------------
    def _side_name(self, side: Sequence[str], view: View) -> str:
        """"you", "you and North", "East and West": the listener first, as the table says it
        ("north-south" is read "northsouth")."""
        if len(side) == 1:
            return self._who(side[0], view, plain=True)
        me = self._me(view)
        ordered = sorted(side, key=lambda s: s != me)
        return join_words([self._who(s, view, plain=True) for s in ordered])

    def _per_seat(self, side: Sequence[str], values: Mapping[str, Any], view: View) -> str:
        """One number when the side's seats share it (partners), else each seat's: in a
        called-partner or bidder-against-the-rest game, yesterday's partners differ today."""
        numbers = [int(values.get(s, 0)) for s in side]
        if len(set(numbers)) == 1:
            return number(numbers[0])
        return join_words([f"{self._who(s, view, plain=True)} {number(n)}" for s, n in zip(side, numbers)])

    def _hand_end(self, ev: Event, view: View) -> list[str]:
        if not self.settings.hands:
            return []
        bidder, bid, made = ev.get("bidder"), ev.get("bid"), ev.get("made")
        captured = ev.get("captured", {})
        bonuses = ev.get("bonuses", {})
        score, totals = ev.get("score", {}), ev.get("totals", {})
        nest_to, nest_points = ev.get("nest_to"), int(ev.get("nest_points") or 0)
        dummy = _seat(view, view.dummy)
        sides = [[s for s in side if s != dummy] for side in ev.get("sides", [])]
        sides = [side for side in sides if side]
        out: list[str] = []
        if self._level >= 1 and nest_to is not None:
            # Said with no points too: at the table the nest is turned over for all to see, so
            # its cards are said (where the table companion knows them).
            cards = ev.get("nest") or []
            shown = f": {self._namer(view).names(cards)}" if cards else ""
            out.append(self._does(nest_to, "takes", "take", view, plain=True)
                       + f" the nest, {points(nest_points)}{shown}.")
        if self._level >= 1:
            out += self._out_of_play(ev, view)
        if (self._level >= 1 and view.options.sides == "called-partner"
                and bidder is not None and any(side == [bidder] for side in sides)):
            out.append(self._does(bidder, "played", "played", view, plain=True) + " alone.")
        # One line for the outcome, then one a side: its score and its new total.
        head = f"Hand {ev.get('hand')}"
        unsaid: dict[str, str] = {}  # what a side's count includes, said on its score line if not in the head
        for side in sides:
            bonus = int(bonuses.get(side[0], 0))
            count = sum(int(captured.get(s, 0)) for s in side) + bonus
            count += nest_points if nest_to in side else 0
            # A bonus is said where it is counted: the tricks heard do not add up to it otherwise;
            # so is the nest at brief, which says no nest line of its own.
            included = [f"bonus {number(bonus)}"] if bonus and self._level < 2 else []
            if nest_to in side and nest_points and self._level < 1:
                included.append(f"nest {number(nest_points)}")
            with_bonus = f", {' and '.join(included)} included" if included else ""
            if not (bidder in side and made in (True, False)):  # the defenders' (found by the scoring sweep)
                unsaid[side[0]] = with_bonus
            # A moon is named: its score (500 in georgia) follows from it, not from the count.
            contract = "the moon" if view.moon else str(bid)
            if bidder in side and made is True:
                head += f": {self._side_name(side, view)} made {contract} with {count}{with_bonus}"
            elif bidder in side and made is False:
                name = self._side_name(side, view)
                are = "are" if len(side) > 1 or name == "you" else "is"
                # A moon that needs every trick or every counter is missed by one lost, not by the
                # count: "set on the moon, 120 of 105" said it reached its bid (the options fuzz).
                short = {"tricks": "not every trick", "points": "not every counter"}.get(view.options.moon_needs)
                missed = f"{count}{with_bonus}, {short}" if view.moon and short else f"{count} of {bid}{with_bonus}"
                head += f": {name} {are} set{' on the moon' if view.moon else ''}, {missed}"
        out.append(head + ("." if ":" in head else " is scored."))
        if view.moon and made is not None:
            out += self._moon_outcome(made, bidder, sides, score, totals, view)
        for side in sides:
            name = self._side_name(side, view)
            if len(side) > 2 and bidder not in side and self._me(view) not in side:
                name = "the defenders"  # a long list of others; the player's own side is named as always
            out.append(f"{name}: {self._per_seat(side, score, view)}{unsaid.get(side[0], '')}, "
                       f"now {self._per_seat(side, totals, view)}.")
        tie, waiting = _past_target(ev, view)
        if tie is not None:  # past the target, and the game goes on: say why
            out.append(f"Tied with {number(tie)} among those who made the bid: another hand decides."
                       if view.options.win_on_bid else f"Tied at the top with {number(tie)}: another hand decides.")
        if waiting:  # win_on_bid: one line for every side past the target that did not make the bid
            parts = [self._side_name(side, view) for side in waiting]
            # "You and North, and East and West, are past 100": each side heard whole
            names = ", and ".join(parts) + "," if len(parts) > 1 and any(" and " in p for p in parts) \
                else join_words(parts)
            are = "are" if len(waiting) > 1 or len(waiting[0]) > 1 or names == "you" else "is"
            out.append(f"{names[:1].upper() + names[1:]} {are} past {number(view.options.target)}, but only a side "
                       "that bids and makes its bid goes out: play goes on.")
        if self._level >= 2:
            for side in sides:
                # The dummy's tricks and nest count with its side's, as the score does.
                whole = next((s for s in ev.get("sides", []) if side[0] in s), side)
                tricks = sum(int(captured.get(s, 0)) for s in whole)
                parts = [f"{number(tricks)} in tricks"]
                if nest_to in whole and nest_points:
                    parts.append(f"nest {nest_points}")
                if int(bonuses.get(side[0], 0)):
                    parts.append(f"bonus {number(int(bonuses[side[0]]))}")
                # Only where it adds to the score line: "North: 25, now 25." then "North: 25 in
                # tricks." said the same twice (found by the sound sweep).
                if len(parts) > 1 or int(score.get(side[0], 0)) != tricks:
                    out.append(f"{self._side_name(side, view)}: " + ", ".join(parts) + ".")
        return out

    def _out_of_play(self, ev: Event, view: View) -> list[str]:
        """The deck's points that no seat counts this hand: in two- and three-player three cards
        lie aside, and the hand's scores added up to 90 of the deck's 100 with no word why (the
        sweeps of sessions 33 and 34); so do a moon partner's who sat out (the re-check of session
        35). Only the points: the cards stay face down, as at a table."""
        o = view.options
        counted = sum(int(v) for v in ev.get("captured", {}).values())
        counted += int(ev.get("nest_points") or 0) if ev.get("nest_to") is not None else 0
        missing = self._deck_of(view).total - counted
        places = [f"the {number(o.aside)} cards set aside"] if o.aside else []
        if o.nest_size and ev.get("nest_to") is None:
            places.insert(0, "the nest")
        # A moon played alone: the partner's cards count for nobody (rules.md, moon_alone).
        for seat in _sitting(view):
            owner = "your" if seat == self._me(view) else f"{seat_title(seat)}'s"
            places.append(f"{owner} cards, which sat out")
        if missing <= 0 or not places:
            return []
        return [f"Out of play this hand: {points(missing)}, in {' and '.join(places)}."]

    def _moon_outcome(self, made: bool, bidder: Any, sides: list[list[str]], score: dict[str, Any],
                      totals: dict[str, Any], view: View) -> list[str]:
        """A moon that decides the game at once, or takes its side out of the hole, is said."""
        decided = view.options.moon_made if made else view.options.moon_set
        if decided == "hole" and int(totals.get(bidder, 0)) == 0 and int(score.get(bidder, 0)) > 0:
            side = next((side for side in sides if bidder in side), [bidder])
            return [f"The moon is made: that takes {self._side_name(side, view)} out of the hole, back to 0."]
        if decided in ("game", "hole"):
            return ["The moon is made: that wins the game at once." if made
                    else "The moon is missed: that loses the game at once."]
        return []

    def _game_end(self, ev: Event, view: View) -> list[str]:
        winners = set(ev.get("winners", []))
        totals = ev.get("totals", {})
        groups = [[view.seats[s] for s in group] for group in game_groups(view.options)]
        won = [g for g in groups if winners & set(g)]
        lost = [g for g in groups if not winners & set(g)]
        if not won:
            return ["Game over."]
        # Seats scored alone who won together, partners of the last hand (``scoring._top``).
        group = [seat for g in won for seat in g]
        me = self._me(view)
        if me in group:
            title, verb = self._side_name(group, view), "win"
        else:
            title = self._side_name(group, view)
            verb = "win" if len(group) > 1 else "wins"

        def total_of(g: list[str]) -> int:
            return int(totals.get(g[0], 0))

        # With win_on_bid a side as high or higher may lose: the line says why (the re-check).
        why = [f"{title[0].upper()}{title[1:]} reached the target by making the bid, which wins under these rules."] \
            if view.options.win_on_bid and any(total_of(g) >= total_of(group) for g in lost) else []
        if len(groups) == 2 and lost:
            return [f"Game over: {title} {verb}, {number(total_of(group))} to "
                    f"{number(total_of(lost[0]))}.", *why]
        rest = join_parts([f"{self._side_name(g, view)} {number(total_of(g))}" for g in lost])
        return [f"Game over: {title} {verb} with {number(total_of(group))}"
                + (f"; {rest}." if rest else "."), *why]


def both_calls_line(holder: str, bidder: str, me: str | None) -> str:
    """The second called card played by the seat that played the first (calls=2), as ``me``
    hears it: one partner, not a second one."""
    if holder == me:
        return f"You played the other called card: you hold both and are {seat_title(bidder)}'s only partner."
    whose = "your" if bidder == me else f"{seat_title(bidder)}'s"
    return f"The other called card: {seat_title(holder)} holds both and is {whose} only partner."


def reveal_line(holder: str, bidder: str, me: str | None) -> str:
    """The secret partner shown by the called card played (call-partner), as ``me`` hears it;
    the table says it again when a correction moves the called card to another seat."""
    if holder == me:
        return f"You played the called card: you are {seat_title(bidder)}'s partner."
    if bidder == me:
        return f"The called card: {seat_title(holder)} is your partner."
    return f"The called card: {seat_title(holder)} is {seat_title(bidder)}'s partner."
