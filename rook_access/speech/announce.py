"""Phrasing game events as short spoken lines, the important word first.

Interface (stable; the console, replay and tests build on it)::

    settings = AnnounceSettings(verbosity="normal", bids=True, plays=True, tricks=True, hands=True)
    announcer = Announcer(seats, me, settings, options=options)   # options: optional, see below
    for event in events:
        for line in announcer.lines(event):
            ...                                                   # print it, speak it

- ``seats``: the seat names in clockwise order (``state.seats``).
- ``me``: the listening seat's index, or ``None`` for a replay or review where everything is
  public (every hand is then told at the deal, and the nest and discards are named).
- ``options``: the game's ``Options`` (or its ``to_dict()``). It tells the table shape (partners or
  not) and how to sort a hand (ones high, the red 1). A ``game`` event (the record's first line,
  ``rook_access.store.record.game_line``) carries the same options, so a live game may instead
  pass its game line to ``lines()`` first, which also says the opening lines.
- ``lines(event)`` returns zero or more lines for one event (the dict shapes of
  shared/docs/game-record.md, plus ``partner_trump``). The announcer keeps a little state between
  events (trump, the listener's own hand, the trick so far), so feed it every event in order.

What a listener is told is decided here, line by line, from the listener's seat: its own hand at
the deal, never another seat's; the nest's and the discard's cards only to the bidder (the others
hear how many cards went and whether points are in the nest); a secret called partner only when
the called card is played (its holder learns it at the call, from its own hand).

Verbosity (``AnnounceSettings.verbosity``):

- ``brief``: what a player needs to play and nothing more: every bid, the contract, trump, the
  listener's own cards, every card played, each trick's winner and points, each hand's score.
- ``normal``: adds trick numbers and winning cards, who took the nest, "your partner North".
- ``full``: adds notes on each play ("out of red", "trump"), the points taken so far in the
  hand, the listener's hand again once trump is named, and each side's count at the hand's end.

The per-kind toggles (``bids``, ``plays``, ``tricks``, ``hands``) silence one kind of line at any
verbosity; with ``plays`` off the trick summary lists the trick's cards instead, and a called
partner is still revealed when the called card falls.

Cards are named by ``namer`` (``cardtext.CardNamer``; the console passes the player's, which adds
braille cells) and hands are formatted by ``cardtext.describe_hand``, the same words the
console's ``hand`` command says. The announcer's settings object may be changed in place between
events, and so may the namer's braille setting.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import DEFAULT_PRESET, Options, resolve
from ..core import cards as C
from ..core.deck import DeckInfo
from ..core.errors import RuleError
from ..core.events import seen_by
from .cardtext import (
    CardNamer,
    card_id,
    describe_hand,
    join_words,
    number,
    points,
    seat_title,
    sentence,
    side_title,
)

VERBOSITIES = ("brief", "normal", "full")
TOGGLES = ("bids", "plays", "tricks", "hands")

Event = Mapping[str, Any]


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


def _deck_for(options: Options | Mapping[str, Any]) -> DeckInfo:
    """The deck tables a hand is sorted by. A record's options are untrusted: when they do not
    resolve, the default preset's deck with whichever deck options do resolve is used."""
    if isinstance(options, Options):
        return DeckInfo.build(options)
    try:
        return DeckInfo.build(Options.from_dict(dict(options)))
    except (RuleError, TypeError, ValueError, AttributeError):
        base = resolve(DEFAULT_PRESET)
    for key in ("ones", "low_cards", "rook", "red_one"):
        if key in options:
            try:
                base = base.with_overrides({key: options[key]})
            except (RuleError, TypeError, ValueError):
                continue
    return DeckInfo.build(base)


