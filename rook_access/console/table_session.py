"""The session of ``rook-access table``: a game played with real cards, entered by the player.

A ``TableSession`` is a ``Session`` (the same describer, announcer, printer, questions and
settings) whose game is a ``core.table.TableGame``: every entry goes to the table, which checks
it against what the player can know and drives the real rules. Each entry's events are told as
the game tells them; the record (the player's cards only) and the save (the entries) are
written after every entry, before anything is said. The session also asks what the table
needs: who deals, the player's cards, the nest when the player wins it, the nest's points.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from ..core import Action, Event, IllegalAction, SeatView
from ..core import actions as A
from ..core import cards as C
from ..core.auction import misdeal_reason
from ..core.errors import RuleError
from ..core.model import Phase
from ..core.seats import dealing_seats
from ..core.table import ACT, DEAL, Entry, NeedMore, TableGame, TableLog
from ..core.text import counted, said_path
from ..speech.announce import reveal_line
from ..speech.cardtext import join_words
from ..store.atomic import write_atomic
from ..store.record import ADDED_AFTER, is_event_line, saved_name_problem
from ..store.table_saves import FORMAT as TABLE_SAVE_FORMAT
from ..store.untrusted import RECORD_BYTES, not_a_file
from ..store.verify import as_read_now
from .describe import Describer
from .printer import HISTORY_KEEP, Printer
from .session import GAME_SETTINGS, Session


@dataclass
class Ask:
    """What the table is waiting for before an entry can be taken: ``nest`` (its cards),
    ``nest_points``, ``dummy`` (its cards turned up), ``told`` (did the bidder say points are
    in the nest?) or ``blind_hand`` (the player's hand, once a blind auction ends); ``actions``
    and ``seat`` are the entry that asked (no actions: ``laid``)."""

    need: str
    actions: list[Action]
    seat: int
    cards: list[int] = field(default_factory=list)


# The most record lines one entry writes (a card that ends the game: play, trick, hand_end and
# game_end; a hand entered: deal and what it shows), for a record found longer than its save.
ONE_ENTRY = 6
DIGEST = re.compile("[0-9a-f]{64}")


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class TableSession(Session):
    mode = "table"

    def __init__(self, table: TableGame, announce: Callable[[Event, SeatView], list[tuple[str, list[str]]]],
                 describer: Describer,
                 printer: Printer, saver: Callable[[Session], Any] | None = None,
                 record_path: str | None = None) -> None:
        names = {seat: ("human" if i == table.me else "table") for i, seat in enumerate(table.seats)}
        super().__init__(table.state, table.me, {}, names, announce, describer, printer, saver, None, record_path)
        self.table = table
        self.ask: Ask | None = None
        self.dealer: int | None = None  # the first dealer, once said
        self.hand_cards: list[int] = []  # the player's cards entered so far for the next deal (or blind hand)
        self.hand_lines: list[int] = []  # how many cards each typed line added (undo takes a line back)
        self.face_up_cards: tuple[int, ...] | None = None  # entered before the hand (table.face_up_first)
        self.dealt_lines: list[int] = []  # the lines of the hand last dealt, for undo
        # Each line that entered several cards (a discard): the table's entries after it and how
        # many it added, so undo takes the line back whole, as typed (it took back one card, said
        # "Discard 1 card." and left two wrong cards laid aside: the table sweep of session 30).
        self.card_lines: list[tuple[int, int]] = []
        self.resume_command = "rook-access table --resume"
        self.record_written: str | None = None  # the digest of the record as last written
        self.record_known: tuple[str, ...] = ()  # at a resume: the digests the save says the record may have

    # ----- reading ------------------------------------------------------------------------
    def view(self) -> SeatView:
        view = self.table.view()
        if self.ask is not None and self.table.state.blind and not self.table.hand_unknown():
            # The call that ended a blind auction waits for the nest: the hand is picked up and
            # entered, and shown (the blind auction's view hid it: found by the re-check).
            view = view._replace(hand=self.table.state.hands[self.me])
        return view

    def _deciding_call(self) -> Action | None:
        """The call that ended the auction, held for the nest's cards (or the player's own hand,
        after a blind auction), or None."""
        if self.ask is not None and self.ask.need in ("nest", "blind_hand") and self.ask.actions:
            return self.ask.actions[0]
        return None

    def _held_trump(self) -> Action | None:
        """A trump call held for the bidder's word on the nest (``told``), or None: the table
        heard it named, and "Trump: not named yet." was said while it waited (the table sweep of
        session 38)."""
        if self.ask is not None and self.ask.need == "told" and self.ask.actions \
                and self.ask.actions[0].kind == A.TRUMP:
            return self.ask.actions[0]
        return None

    def contract_view(self) -> SeatView:
        """Past the call that ended the auction, held (``_deciding_call``), the view once it is
        taken, the cards as entered (the nest's are not the bidder's until typed): the program
        has said who holds the contract, and contract, "who is my partner", status and seat
        answer as it said (status and seat said the auction was on: the re-check of session 36).
        Past a trump call held for the bidder's word on the nest, the view once it is named."""
        view = self.view()
        trump = self._held_trump()
        if trump is not None:
            return self.table.view_after(trump)
        call = self._deciding_call()
        if call is None:
            return view
        return self.table.view_after(call)._replace(hand=view.hand, hand_sizes=view.hand_sizes,
                                                     nest_taken=view.nest_taken)

    def trick_view(self) -> SeatView:
        """The turn's view, or past a held call that decided the auction, the contract's: "who is
        winning" said "the hand is in the auction" just after "You have the contract" (the
        re-check of session 36)."""
        held = self._deciding_call() is not None or self._held_trump() is not None
        return self.contract_view() if held else self.turn_view()

    def turn_view(self) -> SeatView:
        """With nothing asked, the view once another seat's unseen nest is laid aside (the table
        goes on past it: ``Table.next_view``), whoever leads next: "the hand is in the discard"
        was said while East was to lead (found by a re-check)."""
        return self.table.next_view() if self.need() is None else self.view()

    def may_enter(self, kind: str) -> list[int]:
        """As on screen; and for the seat on turn, whose moves the player enters too: any bid the
        rules allow, a card the player has not seen (one of the colour led first), or the dummy's
        ("like play 14r" was said when the 14 red had been played: found by a re-check)."""
        state = self.table.state
        if self.my_turn() or self.need() is not None or kind not in self.table.next_kinds():
            return super().may_enter(kind)
        if kind in (A.BID, A.CALL):  # the rules alone decide (a card called already is refused)
            return [a.value for a in state.legal_actions() if a.kind == kind]
        if kind != A.PLAY:
            return []
        if state.turn == state.dummy >= 0:  # the dummy's cards are seen
            return [a.value for a in state.legal_actions() if a.kind == kind]
        # A card the seat may hold: not of a colour it has shown none of ("12r" was offered after
        # North showed no trump, and entered raised "a renege?"), nor one it called (found by a
        # re-check); of the colour led first.
        cards = self.table.may_hold(self.on_turn()) or self.table.unknown()
        led = state.suits.masks[state.led_suit] if state.suits is not None and state.led_suit >= 0 else 0
        return sorted(C.cards_in(cards), key=lambda card: not led >> card & 1)

    def my_turn(self) -> bool:
        """Whether the player's own call or card is next (the player enters every seat's)."""
        return self.need() is None and not self.table.is_over() and self.on_turn() == self.me

    def on_turn(self) -> int:
        return self.table.seat_on_turn()

    def run_computers(self) -> None:
        """Nobody plays for the computer at a real table."""

    def need(self) -> str | None:
        """What must be entered before play goes on: ``dealer``, ``hand``, ``face_up``, ``nest``,
        ``nest_points``, ``dummy``, ``told``, ``blind_hand``, or None."""
        if self.ask is not None:
            return self.ask.need
        if self.table.is_over() or not self.table.awaiting_deal:
            return None
        if self.table.next_dealer() is None and self.dealer is None:
            return "dealer"
        if self.table.face_up_first and self.face_up_cards is None:
            return "face_up"
        return "hand" if len(self.hand_cards) < self.table.hand_size else "face_up"

    def dealing(self) -> int:
        """The seat that deals the hand being entered or played: while a hand is entered, the
        one the rules pass the deal to (the first one as the player said it)."""
        if self.table.awaiting_deal:
            dealer = self.table.next_dealer()
            return dealer if dealer is not None else self.dealer if self.dealer is not None else 0
        return self.table.state.dealer

    def game_over_line(self) -> str:
        return "The game is over: type score, review or history to look back, or quit."  # no "new" here

    def prompt(self) -> str:
        """The one sentence saying what to enter now."""
        need, table = self.need(), self.table
        if table.is_over():
            return self.game_over_line()
        if need == "dealer":
            dealers = self.dealers()
            return f"Who deals the first hand? Type the seat: {', '.join(dealers[:-1])} or {dealers[-1]}."
        if need in ("hand", "blind_hand") and self.hand_cards:
            size, got = table.hand_size, len(self.hand_cards)
            return f"{got} {'card' if got == 1 else 'cards'} so far: enter the other {size - got}."
        if need == "hand":
            size = table.hand_size
            example = "14r 5g bird" if table.state.deck.mask & C.BIT[C.ROOK] else "14r 5g 10y"  # no Rook Bird
            return f"{self._hand_dealt()} Enter your {size} cards, several on a line, like {example}."
        if need == "face_up":
            count, dummy = table.nest_face_up_count, table.dummy_face_up_count
            what = ("the card turned up for trump (a Rook Bird turned first goes under: enter it and the "
                    "card turned after it on one line, like: rook 7y)") if not table.options.auction else (
                "the card face up on the nest" if count == 1 else f"the {count} cards face up on the nest")
            shown = f"the dummy's {dummy} face-up cards"
            ask = f"Enter {what}, then {shown}." if count and dummy else f"Enter {shown if dummy else what}."
            if table.face_up_first and self.face_up_cards is None:
                return (f"{self._hand_dealt()} {ask[:-1]}, before your hand: the Rook Bird face up makes the "
                        "bidding blind, and your hand is entered when it ends.")
            return ask
        if need == "dummy":
            hidden = counted(table.dummy_hidden_count, "card")
            return self._held(f"The dummy is turned face up: enter its other {hidden}.")
        if need == "told":  # the entry waiting for the answer is said, as at the nest's question
            bidder = self.describer.seat(self.view(), table.state.bidder, capital=True)
            return self._held(f"{bidder} lays the nest aside: did they say points are in it? Type points or no "
                              "points.")
        if need == "nest":
            size = table.options.nest_size  # six-teams: "the 1 cards" (the table sweep of session 30)
            cards = "card" if size == 1 else f"{size} cards"
            return self._held(f"You have the contract: enter the {cards} of the nest.")
        if need == "nest_points":
            return self._held("How many points were in the nest? Type the number.")
        if need == "blind_hand":
            return self._held(f"The auction is over: pick up your hand and enter your {table.hand_size} cards, "
                              "several on a line.")
        seat = self.on_turn()
        view = self.turn_view()  # past another seat's unseen discard: the lead's own prompt (kentucky-west)
        if seat == self.me and view.legal:
            return self.describer.prompt_line(view)
        what = {Phase.AUCTION: "bid or pass", Phase.DISCARD: "discard", Phase.TRUMP: "name trump",
                Phase.CALL: "call a partner card", Phase.PLAY: "play"}.get(table.next_phase(), "play")
        if seat == self.me:
            return f"Your turn to {what}."
        who = self.describer.seat(view, seat, capital=True)
        if table.next_phase() == Phase.PLAY and table.state.turn == table.state.dummy >= 0:
            return f"{who} plays from the dummy: type the dummy's card."
        return f"{who} to {what}: type what they do.{self._misdeal_clause()}"

    def _misdeal_clause(self) -> str:
        """While the player may still call a misdeal, every prompt says so, as on screen: said
        once at the deal, it was gone after an undo reopened it, at turn and at a resume (the
        re-check of session 33)."""
        if not self.table.state.may_misdeal(self.me):
            return ""
        return " You may call a misdeal first: type misdeal."

    def _hand_dealt(self) -> str:
        """"Hand 2, West deals.": the hand being entered."""
        dealer = self.dealing()
        who = "you deal" if dealer == self.me else f"{self.describer.seat(self.view(), dealer, capital=True)} deals"
        return f"Hand {self.table.state.hand_number}, {who}."

    def _held(self, question: str) -> str:
        """The question, after the entry that waits for it: the entry is not yet told."""
        if self.ask is None or not self.ask.actions:
            return question
        words = self._entry_words(self.ask.seat, self.ask.actions[0])
        return f"{words[0].upper()}{words[1:]} is held until you answer. {question}"

    def standing(self) -> list[str]:
        """Where the hand stands (``status`` without its turn line, which is the prompt's to
        say here); while a hand is being dealt, the cards entered so far."""
        need = self.need()
        if need in ("hand", "face_up") and (self.hand_cards or self.face_up_cards):
            return self.entered()
        if self.table.is_over() or need in ("dealer", "hand", "face_up"):
            return []
        lines = self.describer.status_lines(self.contract_view())[:-1]
        if need == "blind_hand" and self.hand_cards:
            # The prompt then says only how many cards are left: the auction's end and the entry
            # held are said here (a resume said the cards alone: found by the re-check).
            lines += self.entered() + [self._held("The auction is over: your hand is being entered.")]
        return lines

    def entered(self) -> list[str]:
        """The cards typed so far of a hand being entered, and those face up before it."""
        names = self.describer.namer.names
        return ([f"Face up: {names(list(self.face_up_cards))}."] if self.face_up_cards else []) + \
            ([f"Entered so far: {names(self.hand_cards)}."] if self.hand_cards else [])

    # ----- entering -----------------------------------------------------------------------
    def enter(self, actions: list[Action], seat: int | None) -> list[str]:
        """Enter one or more actions (several discards) for ``seat`` (None: the seat on turn),
        all or nothing; no actions: another bidder laid the nest aside. Returns the question the
        table asks, if any; raises IllegalAction."""
        logs = self._hold(actions, seat)
        if logs is None:
            return self._asked()
        self.commit_logs(logs)
        if len(actions) > 1:
            self.card_lines.append((len(self.table.entries), len(actions)))
        return []

    def _hold(self, actions: list[Action], seat: int | None) -> list[TableLog] | None:
        """Give an entry (no actions: another bidder laid the nest aside) to the table: its logs
        when taken, None when the table asks for something first. Then the entry is held
        (``self.ask``) and taken with the answer. Raises IllegalAction, having changed nothing."""
        logs: list[TableLog] = []
        try:
            if not actions:
                logs.append(self.table.laid())
            for action in actions:
                logs.append(self.table.enter(action, seat))
        except NeedMore as exc:
            self._take_back(len(logs))
            who = self.table.state.bidder if not actions else self.on_turn() if seat is None else seat
            self.ask = Ask(exc.need, actions, who)
            return None
        except RuleError:
            self._take_back(len(logs))
            raise
        return logs

    def _asked(self) -> list[str]:
        """An entry is held: saved with the question (a quit loses nothing), then the question."""
        self.prompted = True
        self.save()
        return [self.prompt()]

    def _take_back(self, count: int) -> None:
        for _ in range(count):
            self.table.undo()

    def answer_cards(self, cards: list[int]) -> list[str]:
        """Cards typed while the table waits for the player's hand, the face-up cards or the nest."""
        need = self.need()
        if need == "hand":
            return self._hand_cards(cards)
        if need == "blind_hand" and self.ask is not None:
            return self._blind_hand(self.ask, cards)
        if need == "face_up":
            if self.table.options.auction and len(cards) != self.table.face_up_count:
                raise IllegalAction(f"Enter {self.table.face_up_count} face-up card"
                                    f"{'s' if self.table.face_up_count > 1 else ''}, not {len(cards)}.")
            if self.table.face_up_first and not self.table.is_blind(cards):
                self.table.check_face_up(cards)  # now, not once the whole hand is typed
                self.face_up_cards = tuple(cards)
                self.prompted = False
                self.save()
                return []
            self._deal(tuple(cards))
            return []
        if need == "dummy" and self.ask is not None:
            return self._enter_asked(self.ask, lambda index: {"dummy": tuple(cards)})
        if need == "nest" and self.ask is not None:
            ask = self.ask
            size = self.table.options.nest_size
            if len(cards) != size:
                raise IllegalAction(f"The nest has {counted(size, 'card')}: enter all {size}, not {len(cards)}.")
            return self._enter_asked(ask, lambda index: {"nest": tuple(cards) if index == 0 else ()})
        raise IllegalAction("No cards are asked for now.")

    def answer_number(self, number: int) -> list[str]:
        ask = self.ask
        if ask is None or ask.need != "nest_points":
            raise IllegalAction("No number is asked for now.")
        return self._enter_asked(ask, lambda index: {"nest_points": number})

    def answer_told(self, points: bool) -> list[str]:
        """Whether the bidder said points are in the nest, when the rules make them say it."""
        ask = self.ask
        if ask is None or ask.need != "told":
            return self.nest_told(points)
        return self._enter_asked(ask, lambda index: {"told": points} if index == 0 else {})

    def laid(self) -> list[str]:
        """Another bidder laid the nest aside (said before they hand the trump call over)."""
        return self.enter([], None)

    def nest_told(self, points: bool) -> list[str]:
        """Another bidder says whether points are in the nest: told as the game tells it when
        the nest is laid now; said of the nest laid before otherwise."""
        log = self.table.tell(points)
        if log is not None:
            self.commit_logs([log])
            return []
        self._rebuilt()
        bidder = self.describer.seat(self.view(), self.table.state.bidder, capital=True)
        return [f"Entered: {bidder} said {'points are' if points else 'no points are'} in the nest."]

    def _enter_asked(self, ask: Ask, extra: Callable[[int], dict[str, Any]]) -> list[str]:
        """Enter the asked actions together, all or none: a refusal takes back those entered.
        ``extra(index)`` gives what the player supplied for the index-th action (no actions:
        the nest laid aside, with what the bidder said)."""
        logs = []
        try:
            if not ask.actions:
                logs.append(self.table.laid(**extra(0)))
            for index, action in enumerate(ask.actions):
                logs.append(self.table.enter(action, ask.seat, **extra(index)))
        except NeedMore as exc:
            self._take_back(len(logs))
            if exc.need == ask.need:
                raise
            # One answer leads to the next question: the hand dealt blind, then the nest.
            self.ask = Ask(exc.need, ask.actions, ask.seat)
            return self._asked()
        except RuleError:
            self._take_back(len(logs))
            raise
        self.ask = None
        self.commit_logs(logs)
        return []

    def dealers(self) -> list[str]:
        """The seats that deal, by name (a dummy never does)."""
        return [self.table.seats[seat] for seat in dealing_seats(self.table.options)]

    def say_dealer(self, seat: int) -> None:
        if self.table.next_dealer() is not None:
            dealer = self.describer.seat(self.view(), self.table.state.dealer, capital=True)
            raise IllegalAction(f"The rules pass the deal on: {dealer} deals this hand.")
        if not self.table.state.bidding_seats >> seat & 1:
            who = self.describer.seat(self.view(), seat, capital=True)
            raise IllegalAction(f"{who} never deals. Name the dealer's seat: {', '.join(self.dealers())}.")
        self.dealer = seat
        self.prompted = False
        self.save()

    def _typed_hand(self, cards: list[int], face_up: tuple[int, ...] = ()) -> None:
        """A line of the player's hand, checked on its own and added to the cards so far."""
        table, namer = self.table, self.describer.namer
        mine = set(self.hand_cards)
        for card in cards:
            if card in mine:
                raise IllegalAction(f"The {namer.spoken(card)} is in your hand already.")
            mine.add(card)  # typed twice on one line counts too
            if not C.BIT[card] & table.state.deck.mask:
                raise IllegalAction(f"The {namer.name(card)} is not in this game's deck.")
            if card in face_up:
                raise IllegalAction(f"The {namer.spoken(card)} is face up, so it is not in your hand.")
        left = table.hand_size - len(self.hand_cards)
        if len(cards) > left:
            raise IllegalAction(f"That is {len(cards)} cards, and your hand needs only {left} more.")
        self.hand_cards += cards
        self.hand_lines.append(len(cards))
        self.prompted = False

    def _hand_cards(self, cards: list[int]) -> list[str]:
        table = self.table
        self._typed_hand(cards, self.face_up_cards or ())
        if len(self.hand_cards) == table.hand_size and (not table.face_up_count or self.face_up_cards is not None):
            try:
                self._deal(self.face_up_cards or ())
            except RuleError:
                del self.hand_cards[-self.hand_lines.pop():]  # refused: the line is not kept
                raise
        else:
            self.save()  # every line typed is kept: a crash mid-hand loses none of it
        return []

    def _blind_hand(self, ask: Ask, cards: list[int]) -> list[str]:
        """A line of the hand dealt blind; the whole hand takes its place in the deal, and the
        entry that ended the auction is taken (or asks the next question: the nest)."""
        self._typed_hand(cards, tuple(self.table.state.face_up))
        if len(self.hand_cards) < self.table.hand_size:
            self.save()
            return []
        try:
            self.table.reveal_hand(self.hand_cards)
        except RuleError:
            del self.hand_cards[-self.hand_lines.pop():]
            raise
        self.hand_cards, self.hand_lines = [], []
        return self._enter_asked(ask, lambda index: {})

    def _deal(self, face_up: tuple[int, ...]) -> None:
        dealer = self.table.next_dealer()
        if dealer is None:
            dealer = self.dealer
        log = self.table.deal(self.hand_cards, dealer, face_up)
        self.dealt_lines = self.hand_lines  # undo takes the hand back a line at a time, as typed
        self.hand_cards, self.hand_lines, self.face_up_cards = [], [], None
        self.commit_logs([log])
        state = self.table.state
        if state.may_misdeal(self.me) and state.turn != self.me:
            # The reason, said once (the re-check of session 32: nothing was said); the prompt
            # offers the misdeal, and the player's own bid prompt gives the reason too. The offer
            # here as well was heard twice in a row (session 33 left it).
            reason = misdeal_reason(state.options, state.deck, state.hands[self.me])
            self.printer.write([f"You hold {reason}."], announce=True)

    # ----- undo and correction --------------------------------------------------------------
    def undo(self) -> list[str]:
        """Take back the last entry: a line of the hand being entered, the entry waiting for an
        answer, or the last entry the table took."""
        if self.hand_lines:  # the last line of a hand being typed (also a blind hand, asked)
            count = self.hand_lines.pop()
            gone = self.hand_cards[-count:]
            del self.hand_cards[-count:]
            self.prompted = False
            self.save()
            return [f"Taken back: {self.describer.namer.names(gone)}."]
        if self.ask is not None:
            ask, self.ask = self.ask, None
            hidden = self.table.hide_blind_hand()  # typed for the call held: it goes with it
            if hidden:
                self._rebuilt()
            self.prompted = False
            self.save()
            if not ask.actions:
                return ["Taken back: the nest laid aside."]
            return [f"Taken back: {self._entry_words(ask.seat, ask.actions[0])}{_with_it(hidden)}."]
        if self.face_up_cards is not None:  # entered before the hand
            gone, self.face_up_cards = list(self.face_up_cards), None
            self.prompted = False
            self.save()
            return [f"Taken back: {self.describer.namer.names(gone)}."]
        if self.dealer is not None and not self.table.entries:
            self.dealer = None
            self.prompted = False
            self.save()
            return ["Taken back: who deals."]
        entered = self.table.hand_entered()
        before = self.view()
        partners = self._partners_known(before)
        count = len(self.table.entries)
        while self.card_lines and self.card_lines[-1][0] > count:  # its entries gone another way
            self.card_lines.pop()
        whole = self.card_lines.pop()[1] if self.card_lines and self.card_lines[-1][0] == count else 1
        entry = self.table.undo()
        if entry.kind == DEAL:
            return self._deal_taken_back(entry)
        line = [self.table.undo() for _ in range(whole - 1)][::-1] + [entry]
        self._rebuilt()
        # The call that ended a blind auction takes the hand with it; a blind hand thrown in was
        # never entered ("and your hand with it" was said: found by the re-check).
        hidden = entered and not self.table.hand_entered()
        if entry.kind == ACT and entry.action is not None:
            cards = [e.action.value for e in line if e.action is not None] if whole > 1 else None
            # The entry after another bidder's discard carries their word on the nest, which goes
            # with it and is asked again (the less-played-tables sweep of session 32).
            # Partners are compared within one hand: the card that ended a hand, taken back, showed
            # no partner, though the next hand's had none yet ("The called card: Southeast is
            # North's partner." was said again, twice with two calls: the table sweep of session 38).
            view = self.view()
            moved = self._partners_moved(partners, view, undone=True) if view.hand_number == before.hand_number \
                else []
            return [f"Taken back: {self._entry_words(entry.seat, entry.action, cards)}{self._word_back(entry)}"
                    f"{_with_it(hidden, entry)}.", *moved]
        return [f"Taken back: the nest laid aside{self._word_back(entry)}."]

    def _word_back(self, entry: Entry) -> str:
        """", and what North said of the nest" where the entry taken back carried it."""
        if entry.told is None or self.state.bidder < 0:
            return ""
        return f", and what {self.describer.seat(self.view(), self.state.bidder)} said of the nest"

    def _deal_taken_back(self, entry: Entry) -> list[str]:
        """The deal taken back: the cards face up, or the hand's last typed line; the rest of
        the hand stays typed. Where the lines are not known (an earlier hand's, a save from before
        they were kept) a card is a line, as docs/table.md says: the whole hand went at once (the
        table sweep of session 39)."""
        if not any(e.kind == DEAL for e in self.table.entries):
            self.dealer = entry.seat
        lines = self.dealt_lines if sum(self.dealt_lines) == len(entry.cards) else [1] * len(entry.cards)
        self.hand_cards, self.hand_lines = list(entry.cards), list(lines)
        self.dealt_lines = []
        if self.table.face_up_first and not self.table.is_blind(entry.face_up):
            self.face_up_cards = entry.face_up  # typed first: the hand's last line goes
        if self.table.is_blind(entry.face_up) or (entry.face_up and not self.table.face_up_first):
            # The face-up cards, typed last (a blind deal's hand, asked after the auction, goes with them).
            gone = list(entry.face_up)
            if self.table.is_blind(entry.face_up):
                self.hand_cards, self.hand_lines = [], []
        else:
            count = self.hand_lines.pop()
            gone = self.hand_cards[-count:]
            del self.hand_cards[-count:]
        self._rebuilt()
        return [f"Taken back: {self.describer.namer.names(gone)}."]

    def correct(self, seat: int, card: int) -> list[str]:
        """Change a card entered before; what the change did to tricks already won is said."""
        if self.ask is not None:
            # It skipped the held entry: the seat's card of the trick before was changed, and the
            # held card not checked again (found by the re-check of session 21).
            held = self._entry_words(self.ask.seat, self.ask.actions[0]) if self.ask.actions else "the nest laid aside"
            back = "the hand's last line, then the held entry" if self.hand_lines else "the held entry back"
            raise IllegalAction(f"{held[0].upper()}{held[1:]} is held until you answer, and correct changes only "
                                f"what was taken: answer the question, or undo takes {back} to enter it again.")
        before = [winner for _lead, _plays, winner in self.table.state.tricks]
        partners = self._partners_known(self.view())
        old, questions = self.table.correct(seat, card)
        self._rebuilt()
        view = self.view()
        namer = self.describer.namer
        who = self.describer.seat(view, seat)  # mid-line: "Corrected: the dummy played"
        lines = [f"Corrected: {who} played the {namer.name(card)}, not the {namer.name(old)}."]
        for number, ((_lead, _plays, now), then) in enumerate(zip(view.tricks, before), 1):
            if now != then:
                taker = self.describer.seat(view, now)  # mid-sentence: "goes to you", "to the dummy"
                lines.append(f"Trick {number} now goes to {taker}, not {self.describer.seat(view, then)}.")
        return lines + self._partners_moved(partners, view) + questions

    @staticmethod
    def _partners_known(view: SeatView) -> tuple[int, int]:
        return view.partner, view.partner2

    def _partners_moved(self, before: tuple[int, int], view: SeatView, undone: bool = False) -> list[str]:
        """The secret partners a correction (or an undo, ``undone``) showed or hid again
        (call-partner): a called card corrected in or out of a seat's play, or taken back,
        changes who plays with the bidder, and the player heard the first reveal (the
        less-played-tables sweep and the re-check of session 32)."""
        lines = []
        me = view.seats[self.me]
        known = self._partners_known(view)
        for index, (then, now) in enumerate(zip(before, known)):
            if now == then:
                continue
            if now >= 0:
                lines.append(reveal_line(view.seats[now], view.seats[view.bidder], me))
                continue
            # With two called cards the other partner may still be known: name the card whose
            # holder is not (call-partner-6: "North's partner is not known yet" was said while
            # Northeast still was: the last re-check of session 32).
            whose = "your" if view.bidder == self.me else f"{self.describer.seat(view, view.bidder)}'s"
            unknown = (f"who holds the {self.describer.namer.name((view.called, view.called2)[index])} is not known "
                       "yet" if known[1 - index] >= 0 else f"{whose} partner is not known yet")
            seat = self.describer.seat(view, then).capitalize()
            lines.append(f"So {unknown}." if undone else f"{seat} did not play the called card after all: {unknown}.")
        return lines

    def _entry_words(self, seat: int, action: Action, cards: list[int] | None = None) -> str:
        """"your bid of 80", "West's 14 red"; ``cards``: a line's discards, taken back together."""
        who = self.describer.seat(self.view(), seat)
        whose = "your" if seat == self.me else f"{who}'s"
        namer = self.describer.namer
        if action.kind == A.PLAY:
            return f"{whose} {namer.name(action.value)}"
        if action.kind == A.BID:
            return f"{whose} bid of {action.value}"
        if action.kind == A.TRUMP:
            return f"{whose} trump call"
        if action.kind in (A.DISCARD, A.CALL):
            return f"{whose} {action.kind} of the {join_words([namer.name(c) for c in cards or [action.value]])}"
        if action.kind == A.PARTNER:  # not "North's partner", as if a person were taken back
            return f"{whose} handing of the trump call to {'your' if seat == self.me else 'their'} partner"
        return f"{whose} {action.kind}"

    def _rebuilt(self) -> None:
        """After undo or correction: the console's memory and the record follow the table."""
        self.state = self.table.state
        self.last_trick, self.hand_events, self.reviewed, self.review_pos = None, [], [], 0
        for line in self.table.record:
            self.remember(line)
        self.printer.history, self.printer.last_announcement = self._entries_heard_again()  # undone: unsaid
        self.prompted = False
        self._save_then_record()

    def _entries_heard_again(self) -> tuple[list[str], list[str]]:
        """What the player heard, told again from the entries (already taken again by the rules):
        every announcement (``history``) and the last entry's (``repeat``). A save's text is never
        read out: edited, it could say anything."""
        game = TableGame(self.table.preset, self.table.options, self.table.me)
        heard: list[str] = []
        last: list[str] = []
        for entry in self.table.entries:
            log = game.add(entry)
            last = self.told(log.seen) + log.questions
            heard += last
        return heard[-HISTORY_KEEP:], last

    def _hold_again(self, seat: int, actions: list[Any]) -> None:
        """The entry held when the game was saved: believed only when the table, given it again,
        asks the same question; anything else in its place is dropped."""
        try:
            logs = self._hold([Action.parse(str(a)) for a in actions], seat)
        except RuleError:
            return
        if logs is not None:  # taken without a question: not what a held entry is
            self._take_back(len(logs))

    # ----- telling, recording, saving ---------------------------------------------------------
    def commit_logs(self, logs: list[TableLog]) -> None:
        """Record and save what the entries caused, then say it (save first: what was heard is
        in the save)."""
        # Each event's lines keep its kind, for the speech setting of that kind, as in a game
        # on screen: every line was spoken whatever speak said (the voice sweep of session 29).
        told: list[tuple[str | None, list[str]]] = []
        for log in logs:
            for seen, view in log.seen:
                self.remember(seen)
                told += self.kinds_told(seen, view)
            told.append((None, log.questions))  # a question to answer is always said
        self.state = self.table.state
        self.actions_applied += len(logs)
        self.prompted = False
        self.saved_and_told(told, self._save_then_record)

    def _save_then_record(self) -> None:
        """The save first, then the record made from it: killed between the two, the record is
        one entry short and written whole again at the next entry. The other way round, it was
        an entry longer than the save and no longer this game's at the resume (found by the
        fourth re-check). A record that could not be written is left out of the save again."""
        if self.table.is_over():  # the save is removed now: the record first, or a kill loses its end
            self.write_record()
            self.save()
            return
        if not self.save() and self.ever_saved:
            # The record follows the save: written past a save that failed, it was more than an
            # entry longer than the save at the resume and taken for another game's (the ninth
            # re-check). It is written whole again at the next save that works.
            return
        if not self.write_record():
            self.save()

    def write_record(self) -> bool:
        """The whole record, written atomically: an undo takes lines back out of it. A record that
        cannot be written is said once, and the game goes on without it: the entry was taken all
        the same. False when it could not be written."""
        if not self.record_path:
            return True
        text = self.record_text()
        try:
            write_atomic(self.record_path, text)
            self.record_written = _digest(text.encode("utf-8"))
        except OSError as exc:
            path, self.record_path = self.record_path, None
            self.printer.write([f"Note: the game record {said_path(path)} cannot be written "
                                f"({exc.strerror or exc}); the game goes on without it."])
            return False
        return True

    def record_text(self) -> str:
        """The whole record as written: the game line, then the table's lines."""
        lines = [self.table.game_line(), *self.table.record]
        return "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)

    def resumed_record(self) -> list[str]:
        """At a resume, the record the save names is written into only if it is not there yet or
        begins as this table game's record: a save edited to name any other file would have it
        overwritten at the next entry, and a pipe would hold the table silent. Else the game goes
        on without it, said in one line."""
        path = self.record_path
        if not path:
            return []
        problem = self._resume_problem(path)
        if problem is None:
            # What the record holds now goes into the next save too: a save before the next entry
            # (a quit) named only the entry's digest, and the record left as a kill left it was
            # then not ours at the next resume (found by the eighth re-check).
            with contextlib.suppress(OSError):
                with open(path, "rb") as handle:
                    self.record_written = _digest(handle.read(RECORD_BYTES + 1))
            return []
        self.record_path = None
        return [f"Note: the game record {said_path(path)} cannot be continued ({problem}); "
                "the game goes on without it."]

    def _resume_problem(self, path: str) -> str | None:
        """Why the record the save names is not written into at the resume, or None."""
        named = saved_name_problem(path)  # a NUL in it ended the resume in a traceback's line (the files sweep)
        if named is not None:
            return named
        if not_a_file(path):
            return "it is not a file"
        if not os.path.isdir(os.path.dirname(path) or "."):
            return "its folder is not there"  # said, not made again, as a fresh --record's is
        if os.path.isfile(path) and os.path.getsize(path):
            return self._not_ours(path)
        return None

    def _not_ours(self, path: str) -> str | None:
        """Why the file is not this game's record as far as both go, or None when it is: its
        game line for the same rules and seat (not compared whole: an older version wrote its
        options differently), then this game's lines (another table game from the same seat
        written to that name since would be lost), then at most one entry's event lines. Read
        whole each entry, anything else after them (the player's notes) would be cut away."""
        not_ours = "it does not begin as this table game's record"
        game = self.table.game_line()
        mine = [json.loads(json.dumps(line)) for line in self.table.record]  # as read back
        try:
            with open(path, "rb") as handle:
                raw = handle.read(RECORD_BYTES + 1)
            if len(raw) > RECORD_BYTES:
                return not_ours
            lines = [_json_or_none(line) for line in raw.decode("utf-8").splitlines()]
        except (OSError, ValueError):
            return not_ours
        keys = ("type", "table", "preset", "seats")  # and the format: before November 2026, rook-record/1
        first = lines[0] if lines else None
        if not (isinstance(first, dict) and all(first.get(k) == game[k] for k in keys)
                and first.get("format") in (game["format"], "rook-record/1")):
            return not_ours
        # Each option both versions write, the same as the core reads it today: a value since
        # renamed counts as its new name (an older "georgia" moon at another top bid is "on" now:
        # the re-check of 05ec44d found such a record dropped at the resume).
        options = first.get("options")
        if not isinstance(options, dict):
            return not_ours
        theirs, ours = as_read_now(options), as_read_now(game["options"])
        if any(theirs.get(k) != v for k, v in ours.items() if k in options):
            return not_ours
        if _digest(raw) in self.record_known:
            return None  # as the save says it was or was about to be: a correction or an undo
        shared = min(len(lines) - 1, len(mine))
        if lines[1:1 + shared] != mine[:shared]:
            return not_ours
        extra = lines[1 + len(mine):]
        if not all(is_event_line(line, table=True) for line in extra):
            return ADDED_AFTER
        # Longer than the save (its last entry recorded, the save not written: a full disk, a kill
        # at the game's end) only by what one entry writes, after an entry of this game's own: a
        # game with none could be anyone's of the same rules and seat.
        return not_ours if extra and (not mine or len(extra) > ONE_ENTRY) else None

    def progress(self) -> object:
        """Every entry a save keeps: the table's, and a hand, a dealer or an entry still being typed."""
        data = self.to_dict()
        return [data[key] for key in ("table", "dealer", "hand_cards", "face_up_cards", "hand_lines", "held")]

    def to_dict(self) -> dict[str, Any]:
        """A save: the table's entries (believed only by taking them again) and the console's part."""
        return {
            "format": TABLE_SAVE_FORMAT,
            "table": self.table.to_data(),
            "dealer": self.table.seats[self.dealer] if self.dealer is not None else None,
            "hand_cards": [C.code(c) for c in self.hand_cards],
            "face_up_cards": None if self.face_up_cards is None else [C.code(c) for c in self.face_up_cards],
            "hand_lines": list(self.hand_lines),  # so undo after a resume takes back one line, as typed
            "dealt_lines": list(self.dealt_lines),  # and the last hand dealt, back into it
            "held": None if self.ask is None else {"seat": self.table.seats[self.ask.seat],
                                                   "actions": [str(a) for a in self.ask.actions]},
            "record": self.record_path,
            # What the record holds now and after this entry: killed between the save and the record
            # after a correction or an undo, the record is this game's though no longer its prefix.
            "record_digests": [d for d in (self.record_written, _digest(self.record_text().encode("utf-8")))
                               if d] if self.record_path else [],
            "settings": {key: getattr(self.settings, key) for key in GAME_SETTINGS} if self.settings else {},
        }

    def restore_table(self, data: dict[str, Any]) -> None:
        """The console's part of a save (the table was rebuilt from its entries by the caller)."""
        self.ever_saved = True  # its save is there: a save that fails now loses only what follows
        dealer = data.get("dealer")
        self.dealer = self.table.seats.index(dealer) if dealer in self.table.seats else None
        held = data.get("held")
        if isinstance(held, dict) and isinstance(held.get("actions"), list) and held.get("seat") in self.table.seats:
            self._hold_again(self.table.seats.index(held["seat"]), held["actions"])
        face_up = data.get("face_up_cards")
        if _codes(face_up) and self.need() == "face_up" and self.table.face_up_first:
            try:  # believed as typed: checked, and never a blind deal's (typed, that deals at once)
                shown = [C.from_code(c) for c in face_up]
                if not self.table.is_blind(shown):
                    self.answer_cards(shown)
            except RuleError:
                self.face_up_cards = None
        self.dealt_lines = _counts(data.get("dealt_lines"))
        cards = data.get("hand_cards")
        need = self.need()
        # A whole hand too: the table may be waiting for the face-up cards after it. A hand dealt
        # blind is kept only short of whole (typed whole, it is taken with the entry it waits for).
        if _codes(cards) and (need == "hand" and len(cards) <= self.table.hand_size
                              or need == "blind_hand" and len(cards) < self.table.hand_size):
            lines = _counts(data.get("hand_lines"))
            if sum(lines) != len(cards):
                lines = [len(cards)]  # a save from before the lines were kept: one line
            try:  # believed only as cards typed would be, line by line: else all dropped
                start = 0
                for count in lines:
                    typed = [C.from_code(c) for c in cards[start:start + count]]
                    if need == "hand":
                        self._hand_cards(typed)
                    else:
                        self._typed_hand(typed, tuple(self.table.state.face_up))
                    start += count
            except RuleError:
                self.hand_cards, self.hand_lines = [], []
        self.printer.history, self.printer.last_announcement = self._entries_heard_again()
        digests = data.get("record_digests")
        if isinstance(digests, list):
            self.record_known = tuple(d for d in digests if isinstance(d, str) and DIGEST.fullmatch(d))
        for line in self.table.record:
            self.remember(line)
        self.mark_saved()  # the game as it stands is in that save: quit with nothing typed loses nothing


