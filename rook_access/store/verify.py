"""Believing a file only after the rules core has replayed it: saved games and game records.

A save holds how its game began (preset, options, seed, first deal) and every action since; it
is believed only when those actions, applied one by one through the core, are all legal and end
in exactly the state the save holds. A record is believed only when every move in it is legal
when it is made and every line the core derives from the moves (contracts, tricks, scores,
deals) says what the core says. Any other file is refused in one line naming the file, the line
and what is wrong; nothing here trusts a field the core could not check.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..core import RECORD_TYPES, Action, Event, GameState, Options, new_game
from ..core import cards as C
from ..core.errors import RuleError
from ..core.options import with_added_defaults
from ..core.replay import RecordError
from ..core.table_record import replay_table_record
from ..core.text import show

MAX_ACTIONS = 200_000  # far beyond any game to 100,000 points; a bigger file is no save of ours
PARTNER = Action("partner")
# Record lines that are moves (the rest the core derives from the moves).
MOVES = ("bid", "pass", "check", "misdeal", "discard", "trump", "call", "play")


def plain(value: Any) -> Any:
    """The value as it reads back from JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


def first_deal(event: dict[str, Any]) -> dict[str, Any]:
    """The deal-file part of a ``deal`` event: enough for new_game to deal the same cards."""
    return {key: event.get(key) for key in ("dealer", "hands", "nest", "aside")}


def start_game(game: Any, where: str) -> tuple[GameState, list[Event]]:
    """A new game from a save's ``game`` part or a record's game and first deal lines."""
    if not isinstance(game, dict):
        raise RuleError(f"{where}: the game's start is missing")
    preset, options, seed, deal = (game.get(k) for k in ("preset", "options", "seed", "deal"))
    if not isinstance(preset, str) or not preset:
        raise RuleError(f"{where}: the preset must be a name, not {show(preset)}")
    if not isinstance(options, dict):
        raise RuleError(f"{where}: the options must be a table of every option")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RuleError(f"{where}: the seed must be a whole number, not {show(seed)}")
    if deal is not None and not isinstance(deal, dict):
        raise RuleError(f"{where}: the first deal must be a table of dealer, hands, nest and aside")
    try:
        return new_game(preset, Options.from_dict(options), seed, deal)
    except RuleError as exc:
        raise RuleError(f"{where}: {exc}") from None


# ----- saves ------------------------------------------------------------------------------------
@dataclass
class Replayed:
    """A save the core has replayed: its state and every event since the game began."""

    state: GameState
    events: list[Event] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)


def replay_actions(game: Any, actions: Any, where: str) -> Replayed:
    state, events = start_game(game, where)
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RuleError(f"{where}: the moves must be a list of actions like \"bid 80\"")
    if len(actions) > MAX_ACTIONS:
        raise RuleError(f"{where}: {len(actions)} moves is more than any game has")
    for number, text in enumerate(actions, 1):
        try:
            events += state.apply(Action.parse(text))
        except RuleError as exc:
            raise RuleError(f"{where}: move {number} ({show(text)}) cannot be made: {exc}") from None
    return Replayed(state, events, list(actions))


def check_state(replayed: Replayed, saved_state: Any, where: str) -> None:
    """The saved state must be the replayed one. A save written before an option existed lacks
    it in both its game and its state; the game was replayed with the option's added default,
    so the state's options are read the same way, or every save would look damaged to the
    next version that adds an option."""
    if isinstance(saved_state, dict) and isinstance(saved_state.get("options"), dict):
        saved_state = {**saved_state, "options": with_added_defaults(saved_state["options"])}
    if plain(replayed.state.to_dict()) != saved_state:
        raise RuleError(f"{where}: the game it holds is not the game its moves make; "
                        "it was changed by hand or damaged")


# ----- records ----------------------------------------------------------------------------------
@dataclass
class RecordGame:
    """One game of a record: where it starts, its seats, and whether it reached its end."""

    line: int
    seats: tuple[str, ...]
    players: dict[str, str]
    finished: bool = False
    finished_hands: int = 0


