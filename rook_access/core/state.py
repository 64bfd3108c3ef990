"""The game state machine: deal → auction → nest and trump → tricks → scoring → next deal.

``GameState`` is the one object that holds the whole truth; its fields are declared once, in
``model.py``. Adapters use only its public API: ``legal_actions()``, ``apply(action)`` (checks the
action and returns the events it caused, in the record's shape), ``view(seat)`` and
``to_dict()`` / ``from_dict()``. Search uses the fast path: ``step(action)`` (unchecked, no
events) and, within a hand's play, ``play_card(card)`` with ``undo_card``. Seats are indexes into
``options.seats`` (clockwise).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from . import actions as A
from . import auction, nest
from . import cards as C
from .deal import Deal, check_face_up_named, deal_cards, deal_from_data, deal_rng
from .deck import deck_of, hand_deck
from .errors import DealError, IllegalAction, RuleError
from .events import ContractEvent, DealEvent, Event, EventSink, GameEndEvent, HandEndEvent, TrickEvent
from .model import HAND_FIELDS, MUTABLE, SAVED, GameFields, HandState, Phase
from .options import Options
from .presets import resolve
from .scoring import HandResult, hand_result, nest_at_end, winners_with
from .seats import (
    bidding_seats,
    dealing_seats,
    dummy_player,
    dummy_seat,
    game_groups,
    hand_partner,
    hand_sides,
    next_seat,
)
from .serialize import state_from_dict, state_to_dict
from .text import show
from .tricks import (
    Chooser,
    PlayedTrick,
    TrickTable,
    breaks_trump,
    lead_restriction,
    legal_plays,
    run_tricks,
    suits_for,
    why_not,
    winner_index,
)
from .view import SeatLog, SeatView, make_view

AUCTION, DISCARD, TRUMP, CALL, PLAY, OVER = (
    Phase.AUCTION, Phase.DISCARD, Phase.TRUMP, Phase.CALL, Phase.PLAY, Phase.OVER
)
RECORD_TYPES = frozenset({
    "game", "deal", "misdeal", "bid", "check", "pass", "contract", "redeal", "take_nest", "trump",
    "discard", "call", "play", "trick", "hand_end", "game_end",
})

# What ``undo_card`` needs to take a card back: (seat, card, led suit and trump broken before it,
# leader, and when the card ended a trick the trick's card and seat lists and its winner).
Undo = tuple[int, int, int, bool, int, "tuple[list[int], list[int]] | None", int]


# The next seat clockwise after each seat, by the number of seats (the trick loop's table when
# nobody sits the hand out).
_CLOCKWISE = {n: tuple((s + 1) % n for s in range(n)) for n in range(2, 10)}

# The hand's fields by how a new deal resets them (read once from model.py's declarations).
_HAND_PER_SEAT = tuple(f.name for f in HAND_FIELDS if f.metadata.get("per_seat"))
_HAND_LISTS = tuple(f.name for f in HAND_FIELDS if f.default_factory is list and f.name not in _HAND_PER_SEAT)
_HAND_DEFAULTS = {f.name: f.default for f in HAND_FIELDS if f.default_factory is not list}


@dataclass(kw_only=True, eq=False)
class GameState(GameFields, HandState):
    """One game in progress. Create it with :func:`new_game`. Seat tables (``seats``, ``n``,
    ``dummy``, ``bidding_seats``) and the deck are derived from the options."""

    def __post_init__(self) -> None:
        o = self.options
        self.game_deck = self.deck = deck_of(o)
        self.seats = o.seats
        self.n = len(o.seats)
        self.dummy = dummy_seat(o)
        self.bidding_seats = bidding_seats(o)
        if not self.totals:
            self.totals = [0] * self.n
        if not self.hands:
            self._reset_hand()

    @classmethod
    def begin(cls, preset: str, options: Options, seed: int) -> GameState:
        return cls(preset=preset, options=options, seed=seed)

    # ----- hand set-up -------------------------------------------------------------------
    def _reset_hand(self) -> None:
        """Every hand field back to its declared default; per-seat lists sized to the table."""
        self.deck = self.game_deck  # the Rook Bird as the rules rank it, until a call (rook=called)
        fields = self.__dict__
        fields.update(_HAND_DEFAULTS)
        for name in _HAND_LISTS:
            fields[name] = []
        zeros = [0] * self.n
        for name in _HAND_PER_SEAT:
            fields[name] = zeros.copy()

    def next_seat(self, seat: int, among: int) -> int:
        """The next seat clockwise after ``seat`` whose bit is set in ``among``."""
        return next_seat(seat, among, self.n)

    def next_dealer(self) -> int:
        return next_seat(self.dealer, self.bidding_seats, self.n)

    def partner_of(self, seat: int) -> int:
        """The seat's one partner this hand, -1 if it has none (rotate_partners, seats.py)."""
        return hand_partner(self.options, self.hand_number, seat)

    def start_deal(self, dealer: int, events: EventSink | None, deal: Deal | None = None) -> None:
        """Deal a new hand (from ``deal`` if given, else shuffled from the seed) and open it."""
        self._reset_hand()
        rng = deal_rng(self.seed, self.deal_index)
        self.deal_index += 1
        if deal is None:
            deal = deal_cards(self.options, self.deck.mask, dealer, rng)
        self.dealer = deal.dealer
        self.hands = list(deal.hands)
        self.nest_dealt = list(deal.nest)
        self.aside = deal.aside
        o = self.options
        if not o.auction:
            self._turn_up_trump()
        elif o.nest_face_up:
            self.face_up = self.nest_dealt[-o.nest_face_up:]
        if self.dummy >= 0 and o.dummy_face_up:
            if deal.dummy_face_up is not None:
                self.face_up += deal.dummy_face_up
            else:
                dummy_cards = list(C.cards_in(self.hands[self.dummy]))
                self.face_up += sorted(rng.sample(dummy_cards, o.dummy_face_up))
        self.blind = auction.bid_blind(o, self.face_up)
        # The state is whole before the deal is told (a listener's view is taken at each event).
        if o.auction:
            self.phase = AUCTION
            self.turn = next_seat(self.dealer, self.bidding_seats, self.n)
        else:
            self.start_play()
        if events is not None:
            deal_event: DealEvent = {
                "type": "deal",
                "hand": self.hand_number,
                "dealer": self.seats[self.dealer],
                "hands": {s: C.codes(self.hands[i]) for i, s in enumerate(self.seats)},
                "nest": [C.code(c) for c in self.nest_dealt],
                "aside": C.codes(self.aside),
                "face_up": [C.code(c) for c in self.face_up],
            }
            if self.turned_under:  # a field the format lets a writer add: the replay tells it too
                deal_event["turned_under"] = [C.code(c) for c in self.turned_under]
            events.append(cast(Event, deal_event))
            if not o.auction:
                events.append({"type": "trump", "seat": None, "color": C.COLORS[self.trump], "raise": 0})

    def _turn_up_trump(self) -> None:
        """No auction (beginner): the top nest card's colour is trump; a Rook Bird on top goes to
        the bottom and the next card is turned."""
        nest_cards = self.nest_dealt
        while C.BIT[nest_cards[-1]] & self.deck.special:  # the Rook Bird (or red 1): no colour
            self.turned_under.append(nest_cards[-1])  # everyone saw it go under: out of play
            nest_cards.insert(0, nest_cards.pop())
        self.face_up = [nest_cards[-1]]
        self.set_trump(C.color_of(nest_cards[-1]))

    # ----- contract, nest, trump ---------------------------------------------------------
    def set_contract(self, seat: int, amount: int, forced: bool, events: EventSink | None) -> None:
        o = self.options
        self.bidder, self.bid, self.forced = seat, amount, forced
        self.moon = o.moon == "on" and amount >= o.moon_bid_amount and not forced
        if self.moon and o.moon_alone:  # the partner lays the hand down for this hand
            self.sitting = 1 << self.partner_of(seat)
        self.trump_caller = seat
        self.blind = False
        if events is not None:
            contract: ContractEvent = {"type": "contract", "seat": self.seats[seat], "amount": amount,
                                       "forced": forced, "moon": self.moon}
            events.append(cast(Event, contract))
        if o.nest_size:
            self.hands[seat] |= C.to_mask(self.nest_dealt)
            if events is not None:
                events.append({"type": "take_nest", "seat": self.seats[seat],
                               "cards": [C.code(c) for c in self.nest_dealt]})
        self.advance()

    def set_trump(self, color: int, rook_call: str = "") -> None:
        """Trump for this hand; ``rook_call`` ranks the Rook Bird "high" or "low" for the hand
        (rook=called), and the deck tables and the suits (the one place tricks are decided)
        follow it."""
        self.trump, self.rook_call = color, rook_call
        self.deck = hand_deck(self.game_deck, rook_call)
        self.suits = suits_for(self.deck, color, self.options.rook_anytime, self.options.must_trump)

    def advance(self) -> None:
        """Move to the next step after the contract: discard and trump (in the preset's order),
        the partner call, then play."""
        o = self.options
        discard_left = len(self.discards) < o.nest_size
        handed_before_discard = self.trump_caller != self.bidder and not self.discards
        if self.trump < 0 and (not discard_left or o.trump_before_discard or handed_before_discard):
            self.phase, self.turn = TRUMP, self.trump_caller
        elif discard_left:
            self.phase, self.turn = DISCARD, self.bidder
        elif o.sides == "called-partner" and (self.called >= 0) + (self.called2 >= 0) < o.calls:
            self.phase, self.turn = CALL, self.bidder
        else:
            self.start_play()

    def start_play(self) -> None:
        """The first lead, as ``first_lead`` says."""
        o = self.options
        self.phase = PLAY
        if o.first_lead == "bidder" and self.bidder >= 0:
            self.leader = self.bidder
        elif o.first_lead == "left-of-bidder" and self.bidder >= 0:
            self.leader = self.next_player(self.bidder)
        elif o.first_lead == "dummy":
            self.leader = self.dummy
        else:
            self.leader = self.next_player(self.dealer)
        self.turn = self.leader

    def next_player(self, seat: int) -> int:
        """The next seat clockwise that plays this hand: not one sitting it out (``sitting``, the
        partner of a moon played alone)."""
        n, sitting = self.n, self.sitting
        seat = (seat + 1) % n
        while sitting >> seat & 1:
            seat = (seat + 1) % n
        return seat

    # ----- the public API ----------------------------------------------------------------
    @property
    def actor(self) -> int:
        """The seat that chooses the next action: the one on turn, or for the dummy its player."""
        if self.turn == self.dummy and self.phase == PLAY:
            return self.player_for(self.dummy)
        return self.turn

    def player_for(self, seat: int) -> int:
        """The seat that chooses ``seat``'s cards in play: itself, or for the dummy the seat after
        the bidder."""
        return dummy_player(self.bidder, self.bidding_seats, self.n) if seat == self.dummy else seat

    def card_name(self, card: int) -> str:
        """The card's spoken name in this game ("Red 1" where the red 1 is a special trump)."""
        return C.name(card, self.deck.special)

    def is_over(self) -> bool:
        return self.phase == OVER

    def lead_restriction(self) -> int:
        """Cards that may not be led now: trump, until it is broken (``trump_broken``)."""
        suits = self.suits
        assert suits is not None
        return lead_restriction(suits, self.options.trump_broken, self.trump_broken)

    def legal_plays_mask(self) -> int:
        suits = self.suits
        assert suits is not None
        if self.trick_cards:
            return legal_plays(self.hands[self.turn], suits, self.led_suit)
        return legal_plays(self.hands[self.turn], suits, -1,
                           lead_restriction(suits, self.options.trump_broken, self.trump_broken))

    def card_choice(self) -> tuple[tuple[A.Action, ...], int] | None:
        """The legal actions as (the action of each card, a card mask) when they are cards and
        nothing else: a play, or a discard with no trump call beside it. ``legal_actions`` lists
        the same actions, lowest card first. None otherwise."""
        phase = self.phase
        if phase == PLAY:
            return A.PLAYS, self.legal_plays_mask()
        if nest.discard_only(self):
            return A.DISCARDS, nest.discardable(self)
        return None

    def legal_actions(self) -> list[A.Action]:
        phase = self.phase
        if phase == PLAY:
            return C.card_list(self.legal_plays_mask(), A.PLAY_TABLE)
        if phase == AUCTION:
            return auction.legal(self)
        if phase == DISCARD:
            return nest.legal_discard(self)
        if phase == TRUMP:
            return nest.legal_trump(self)
        if phase == CALL:
            return nest.legal_call(self)
        return []

    def is_legal(self, action: A.Action) -> bool:
        """Whether ``action`` may be taken now: by the seat on turn, or for a misdeal call by the
        seat it names (any seat may call one, on turn or not)."""
        if self.phase == PLAY:  # the common case, one mask test
            card = action.value
            return action.kind == A.PLAY and 0 <= card < C.CARD_COUNT and bool(self.legal_plays_mask() >> card & 1)
        if action.kind == A.MISDEAL:
            return auction.can_misdeal(self, action.value)
        return action in self.legal_actions()

    def may_misdeal(self, seat: int) -> bool:
        """Whether ``seat`` may call a misdeal now, whoever's turn it is."""
        return auction.can_misdeal(self, seat)

    def why_illegal(self, action: A.Action, reader: int | None = None) -> str | None:
        """None if ``action`` is legal now, else one sentence saying why not and what would work,
        to ``reader``, the seat whose player reads it (the seat on turn if None; the table's
        player may read a refusal while another seat is on turn)."""
        if self.is_legal(action):
            return None
        phase = self.phase
        if phase == OVER:
            return "The game is over."
        if action.value and action.kind in A.NO_VALUE:
            return f"'{action.kind}' takes no number or card."
        if not action.named():
            return f"That is not a {'trump call' if action.kind == A.TRUMP else 'card'} of this game."
        if action.kind in A.CARD_KINDS and not C.BIT[action.value] & self.deck.mask:  # "rook" in two-player
            return f"The {self.card_name(action.value)} is not in this game's deck."
        never = nest.no_trump_never(self, action) if phase != TRUMP else None
        if never:  # never allowed, said before the phase, with what is due now
            return f"{never} It is time to {self.due()}."
        if phase == PLAY and action.kind == A.PLAY:
            suits = self.suits
            assert suits is not None
            return why_not(action.value, self.hands[self.turn], suits, self.led_suit, self.lead_restriction(),
                           self.deck.special, "the dummy" if self.turn == self.dummy else "you")
        if phase == AUCTION or action.kind == A.MISDEAL:
            return auction.why_not(self, action)
        if phase == DISCARD and action.kind == A.DISCARD:
            return nest.why_not_discard(self, action.value)
        if action.kind == A.PARTNER:
            return nest.why_not_partner(self, reader)
        if phase == TRUMP and action.kind == A.TRUMP:
            return nest.why_not_trump(self, action.value)
        if phase == CALL and action.kind == A.CALL:
            return nest.why_not_call(self, action.value)
        return f"Not now: it is time to {self.due()}."

    def due(self) -> str:
        """What the seat on turn is to do now, in words ("discard 5 more cards", "name trump"),
        for a refusal of another move and for a replay's record missing a line; "nothing" once
        the game is over."""
        left = self.options.nest_size - len(self.discards)
        return {
            DISCARD: f"discard {left} more card{'' if left == 1 else 's'}",
            TRUMP: "name trump",
            CALL: "call a partner card",
            PLAY: "play a card",
            AUCTION: "bid or pass",
        }.get(self.phase, "nothing")

    def check(self, action: A.Action) -> None:
        """Raise ``IllegalAction`` with the reason unless ``action`` may be taken now."""
        if not self.is_legal(action):
            raise IllegalAction(self.why_illegal(action) or "That is not possible now.")

    def apply(self, action: A.Action) -> list[Event]:
        """Check and apply an action; returns the events it caused (the record's lines). Raises
        ``IllegalAction`` with the reason otherwise, changing nothing."""
        self.check(action)
        events: list[Event] = []
        self.step(action, events)
        return events

    def apply_for(self, action: A.Action, seat: int) -> SeatLog:
        """``apply``, keeping also what ``seat`` learns of each event and its view at that moment
        (``SeatLog``): the console tells a player the game this way."""
        self.check(action)
        log = SeatLog(self, seat)
        self.step(action, log)
        return log

    def step(self, action: A.Action, events: EventSink | None = None) -> HandResult | None:
        """Apply a legal action without checking it: the fast path for search and simulation.
        ``events``, when given, receives the events (that is all ``apply`` adds). Returns the
        hand's result when the action ended a hand (its last card), else None."""
        kind = action.kind
        if kind == A.PLAY:
            return self._play(action.value, events)
        if self.phase == AUCTION:
            auction.apply(self, action, events)
        elif kind == A.PARTNER:
            nest.hand_to_partner(self, events)
            self.advance()
        elif kind == A.DISCARD:
            nest.discard(self, action.value, events)
            self.advance()
        elif kind == A.TRUMP:
            nest.name_trump(self, action.value, events)
            self.advance()
        elif kind == A.CALL:
            nest.call_partner(self, action.value, events)
            self.advance()
        else:
            raise IllegalAction(self.why_illegal(action) or "That is not possible now.")
        return None

    # ----- trick play --------------------------------------------------------------------
    def play_card(self, card: int) -> Undo:
        """Play ``card`` for the seat on turn, unchecked, and settle the trick if it is complete;
        the hand's end is left to the caller (``hand_over``, ``finish_hand``). Returns what
        ``undo_card`` needs: search plays and takes back thousands of cards this way."""
        seat = self.turn
        hands = self.hands
        hands[seat] &= ~(1 << card)
        self.played |= 1 << card
        suits = self.suits
        assert suits is not None
        cards, seats = self.trick_cards, self.trick_seats
        led, broken = self.led_suit, self.trump_broken
        if not cards:
            self.led_suit = suits.suit_of[card]
        elif not broken and suits.trump >> card & 1 and breaks_trump(card, led, suits, hands[seat] | 1 << card):
            self.trump_broken = True
        cards.append(card)
        seats.append(seat)
        if len(cards) < self.n - self.sitting.bit_count():
            self.turn = self.next_player(seat) if self.sitting else (seat + 1) % self.n
            return (seat, card, led, broken, self.leader, None, -1)
        winner = seats[winner_index(cards, suits)]
        points = self.deck.points
        self.tricks_won[winner] += 1
        self.captured[winner] += sum(map(points.__getitem__, cards))
        leader = self.leader
        self.tricks.append((leader, tuple(zip(seats, cards)), winner))
        self.trick_cards, self.trick_seats, self.led_suit = [], [], -1
        self.leader = self.turn = winner
        # The finished trick's lists go in the undo record; undo_card puts them back.
        return (seat, card, led, broken, leader, (cards, seats), winner)

    def undo_card(self, undo: Undo) -> None:
        """Take back the card ``play_card`` played (the last one played)."""
        seat, card, led, broken, leader, finished, winner = undo
        if finished is not None:
            cards, seats = finished
            self.tricks.pop()
            self.tricks_won[winner] -= 1
            self.captured[winner] -= sum(map(self.deck.points.__getitem__, cards))
            self.trick_cards, self.trick_seats = cards, seats
        else:
            cards, seats = self.trick_cards, self.trick_seats
        cards.pop()
        seats.pop()
        self.hands[seat] |= 1 << card
        self.played &= ~(1 << card)
        self.led_suit, self.trump_broken, self.leader = led, broken, leader
        self.turn = seat

    def play_out(self, choose: Chooser, first: int = -1) -> tuple[list[int], list[int], int]:
        """Play the rest of the hand on copies, leaving this state as it is, each card chosen by
        ``choose(hands, seat, legal, trick_cards, trick_seats, led_suit)`` when there is a choice
        (``first``: the card the seat on turn plays now). Returns (points captured by seat, tricks
        won by seat, the last trick's winner): ``hand_result``'s arguments. Search runs thousands
        of these a decision."""
        captured, won = list(self.captured), list(self.tricks_won)
        last, _broken = self._run_tricks(list(self.hands), captured, won, list(self.trick_cards),
                                         list(self.trick_seats), choose, None, first, None)
        return captured, won, last

    def lay_aside(self, pick: Callable[[int], int]) -> int:
        """Lay the nest's cards aside while the discard is all the bidder may do, each card chosen
        by ``pick(discardable cards)`` (a mask), as ``step`` would lay them one at a time:
        random play's fast path, with no events. Stops where another choice comes up (trump,
        or handing the call to the partner). Returns the cards laid."""
        laid = 0
        while nest.discard_only(self):
            nest.discard(self, pick(nest.discardable(self)), None)
            self.advance()
            laid += 1
        return laid

    def play_hand(self, picks: Sequence[Callable[[int], int]]) -> HandResult:
        """Play the rest of the hand on this state, each card chosen by ``picks[seat](legal
        plays)`` (a card mask; forced cards are asked too, as ``step`` would be), then score it
        as the last card's ``step`` does: random play's fast path, with no events. The picks
        are trusted: a card not in the mask breaks the game."""
        self.played |= sum(self.hands)  # every card still held is played by the hand's end
        played: list[PlayedTrick] = []
        last, self.trump_broken = self._run_tricks(self.hands, self.captured, self.tricks_won, self.trick_cards,
                                                   self.trick_seats, None, picks, -1, played)
        self.trick_cards, self.trick_seats, self.led_suit = [], [], -1
        self.leader = self.turn = last
        tricks = self.tricks
        result = self.finish_hand(None)
        # The next deal clears the hand's tricks, and nothing before it reads them (scoring
        # counts what each seat captured), so they are written as ``tricks`` holds them only
        # when the game ends here and this state stays (about 9 of a hand's ~250 µs saved).
        if self.phase is OVER:
            tricks += [(seats[0], tuple(zip(seats, cards)), winner) for cards, seats, winner in played]
        return result

    def _run_tricks(self, hands: list[int], captured: list[int], won: list[int], cards: list[int],
                    seats: list[int], choose: Chooser | None, picks: Sequence[Callable[[int], int]] | None,
                    card: int, log: list[PlayedTrick] | None) -> tuple[int, bool]:
        """The hand's remaining tricks on the lists given (changed in place), from this state's
        led suit, trump broken and turn (``tricks.run_tricks``, where the loop is written).
        Returns the last trick's winner and whether trump was broken."""
        suits = self.suits
        assert suits is not None
        following = _CLOCKWISE[self.n] if not self.sitting else tuple(self.next_player(s) for s in range(self.n))
        table = TrickTable(suits, self.deck.points, self.n - self.sitting.bit_count(), following,
                           lead_restriction(suits, self.options.trump_broken, False))
        return run_tricks(table, hands, captured, won, cards, seats, self.led_suit, self.trump_broken, self.turn,
                          choose, picks, card, log)

    def hand_over(self) -> bool:
        """Every card of the hand has been played (the last trick is settled)."""
        return self.phase == PLAY and not self.trick_cards and not self.hands[self.leader]

    def _play(self, card: int, events: EventSink | None) -> HandResult | None:
        seat = self.turn
        finished = self.play_card(card)[5]
        if events is not None:
            events.append({"type": "play", "seat": self.seats[seat], "card": C.CODES[card]})
            if finished is not None:
                self._trick_event(events)
        # The hand is over when a trick ends and its winner, the next leader, holds nothing.
        if finished is not None and not self.hands[self.turn]:
            return self.finish_hand(events)
        return None

    def _trick_event(self, events: EventSink) -> None:
        leader, plays, winner = self.tricks[-1]
        points = self.deck.points
        trick: TrickEvent = {
            "type": "trick",
            "number": len(self.tricks),
            "leader": self.seats[leader],
            "winner": self.seats[winner],
            "cards": [[self.seats[s], C.CODES[c]] for s, c in plays],
            "points": sum(points[c] for _s, c in plays),
        }
        events.append(cast(Event, trick))

    def hand_sides(self) -> list[list[int]]:
        return hand_sides(self.options, self.n, self.bidder, self.partner, self.hand_number, self.partner2)

    def game_groups(self) -> list[list[int]]:
        """Who wins together: fixed partners, otherwise each scoring seat alone."""
        return game_groups(self.options)

    def hand_result(self) -> HandResult:
        """The score of this hand as its tricks stand (complete once ``hand_over``)."""
        return hand_result(self, self.captured, self.tricks_won, self.leader)

    def finish_hand(self, events: EventSink | None) -> HandResult:
        """Score the played-out hand, then end the game or deal the next hand; returns the
        hand's result."""
        result = self.hand_result()
        for seat, change in enumerate(result.score):
            self.totals[seat] += change
        names = self.seats
        n = self.n
        if events is not None:
            nest_to = result.nest_to
            hand_end: HandEndEvent = {
                "type": "hand_end",
                "hand": self.hand_number,
                "bidder": names[self.bidder] if self.bidder >= 0 else None,
                "bid": self.bid + self.raise_ if self.bidder >= 0 else None,
                "sides": [[names[s] for s in side] for side in result.sides],
                "captured": {names[s]: self.captured[s] for s in range(n)},
                "nest_to": names[nest_to] if nest_to >= 0 else None,
                "nest_points": result.nest_points,
                # Turned over for all to see when it is counted (the parity sweep: only its
                # points were said, though the cards are what a sighted player sees).
                "nest": C.codes(nest_at_end(self)) if nest_to >= 0 else [],
                "bonuses": {names[s]: result.bonuses[s] for s in range(n)},
                "made": result.made,
                "score": {names[s]: result.score[s] for s in range(n)},
                "totals": {names[s]: self.totals[s] for s in range(n)},
            }
            events.append(cast(Event, hand_end))
        self.winners = winners_with(self, self.totals, result)
        if self.winners:
            self.phase = OVER
            if events is not None:
                game_end: GameEndEvent = {
                    "type": "game_end",
                    "winners": [names[s] for s in self.winners],
                    "totals": {names[s]: self.totals[s] for s in range(n)},
                }
                events.append(cast(Event, game_end))
            return result
        self.hand_number += 1
        self.start_deal(self.next_dealer(), events)
        return result

    # ----- views, copies and serialisation -------------------------------------------------
    def view(self, seat: int | str) -> SeatView:
        return make_view(self, self.seats.index(seat) if isinstance(seat, str) else seat)

    def to_dict(self) -> dict[str, Any]:
        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        return state_from_dict(data)

    def clone(self) -> GameState:
        """A copy that shares nothing mutable with this one (for search: ~100x cheaper than
        ``deepcopy``). Options, deck tables, suits and tuples are immutable and shared."""
        twin = object.__new__(GameState)
        twin.__dict__.update(self.__dict__)
        for name in MUTABLE:
            setattr(twin, name, list(getattr(self, name)))
        return twin

    def __eq__(self, other: object) -> bool:
        """Equal when every saved field is equal (the derived tables follow from them)."""
        if not isinstance(other, GameState):
            return NotImplemented
        return all(getattr(self, f.name) == getattr(other, f.name) for f in SAVED)

    __hash__ = None  # type: ignore[assignment]


