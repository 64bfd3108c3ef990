"""A game at a real table with real cards: the program knows the player's own hand and what it
is told, and follows along by the same rules as a game on the screen.

``TableGame`` keeps a real ``GameState`` in which the cards the player has not seen are
placeholders (``table_cards``), so trick winners, scores, events and views all come from the
one rules path. What is checked is what the table can know:

- the player's own entries go through ``GameState``'s full check (``is_legal``/``why_illegal``),
  against the real hand;
- another seat's bid, pass, trump or call is public: the same full check;
- another seat's card is refused only when it is impossible (already played, in the player's
  hand, in the nest the player laid, not in this deck) and questioned, never refused, when an
  earlier play proved the seat did not hold it (``shown_out``): "West played red after showing
  none: a renege?";
- the nest is the player's to enter when the player wins the contract (``NeedMore("nest")``);
  otherwise it is laid aside unseen, and its points at the end of the hand come from the cards
  never played, or, when cards lie aside too, from the player (``NeedMore("nest_points")``);
- another bidder's word on the nest's points (``nest_points_told``: "points are in the nest",
  or with ``always`` also "no points") is entered with the nest laid aside (``told``; asked,
  ``NeedMore("told")``, when the rules make the bidder always say it), announced and shown as
  the game does, and held against the nest's points at the end of the hand;
- a dummy (two players) is seen as at the table: its face-up half is entered with the deal, the
  rest when it is turned up as trump is named (``NeedMore("dummy")``); from then on every card
  of the dummy is known, so its plays get the full check, whoever plays it;
- a blind auction (``blind_bid_on_rook``, the Rook Bird face up on the nest) is entered blind:
  the deal names only the face-up cards, and the player's hand is asked when the auction ends
  with a contract (``NeedMore("blind_hand")``), before anything that needs it; it then takes its
  place in the deal's entry (``reveal_hand``), so the game is what it would have been had the
  hand come with the deal.

The game is its list of entries (``Entry``): undo and correction rebuild it from them, a save is
the list, and a rebuilt game is the same game (placeholders are placed deterministically).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from . import actions as A
from . import cards as C
from . import nest as N
from .auction import bid_blind
from .deck import deck_mask
from .errors import IllegalAction, NotTheirTurn, RuleError
from .events import Event
from .model import Phase
from .options import Options, record_options, without_effect
from .replay import TABLE_FORMAT as RECORD_FORMAT
from .replay import preset_name
from .state import RECORD_TYPES, GameState
from .table_cards import (
    bring,
    bring_out,
    dummy_seen,
    nest_with_points,
    per_seat,
    placeholder_deal,
    possible_nest_points,
    shown_out,
    swap,
)
from .text import counted, of_another, of_seat
from .tricks import may_break_trump, why_not
from .view import SeatLog, SeatView, make_view

FORMAT = "rook-table/1"
# A real-table game's record: the lines of rook-record/1 as the player saw them (the deal line
# holds only the player's hand, another bidder's nest and discard only their count), so under a
# name of its own: a reader of rook-record/1 would take the missing cards for an empty nest.
DEAL, ACT, LAID = "deal", "act", "laid"
# What the table asks the player to type after its note on a nest nobody entered the bidder's
# word for: said live only, as a replay of the record cannot take it (``as_replayed``).
IF_THEY_DID = ": type points if they did."


class NeedMore(RuleError):
    """An entry that needs one more answer before it can be taken: ``need`` is ``"nest"`` (the
    player won the contract: which cards were in the nest?), ``"nest_points"`` (the hand's last
    card, with the nest unseen and cards aside: how many points were in it?), ``"dummy"``
    (trump is named and the dummy turned up: which are its other cards?), ``"told"`` (another
    bidder laid the nest aside and the rules make them say: are points in it?) or
    ``"blind_hand"`` (a blind auction ends: which cards were you dealt?)."""

    def __init__(self, need: str, message: str) -> None:
        super().__init__(message)
        self.need = need


@dataclass(frozen=True)
class Entry:
    """One thing the player told the program. ``deal``: ``seat`` deals, ``cards`` is the player's
    hand (empty until a blind auction ends), ``face_up`` the nest cards turned up (the turned
    trump card without an auction).
    ``act``: ``seat`` did ``action``; ``cards`` is the nest the player picked up, ``nest_points``
    the nest's points told at the end of a hand, ``dummy`` the dummy's cards turned up with a
    trump call. ``laid``: the bidder laid the nest aside. ``told``: what the bidder said of the
    nest's points, on the entry that laid it aside (``laid``, or the next one)."""

    kind: str
    seat: int
    action: A.Action | None = None
    cards: tuple[int, ...] = ()
    face_up: tuple[int, ...] = ()
    nest_points: int | None = None
    dummy: tuple[int, ...] = ()
    told: bool | None = None

    def to_data(self, seats: tuple[str, ...]) -> dict[str, Any]:
        if self.kind == DEAL:
            return {"deal": seats[self.seat], "hand": [C.code(c) for c in self.cards],
                    "face_up": [C.code(c) for c in self.face_up]}
        if self.kind == LAID:
            return {"seat": seats[self.seat], "laid": True, **({} if self.told is None else {"told": self.told})}
        data: dict[str, Any] = {"seat": seats[self.seat], "action": str(self.action)}
        if self.cards:
            data["nest"] = [C.code(c) for c in self.cards]
        if self.nest_points is not None:
            data["nest_points"] = self.nest_points
        if self.dummy:
            data["dummy"] = [C.code(c) for c in self.dummy]
        if self.told is not None:
            data["told"] = self.told
        return data

    @classmethod
    def from_data(cls, data: Any, seats: tuple[str, ...]) -> Entry:
        """An entry from a save; raises ``RuleError`` naming what is wrong."""
        if not isinstance(data, dict):
            raise RuleError("an entry must be a JSON object")

        def seat_of(name: Any) -> int:
            if name not in seats:
                raise RuleError(f"{name!r} is not a seat of this game")
            return seats.index(name)

        def cards(key: str) -> tuple[int, ...]:
            value = data.get(key, [])
            if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
                raise RuleError(f"{key} must be a list of card codes")
            return tuple(C.from_code(c) for c in value)

        if "deal" in data:
            return cls(DEAL, seat_of(data["deal"]), None, cards("hand"), cards("face_up"))
        seat = seat_of(data.get("seat"))
        told = data.get("told")
        if told is not None and not isinstance(told, bool):
            raise RuleError("told must be true or false")
        if data.get("laid") is True:
            return cls(LAID, seat, told=told)
        action = A.Action.parse(str(data.get("action", "")))
        if action.kind == A.MISDEAL:
            action = A.MISDEALS[seat]
        points = data.get("nest_points")
        if points is not None and (not isinstance(points, int) or isinstance(points, bool) or points < 0):
            raise RuleError("nest_points must be a whole number")
        return cls(ACT, seat, action, cards("nest"), (), points, cards("dummy"), told)