def _differs(line: dict[str, Any], expected: Event) -> str | None:
    """What the record line says that the core does not; None when they agree."""
    if line.get("type") != expected["type"]:
        return (f"it is a {show(line.get('type'))} line, but the game as played comes to a "
                f"{expected['type']} line here")
    for key, value in plain(expected).items():
        found = line.get(key)
        if isinstance(value, dict) and isinstance(found, dict) and set(found) == set(value):
            inner = next(k for k in value if found[k] != value[k]) if found != value else None
            if inner is not None:
                return (f"{key} of {inner} is {show(found[inner])}, but the game as played gives "
                        f"{show(value[inner])}")
            continue
        if found != value:
            if key == "seat" and expected["type"] in MOVES:
                seat = line.get("seat")
                who = seat if isinstance(seat, str) and seat.isidentifier() else show(seat)
                return f"{who} moves out of turn: it is {value}'s turn"
            return f"{key} is {show(line.get(key))}, but the game as played gives {show(value)}"
    return None


def _card(value: Any) -> int:
    if value is None:
        raise RuleError("the card is missing")
    if not isinstance(value, str):
        raise RuleError(f"{show(value)} is not a card code")
    return C.from_code(value)


def _actions_for(line: dict[str, Any]) -> list[Action]:
    """The core's actions for one move line (a discard is one action per card)."""
    kind = line["type"]
    if kind == "bid":
        amount = line.get("amount")
        if isinstance(amount, bool) or not isinstance(amount, int) or not 0 <= amount <= 10_000:
            raise RuleError(f"the bid {show(amount)} is not a whole number of points")
        return [Action("bid", amount)]
    if kind in ("pass", "check", "misdeal"):
        return [Action(kind)]
    if kind == "discard":
        cards = line.get("cards")
        if not isinstance(cards, list) or not cards:
            raise RuleError("a discard line lists the cards laid aside")
        return [Action("discard", _card(c)) for c in cards]
    if kind == "trump":
        colour = line.get("color")
        if colour is None:
            return [Action("trump", C.NO_TRUMP)]
        if colour not in C.COLORS:
            raise RuleError(f"{show(colour)} is not a colour: red, green, black, yellow or null")
        return [Action("trump", C.COLORS.index(colour))]
    return [Action(kind, _card(line.get("card")))]


def _next_trump_raises(lines: list[dict[str, Any]], start: int) -> bool:
    for line in lines[start:]:
        if line.get("type") == "trump":
            return bool(line.get("raise"))
        if line.get("type") in ("deal", "play", "game"):
            break
    return False