def new_game(
    preset: str = "hasbro",
    options: list[str] | dict[str, Any] | Options | None = None,
    seed: int = 0,
    deal: dict[str, Any] | None = None,
    dealer: int | None = None,
) -> tuple[GameState, list[Event]]:
    """A game from a preset, option overrides and a seed; ``deal`` (a deal file's JSON) fixes the
    first deal, ``dealer`` the first dealer (a save's: ``drawn_dealer`` for one written before
    saves held it). Returns the state and the events of the opening deal."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RuleError(f"the seed must be a whole number, not {show(seed)}")
    resolved = options if isinstance(options, Options) else resolve(preset, options)
    state = GameState.begin(preset, resolved, seed)
    events: list[Event] = []
    first = deal_from_data(resolved, state.deck.mask, deal) if deal is not None else None
    first_dealer = first.dealer if first is not None else drawn_dealer(resolved, seed) if dealer is None else dealer
    if dealer is not None and dealer != first_dealer:
        raise RuleError(f"the first dealer is {resolved.seats[dealer]}, but the first deal was dealt by "
                        f"{resolved.seats[first_dealer]}")
    if not state.bidding_seats >> first_dealer & 1:
        fault = f"{resolved.seats[first_dealer]} never deals"
        raise DealError(fault) if first is not None else RuleError(fault)
    state.start_deal(first_dealer, events, first)
    if first is not None and first.dummy_face_up is None:
        check_face_up_named(deal or {}, state.face_up)
    return state, events


def drawn_dealer(options: Options, seed: int, every_seat: bool = False) -> int:
    """The first dealer drawn at random, seeded, among the seats that deal (rules.md: Dealer).

    ``every_seat``: the draw before 28 November 2026, over every seat, a dummy's draw passed on
    to the next seat (north dealt two-player's first hand two games in three). A save holds its
    first dealer since then; one written before it resumes with this draw."""
    if every_seat:
        n, dealers = len(options.seats), bidding_seats(options)
        drawn = deal_rng(seed, -1).randrange(n)
        return drawn if dealers >> drawn & 1 else next_seat(drawn, dealers, n)
    seats = dealing_seats(options)
    return seats[deal_rng(seed, -1).randrange(len(seats))]


__all__ = ["GameState", "new_game", "drawn_dealer", "Event", "IllegalAction", "Phase", "RECORD_TYPES", "Undo"]
