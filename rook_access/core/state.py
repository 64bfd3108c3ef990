"""The game state machine: deal → auction → nest and trump → tricks → scoring → next deal.

``GameState`` is the one object that holds the whole truth. Adapters use only its public API:
``legal_actions()``, ``apply(action)`` (returns the events it caused, in the record's shape),
``view(seat)`` and ``to_dict()`` / ``from_dict()``. Phases: auction, discard, trump, call, play,
over. Seats are indexes into ``options.seats`` (clockwise).
"""

from __future__ import annotations

from typing import Any

from . import actions as A
from . import auction, nest
from . import cards as C
from .deal import Deal, deal_cards, deal_from_data, deal_rng
from .deck import DeckInfo
from .errors import IllegalAction, RuleError
from .options import Options
from .presets import resolve
from .scoring import game_winners, score_hand
from .serialize import state_from_dict, state_to_dict
from .tricks import Suits, legal_plays, why_not, winner_index
from .view import SeatView, make_view

Event = dict[str, Any]

AUCTION, DISCARD, TRUMP, CALL, PLAY, OVER = "auction", "discard", "trump", "call", "play", "over"
RECORD_TYPES = frozenset({
    "game", "deal", "misdeal", "bid", "check", "pass", "contract", "redeal", "take_nest", "trump",
    "discard", "call", "play", "trick", "hand_end", "game_end",
})


# Lists a clone must copy; tuples inside them are immutable and may be shared.
_MUTABLE_LISTS = (
    "totals", "winners", "hands", "nest_dealt", "face_up", "auction_log", "discards", "trick_cards",
    "trick_seats", "tricks", "tricks_won", "captured",
)