class RecordChecker:
    """Walks a record's lines through the core (see the module docstring)."""

    def __init__(self, lines: list[dict[str, Any]], numbers: list[int], where: str) -> None:
        self.lines, self.numbers, self.where = lines, numbers, where
        self.games: list[RecordGame] = []
        self.pos = 0

    def fail(self, index: int, message: str) -> RuleError:
        line = self.lines[index] if index < len(self.lines) else {}
        kind = line.get("type")
        what = f" (a {kind} line)" if isinstance(kind, str) and kind.isidentifier() and len(kind) < 20 else ""
        return RuleError(f"{self.where}: line {self.numbers[index]}{what}: {message}")

    def run(self) -> list[RecordGame]:
        while self.pos < len(self.lines):
            if self.lines[self.pos].get("type") != "game":
                raise self.fail(self.pos, "a game starts with a game line" if not self.games
                                else "a line after the game ended")
            self._game()
        return self.games

    def _expect(self, events: list[Event], game: RecordGame) -> None:
        """The record's next lines must be exactly the core's record events."""
        for event in events:
            if event["type"] not in RECORD_TYPES:
                continue
            if self.pos >= len(self.lines):
                return  # a record cut short (a game quit or a crash) ends here
            problem = _differs(self.lines[self.pos], event)
            if problem:
                raise self.fail(self.pos, problem)
            if event["type"] == "hand_end":
                game.finished_hands += 1
            self.pos += 1

    def _game(self) -> None:
        start = self.pos
        head = self.lines[start]
        if head.get("format") != "rook-record/1":
            raise self.fail(start, f"the format is {show(head.get('format'))}; this game reads rook-record/1")
        if "table" in head:
            self._table_game(start)
            return
        if self.pos + 1 >= len(self.lines) or self.lines[self.pos + 1].get("type") != "deal":
            if self.pos + 1 >= len(self.lines):
                self._players(head, start)
                self.pos += 1
                return
            raise self.fail(self.pos + 1, "a game line is followed by its first deal line")
        game_data = {"preset": head.get("preset"), "options": head.get("options"), "seed": head.get("seed")}
        try:
            state, events = start_game(game_data, "the game line")
        except RuleError as exc:
            raise self.fail(start, str(exc).replace("the game line: ", "")) from None
        # Dealt from the seed, or, when the first deal is not the seed's, from a deal file.
        if _differs(self.lines[start + 1], next(e for e in events if e["type"] == "deal")):
            game_data["deal"] = first_deal(self.lines[start + 1])
            try:
                state, events = start_game(game_data, "the first deal")
            except RuleError as exc:
                raise self.fail(start + 1, str(exc).replace("deal file: ", "")) from None
        game = self._players(head, start, state)
        if head.get("seats") != list(state.seats):
            raise self.fail(start, f"the seats are {show(head.get('seats'))}, but the options give {list(state.seats)}")
        self.pos = start + 1
        self._expect(events, game)
        while self.pos < len(self.lines) and not state.is_over():
            index = self.pos
            line = self.lines[index]
            if line.get("type") not in MOVES:
                raise self.fail(index, f"a {show(line.get('type'))} line where the rules expect a move")
            try:
                actions = _actions_for(line)
            except RuleError as exc:
                raise self.fail(index, str(exc)) from None
            state, events = self._apply(state, line, actions, index)
            self._expect(events, game)
        game.finished = state.is_over()

    def _table_game(self, start: int) -> None:
        """A game entered at a real table (rook-access table): only its player's cards are in
        it, so it is believed by entering it again through the table (``core.table_record``)."""
        end = next((i for i in range(start + 1, len(self.lines)) if self.lines[i].get("type") == "game"),
                   len(self.lines))
        game = self._players(self.lines[start], start)
        try:
            for _index, line, _view in replay_table_record(self.lines[start:end]):
                game.finished_hands += line.get("type") == "hand_end"
                game.finished = game.finished or line.get("type") == "game_end"
        except RecordError as exc:
            raise self.fail(start + exc.index, str(exc)) from None
        self.pos = end

    def _apply(self, state: GameState, line: dict[str, Any], actions: list[Action],
               index: int) -> tuple[GameState, list[Event]]:
        """Apply a move line's actions, handing the trump call to the partner first where the
        record shows it (that hand-over has no line of its own)."""
        tries = [actions]
        if PARTNER in state.legal_actions():
            with_partner = [PARTNER, *actions]
            if line["type"] == "discard":
                tries = [with_partner] if _next_trump_raises(self.lines, index) else [actions]
            else:
                tries = [actions, with_partner]
        seat = line.get("seat")
        on_turn = state.seats[state.turn]
        if line["type"] in ("bid", "pass", "check", "misdeal", "play") and seat != on_turn:
            who = seat if isinstance(seat, str) and seat.isidentifier() else show(seat)
            raise self.fail(index, f"{who} moves out of turn: it is {on_turn}'s turn")
        problem = "illegal"
        for attempt in tries:
            trial = state.clone()
            events: list[Event] = []
            try:
                for action in attempt:
                    events += trial.apply(action)
            except RuleError as exc:
                problem = str(exc)
                continue
            recorded = [e for e in events if e["type"] in RECORD_TYPES]
            mismatch = _differs(line, recorded[0]) if recorded else None
            if mismatch and attempt is not tries[-1]:
                continue
            return trial, events
        raise self.fail(index, f"this move is against the rules: {problem}")

    def _players(self, head: dict[str, Any], start: int, state: GameState | None = None) -> RecordGame:
        seats = head.get("seats")
        players = head.get("players")
        if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
            raise self.fail(start, "the game line names no seats, e.g. \"seats\": [\"north\", \"east\", ...]")
        if not isinstance(players, dict) or set(players) != set(seats) or not all(
                isinstance(p, str) for p in players.values()):
            raise self.fail(start, "players must name the player of every seat")
        game = RecordGame(self.numbers[start], tuple(seats), dict(players))
        self.games.append(game)
        return game


def check_record(lines: list[dict[str, Any]], numbers: list[int], where: str) -> list[RecordGame]:
    """Every game in the record, checked through the core; RuleError naming the first bad line."""
    return RecordChecker(lines, numbers, where).run()