class Announcer:
    """Turns events into lines for one listener (see the module docstring)."""

    def __init__(self, seats: Sequence[str], me: int | None, settings: AnnounceSettings, *,
                 options: Options | Mapping[str, Any] | None = None,
                 namer: CardNamer | None = None) -> None:
        self.seats = list(seats)
        self.me = me
        self.settings = settings
        self.preset: str | None = None
        self.options: dict[str, Any] = {}
        self._own_namer = namer is None  # a namer of our own follows the game line's red_one
        self.namer = namer if namer is not None else CardNamer()
        self.deck = _deck_for({})
        if options is not None:
            self.set_options(options)
        self._handlers: dict[str, Callable[[Event], list[str]]] = {
            "game": self._game, "deal": self._deal, "misdeal": self._misdeal, "bid": self._bid,
            "check": self._check, "pass": self._pass, "contract": self._contract,
            "redeal": self._redeal, "take_nest": self._take_nest,
            "partner_trump": self._partner_trump, "trump": self._trump,
            "discard": self._discard, "call": self._call, "play": self._play,
            "trick": self._trick, "hand_end": self._hand_end, "game_end": self._game_end,
        }
        self._reset_hand()

    # ----- setup ---------------------------------------------------------------------------
    def set_options(self, options: Options | Mapping[str, Any]) -> None:
        self.options = options.to_dict() if isinstance(options, Options) else dict(options)
        self.deck = _deck_for(options)
        if self._own_namer:
            self.namer.red_one = bool(self.options.get("red_one"))

    @property
    def my_seat(self) -> str | None:
        return None if self.me is None else self.seats[self.me]

    def _reset_hand(self) -> None:
        self.dealer: str | None = None
        self.bidder: str | None = None
        self.contract = 0
        self.trump: int | None = None  # colour index; 4 = no trump; None = not named yet
        self.my_hand: list[int] = []
        self.my_discards: list[int] = []
        self.hidden_until_contract = False
        self.discard_pending = False
        self.dummy_cards: list[int] = []
        self.trick_plays: list[tuple[str, int]] = []
        self.taken: dict[str, int] = {seat: 0 for seat in self.seats}
        self.called: int | None = None
        self.called_partner: str | None = None  # known to this listener

    # ----- small helpers -------------------------------------------------------------------
    @property
    def _level(self) -> int:
        return VERBOSITIES.index(self.settings.verbosity)

    def _partner_of(self, seat: str) -> str | None:
        if self.options.get("sides") == "partners" and seat in self.seats:
            n = len(self.seats)
            return self.seats[(self.seats.index(seat) + n // 2) % n]
        if self.called_partner is not None and self.bidder is not None:
            if seat == self.bidder:
                return self.called_partner
            if seat == self.called_partner:
                return self.bidder
        return None

    def _who(self, seat: str | None, plain: bool = False) -> str:
        """"you", "your partner North" (at normal and full), or "North"."""
        if seat is None:
            return "nobody"
        if seat == self.my_seat:
            return "you"
        if not plain and self._level >= 1 and self.my_seat is not None \
                and self._partner_of(self.my_seat) == seat:
            return f"your partner {seat_title(seat)}"
        return seat_title(seat)

    def _does(self, seat: str | None, third: str, second: str, plain: bool = False) -> str:
        """Subject and verb agreeing: "North bids", "You bid"."""
        verb = second if seat is not None and seat == self.my_seat else third
        return f"{self._who(seat, plain)} {verb}"

    def _hand_text(self, cards: Sequence[int | str]) -> str:
        return describe_hand(cards, self.trump, self.deck, self.namer)

    def _name(self, card: int | str) -> str:
        return self.namer.name(card)

    def _names(self, cards: Sequence[int | str]) -> str:
        return self.namer.names(cards)

    def _suit(self, card: int) -> int:
        """The suit a card follows: its colour, or trump for the Rook Bird and the red-one 1."""
        trump = self.trump if self.trump is not None else 4
        if card == C.ROOK or (self.options.get("red_one") and card == C.make(1, C.RED)):
            return trump
        return C.color_of(card)

    # ----- the entry point -----------------------------------------------------------------
    def lines(self, event: Event) -> list[str]:
        """Zero or more lines for one event, each starting with a capital letter."""
        handler = self._handlers.get(str(event.get("type")))
        if handler is None:
            return []
        return [sentence(line) for line in handler(event)]

    # ----- game and deal -------------------------------------------------------------------
    def _game(self, ev: Event) -> list[str]:
        if isinstance(ev.get("options"), Mapping):
            self.set_options(ev["options"])
        if ev.get("seats"):
            self.seats = list(ev["seats"])
        self.preset = ev.get("preset")
        self._reset_hand()
        target = self.options.get("target")
        out = [f"New game: {self.preset or 'custom'} rules"
               + (f", first to {target}." if target else ".")]
        if self._level >= 1:
            out.append(self._table_line())
        players = ev.get("players")
        if self._level >= 2 and isinstance(players, Mapping):
            others = [f"{seat_title(s)} {players[s]}" for s in self.seats
                      if s in players and s != self.my_seat and s != "dummy"]
            if others:
                out.append("Players: " + join_words(others) + ".")
        return out

    def _table_line(self) -> str:
        sides = self.options.get("sides")
        names = [seat_title(s) for s in self.seats]
        if sides == "partners":
            n = len(self.seats)
            if self.my_seat is not None:
                partner = self._partner_of(self.my_seat)
                rivals = [seat_title(s) for s in self.seats if s not in (self.my_seat, partner)]
                return (f"You sit {self.my_seat}, your partner is {seat_title(partner or '')}, "
                        f"against {join_words(rivals)}.")
            pairs = [f"{names[i]} and {names[i + n // 2]}" for i in range(n // 2)]
            return " against ".join(pairs) + "."
        if sides == "called-partner":
            return "The bidder calls a card; its holder is the bidder's secret partner."
        if sides == "bidder-vs-rest":
            return "The bidder plays against all the others."
        if sides == "dummy":
            players = [seat_title(s) for s in self.seats if s != "dummy"]
            return f"{join_words(players)} play, with a dummy between them."
        you = f" You sit {self.my_seat}." if self.my_seat else ""
        return f"Every player for themselves: {join_words(names)}.{you}"

    def _deal(self, ev: Event) -> list[str]:
        self._reset_hand()
        self.dealer = ev.get("dealer")
        hands: Mapping[str, list[str]] = ev.get("hands", {})
        nest = list(ev.get("nest", []))
        face_up = list(ev.get("face_up", []))
        self.dummy_cards = [card_id(c) for c in hands.get("dummy", [])]
        out = [f"Hand {ev.get('hand')}: " + self._does(self.dealer, "deals", "deal")
               + "."]
        on_nest = [c for c in face_up if c in nest]
        elsewhere = [c for c in face_up if c not in nest]
        if on_nest:
            out.append(f"Face up on the nest: {self._names(on_nest)}.")
        if elsewhere:
            shown_by = "The dummy shows" if "dummy" in hands else "Face up"
            out.append(f"{shown_by}: {self._names(elsewhere)}.")
        blind = bool(self.options.get("blind_bid_on_rook")) and "rook" in on_nest
        if blind:
            out.append("The Rook Bird is face up: the bidding is blind, "
                       "hands stay hidden until the auction ends.")
        if self.my_seat is not None:
            self.my_hand = [card_id(c) for c in hands.get(self.my_seat, [])]
            if blind:
                self.hidden_until_contract = True
            else:
                out.append("Your hand. " + self._hand_text(self.my_hand))
        else:
            for seat in self.seats:
                if seat in hands:
                    out.append(f"{seat_title(seat)}'s hand. " + self._hand_text(hands[seat]))
            if nest:
                out.append(f"Nest: {self._names(nest)}.")
            if ev.get("aside"):
                out.append(f"Aside, out of play: {self._names(ev['aside'])}.")
        return out

    def _misdeal(self, ev: Event) -> list[str]:
        reason = ev.get("reason") or "no reason given"
        return [self._does(ev.get("seat"), "calls", "call") + f" a misdeal: {reason}. "
                "The same dealer deals again."]

    # ----- auction -------------------------------------------------------------------------
    def _bid(self, ev: Event) -> list[str]:
        if not self.settings.bids:
            return []
        return [self._does(ev.get("seat"), "bids", "bid") + f" {number(int(ev['amount']))}."]

    def _check(self, ev: Event) -> list[str]:
        return [self._does(ev.get("seat"), "checks", "check") + "."] if self.settings.bids else []

    def _pass(self, ev: Event) -> list[str]:
        return [self._does(ev.get("seat"), "passes", "pass") + "."] if self.settings.bids else []

    def _contract(self, ev: Event) -> list[str]:
        seat = ev.get("seat")
        self.bidder = seat
        self.contract = int(ev.get("amount") or 0)
        amount = number(self.contract)
        if ev.get("forced"):
            line = f"Everyone passed: {self._who(seat)}, the dealer, must take the bid at {amount}."
        elif ev.get("moon"):
            line = self._does(seat, "shoots", "shoot") + f" the moon at {amount}."
        else:
            line = self._does(seat, "wins", "win") + f" the bid at {amount}."
        out = [line]
        if self.hidden_until_contract:
            self.hidden_until_contract = False
            out.append("Your hand. " + self._hand_text(self.my_hand))
        return out

    def _redeal(self, ev: Event) -> list[str]:
        reason = ev.get("reason") or "everyone passed"
        return [f"Hand thrown in: {reason}. The deal passes to the left."]

    # ----- nest, trump, partner --------------------------------------------------------------
    def _take_nest(self, ev: Event) -> list[str]:
        seat = ev.get("seat")
        cards = list(ev.get("cards", []))
        self.discard_pending = True
        if seat == self.my_seat:
            self.my_hand += [card_id(c) for c in cards]
            return [f"You take the nest: {self._names(cards)}."]
        if self.me is None:
            return [self._does(seat, "takes", "take") + f" the nest: {self._names(cards)}."]
        return [self._does(seat, "takes", "take") + " the nest."] if self._level >= 1 else []

    def _partner_trump(self, ev: Event) -> list[str]:
        raise_ = int(ev.get("raise") or 0)
        self.contract += raise_
        line = (self._does(ev.get("seat"), "hands", "hand") + " the trump call to "
                + self._who(ev.get("partner")))
        if raise_:
            line += f"; the bid rises by {raise_} to {number(self.contract)}"
        return [line + "."]

    def _trump(self, ev: Event) -> list[str]:
        color = ev.get("color")
        seat = ev.get("seat")
        self.trump = C.COLORS.index(color) if color in C.COLORS else C.NO_TRUMP
        if seat is None:
            out = [f"Trump: {color}, the turned-up card."]
        elif color is None:
            out = [f"No trump, named by {self._who(seat)}."]
        else:
            out = [f"Trump: {color}, named by {self._who(seat)}."]
        if self.options.get("sides") == "dummy" and self.dummy_cards:
            out.append("The dummy is face up. " + self._hand_text(self.dummy_cards))
        if not self.discard_pending:
            out += self._hand_again()
        return out

    def _hand_again(self) -> list[str]:
        """At full verbosity, the listener's hand once trump is named and the nest is settled."""
        if self._level < 2 or self.my_seat is None or self.trump is None:
            return []
        return ["Your hand. " + self._hand_text(self.my_hand)]

    def _discard(self, ev: Event) -> list[str]:
        seat = ev.get("seat")
        cards = list(ev.get("cards", []))
        self.discard_pending = False
        note = " Points are in the nest." if ev.get("points_in_nest") else ""
        if seat == self.my_seat:
            ids = [card_id(c) for c in cards]
            self.my_hand = [c for c in self.my_hand if c not in ids]
            self.my_discards = ids
            out = [f"You lay in the nest: {self._names(cards)}."]
        elif self.me is None:
            out = [self._does(seat, "lays", "lay") + f" in the nest: {self._names(cards)}.{note}"]
        else:
            count = len(cards)
            what = "1 card" if count == 1 else f"{count} cards"
            line = self._does(seat, "lays", "lay") + f" {what} in the nest"
            # What this seat hears of the nest's points is the core's to say (nest_points_told).
            seen = seen_by(dict(ev), str(self.my_seat), seat, False,
                           str(self.options.get("nest_points_told", "never")))
            told = seen.get("points_in_nest")
            tail = {True: "; points are in the nest.", False: "; no points are in the nest."}
            out = [line + tail.get(told, ".")] if isinstance(told, bool) else [line + "."]
        return out + self._hand_again()

    def _call(self, ev: Event) -> list[str]:
        seat = ev.get("seat")
        card = card_id(ev["card"])
        self.called = card
        name = self._name(card)
        out = [self._does(seat, "calls", "call") + f" the {name} as partner card."]
        if self.my_seat is not None and seat != self.my_seat and card in self.my_hand:
            self.called_partner = self.my_seat
            # A fact of the listener's own hand, as a sighted player would see it; the partnership
            # itself is announced to nobody until the card is played (issue 6).
            out.append(f"You hold the {name}.")
        elif seat == self.my_seat and card in self.my_discards:
            out.append(f"The {name} is in the nest: you play alone.")
        return out

    # ----- tricks ----------------------------------------------------------------------------
    def _play(self, ev: Event) -> list[str]:
        seat = str(ev.get("seat"))
        card = card_id(ev["card"])
        leading = not self.trick_plays
        self.trick_plays.append((seat, card))
        if seat == self.my_seat and card in self.my_hand:
            self.my_hand.remove(card)
        if seat == "dummy" and card in self.dummy_cards:
            self.dummy_cards.remove(card)
        out: list[str] = []
        if self.settings.plays:
            verb = ("leads", "lead") if leading else ("plays", "play")
            line = self._does(seat, *verb, plain=self._level < 2) + f" {self._name(card)}"
            if self._level >= 2 and not leading:
                line += self._play_note(card)
            out.append(line + ".")
        if self.called is not None and card == self.called and self.bidder is not None:
            out.append(self._reveal(seat))
        return out

    def _play_note(self, card: int) -> str:
        """", out of red" or ", trump, out of red" when a card does not follow the led colour."""
        led = self._suit(self.trick_plays[0][1])
        suit = self._suit(card)
        if suit == led or card == C.ROOK or led >= 4:
            return ""
        led_word = "trump" if led == self.trump else C.COLORS[led]
        trump_word = ", trump" if suit == self.trump else ""
        return f"{trump_word}, out of {led_word}"

    def _reveal(self, holder: str) -> str:
        bidder = self.bidder or ""
        self.called_partner = holder
        if holder == self.my_seat:
            return f"You played the called card: you are {seat_title(bidder)}'s partner."
        if bidder == self.my_seat:
            return f"The called card: {seat_title(holder)} is your partner."
        return f"The called card: {seat_title(holder)} is {seat_title(bidder)}'s partner."

    def _trick(self, ev: Event) -> list[str]:
        winner = ev.get("winner")
        trick_points = int(ev.get("points") or 0)
        if winner in self.taken:
            self.taken[winner] += trick_points
        plays = [(str(s), card_id(c)) for s, c in ev.get("cards", [])]
        self.trick_plays = []
        if not self.settings.tricks:
            return []
        out: list[str] = []
        if not self.settings.plays:
            said = [f"{self._who(s, plain=True)} {self._name(c)}" for s, c in plays]
            out.append(f"Trick {ev.get('number')}: " + ", ".join(said) + ".")
        if self._level == 0:
            out.append(self._does(winner, "wins", "win") + f" the trick, {points(trick_points)}.")
        else:
            won_with = next((c for s, c in plays if s == winner), None)
            with_card = f" with {self._name(won_with)}" if won_with is not None else ""
            out.append(self._does(winner, "wins", "win") + f" trick {ev.get('number')}{with_card}, "
                       f"{points(trick_points)}.")
        if self._level >= 2:
            out.append(self._taken_line())
        return out

    def _taken_line(self) -> str:
        if self.options.get("sides") == "partners":
            n = len(self.seats)
            parts = [f"{side_title([self.seats[i], self.seats[i + n // 2]])} "
                     f"{number(self.taken[self.seats[i]] + self.taken[self.seats[i + n // 2]])}"
                     for i in range(n // 2)]
        else:
            parts = [f"{self._who(s, plain=True)} {number(self.taken[s])}" for s in self.seats]
        return "Points this hand: " + ", ".join(parts) + "."

    # ----- scores ----------------------------------------------------------------------------
    def _side_name(self, side: Sequence[str]) -> str:
        if len(side) == 1:
            return self._who(side[0], plain=True)
        return side_title(side)

    def _per_seat(self, side: Sequence[str], values: Mapping[str, Any]) -> str:
        """One number when the side's seats share it (partners), else each seat's: in a
        called-partner or bidder-against-the-rest game, yesterday's partners differ today."""
        numbers = [int(values.get(s, 0)) for s in side]
        if len(set(numbers)) == 1:
            return number(numbers[0])
        return join_words([f"{self._who(s, plain=True)} {number(n)}" for s, n in zip(side, numbers)])

    def _hand_end(self, ev: Event) -> list[str]:
        bidder, bid, made = ev.get("bidder"), ev.get("bid"), ev.get("made")
        captured = ev.get("captured", {})
        bonuses = ev.get("bonuses", {})
        score, totals = ev.get("score", {}), ev.get("totals", {})
        nest_to, nest_points = ev.get("nest_to"), int(ev.get("nest_points") or 0)
        sides = [[s for s in side if not (s == "dummy" and self.options.get("sides") == "dummy")]
                 for side in ev.get("sides", [])]
        sides = [side for side in sides if side]
        self.called, self.called_partner = None, None
        if not self.settings.hands:
            return []
        out: list[str] = []
        if self._level >= 1 and nest_to is not None and nest_points:
            out.append(self._does(nest_to, "takes", "take", plain=True)
                       + f" the nest, {points(nest_points)}.")
        if (self._level >= 1 and self.options.get("sides") == "called-partner"
                and bidder is not None and any(side == [bidder] for side in sides)):
            out.append(self._does(bidder, "played", "played", plain=True) + " alone.")
        clauses = []
        for side in sides:
            first = side[0]
            count = sum(int(captured.get(s, 0)) for s in side) + int(bonuses.get(first, 0))
            count += nest_points if nest_to in side else 0
            change = self._per_seat(side, score)
            name = self._side_name(side)
            if len(side) > 2 and bidder not in side:
                name = "the defenders"
            if bidder in side and made is True:
                clause = f"{name} made {bid} with {count}"
                clause += "" if change == number(count) else f", scoring {change}"
            elif bidder in side and made is False:
                clause = f"{name} set, {count} of {bid}: {change}"
            else:
                clause = f"{name} {change}"
            clauses.append(clause + f", now {self._per_seat(side, totals)}")
        head = f"Hand {ev.get('hand')}: "
        if len(clauses) <= 2:
            out.append(head + "; ".join(clauses) + ".")
        else:
            out.append(head + clauses[0] + ".")
            out += [clause + "." for clause in clauses[1:]]
        if self._level >= 2:
            for side in sides:
                parts = [f"{number(sum(int(captured.get(s, 0)) for s in side))} in tricks"]
                if nest_to in side and nest_points:
                    parts.append(f"nest {nest_points}")
                if int(bonuses.get(side[0], 0)):
                    parts.append(f"bonus {number(int(bonuses[side[0]]))}")
                out.append(f"{self._side_name(side)}: " + ", ".join(parts) + ".")
        return out

    def _game_groups(self) -> list[list[str]]:
        seats = self.seats
        if self.options.get("sides") == "partners":
            n = len(seats)
            return [[seats[i], seats[i + n // 2]] for i in range(n // 2)]
        return [[s] for s in seats if not (s == "dummy" and self.options.get("sides") == "dummy")]

    def _game_end(self, ev: Event) -> list[str]:
        winners = set(ev.get("winners", []))
        totals = ev.get("totals", {})
        groups = self._game_groups()
        won = [g for g in groups if winners & set(g)]
        lost = [g for g in groups if not winners & set(g)]
        if not won:
            return ["Game over."]
        group = won[0]
        if self.my_seat in group:
            others = [seat_title(s) for s in group if s != self.my_seat]
            title = "you" + (f" and {join_words(others)}" if others else "")
            verb = "win"
        else:
            title = self._side_name(group)
            verb = "win" if len(group) > 1 else "wins"

        def total_of(g: list[str]) -> int:
            return int(totals.get(g[0], 0))

        if len(groups) == 2 and lost:
            return [f"Game over: {title} {verb}, {number(total_of(group))} to "
                    f"{number(total_of(lost[0]))}."]
        rest = ", ".join(f"{self._side_name(g)} {number(total_of(g))}" for g in lost)
        return [f"Game over: {title} {verb} with {number(total_of(group))}"
                + (f"; {rest}." if rest else ".")]
