"""One game at the table: the state, the computer players, the announcer and the autosave.

Every change to the game goes through :meth:`Session.apply`, so every action is announced from
the events it caused (the single path of architecture.md), written to the record, and saved
before anything else happens. The core gives each event twice (``GameState.apply_for``): whole,
for the record, and as the player's seat may learn it with the seat's view at that moment, for
the announcer, which keeps no memory of its own. Computer players act in
:meth:`Session.run_computers` without waiting; the loop only asks the player when the rules give
the player a choice.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterable
from typing import Any

from ..ai.players import Player
from ..core import Action, Event, GameState, IllegalAction, SeatView
from ..core import actions as A
from ..core import cards as C
from ..core.auction import misdeal_reason
from ..core.view import SeatLog, moves_for
from ..speech.speaking import line_kind
from ..store.record import RecordWriter, game_line
from ..store.verify import first_deal, start_game
from .describe import Describer
from .parse import Incomplete, NotText, for_deck
from .printer import HISTORY_KEEP, Printer

log = logging.getLogger(__name__)

SAVE_FORMAT = "rook-save/2"
# Settings a saved game keeps: how it was being told. Speech is left to the machine's settings.
# Written in a save for the versions before 2026-11-27, which put them back on resuming. Now a
# resumed game keeps the player's settings as they are: putting back an older game's undid the
# player's later changes, their deck's label style among them, and the next change saved them.
GAME_SETTINGS = ("verbosity", "bids", "plays", "tricks", "hands", "braille", "plain", "rook_label",
                 "black_letter", "numeric_indicator")
MAX_COMPUTER_ACTIONS = 100_000  # a guard against a computer player that never finishes


def _size(path: str | None) -> int | None:
    if not path:
        return None
    try:
        return os.path.getsize(path)
    except OSError:
        return None


GAME_OVER_LINE = "Type new for another game, review, score or history to look back, or quit to leave."
GOODBYE = "Goodbye."  # leaving once the game is over, by quit or the input's end


class Session:
    """A game in progress for the player at seat ``me`` (an index into ``state.seats``)."""

    mode = "play"  # which commands work (registry ``modes``): "table" in rook-access table

    def __init__(
        self,
        state: GameState,
        me: int,
        players: dict[int, Player],
        player_names: dict[str, str],
        announce: Callable[[Event, SeatView], list[tuple[str, list[str]]]],
        describer: Describer,
        printer: Printer,
        saver: Callable[[Session], bool | None] | None = None,
        record: RecordWriter | None = None,
        record_path: str | None = None,
    ) -> None:
        self.state = state
        self.me = me
        self.players = players
        self.player_names = player_names
        # (event as the seat learns it, the seat's view) -> its lines grouped by what they tell,
        # each with the event type whose speak kind decides it (``Announcer.told``)
        self.announce_told = announce
        self.describer = describer
        self.printer = printer
        self.saver = saver
        self.record = record
        self.record_path = record_path
        self.actions_applied = 0
        # How the game began and every action since: a save is believed only when these replay
        # through the core to the state it holds (store/verify.py).
        self.actions: list[str] = []
        self.first_deal: Event | None = None
        self.dealt_from_file = False  # the first deal came from a deal file: the save keeps it
        self.save_error: str | None = None  # why the last save failed; None when it was written
        # What the game held when quit was refused for a failed save (``progress``): a second quit
        # leaves, but anything entered since, or a save that worked, asks again (one quit left
        # unsaved after them: the re-checks of sessions 27 and 28)
        self.quit_refused_at: object = None
        self.ever_saved = False  # a save of this game exists (written now, or resumed from)
        # ``progress`` at the last save written or resumed from (None: none yet). A save that
        # cannot be written when nothing changed since loses nothing, and is not called unsaved:
        # quit on a read-only save, no move made, said "Left without saving the last moves" (the
        # files sweep of session 37).
        self.saved_progress: object = None
        self.last_trick: Event | None = None  # for ``last``: the rules allow only this one
        self.last_trick_hand: int | None = None  # the hand it was played in
        self.hand_events: list[Event] = []  # events since the last deal: the hand's tricks for review
        self.reviewed: list[Event] = []  # tricks and score of the last finished hand
        self.reviewed_moon = False  # that hand was a moon
        self.reviewed_trump: Event | None = None  # and how trump was named in it
        self.review_pos = 0
        self.prompted = False  # the prompt sentence of the pending decision was said
        self.misdeal_offered = -1  # the deal (deal_index) at which the player heard of a misdeal
        # The computers wait for the player's answer to that offer: misdeal, or Enter to go on.
        # A question meanwhile (hand, hint, status) keeps it open, as a sighted player may look at
        # the cards before deciding.
        self.misdeal_waiting = False
        self.resume_command = "rook-access play --resume"  # what goes on with this game's save
        self.settings: Any = None  # the player's Settings: those in GAME_SETTINGS go in the save

    # ----- reading ------------------------------------------------------------------------
    @property
    def my_seat(self) -> str:
        return self.state.seats[self.me]

    def view(self) -> SeatView:
        return self.state.view(self.me)

    def turn_view(self) -> SeatView:
        """The view the player's next decision is made in (on screen, the view)."""
        return self.view()

    def contract_view(self) -> SeatView:
        """The view that says who holds the contract, for the questions about it and the sides it
        makes (on screen, the view)."""
        return self.view()

    def trick_view(self) -> SeatView:
        """The view that says where the hand stands, for ``trick`` (on screen, the turn's)."""
        return self.turn_view()

    def my_turn(self) -> bool:
        return not self.state.is_over() and self.state.actor == self.me

    def announce(self, event: Event, view: SeatView) -> list[str]:
        """What the announcer says of an event as the seat learns it, with the seat's view then."""
        return [line for _type, said in self.announce_told(event, view) for line in said]

    def prompt(self) -> str:
        """What is expected now, as the prompt says it: the player's choices on their turn, else
        whose turn it is (the table companion says what the table waits for)."""
        view = self.view()
        return self.describer.prompt_line(view) if self.my_turn() else self.describer.turn_line(view)

    def game_over_line(self) -> str:
        """What is said to a line that needs a game going on, once it is over: the advice the
        game's end gives (``GAME_OVER_LINE``), in its words."""
        return f"The game is over: {GAME_OVER_LINE[0].lower()}{GAME_OVER_LINE[1:]}"

    def parse_refusal(self, error: Exception) -> str:
        """A line the parser could not read, said for this game's deck (``parse.for_deck``); a move
        typed alone ("play", "discard", "bid") is answered with one that may be made now."""
        if isinstance(error, Incomplete):
            values = self.may_enter(error.name)
            if values and error.name == A.BID:
                return error.said(str(min(values)))
            if values and error.name == A.DISCARD:
                view = self.view()
                cards = self.describer.cheapest_discards(view, min(2, self.describer.discard_left(view)))
                return error.said(" ".join(map(self.describer.namer.code, cards)))
            if values:
                return error.said(self.describer.namer.code(values[0]))
            if error.wrong:  # no such move now: its example would be refused too (the fuzz sweep)
                return f"{error.wrong} {self.prompt()}"
        if isinstance(error, NotText):
            return f"{error} {self.prompt()}"
        # "The 14 red is named twice" was in words alone with braille only (the braille sweep).
        return self.describer.namer.restyle(for_deck(str(error), bool(self.state.deck.mask & C.BIT[C.ROOK])))

    def may_enter(self, kind: str) -> list[int]:
        """The values of the moves of ``kind`` the player may make now (none on another's turn)."""
        return [a.value for a in self.turn_view().legal if a.kind == kind]

    # ----- changing ---------------------------------------------------------------------------
    def apply(self, actions: list[Action]) -> None:
        """Apply actions all-or-nothing: they are tried on a clone first, so a discard of five
        cards with one bad card changes nothing. Raises IllegalAction with the reason."""
        trial = self.state.clone()
        for action in actions:
            trial.apply(action)
        for action in actions:
            self._apply_one(action)

    def _apply_one(self, action: Action) -> None:
        """Apply, record and save, and only then announce: a move the player has heard is in the
        save, so a crash or a kill right after it loses nothing."""
        log = self.state.apply_for(action, self.me)
        self.actions_applied += 1
        # str() of a misdeal omits its seat; Action.parse reads it back from "misdeal N".
        self.actions.append(f"misdeal {action.value}" if action.kind == "misdeal" else str(action))
        self.prompted = False
        self.commit(log)

    def tell(self, events: list[Event]) -> None:
        """Record, save and announce events the session did not cause (``recorded``, ``say``)."""
        self.say(self.recorded(events))

    def recorded(self, events: list[Event]) -> SeatLog:
        """Record and remember events the session did not cause (the game line, a new game's
        opening deal), each as the player's seat may learn it with its view now; ``say`` then
        saves and tells them."""
        log = SeatLog(self.state, self.me)
        for event in events:
            log.append(event)
        self.take_events(log.events)
        return log

    def commit(self, log: SeatLog) -> None:
        """Record and remember the whole events, save, then print and say what the seat learned
        of them (save first, announce after: what was heard is in the save)."""
        self.take_events(log.events)
        self.say(log)

    def say(self, log: SeatLog) -> None:
        """Save, then print and say what the seat learned of ``log``'s events, already recorded."""
        self.saved_and_told([told for seen, view in log.seen for told in self.kinds_told(seen, view)], self.save)

    def kinds_told(self, seen: Event, view: SeatView) -> list[tuple[str | None, list[str]]]:
        """An event's lines as (speak kind, lines), for the speech setting of each kind: the
        partner a called card shows is not a play (``Announcer.told``)."""
        own = moves_for(view, self.me, seen.get("seat"))
        return [(line_kind(of, own), said) for of, said in self.announce_told(seen, view)]

    def saved_and_told(self, told: Iterable[tuple[str | None, list[str]]], save: Callable[[], object]) -> None:
        """``save``, then print and say each kind's lines (what was heard is in the save). A
        finished game keeps no save: it goes once the end is told. Gone first, a game killed as
        its last card was played left no save and no result ("there is no saved game"); the save
        before the last card plays it again (the saves sweep of session 31)."""
        over = self.state.is_over()
        if not over:
            save()
        for kind, said in told:
            if said:
                self.printer.write(said, announce=True, kind=kind)
        if over:
            save()

    def take_events(self, events: list[Event]) -> None:
        """Record events and keep the tricks for ``last`` and ``review``."""
        if self.record is not None:
            self.record.write(events)
        for event in events:
            if event.get("type") == "deal" and self.first_deal is None:
                self.first_deal = event
            self.remember(event)

    def remember(self, event: Event) -> None:
        """The console's memory of one event (a resumed game replays its events through here)."""
        kind = event.get("type")
        if kind == "deal":
            self.hand_events = []
        self.hand_events.append(event)
        if kind == "trick":
            self.last_trick = event
            hand = self.hand_events[0].get("hand")
            self.last_trick_hand = hand if isinstance(hand, int) else None
        elif kind == "hand_end":
            self.reviewed = [e for e in self.hand_events if e.get("type") in ("trick", "hand_end")]
            # The view review tells it with is the next hand's: a moon is the hand's own (review
            # said a moon set as "set, 55 of 180": found by the re-check).
            self.reviewed_moon = any(e.get("type") == "contract" and e.get("moon") is True for e in self.hand_events)
            self.reviewed_trump = next((e for e in self.hand_events if e.get("type") == "trump"), None)
            self.review_pos = 0

    def run_computers(self) -> None:
        """Let the computer players act until it is the player's turn or the game ends."""
        for _ in range(MAX_COMPUTER_ACTIONS):
            state = self.state
            if state.is_over() or state.actor == self.me or self.misdeal_waiting or self._offer_misdeal():
                return
            seat = state.actor
            player = self.players[seat]
            view = state.view(seat)
            action = player.choose(view)
            try:
                self._apply_one(action)
            except IllegalAction as exc:
                log.error("computer player %s chose %s, which is illegal: %s", seat, action, exc)
                self._apply_one(view.legal[0])
        raise RuntimeError("the computer players did not finish")

    def _offer_misdeal(self) -> bool:
        """Before the first bid, a player holding no counters may call a misdeal off turn
        (rules.md): once per deal, the computers wait while the player is told so."""
        state = self.state
        if not state.may_misdeal(self.me) or self.misdeal_offered == state.deal_index:
            return False
        self.misdeal_offered = state.deal_index
        self.misdeal_waiting = True
        reason = misdeal_reason(state.options, state.deck, state.hands[self.me])
        self.printer.write([f"You hold {reason}, so you may call a misdeal before anyone bids: "
                            f"{self.misdeal_choice()}"], announce=True)
        return True

    def misdeal_choice(self) -> str:
        """What the player may answer to the misdeal offer."""
        who = self.describer.seat(self.view(), self.state.actor)
        return f"type misdeal, or press Enter to let {who} go on."

    def save(self) -> bool:
        """Save now; False (with ``save_error`` saying why) when the save could not be written."""
        if self.saver is None:
            return True
        saved = self.saver(self) is not False
        if saved:
            self.mark_saved()
        elif self.save_error is None:
            self.save_error = "the save could not be written"
        return saved

    def mark_saved(self) -> None:
        """A save holds the game as it stands now (written, claimed or resumed from)."""
        self.save_error = None
        self.ever_saved = True
        self.quit_refused_at = None  # saved again: a later quit that cannot save asks again
        self.saved_progress = self.progress()

    def unchanged(self) -> bool:
        """Nothing a save keeps has changed since the last save written or resumed from: a save
        that cannot be written now loses nothing."""
        return self.saved_progress is not None and self.progress() == self.saved_progress

    def progress(self) -> object:
        """What a save would keep of the game, to tell whether more would be lost than when a quit
        was refused: the moves made (settings and reading back are not lost work)."""
        return len(self.actions)

    # ----- saving -----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """What a save needs: how the game began and every action since (the proof of the state),
        the state itself, and the console's part: enough to continue exactly where it stopped."""
        state = self.state
        return {
            "format": SAVE_FORMAT,
            "game": {"preset": state.preset, "options": state.options.to_dict(), "seed": state.seed,
                     "dealer": self.first_deal.get("dealer") if self.first_deal else None,
                     "deal": first_deal(self.first_deal) if self.dealt_from_file and self.first_deal else None},
            "actions": self.actions,
            "state": state.to_dict(),
            "me": self.my_seat,
            "players": self.player_names,
            "record": self.record_path,
            # The record's length when this save was made: a crash between writing events to the
            # record and saving leaves lines the save does not know; resume cuts them off.
            "record_size": _size(self.record_path),
            "review_pos": self.review_pos,
            "settings": {key: getattr(self.settings, key) for key in GAME_SETTINGS} if self.settings else {},
        }

    def restore(self, data: dict[str, Any], events: list[Event], actions: list[str]) -> None:
        """Take back the console's part of a save whose actions the core has replayed (``events``
        are what they caused): the memory of the hand and tricks comes from the replay, never
        from the file; what the file adds (history) is only text, checked for shape."""
        self.actions = list(actions)
        self.actions_applied = len(actions)
        self.mark_saved()
        for event in events:
            if event.get("type") == "deal" and self.first_deal is None:
                self.first_deal = event
            self.remember(event)
        self.dealt_from_file = isinstance(data.get("game"), dict) and data["game"].get("deal") is not None
        position = data.get("review_pos")
        if isinstance(position, int) and not isinstance(position, bool) and 0 <= position <= len(self.reviewed):
            self.review_pos = position
        self.printer.history, self.printer.last_announcement = self._heard_again(data.get("game"), actions)

    def told(self, seen: list[tuple[Event, SeatView]]) -> list[str]:
        """What the announcer says of events as this seat learned them (a log's ``seen``)."""
        return [line for event, view in seen for line in self.announce(event, view)]

    def _heard_again(self, game: Any, actions: list[str]) -> tuple[list[str], list[str]]:
        """What the player heard of this game, told again from its start and its moves (both
        replayed already): every announcement (``history``), and those since the player's own
        last move (``repeat``). A save's text is never read out: edited, it could say anything."""
        state, opening = start_game(game, "the save")
        log = SeatLog(state, self.me)
        for event in (game_line(state, self.player_names), *opening):
            log.append(event)
        heard = self.told(log.seen)
        starts = [0]  # where each of the player's moves began what was said after it
        for text in actions:
            if state.actor == self.me:
                starts.append(len(heard))
            heard += self.told(state.apply_for(Action.parse(text), self.me).seen)
        since = max(start for start in starts if start < len(heard)) if heard else 0
        return heard[-HISTORY_KEEP:], heard[since:]