class GameState:
    """One game in progress. Create it with :func:`new_game`."""

    def __init__(self, preset: str, options: Options, seed: int) -> None:
        self.preset = preset
        self.options = options
        self.seed = seed
        self.deck = DeckInfo.build(options)
        self.seats = options.seats
        self.n = len(self.seats)
        self.dummy = self.seats.index("dummy") if options.sides == "dummy" else -1
        all_seats = (1 << self.n) - 1
        self.bidding_seats = all_seats & ~(1 << self.dummy if self.dummy >= 0 else 0)
        self.phase = AUCTION
        self.hand_number = 1
        self.deal_index = 0
        self.dealer = 0
        self.totals = [0] * self.n
        self.winners: list[int] = []
        self._reset_hand()

    # ----- hand set-up -------------------------------------------------------------------
    def _reset_hand(self) -> None:
        self.hands = [0] * self.n
        self.nest_dealt: list[int] = []
        self.aside = 0
        self.face_up: list[int] = []
        self.blind = False
        self.turn = 0
        self.high_bid = 0
        self.high_bidder = -1
        self.passed = 0
        self.checked = 0
        self.auction_log: list[tuple[int, str, int]] = []
        self.bidder = -1
        self.bid = 0
        self.forced = False
        self.moon = False
        self.raise_ = 0
        self.discards: list[int] = []
        self.discard_counters_ok = True
        self.trump = -1
        self.trump_caller = -1
        self.suits: Suits | None = None
        self.called = -1
        self.partner = -1
        self.leader = -1
        self.trick_cards: list[int] = []
        self.trick_seats: list[int] = []
        self.led_suit = -1
        self.tricks: list[tuple[int, tuple[tuple[int, int], ...], int]] = []  # (leader, plays, winner)
        self.tricks_won = [0] * self.n
        self.captured = [0] * self.n
        self.trump_broken = False
        self.played = 0

    def next_seat(self, seat: int, among: int) -> int:
        """The next seat clockwise after ``seat`` whose bit is set in ``among``."""
        for step in range(1, self.n + 1):
            nxt = (seat + step) % self.n
            if among >> nxt & 1:
                return nxt
        raise AssertionError("no seat to move to")

    @property
    def scoring_seats(self) -> int:
        """Seats that score: the same as those that deal and bid (all but a dummy)."""
        return self.bidding_seats

    def next_dealer(self) -> int:
        return self.next_seat(self.dealer, self.bidding_seats)

    def partner_of(self, seat: int) -> int:
        return (seat + self.n // 2) % self.n

    def start_deal(self, dealer: int, events: list[Event], deal: Deal | None = None) -> None:
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
            dummy_cards = list(C.cards_in(self.hands[self.dummy]))
            self.face_up += sorted(rng.sample(dummy_cards, o.dummy_face_up))
        self.blind = o.blind_bid_on_rook and C.ROOK in self.face_up
        events.append({
            "type": "deal",
            "hand": self.hand_number,
            "dealer": self.seats[self.dealer],
            "hands": {s: C.codes(self.hands[i]) for i, s in enumerate(self.seats)},
            "nest": [C.code(c) for c in self.nest_dealt],
            "aside": C.codes(self.aside),
            "face_up": [C.code(c) for c in self.face_up],
        })
        if o.auction:
            self.phase = AUCTION
            self.turn = self.next_seat(self.dealer, self.bidding_seats)
        else:
            events.append({"type": "trump", "seat": None, "color": C.COLORS[self.trump], "raise": 0})
            self._start_play()

    def _turn_up_trump(self) -> None:
        """No auction (beginner): the top nest card's colour is trump; a Rook Bird on top goes to
        the bottom and the next card is turned."""
        nest_cards = self.nest_dealt
        while C.BIT[nest_cards[-1]] & self.deck.special:  # the Rook Bird (or red 1): no colour
            nest_cards.insert(0, nest_cards.pop())
        self.face_up = [nest_cards[-1]]
        self.set_trump(C.color_of(nest_cards[-1]))

    # ----- contract, nest, trump ---------------------------------------------------------
    def set_contract(self, seat: int, amount: int, forced: bool, events: list[Event]) -> None:
        o = self.options
        self.bidder, self.bid, self.forced = seat, amount, forced
        self.moon = o.moon != "off" and amount >= o.max_bid and not forced
        self.trump_caller = seat
        self.blind = False
        events.append({"type": "contract", "seat": self.seats[seat], "amount": amount,
                       "forced": forced, "moon": self.moon})
        if o.nest_size:
            nest_mask = C.to_mask(self.nest_dealt)
            self.hands[seat] |= nest_mask
            events.append({"type": "take_nest", "seat": self.seats[seat],
                           "cards": [C.code(c) for c in self.nest_dealt]})
        self._advance(events)

    def set_trump(self, color: int) -> None:
        self.trump = color
        self.suits = Suits.build(self.deck, color, self.options.rook_anytime)

    def _advance(self, events: list[Event]) -> None:
        """Move to the next step after the contract: discard and trump (in the preset's order),
        the partner call, then play."""
        o = self.options
        discard_left = len(self.discards) < o.nest_size
        if self.trump < 0 and (not discard_left or o.trump_before_discard or self.raise_):
            self.phase, self.turn = TRUMP, self.trump_caller
        elif discard_left:
            if self.phase != DISCARD:
                nest.begin_discard(self)
            self.phase, self.turn = DISCARD, self.bidder
        elif o.sides == "called-partner" and self.called < 0:
            self.phase, self.turn = CALL, self.bidder
        else:
            self._start_play()

    def _start_play(self) -> None:
        o = self.options
        self.phase = PLAY
        if o.first_lead == "bidder" and self.bidder >= 0:
            self.leader = self.bidder
        elif o.first_lead == "left-of-bidder" and self.bidder >= 0:
            self.leader = (self.bidder + 1) % self.n
        elif o.first_lead == "dummy":
            self.leader = self.dummy
        else:
            self.leader = (self.dealer + 1) % self.n
        self.turn = self.leader

    # ----- the public API ----------------------------------------------------------------
    @property
    def actor(self) -> int:
        """The seat that chooses the next action: the one on turn, or for the dummy its player."""
        if self.turn == self.dummy and self.phase == PLAY:
            return self.next_seat(self.bidder, self.bidding_seats)
        return self.turn

    def is_over(self) -> bool:
        return self.phase == OVER

    def lead_restriction(self) -> int:
        """Cards that may not be led now: trump, until it is broken (``trump_broken``)."""
        suits = self.suits
        assert suits is not None
        if self.options.trump_broken and not self.trump_broken and self.trump < C.NO_TRUMP:
            return suits.trump
        return 0

    def legal_plays_mask(self) -> int:
        suits = self.suits
        assert suits is not None
        return legal_plays(self.hands[self.turn], suits, self.led_suit, self.lead_restriction())

    def legal_actions(self) -> list[A.Action]:
        phase = self.phase
        if phase == PLAY:
            plays = A.PLAYS
            return [plays[c] for c in C.cards_in(self.legal_plays_mask())]
        if phase == AUCTION:
            return auction.legal(self)
        if phase == DISCARD:
            return nest.legal_discard(self)
        if phase == TRUMP:
            return nest.legal_trump(self)
        if phase == CALL:
            return nest.legal_call(self)
        return []

    def why_illegal(self, action: A.Action) -> str | None:
        """None if ``action`` is legal now, else one sentence saying why not and what would work."""
        if action in self.legal_actions():
            return None
        phase = self.phase
        if phase == OVER:
            return "The game is over."
        if phase == PLAY and action.kind == A.PLAY:
            suits = self.suits
            assert suits is not None
            return why_not(action.value, self.hands[self.turn], suits, self.led_suit, self.lead_restriction())
        if phase == AUCTION:
            return auction.why_not(self, action)
        if phase == DISCARD and action.kind == A.DISCARD:
            return nest.why_not_discard(self, action.value)
        if action.kind == A.PARTNER:
            return "You may not hand the trump call to your partner now."
        if phase == TRUMP and action.kind == A.TRUMP:
            return "These rules do not allow no trump: name red, green, black or yellow."
        if phase == CALL and action.kind == A.CALL:
            return f"Call a card you do not hold: the {C.name(action.value)} is in your hand."
        expected = {
            DISCARD: f"discard {self.options.nest_size - len(self.discards)} more cards",
            TRUMP: "name trump",
            CALL: "call a partner card",
            PLAY: "play a card",
            AUCTION: "bid or pass",
        }[phase]
        return f"Not now: it is time to {expected}."

    def apply(self, action: A.Action) -> list[Event]:
        """Apply a legal action; returns the events it caused. Raises IllegalAction otherwise."""
        events: list[Event] = []
        phase = self.phase
        if action.value and action.kind in A.NO_VALUE:
            raise IllegalAction(f"'{action.kind}' takes no number or card.")
        if phase == PLAY and action.kind == A.PLAY:
            if not C.BIT[action.value] & self.legal_plays_mask():
                raise IllegalAction(self.why_illegal(action) or "illegal")
            self._play(action.value, events)
        elif phase == AUCTION:
            auction.apply(self, action, events)
        elif phase in (DISCARD, TRUMP, CALL) and action.kind == A.PARTNER:
            nest.hand_to_partner(self, events)
            self._advance(events)
        elif phase == DISCARD and action.kind == A.DISCARD:
            nest.discard(self, action.value, events)
            self._advance(events)
        elif phase == TRUMP and action.kind == A.TRUMP and 0 <= action.value <= C.NO_TRUMP:
            nest.name_trump(self, action.value, events)
            self._advance(events)
        elif phase == CALL and action.kind == A.CALL:
            nest.call_partner(self, action.value, events)
            self._advance(events)
        else:
            raise IllegalAction(self.why_illegal(action) or "That is not possible now.")
        return events

    # ----- trick play --------------------------------------------------------------------
    def _play(self, card: int, events: list[Event]) -> None:
        seat = self.turn
        bit = C.BIT[card]
        self.hands[seat] &= ~bit
        self.played |= bit
        suits = self.suits
        assert suits is not None
        if not self.trick_cards:
            self.led_suit = suits.suit_of[card]
        elif bit & suits.trump and self.led_suit != suits.trump_suit:
            self.trump_broken = True
        self.trick_cards.append(card)
        self.trick_seats.append(seat)
        events.append({"type": "play", "seat": self.seats[seat], "card": C.CODES[card]})
        if len(self.trick_cards) < self.n:
            self.turn = (seat + 1) % self.n
            return
        self._end_trick(events)

    def _end_trick(self, events: list[Event]) -> None:
        suits = self.suits
        assert suits is not None
        cards, seats = self.trick_cards, self.trick_seats
        winner = seats[winner_index(cards, suits, self.deck.rank)]
        points = sum(self.deck.points[c] for c in cards)
        self.tricks_won[winner] += 1
        self.captured[winner] += points
        plays = tuple(zip(seats, cards))
        self.tricks.append((self.leader, plays, winner))
        events.append({
            "type": "trick",
            "number": len(self.tricks),
            "leader": self.seats[self.leader],
            "winner": self.seats[winner],
            "cards": [[self.seats[s], C.CODES[c]] for s, c in plays],
            "points": points,
        })
        self.trick_cards, self.trick_seats, self.led_suit = [], [], -1
        self.leader = self.turn = winner
        if not self.hands[winner]:
            self._end_hand(winner, events)

    def hand_sides(self) -> list[list[int]]:
        o, n = self.options, self.n
        if o.sides == "partners":
            return [[i, i + n // 2] for i in range(n // 2)]
        if o.sides == "solo" or self.bidder < 0:
            return [[i] for i in range(n)]
        if o.sides == "called-partner" and self.partner >= 0:
            first = sorted([self.bidder, self.partner])
        else:
            first = [self.bidder]
        return [first, [s for s in range(n) if s not in first]]

    def _end_hand(self, last_winner: int, events: list[Event]) -> None:
        o = self.options
        final_nest = C.to_mask(self.discards) if o.auction else C.to_mask(self.nest_dealt)
        nest_to = last_winner if o.nest_to == "last-trick" and final_nest else -1
        nest_points = self.deck.points_of(final_nest) if nest_to >= 0 else 0
        sides = self.hand_sides()
        contract = self.bid + self.raise_
        result = score_hand(
            o, sides, self.captured, self.tricks_won, nest_to, nest_points, last_winner,
            self.deck.total - self.deck.points_of(self.aside), self.bidder, contract,
            self.moon, self.scoring_seats,
        )
        for seat, change in enumerate(result.score):
            self.totals[seat] += change
        names = self.seats
        events.append({
            "type": "hand_end",
            "hand": self.hand_number,
            "bidder": names[self.bidder] if self.bidder >= 0 else None,
            "bid": contract if self.bidder >= 0 else None,
            "sides": [[names[s] for s in side] for side in sides],
            "captured": {names[s]: self.captured[s] for s in range(self.n)},
            "nest_to": names[nest_to] if nest_to >= 0 else None,
            "nest_points": nest_points,
            "bonuses": {names[s]: result.bonuses[s] for s in range(self.n)},
            "made": result.made,
            "score": {names[s]: result.score[s] for s in range(self.n)},
            "totals": {names[s]: self.totals[s] for s in range(self.n)},
        })
        self.winners = game_winners(self.totals, self.game_groups(), o.target)
        if self.winners:
            self.phase = OVER
            events.append({
                "type": "game_end",
                "winners": [names[s] for s in self.winners],
                "totals": {names[s]: self.totals[s] for s in range(self.n)},
            })
            return
        self.hand_number += 1
        self.start_deal(self.next_dealer(), events)

    def game_groups(self) -> list[list[int]]:
        """Who wins together: fixed partners, otherwise each scoring seat alone."""
        if self.options.sides == "partners":
            return [[i, i + self.n // 2] for i in range(self.n // 2)]
        return [[s] for s in range(self.n) if self.scoring_seats >> s & 1]

    # ----- views and serialisation ---------------------------------------------------------
    def view(self, seat: int | str) -> SeatView:
        return make_view(self, self.seats.index(seat) if isinstance(seat, str) else seat)

    def to_dict(self) -> dict[str, Any]:
        return state_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        return state_from_dict(data)

    def clone(self) -> GameState:
        """A copy that shares nothing mutable with this one (for search: ~100x cheaper than
        ``deepcopy``). Options, deck tables and suits are immutable and shared."""
        twin = object.__new__(GameState)
        twin.__dict__.update(self.__dict__)
        for name in _MUTABLE_LISTS:
            setattr(twin, name, list(getattr(self, name)))
        return twin

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


def new_game(
    preset: str = "hasbro",
    options: list[str] | dict[str, Any] | Options | None = None,
    seed: int = 0,
    deal: dict[str, Any] | None = None,
    dealer: int | None = None,
) -> tuple[GameState, list[Event]]:
    """A game from a preset, option overrides and a seed; ``deal`` (a deal file's JSON) fixes the
    first deal. Returns the state and the events of the opening deal."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RuleError(f"the seed must be a whole number, not {seed!r}")
    resolved = options if isinstance(options, Options) else resolve(preset, options)
    state = GameState(preset, resolved, seed)
    events: list[Event] = []
    first = deal_from_data(resolved, state.deck.mask, deal) if deal is not None else None
    if first is None:
        first_dealer = dealer if dealer is not None else deal_rng(seed, -1).randrange(state.n)
        if not state.bidding_seats >> first_dealer & 1:
            first_dealer = state.next_seat(first_dealer, state.bidding_seats)
    else:
        first_dealer = first.dealer
        if not state.bidding_seats >> first_dealer & 1:
            raise RuleError(f"deal file: {resolved.seats[first_dealer]} never deals")
    state.start_deal(first_dealer, events, first)
    return state, events


__all__ = ["GameState", "new_game", "Event", "IllegalAction", "RECORD_TYPES"]