def _counts(lines: object) -> list[int]:
    """A save's lines of typed cards, each a count; [] if they are not (a save from before they
    were kept)."""
    if isinstance(lines, list) and all(type(n) is int and n > 0 for n in lines):
        return list(lines)
    return []


def _with_it(hand: bool, entry: Entry | None = None) -> str:
    """What an entry taken back takes with it, answered for it: ", and your hand with it" (the
    call that ended a blind auction), the nest's cards (the call that gave the player the
    contract), the dummy's cards (the trump call that turned it up), the nest's points (the card
    that ended the hand). Only the held call was named, and the nest was gone unsaid (the table
    sweep of session 37)."""
    parts = ["your hand"] if hand else []
    if entry is not None:
        parts += [words for words, carried in (("the nest's cards", entry.cards), ("the dummy's cards", entry.dummy),
                                               ("the nest's points", entry.nest_points is not None)) if carried]
    return f", and {join_words(parts)} with it" if parts else ""


def _json_or_none(line: str) -> Any:
    """A record's line as JSON, or None when it is not (a note, a line cut short)."""
    try:
        return json.loads(line)
    except (ValueError, RecursionError):  # RecursionError: nested too deep to read
        return None


def _codes(value: Any) -> TypeGuard[list[str]]:
    """A save's list of card codes, not yet read."""
    return isinstance(value, list) and all(isinstance(c, str) for c in value)