@dataclass
class TableLog:
    """What one entry caused: ``lines`` for the game record (the cards the player cannot know
    left out), ``seen``: each event as the player may learn it with the player's view at that
    moment (for the announcer), ``questions``: plays the table may want to look at again."""

    lines: list[Event] = field(default_factory=list)
    seen: list[tuple[Event, SeatView]] = field(default_factory=list)
    questions: list[str] = field(default_factory=list)


def unsupported(options: Options) -> str | None:
    """Why these rules cannot be followed at a table yet, or None."""
    if options.sides == "dummy" and not options.auction:
        return ("The table companion does not follow a dummy game without an auction yet (its "
                "dummy would be face up from the deal). Play it with auction=true.")
    return None


def _is_play(entry: Entry) -> bool:
    return entry.kind == ACT and entry.action is not None and entry.action.kind == A.PLAY


class TableGame:
    """A real-table game for the player at seat ``me``, built from its entries."""

    def __init__(self, preset: str, options: Options, me: int) -> None:
        why = unsupported(options)
        if why:
            raise RuleError(why)
        if not 0 <= me < len(options.seats):
            raise RuleError(f"the game has no seat {me}")
        if options.sides == "dummy" and options.seats[me] == "dummy":
            players = " or ".join(s for s in options.seats if s != "dummy")
            raise RuleError(f"Nobody sits at the dummy: choose your seat, {players}.")
        self.preset, self.options, self.me = preset, options, me
        self.entries: list[Entry] = []
        self.record: list[Event] = []
        self.state = GameState.begin(preset, options, 0)  # no cards until the first deal is entered
        self.awaiting_deal = True
        self.shown_out: list[int] = [0] * len(options.seats)
        self.told: bool | None = None  # what another bidder said of the nest's points this hand
        self.laid_by = -1  # the entry during which another bidder's nest was laid aside this hand

    # ----- what the console asks ----------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        return self.options.seats

    @property
    def nest_face_up_count(self) -> int:
        """Cards of the nest the deal turns face up: its top cards, or without an auction the
        card that names trump."""
        o = self.options
        return o.nest_face_up if o.auction else 1

    @property
    def face_up_first(self) -> bool:
        """Whether the face-up cards are entered before the hand: where a face-up Rook Bird makes
        the auction blind, the player must not have looked at the hand to enter it."""
        o = self.options  # not where the option can do nothing (no Rook Bird: found by the re-check)
        return o.blind_bid_on_rook and without_effect(o, "blind_bid_on_rook") is None

    def is_blind(self, face_up: list[int] | tuple[int, ...]) -> bool:
        """Whether a deal with these cards face up is bid blind (the Rook Bird on the nest)."""
        return self.face_up_first and bid_blind(self.options, face_up)

    def hand_unknown(self) -> bool:
        """The hand being played was dealt blind and is not entered yet."""
        index = self._deal_index()
        return index >= 0 and not self.entries[index].cards and not self.awaiting_deal

    def hand_entered(self) -> bool:
        """The deal of the hand being played (or last dealt) holds the player's cards: not a
        blind hand before it is entered, nor one thrown in before it ever was."""
        index = self._deal_index()
        return index >= 0 and bool(self.entries[index].cards)

    def _deal_index(self) -> int:
        """The entry that dealt the hand being played (or last dealt), or -1."""
        return max((i for i, e in enumerate(self.entries) if e.kind == DEAL), default=-1)

    def _redealt_with(self, hand: tuple[int, ...]) -> None:
        """The game taken again with ``hand`` as the player's in the entry that dealt this hand
        (a bid never depends on the cards); raises ``IllegalAction``, changing nothing."""
        index = self._deal_index()
        entries = list(self.entries)
        entries[index] = replace(entries[index], cards=hand)
        self._become(self.rebuilt(entries))

    def check_face_up(self, face_up: list[int] | tuple[int, ...]) -> None:
        """Raise ``IllegalAction`` unless these could be the deal's face-up cards (entered before
        the hand, they are checked at once, not after the whole hand is typed)."""
        self._check_cards(self.state, tuple(face_up), self.face_up_count, "the cards face up")

    @property
    def dummy_face_up_count(self) -> int:
        """Cards of the dummy face up during the auction."""
        o = self.options
        return o.dummy_face_up if o.sides == "dummy" else 0

    @property
    def face_up_count(self) -> int:
        """Cards the deal turns face up for everyone: the nest's first, then the dummy's."""
        return self.nest_face_up_count + self.dummy_face_up_count

    @property
    def dummy_hidden_count(self) -> int:
        """The dummy's cards turned up only when trump is named."""
        return self.hand_size - self.dummy_face_up_count if self.options.sides == "dummy" else 0

    @property
    def hand_size(self) -> int:
        o = self.options
        return (deck_mask(o).bit_count() - o.nest_size - o.aside) // len(o.seats)

    def next_dealer(self) -> int | None:
        """The dealer of the hand to enter; None when the player must say (the first hand)."""
        return self.state.dealer if any(e.kind == DEAL for e in self.entries) else None

    def is_over(self) -> bool:
        return self.state.is_over()

    def view(self) -> SeatView:
        """The player's view now. While the next hand is not yet entered, the hand is empty and
        nothing is legal."""
        view = self._fix_view(make_view(self.state, self.me))
        if self.awaiting_deal:
            view = view._replace(hand=0, legal=(), may_misdeal=False)
        return view

    def next_view(self) -> SeatView:
        """The player's view for the next entry: after a nest another seat lays aside unseen,
        as ``seat_on_turn`` reads it (kentucky-west names trump first, so the player leads while
        the bidder's discard is still to come: the view now had nothing legal)."""
        if self.awaiting_deal or self.state.is_over():
            return self.view()
        return self._fix_view(make_view(self._next(), self.me))

    def view_after(self, action: A.Action) -> SeatView:
        """The player's view once ``action``, the call that ends the auction, is taken, for the
        questions of who holds the contract: held until the nest's cards are entered, it has
        decided the auction already ("You have the contract" was said, then "No contract yet" to
        "who won the auction": the re-check of session 36). Its cards are not the hand's yet.
        A trump call held for the bidder's word on the nest follows the nest laid unseen
        (``_next``). Changes nothing."""
        trial = self._next().clone()
        trial.step(action)
        return self._fix_view(make_view(trial, self.me))

    def nest_known(self) -> bool:
        """The player knows the nest's cards: the player took it."""
        return self.state.bidder == self.me and self.options.nest_size > 0

    # ----- entries ------------------------------------------------------------------------
    def deal(self, hand: list[int] | tuple[int, ...], dealer: int | None = None,
             face_up: list[int] | tuple[int, ...] = ()) -> TableLog:
        """The player's hand for the next deal (``dealer`` only for the first)."""
        if dealer is None:
            dealer = self.next_dealer()
            if dealer is None:
                raise IllegalAction("Say who deals first, like: dealer west.")
        return self.add(Entry(DEAL, dealer, None, tuple(hand), tuple(face_up)))

    def enter(self, action: A.Action, seat: int | None = None, nest: tuple[int, ...] = (),
              nest_points: int | None = None, dummy: tuple[int, ...] = (), told: bool | None = None) -> TableLog:
        """``seat`` (the seat on turn when None) did ``action``. A card on the dummy's turn is the
        dummy's, whether the dummy or its player is named."""
        nxt = self._next() if not self.awaiting_deal and not self.state.is_over() else None
        if seat is None:
            seat = self.seat_on_turn()
        if nxt is not None and action.kind == A.PLAY and nxt.turn == nxt.dummy and seat == nxt.actor:
            seat = nxt.dummy
        if action.kind == A.MISDEAL:
            action = A.MISDEALS[seat]
        return self.add(Entry(ACT, seat, action, tuple(nest), (), nest_points, tuple(dummy), told))

    def laid(self, told: bool | None = None) -> TableLog:
        """The bidder (another seat) has laid the nest aside, saying ``told`` of its points."""
        state = self._playing()
        if state.phase != Phase.DISCARD or state.bidder == self.me:
            raise IllegalAction("Nobody is laying the nest aside now.")
        return self.add(Entry(LAID, state.bidder, told=told))

    def tell(self, points: bool) -> TableLog | None:
        """Another bidder says whether points are in the nest: with the nest still to lay aside,
        it is laid now; once it was laid (an entry ago or more, this hand), that entry takes the
        word and every later entry is taken again. Returns the log of a new entry, None after a
        change."""
        state = self._playing()
        o, bidder = self.options, state.bidder
        if not o.auction or not o.nest_size or o.nest_points_told == "never":
            raise IllegalAction("These rules keep the nest to the bidder: nobody says whether points are in it.")
        if bidder < 0 or state.phase == Phase.AUCTION:
            raise IllegalAction("Nobody has taken the nest yet: the bidder says it once the nest is laid aside.")
        if bidder == self.me:
            raise IllegalAction("You laid the nest yourself: the program knows what is in it and says it.")
        if state.phase == Phase.DISCARD:
            return self.add(Entry(LAID, bidder, told=points))
        if self.laid_by < 0:  # pragma: no cover - another bidder's nest is laid by an entry
            raise IllegalAction("The nest has not been laid aside this hand.")
        entries = list(self.entries)
        entries[self.laid_by] = replace(entries[self.laid_by], told=points)
        try:
            game = self.rebuilt(entries)
        except RuleError as exc:
            raise IllegalAction(f"That does not fit what was entered since: {exc}") from None
        self._become(game)
        return None

    def reveal_hand(self, hand: list[int] | tuple[int, ...]) -> None:
        """The hand dealt blind, entered once the auction ends: it takes its place in the deal's
        entry; raises ``IllegalAction`` naming what is wrong, changing nothing."""
        if not self.hand_unknown():
            raise IllegalAction("Your hand is entered already.")
        self._redealt_with(tuple(hand))

    def seat_on_turn(self) -> int:
        """Whose entry comes next (after a nest another seat lays aside unseen: the next one)."""
        return self._next().actor

    def next_phase(self) -> Phase:
        """What the next entry is for (after a nest another seat lays aside unseen: what follows)."""
        return self._next().phase

    def next_kinds(self) -> frozenset[str]:
        """The kinds of entry the next one may be (``bid``, ``play``...), as ``next_phase``."""
        return frozenset(a.kind for a in self._next().legal_actions())

    def _next(self) -> GameState:
        state = self._playing()
        if state.phase == Phase.DISCARD and state.bidder != self.me:
            trial = state.clone()
            self._lay(trial, None)
            return trial
        return state

    def add(self, entry: Entry) -> TableLog:
        """Take an entry, or raise ``IllegalAction`` (with the reason) / ``NeedMore``, changing
        nothing."""
        saved = self._snapshot()
        self.state = self.state.clone()
        try:
            log = self._apply(entry)
        except BaseException as exc:
            self._restore(saved)
            if isinstance(exc, NeedMore) and exc.need == "told" and entry.told is None:
                self._refuse_before_asking(entry)
            raise
        self.entries.append(entry)
        return log

    def _refuse_before_asking(self, entry: Entry) -> None:
        """Before asking what the bidder said of the nest, the entry is tried with an answer: an
        entry refused either way (out of turn, not now) is refused at once, not after a
        question whose answer cannot help. Changes nothing."""
        saved = self._snapshot()
        self.state = self.state.clone()
        try:
            self._apply(replace(entry, told=False))
        except NeedMore:
            pass  # another question follows the answer: the entry may well be right
        finally:
            self._restore(saved)

    def _snapshot(self) -> tuple[Any, ...]:
        return self.state, self.awaiting_deal, list(self.shown_out), len(self.record), self.told, self.laid_by

    def _restore(self, saved: tuple[Any, ...]) -> None:
        self.state, self.awaiting_deal, self.shown_out = saved[0], saved[1], list(saved[2])
        del self.record[saved[3]:]
        self.told, self.laid_by = saved[4], saved[5]

    def undo(self) -> Entry:
        """Take back the last entry; returns it. The call that ended a blind auction takes the
        hand entered with it back too (``hide_blind_hand``)."""
        if not self.entries:
            raise IllegalAction("There is nothing to take back.")
        entries = self.entries[:-1]
        last = self.entries[-1]
        self._become(self.rebuilt(entries))
        self.hide_blind_hand()
        return last

    def hide_blind_hand(self) -> bool:
        """Back in a blind auction, the hand entered when it ended is taken back with the call
        that ended it: a hand mistyped could be mended only by undoing to the face-up card (found
        by the re-check). True when a hand was taken back."""
        index = self._deal_index()
        if index < 0 or self.awaiting_deal or self.state.phase != Phase.AUCTION or not self.state.blind \
                or not self.entries[index].cards:
            return False
        self._redealt_with(())
        return True

    def correct(self, seat: int, card: int) -> tuple[int, list[str]]:
        """Change the card last entered for ``seat`` this hand to ``card``; returns the old card
        and the questions the change raises: the new card's, and those of later entries that
        were not asked before (a corrected card that reneged went unasked, and with it every
        later renege in that colour: the table sweep). Every later entry is taken again; if one
        no longer fits, nothing changes."""
        game, index, asked = self._corrected(seat, card)
        old = self.entries[index]
        assert old.action is not None
        before = TableGame(self.preset, self.options, self.me)
        then = [before.add(entry).questions for entry in self.entries]
        questions = list(asked[index])
        for now, was in zip(asked[index + 1:], then[index + 1:]):
            questions += [q for q in now if q not in was]
        self._become(game)
        return old.action.value, questions

    def a_correction(self, seat: int) -> int | None:
        """A card, the highest, that ``correct`` would take for ``seat`` now, or None: for an
        example that can be typed back (one from the cards the seat may hold was refused by an
        entry after it, and the dummy's by its known hand: the re-check of session 29)."""
        for card in sorted(C.cards_in(self.state.deck.mask), key=lambda c: (-C.number_of(c), c)):
            try:
                self._corrected(seat, card)
            except IllegalAction:
                continue
            return card
        return None

    def _corrected(self, seat: int, card: int) -> tuple[TableGame, int, list[list[str]]]:
        """The game with ``seat``'s last card this hand changed to ``card``, the index of that
        entry and each entry's questions; raises ``IllegalAction`` saying why it cannot be."""
        start = max((i for i, e in enumerate(self.entries) if e.kind == DEAL), default=0)
        # It reached back into a scored hand, unsaid; a hand thrown in (a misdeal) had no cards.
        if self.is_over() or self.awaiting_deal and any(_is_play(e) for e in self.entries[start:]):
            raise IllegalAction("That hand is over and scored, so correct cannot change it: undo takes back "
                                "one entry at a time, back into the hand.")
        index = next((i for i in range(len(self.entries) - 1, start, -1)
                      if self.entries[i].seat == seat and _is_play(self.entries[i])), -1)
        name = "You" if seat == self.me else "The dummy" if seat == self.state.dummy else self.seats[seat].capitalize()
        if index < 0:
            raise IllegalAction(f"{name} {'have' if seat == self.me else 'has'} played no card this hand.")
        old = self.entries[index]
        assert old.action is not None
        # Mid-sentence "you" and "the dummy"; a seat keeps its capital.
        named, whom = self.state.card_name(card), name.lower() if seat in (self.me, self.state.dummy) else name
        if old.action.value == card:
            raise IllegalAction(f"The {named} is already the card entered for {whom}: nothing to correct.")
        entries = list(self.entries)
        entries[index] = replace(old, action=A.PLAYS[card])
        game = TableGame(self.preset, self.options, self.me)
        asked: list[list[str]] = []
        for i, entry in enumerate(entries):
            try:
                asked.append(game.add(entry).questions)
            except RuleError as exc:
                if i <= index:
                    raise IllegalAction(f"{name} cannot have played the {named}. {exc}") from None
                # The card fits, but what was entered after it no longer does (who won a trick).
                later = self._entry_words(entry)
                raise IllegalAction(f"With the {named} for {whom}, "
                                    f"{later} no longer fits. {exc}") from None
        return game, index, asked

    def _entry_words(self, entry: Entry) -> str:
        """An entry as the correction's refusal names it: "West's 14 black", "North's entry"."""
        who = "your" if entry.seat == self.me else f"{self.seats[entry.seat].capitalize()}'s"
        if entry.action is not None and entry.action.kind == A.PLAY:
            return f"{who} {self.state.card_name(entry.action.value)} entered after it"
        return f"{who} entry after it"

    def rebuilt(self, entries: list[Entry]) -> TableGame:
        game = TableGame(self.preset, self.options, self.me)
        for entry in entries:
            game.add(entry)
        return game

    def _become(self, other: TableGame) -> None:
        self.entries, self.record, self.state = other.entries, other.record, other.state
        self.awaiting_deal, self.shown_out = other.awaiting_deal, other.shown_out
        self.told, self.laid_by = other.told, other.laid_by

    # ----- saves ----------------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        return {"format": FORMAT, "preset": self.preset, "options": self.options.to_dict(),
                "seat": self.seats[self.me], "entries": [e.to_data(self.seats) for e in self.entries]}

    @classmethod
    def from_data(cls, data: Any) -> TableGame:
        """A game from a save, believed only by taking every entry again through the rules."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RuleError(f"this is not a table save ({FORMAT})")
        raw = data.get("options")
        if not isinstance(raw, dict):
            raise RuleError("the save does not say the game's options")
        try:
            options = Options.from_dict(raw)
        except (TypeError, ValueError, AttributeError) as exc:
            raise RuleError(f"the save's options cannot be read ({exc})") from None
        if data.get("seat") not in options.seats:
            raise RuleError("the save's seat is not a seat of its game")
        game = cls(preset_name(data.get("preset")), options, options.seats.index(data["seat"]))
        entries = data.get("entries")
        if not isinstance(entries, list):
            raise RuleError("the save has no list of entries")
        for number, item in enumerate(entries, 1):
            try:
                game.add(Entry.from_data(item, options.seats))
            except NeedMore as exc:
                raise RuleError(f"entry {number} is incomplete: {exc}") from None
            except RuleError as exc:
                raise RuleError(f"entry {number}: {exc}") from None
        return game

    def game_line(self) -> Event:
        """The record's ``game`` line; ``table`` names the player's seat (others are ``table``)."""
        players = {s: ("human" if i == self.me else "dummy" if s == "dummy" else "table")
                   for i, s in enumerate(self.seats)}  # game-record.md: the dummy's player is "dummy"
        return {"type": "game", "format": RECORD_FORMAT, "preset": self.preset,
                "options": record_options(self.options), "seats": list(self.seats), "players": players,
                "seed": 0, "table": self.seats[self.me]}

    # ----- taking an entry ----------------------------------------------------------------
    def _playing(self) -> GameState:
        state = self.state
        if self.awaiting_deal:
            raise IllegalAction("Enter your hand first: the cards you were dealt.")
        if state.is_over():
            raise IllegalAction("The game is over.")
        return state

    def _apply(self, entry: Entry) -> TableLog:
        if entry.kind == DEAL:
            return self._deal(entry)
        state = self._playing()
        log = SeatLog(state, self.me)
        questions: list[str] = []
        if entry.kind == LAID:
            if state.phase != Phase.DISCARD or state.bidder == self.me or entry.seat != state.bidder:
                raise IllegalAction("Nobody is laying the nest aside now.")
            self._lay_told(state, log, entry.told)
        else:
            assert entry.action is not None
            questions = self._act(state, entry, log)
        return self._told(state, log, questions)

    def _deal(self, entry: Entry) -> TableLog:
        if not self.awaiting_deal:
            raise IllegalAction("This hand is already dealt: enter the next bid or card.")
        dealer, face_up = entry.seat, entry.face_up
        state = self.state
        if self.next_dealer() is not None and dealer != state.dealer:
            raise IllegalAction(f"{self.seats[state.dealer].capitalize()} deals this hand.")
        if not state.bidding_seats >> dealer & 1:
            raise IllegalAction(f"{self.seats[dealer].capitalize()} never deals.")
        blind = self.is_blind(face_up) and not entry.cards  # the hand comes when the auction ends
        hand = 0 if blind else self._check_cards(state, entry.cards, per_seat(state), "your hand")
        # Without an auction a Rook Bird turned up for trump goes under and the next card is
        # turned: the entry names what went under, then the card that names trump.
        count = self.face_up_count if self.options.auction else max(1, len(face_up))
        shown = self._check_cards(state, face_up, count, "the cards face up")
        if hand & shown:
            raise IllegalAction(f"The {state.card_name(next(C.cards_in(hand & shown)))} cannot be both in your "
                                "hand and face up.")
        if not self.options.auction:
            _check_turned(state, face_up)
        self.shown_out = [0] * state.n
        self.told, self.laid_by = None, -1
        log = SeatLog(state, self.me)
        state.start_deal(dealer, log, placeholder_deal(state, self.me, dealer, hand, face_up))
        self.state, self.awaiting_deal = state, False
        return self._told(state, log, [], own_deal=True, hand=entry.cards)

    def _check_cards(self, state: GameState, cards: tuple[int, ...], count: int, what: str) -> int:
        mask = 0
        for card in cards:
            if not 0 <= card < C.CARD_COUNT or not C.BIT[card] & state.deck.mask:
                raise IllegalAction(f"The {state.card_name(card) if 0 <= card < C.CARD_COUNT else 'card'} "
                                    "is not in this game's deck.")
            if C.BIT[card] & mask:
                raise IllegalAction(f"The {state.card_name(card)} is in {what} twice.")
            mask |= C.BIT[card]
        if len(cards) != count:
            raise IllegalAction(f"{what.capitalize()} should have {counted(count, 'card')}; you entered {len(cards)}.")
        return mask

    def _act(self, state: GameState, entry: Entry, log: SeatLog) -> list[str]:
        action, seat, me = entry.action, entry.seat, self.me
        assert action is not None
        name = self._who(state, seat).capitalize()  # "The dummy cannot play ...", not "Dummy"
        if state.phase == Phase.DISCARD and state.bidder != me and action.kind != A.PARTNER:
            self._lay_told(state, log, entry.told)
        if action.kind != A.MISDEAL and action.kind not in {a.kind for a in state.legal_actions()}:
            # A card typed before trump is named (the likeliest slip at a table): the rules'
            # "not now", before anything below that needs the play (who follows, the trump), and
            # before whose turn it is: "east trump red" in the play said "It is North's turn", as
            # if East might name trump on theirs (the re-check of session 31).
            now = state.why_illegal(action, me) or "That is not possible now."
            raise IllegalAction(now if seat == me else _theirs(now, name, action, state))
        dummy_turn = action.kind == A.PLAY and state.turn == state.dummy
        if action.kind != A.MISDEAL and seat != (state.turn if dummy_turn else state.actor):
            plays = "you play" if state.actor == me else f"{self.seats[state.actor].capitalize()} plays"
            whose = (f"the dummy's card ({plays} it)" if dummy_turn
                     else "your turn" if state.actor == me else f"{self.seats[state.actor].capitalize()}'s turn")
            raise NotTheirTurn(f"It is {whose}, not {self._whose(state, seat)}.")
        if action.kind == A.DISCARD and seat != me and state.phase == Phase.DISCARD:
            raise IllegalAction(f"You do not see {name}'s discards: the program lays the nest aside "
                                "for them. Enter the next call or card.")
        questions: list[str] = []
        if seat != me:
            if action.kind == A.PLAY and seat == state.dummy:
                self._dummy_card(state, action.value)
            elif action.kind == A.PLAY:
                questions = self._their_card(state, seat, action.value)
            elif action.kind == A.MISDEAL:
                self._misdeal_hand(state, seat)
            elif action.kind == A.CALL and 0 <= action.value < C.CARD_COUNT and C.BIT[action.value] & state.deck.mask:
                if not C.BIT[action.value] & state.hands[me]:
                    bring_out(state, seat, C.BIT[action.value], self._unknown(state) & ~state.hands[seat])
        if action.kind != A.PLAY or seat == me:
            why = state.why_illegal(action, me)
            if why:
                raise IllegalAction(why if seat == me else _theirs(why, name, action, state))
        if state.phase == Phase.AUCTION and self._contract_after(state, action) >= 0 and self.hand_unknown():
            raise NeedMore("blind_hand", f"The auction is over: enter your {self.hand_size} cards, the hand "
                                         "you were dealt.")
        if state.phase == Phase.AUCTION:
            self._take_nest(state, action, entry.cards)
        if action.kind == A.TRUMP and state.dummy >= 0 and state.trump < 0:
            self._turn_up_dummy(state, entry.dummy)
        if action.kind == A.PLAY:
            questions += self._last_card(state, seat, action.value, entry.nest_points)
        led = state.led_suit if state.trick_cards else -1
        state.step(action, log)
        if action.kind == A.PLAY and led >= 0 and seat not in (me, state.dummy) and state.phase == Phase.PLAY \
                and state.suits is not None and may_break_trump(action.value, led, state.suits):
            # Whether a seat whose hand is unseen could follow when it played the Rook Bird at any
            # time is not known here: taken as broken, so no later lead of trump is refused.
            state.trump_broken = True
        return questions

    def _misdeal_hand(self, state: GameState, seat: int) -> None:
        """Another seat calls a misdeal: its placeholders become a hand that may (no counters,
        or no card of 10 or higher, as the rules allow), if the unseen cards can make one."""
        o, deck = self.options, state.deck
        kinds = ([deck.counters] if o.misdeal_no_counters else []) + ([deck.ten_or_higher] if o.misdeal_no_ten else [])
        for index, mask in enumerate(kinds):
            try:
                bring_out(state, seat, mask, self._unknown(state) & ~mask)
                return
            except IllegalAction:
                if index == len(kinds) - 1:
                    raise

    def unknown(self) -> int:
        """The cards whose place the player does not know now (``_unknown``)."""
        return self._unknown(self.state)

    def may_hold(self, seat: int) -> int:
        """The cards another ``seat`` may still hold as far as the player knows: none that
        ``_barred`` gives a reason against, nor of a colour it has shown none of."""
        state = self.state
        cards = state.deck.mask & ~self.shown_out[seat]
        for mask, _why in self._barred(state, seat):
            cards &= ~mask
        return cards

    def why_barred(self, seat: int, cards: int) -> list[str]:
        """Why another ``seat`` cannot hold each of ``cards`` that ``_barred`` bars, a line a card
        in the refusal's words: ``legal`` names cards the table saw go elsewhere (the face-up nest
        card another seat took) with the reason a play of them is refused."""
        bars = self._barred(self.state, seat)
        return [next(why(card) for mask, why in bars if mask & C.BIT[card])
                for card in C.cards_in(cards) if any(mask & C.BIT[card] for mask, _why in bars)]

    def _barred(self, state: GameState, seat: int) -> list[tuple[int, Callable[[int], str]]]:
        """The cards another ``seat`` cannot hold, each kind with why: one table that both
        ``may_hold`` (the examples) and ``_their_card`` (the refusals) read, so they agree."""
        name = self.seats[seat].capitalize()
        bars: list[tuple[int, Callable[[int], str]]] = [
            (state.played, lambda c: f"The {state.card_name(c)} has been played already, "
                                     f"{self._played_where(state, c)}."),
            (state.hands[self.me], lambda c: f"The {state.card_name(c)} is in your hand, so {name} cannot play it."),
            (dummy_seen(state), lambda c: f"The {state.card_name(c)} is in the dummy, so {name} cannot play it."),
        ]
        if state.bidder == self.me:
            bars.append((C.to_mask(state.discards) | C.to_mask(state.nest_dealt) & ~state.hands[self.me],
                         lambda c: f"You laid the {state.card_name(c)} in the nest, so {name} cannot play it."))
        if state.bidder >= 0 and seat != state.bidder:
            taker = self.seats[state.bidder].capitalize()
            bars.append((C.to_mask(self._nest_face_up(state)),
                         lambda c: f"The {state.card_name(c)} was face up in the nest, and {taker} took the "
                                   f"nest: {name} cannot hold it."))
        if not self.options.auction:
            # Turned up for trump (or turned up and put under): it stays in the nest, which
            # nobody takes in these rules.
            bars.append((C.to_mask(state.face_up) | C.to_mask(state.turned_under),
                         lambda c: f"The {state.card_name(c)} was "
                                   f"{'turned up for trump' if c in state.face_up else 'turned up and put under'}"
                                   f", and the nest stays aside: {name} cannot hold it."))
        if seat == state.bidder:
            bars.append((C.to_mask(c for c in (state.called, state.called2) if c >= 0),
                         lambda c: f"{name} called the {state.card_name(c)} as a card they do not hold, so "
                                   f"{name} cannot play it: check the card, or undo back to the call."))
        return bars

    def _unknown(self, state: GameState) -> int:
        """Cards whose place the player does not know: not played, not in the player's hand,
        not in a nest the player laid, not seen in the dummy."""
        known = state.played | state.hands[self.me] | dummy_seen(state)
        if state.bidder == self.me:
            known |= C.to_mask(state.discards) | C.to_mask(state.nest_dealt)
        return state.deck.mask & ~known

    def _turn_up_dummy(self, state: GameState, cards: tuple[int, ...]) -> None:
        """Trump is named and the dummy turned face up: its cards the player has not seen yet
        (``cards``; the face-up ones may be entered again) replace its placeholders."""
        hidden = self.dummy_hidden_count
        if not cards:
            raise NeedMore("dummy", f"The dummy is turned face up: enter its other {counted(hidden, 'card')}.")
        shown = dummy_seen(state)
        mask = 0
        for card in cards:
            _in_deck(state, card)
            if C.BIT[card] & mask:
                raise IllegalAction(f"The {state.card_name(card)} is in the dummy twice.")
            mask |= C.BIT[card]
        mask &= ~shown
        if mask.bit_count() != hidden:
            raise IllegalAction(f"The dummy has {counted(hidden, 'card')} not yet seen: "
                                f"you entered {mask.bit_count()}.")
        for card in C.cards_in(mask):
            if state.hands[self.me] & C.BIT[card]:
                raise IllegalAction(f"The {state.card_name(card)} is in your hand, not in the dummy.")
            if state.bidder == self.me and card in state.discards:
                raise IllegalAction(f"You laid the {state.card_name(card)} in the nest: it is not in the dummy.")
        for card in C.cards_in(mask & ~state.hands[state.dummy]):
            spare = next(C.cards_in(state.hands[state.dummy] & ~shown & ~mask))
            swap(state, card, spare)

    def _dummy_card(self, state: GameState, card: int) -> None:
        """A card from the dummy, whose every card is seen: the full check, said of the dummy."""
        suits = state.suits
        _in_deck(state, card)
        if suits is not None and not state.legal_plays_mask() >> card & 1:
            restriction = 0 if state.trick_cards else state.lead_restriction()
            why = why_not(card, state.hands[state.dummy], suits, state.led_suit, restriction,
                          state.deck.special, "the dummy")  # its cards, whoever plays them
            raise IllegalAction(why)  # it names the dummy ("Not from the dummy: The dummy ..." said it twice)

    def _their_card(self, state: GameState, seat: int, card: int) -> list[str]:
        """Check another seat's card against what is known; move it into the seat's hand."""
        name = self.seats[seat].capitalize()
        _in_deck(state, card)
        bit = C.BIT[card]
        for mask, why in self._barred(state, seat):
            if mask & bit:
                raise IllegalAction(why(card))
        suits = state.suits
        assert suits is not None
        questions = []
        if self.shown_out[seat] & bit:
            suit = suits.suit_of[card]
            word = "trump" if suit == suits.trump_suit else C.COLORS[suit]
            questions.append(f"{name} played {word} after showing none: a renege?")
            self.shown_out[seat] &= ~suits.masks[suit]
        leading = not state.trick_cards
        led = -1 if leading else state.led_suit
        restriction = state.lead_restriction() if leading else 0
        shown = self.shown_out[seat] | shown_out(card, self._unknown(state), led, restriction, state)
        left = state.hands[seat].bit_count() - 1  # the seat's cards after this one
        if left > (self._unknown(state) & ~bit & ~shown).bit_count():
            # Trump led before it was broken by a seat that cannot hold only trump, say: what the
            # card says of the hand cannot be, so it is asked, and not believed.
            verb = "led" if leading else "played"
            questions.append(f"{name} could not have {verb} the {state.card_name(card)} by the rules: too few "
                             "cards are left that they may hold. A renege?")
        else:
            self.shown_out[seat] = shown
        place_holder = next((s for s, h in enumerate(state.hands) if h & bit), -1)
        avoid = self.shown_out[place_holder] if place_holder >= 0 else 0
        bring(state, seat, card, 0, avoid)
        return questions

    def _nest_face_up(self, state: GameState) -> list[int]:
        """The nest's cards turned up at the deal (``face_up`` holds the dummy's after them)."""
        return state.face_up[:self.nest_face_up_count]

    def _played_where(self, state: GameState, card: int) -> str:
        for number, (_lead, plays, _winner) in enumerate(state.tricks, 1):
            for s, c in plays:
                if c == card:
                    return f"by {self._who(state, s)} in trick {number}"
        for s, c in zip(state.trick_seats, state.trick_cards):
            if c == card:  # by number: a correction checks later entries, where "this trick" misleads
                return f"by {self._who(state, s)} in trick {len(state.tricks) + 1}"
        return "this hand"  # pragma: no cover - every played card is in a trick

    def _who(self, state: GameState, seat: int) -> str:
        """A seat as a sentence names it after its first word: you, the dummy, North."""
        return "you" if seat == self.me else "the dummy" if seat == state.dummy else self.seats[seat].capitalize()

    def _whose(self, state: GameState, seat: int) -> str:
        return {"you": "yours", "the dummy": "the dummy's"}.get(self._who(state, seat), f"{self._who(state, seat)}'s")

    def _take_nest(self, state: GameState, action: A.Action, nest: tuple[int, ...]) -> None:
        """If ``action`` wins the player the contract, the nest the player picks up must be
        entered with it; it is put in place of the placeholders."""
        if not self.options.nest_size or self._contract_after(state, action) != self.me:
            return
        if not nest:
            raise NeedMore("nest", "You have the contract: which cards were in the nest?")
        mask = self._check_cards(state, nest, self.options.nest_size, "the nest")
        if mask & state.hands[self.me]:
            raise IllegalAction(f"The {state.card_name(next(C.cards_in(mask & state.hands[self.me])))} is in your "
                                "hand, not in the nest.")
        in_dummy = mask & dummy_seen(state)
        if in_dummy:
            raise IllegalAction(f"The {state.card_name(next(C.cards_in(in_dummy)))} is face up in the dummy, "
                                "not in the nest.")
        missing = C.to_mask(self._nest_face_up(state)) & ~mask
        if missing:
            raise IllegalAction(f"The {state.card_name(next(C.cards_in(missing)))} was face up in the nest: "
                                "enter it with the others.")
        for card in C.cards_in(mask & ~C.to_mask(state.nest_dealt)):
            spare = next(c for c in state.nest_dealt if not C.BIT[c] & mask)
            swap(state, card, spare)
        state.nest_dealt = list(nest)  # the same cards, in the order the player named them

    @staticmethod
    def _contract_after(state: GameState, action: A.Action) -> int:
        """The seat that holds the contract once ``action`` ends the auction, else -1 (the
        auction goes on, or it ends with the hand thrown in)."""
        trial = state.clone()
        trial.step(action)
        if trial.hand_number != state.hand_number or trial.deal_index != state.deal_index:
            return -1
        return trial.bidder if trial.phase != Phase.AUCTION else -1

    def _last_card(self, state: GameState, seat: int, card: int, points: int | None) -> list[str]:
        """Before the hand's last card: make the unseen nest hold the points it held (asked when
        cards lie aside too, unless the bidder said none were in it); what the bidder said of
        them is held against the cards never played."""
        o = self.options
        if sum(h.bit_count() for h in state.hands) != 1 or not state.hands[seat] >> card & 1:
            return []
        if not (o.auction and o.nest_size and o.nest_to == "last-trick") or self.nest_known():
            if points is not None and o.nest_size and o.nest_to == "last-trick" and self.nest_known():
                actual = state.deck.points_of(C.to_mask(state.discards))
                if actual != points:
                    raise IllegalAction(f"You laid {counted(actual, 'point')} in the nest, not {points}.")
            return []
        nest_mask = C.to_mask(state.discards)
        bidder = self.seats[state.bidder].capitalize()
        if not state.aside:
            actual = state.deck.points_of(nest_mask)
            if points is not None and points != actual:
                cards = ", ".join(state.card_name(c) for c in C.cards_in(nest_mask))
                raise IllegalAction(f"The cards never played are the nest ({cards}): they hold "
                                    f"{counted(actual, 'point')}, not {points}.")
            return self._told_against(bidder, actual)
        if points is None and self.told is False and nest_with_points(nest_mask | state.aside, o.nest_size, 0, state):
            points = 0  # the bidder said no points went in: nothing to ask
        pool = nest_mask | state.aside
        can = possible_nest_points(pool, o.nest_size, state)
        if points is None and len(can) == 1:
            points = can[0]  # the cards never played leave one answer: nothing to ask
        if points is None:
            raise NeedMore("nest_points", "How many points were in the nest?")
        chosen = nest_with_points(pool, o.nest_size, points, state)
        if chosen is None:
            raise IllegalAction(f"The nest cannot hold {counted(points, 'point')}: with the cards never played "
                                f"it held one of {', '.join(map(str, can))}.")
        for card in C.cards_in(chosen & ~nest_mask):
            spare = next(c for c in state.discards if not C.BIT[c] & chosen)
            swap(state, card, spare)
        return self._told_against(bidder, points)

    def _told_against(self, bidder: str, points: int) -> list[str]:
        """The bidder's word on the nest held against its points, once they are known: a word
        the cards prove wrong is questioned (it may be an entry that is wrong)."""
        told = self.told
        if told is None and self.options.nest_points_told == "forced" and points:
            return [f"The nest held {points} points, and nobody entered {bidder} saying so{IF_THEY_DID}"]
        if told is not None and told != bool(points):
            said = "points were" if told else "no points were"
            return [f"{bidder} said {said} in the nest, but it held {points}: a mistake?"]
        return []

    def _lay_told(self, state: GameState, log: SeatLog, told: bool | None) -> None:
        """Another bidder lays the nest aside now, saying ``told`` of its points; the rules that
        make the bidder always say it ask for it."""
        if told is None and self.options.nest_points_told == "always":
            bidder = self.seats[state.bidder].capitalize()
            raise NeedMore("told", f"{bidder} lays the nest aside: did they say points are in it? "
                                   "Type points or no points.")
        self.told = told
        self.laid_by = len(self.entries)
        self._lay(state, log)

    def _lay(self, state: GameState, log: SeatLog | None) -> None:
        """Another bidder lays the nest aside unseen: placeholders go, as the rules allow."""
        while state.phase == Phase.DISCARD and state.bidder != self.me:
            card = next(C.cards_in(N.discardable(state)))
            state.step(A.DISCARDS[card], log)

    # ----- what the player is told --------------------------------------------------------
    def _told(self, state: GameState, log: SeatLog, questions: list[str], own_deal: bool = False,
              hand: tuple[int, ...] = ()) -> TableLog:
        """The log as the player may know it; a deal the core made by itself (the next hand, a
        redeal) ends it: the player enters the cards really dealt. ``hand``: the player's, for
        the deal's line in a blind deal, which hides every hand."""
        out = TableLog(questions=questions)
        for index, (event, (seen, view)) in enumerate(zip(log.events, log.seen)):
            if event["type"] == "deal" and not (own_deal and index == 0):
                self.awaiting_deal = True
                break
            seen = self._fix_seen(seen, view)
            if own_deal and index == 0 and not seen["hands"]:
                # The record's deal line holds the player's hand, as the player learns it (a
                # blind deal's once the auction ends, empty till then): replay enters it from there.
                seen = {**seen, "hands": {self.seats[self.me]: C.codes(C.to_mask(hand))}}
            out.seen.append((seen, self._fix_view(view)))
            if seen["type"] in RECORD_TYPES:
                out.lines.append(seen)
        self.record.extend(out.lines)
        return out

    def _fix_seen(self, seen: Event, view: SeatView) -> Event:
        """The event as the player learns it at the table: no nest points nor nest cards decided
        by placeholders (``nest_seen``); the dummy, turned up with the trump call, on the trump
        line (the table record's only place for the cards the player saw there)."""
        if seen["type"] == "discard" and "cards" not in seen:
            seen = {k: v for k, v in seen.items() if k != "points_in_nest"}
            said = self._points_heard()
            if said is not None and (said or self.options.nest_points_told == "always"):
                seen["points_in_nest"] = said
        if seen["type"] == "trump" and view.dummy >= 0 and view.dummy_hand:
            seen = {**seen, "dummy": C.codes(view.dummy_hand)}
        if seen["type"] == "hand_end" and seen.get("nest") and not self.nest_seen(view.bidder):
            seen = {**seen, "nest": []}  # placeholders: cards aside share the unplayed cards with it
        return seen

    def nest_seen(self, bidder: int) -> bool:
        """Whether the nest turned over at the hand's end is known to the table: the player
        entered it as the bidder, or no cards lie aside, so the cards never played are the nest
        (another bidder's was said with no cards, as if never shown: the less-played-tables
        sweep of session 32). With cards aside (three-player, two-player) which unplayed cards
        are the nest is not known."""
        return bool(self.options.auction and bidder == self.me) or not self.options.aside

    def _points_heard(self) -> bool | None:
        """What the table heard of the points in another bidder's nest: the bidder's word; with
        ``forced``, silence says none went in."""
        if self.options.nest_points_told == "forced":
            return bool(self.told)
        return self.told if self.options.nest_points_told == "always" else None

    def _fix_view(self, view: SeatView) -> SeatView:
        """The one field of a view that placeholders would decide: whether points lie in a nest
        the player did not lay; it is what the bidder said."""
        if view.bidder != self.me and view.points_in_nest is not None:
            return view._replace(points_in_nest=self._points_heard())
        return view


def as_replayed(question: str) -> str:
    """A question the table asked (``TableLog.questions``) as a replay of its record says it:
    the same words, less what the player was told to type then, which a replay cannot take."""
    return question.removesuffix(IF_THEY_DID) + "." if question.endswith(IF_THEY_DID) else question


def _check_turned(state: GameState, face_up: tuple[int, ...]) -> None:
    """The cards turned up for trump, in turn: any that went under (only a card without a
    colour does), then one with a colour."""
    special = state.deck.special
    if C.BIT[face_up[-1]] & special:
        raise IllegalAction(f"The {state.card_name(face_up[-1])} never names trump: it goes to the bottom "
                            f"and the next card is turned. Enter the {state.card_name(face_up[-1])} and the "
                            "card turned up after it on one line, like: rook 7y.")
    for card in face_up[:-1]:
        if not C.BIT[card] & special:
            raise IllegalAction(f"Only a card without a colour goes under; the {state.card_name(card)} names "
                                "trump. Enter the one card turned up for trump.")


def _theirs(why: str, name: str, action: A.Action, state: GameState) -> str:
    """Why another seat's entry is refused: the rules' reason said of that seat ("East's bid must
    be at least 85: ..."), or after what it cannot do when the reason names nobody. A trump call
    refused at that seat's trump call is refused for what it names, not as "cannot name trump
    now": they can ("ne red" lacking high or low, "ne trump no trump" where the rules have none:
    the re-checks of session 33)."""
    theirs = of_seat(why, name)
    if theirs is not None:
        return theirs
    if action.kind == A.TRUMP and state.phase == Phase.TRUMP:
        color = A.trump_parts(action.value)[0]
        if 0 <= color < len(C.COLORS) and why == N.rook_call_asked(color):
            return N.rook_call_asked(color, name)
        return of_another(why)
    return f"{name} cannot {A.doing(action, state.card_name)}. {of_another(why)}"


def _in_deck(state: GameState, card: int) -> None:
    """Raise IllegalAction unless ``card`` is one of this game's deck, said as the core says it."""
    if not 0 <= card < C.CARD_COUNT:
        raise IllegalAction("That is not a card of this game.")
    if not C.BIT[card] & state.deck.mask:
        raise IllegalAction(f"The {state.card_name(card)} is not in this game's deck.")
