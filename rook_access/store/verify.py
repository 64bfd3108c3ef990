"""Believing a file only after the rules core has replayed it: saved games and game records.

A save holds how its game began (preset, options, seed, first deal) and every action since; it
is believed only when those actions, applied one by one through the core, are all legal and end
in exactly the state the save holds. A record is believed only when the core's replay
(``core.replay.replay_record``, the one record checker) accepts it: every move legal when it is
made, every line the core derives from the moves (contracts, tricks, scores, deals) saying what
the core says on the fields the format defines. Any other file is refused in one line naming the
file, the line and what is wrong; nothing here trusts a field the core could not check.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..core import Action, Event, GameState, Options, SeatView, new_game
from ..core.errors import DealError, RuleError
from ..core.options import ADDED_ALTERNATIVES, with_added_defaults
from ..core.replay import RecordError, check_lines, preset_name, replay_record
from ..core.seats import dealing_seats
from ..core.serialize import with_added_fields
from ..core.state import drawn_dealer
from ..core.table_record import is_table_record, replay_table_record
from ..core.text import of_another, of_seat, said_path, show

MAX_ACTIONS = 200_000  # far beyond any game to 100,000 points; a bigger file is no save of ours


def plain(value: Any) -> Any:
    """The value as it reads back from JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


def first_deal(event: dict[str, Any]) -> dict[str, Any]:
    """The deal-file part of a ``deal`` event: enough for new_game to deal the same cards. The
    event's nest is as it lies after a card turned up for trump went under (beginner), so what
    went under comes too, to be put back on top and turned up again."""
    keys = ("dealer", "hands", "nest", "aside") + (("turned_under",) if event.get("turned_under") else ())
    data = {key: event.get(key) for key in keys}
    hands = event.get("hands")
    dummy = hands.get("dummy") if isinstance(hands, dict) else None
    if isinstance(dummy, list) and event.get("face_up"):  # the dummy's cards a deal file showed
        data["face_up"] = [card for card in event["face_up"] if card in dummy]
    return data


def start_game(game: Any, where: str) -> tuple[GameState, list[Event]]:
    """A new game from a save's ``game`` part (preset, options, seed, the first dealer, and the
    first deal when it came from a deal file). A save written before saves held the first dealer
    was dealt by the draw of its day (``drawn_dealer(every_seat=True)``)."""
    if not isinstance(game, dict):
        raise RuleError(f"{where}: the game's start is missing")
    preset, options, seed, deal, dealer = (game.get(k) for k in ("preset", "options", "seed", "deal", "dealer"))
    if not isinstance(options, dict):
        raise RuleError(f"{where}: the options must be a table of every option")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RuleError(f"{where}: the seed must be a whole number, not {show(seed)}")
    if deal is not None and not isinstance(deal, dict):
        raise RuleError(f"{where}: the first deal must be a table of dealer, hands, nest and aside")
    try:
        preset = preset_name(preset)
        rules = Options.from_dict(options)
        if "dealer" not in game:
            first = drawn_dealer(rules, seed, every_seat=True) if deal is None else None
        else:
            dealers = [rules.seats[seat] for seat in dealing_seats(rules)]
            if dealer not in dealers:
                raise RuleError(f"the first dealer must be one of {', '.join(dealers)}, not {show(dealer)}")
            first = rules.seats.index(dealer)
        return new_game(preset, rules, seed, deal, first)
    except DealError as exc:  # the deal a deal file gave, kept in the save: not a file the player gave now
        raise RuleError(f"{where}: its first deal: {exc}") from None
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
        # Once the game is over no seat is on turn: ``state.actor`` is the last seat that was,
        # and a move after the end was said to be that seat's (found by the re-check of session 35).
        actor = -1 if state.is_over() else state.actor
        try:
            action = Action.parse(text)
            actor = action.value if action.kind == "misdeal" else actor  # called off turn, by its seat
            events += state.apply(action)
        except RuleError as exc:  # the rules' reason said of the seat that moves, not "You"
            why, name = str(exc), state.seats[actor].capitalize() if 0 <= actor < len(state.seats) else ""
            theirs = of_seat(why, name) if name else None
            if theirs:
                said = f"cannot be made: {theirs}"
            elif name:
                said = f"cannot be made by {name}: {of_another(why)}"
            else:
                said = f"cannot be made: {why}"
            raise RuleError(f"{where}: move {number} ({show(text)}) {said}") from None
    return Replayed(state, events, list(actions))


def check_state(replayed: Replayed, saved_state: Any, where: str) -> None:
    """The saved state must be the replayed one. A save written before an option existed lacks
    it in both its game and its state, or holds a value since renamed (``moon="georgia"``); the
    game was replayed with the options as the core reads them now, so the state's options are
    read the same way, or every save would look damaged to the next version that changes one."""
    if isinstance(saved_state, dict) and isinstance(saved_state.get("options"), dict):
        saved_state = with_added_fields({**saved_state, "options": as_read_now(saved_state["options"])})
    if plain(replayed.state.to_dict()) != saved_state:
        raise RuleError(f"{where}: the game it holds is not the game its moves make; "
                        "it was changed by hand or damaged")


def as_read_now(options: Any) -> Any:
    """Saved options as the core reads them today; as saved, if the core refuses them (the
    comparison then fails, and the save is refused)."""
    try:
        return plain(Options.from_dict(options).to_dict())
    except RuleError:
        return with_added_defaults(options)


# ----- records ----------------------------------------------------------------------------------
@dataclass
class RecordGame:
    """One game of a record as the core replayed it: where it starts (``line``: its file line
    number; ``span``: its lines' indexes), its seats and players, whether it reached its end."""

    line: int
    seats: tuple[str, ...]
    players: dict[str, str]
    finished: bool = False
    table: str | None = None  # the seat of a game entered at a real table (only its cards are known)
    span: tuple[int, int] = (0, 0)

    def told(self, lines: list[dict[str, Any]], seat: int, rest: list[tuple[Event, SeatView]] | None = None,
             notes: dict[int, list[str]] | None = None) -> Iterator[tuple[int, Event, SeatView]]:
        """Each of its lines (by index in ``lines``, the record checked) with ``seat``'s view:
        built one game at a time as it is told, not all held at once (a record of 420 games took
        487 MB so). ``rest``: as ``replay_record`` gives it; ``notes``: a table game's, as
        ``replay_table_record`` gives them, by index in ``lines`` (those after ``rest``: the
        game's end index)."""
        start, end = self.span
        part = lines[start:end]
        own: dict[int, list[str]] = {}
        told = replay_table_record(part, rest=rest, notes=own) if self.table else replay_record(part, seat, rest)
        for index, event, view in told:
            if notes is not None and index in own:
                notes[start + index] = own.pop(index)
            yield start + index, event, view
        if notes is not None and len(part) in own:
            notes[end] = own.pop(len(part))


def check_record(lines: list[dict[str, Any]], numbers: list[int], where: str) -> list[RecordGame]:
    """Every game in the record, replayed through the core (``core.replay``, the one record
    checker); RuleError naming the file line the rules refuse. A game believed only with an
    option it lacks read as ``ADDED_ALTERNATIVES`` has its game line put back in ``lines`` with
    that value, so it is told as it was checked."""
    if not lines:
        return []
    starts = [index for index, line in enumerate(lines) if line.get("type") == "game"]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)  # the core refuses a record that does not start with a game line
    games: list[RecordGame] = []
    for number, start in enumerate(starts):
        end = starts[number + 1] if number + 1 < len(starts) else len(lines)
        part = lines[start:end]
        try:
            games.append(_check_game(part, numbers[start], (start, end)))
        except RecordError as exc:
            amended = _with_alternatives(part)
            game = _believed(amended, numbers[start], (start, end)) if amended else None
            if amended is None or game is None:
                raise _record_fault(lines, numbers, start + exc.index, where, str(exc)) from None
            games.append(game)
            lines[start] = amended[0]
    return games


def _believed(part: list[dict[str, Any]], line: int, span: tuple[int, int]) -> RecordGame | None:
    """The game as ``_check_game`` gives it, or None where the core refuses it."""
    try:
        return _check_game(part, line, span)
    except RecordError:
        return None


def _check_game(part: list[dict[str, Any]], line: int, span: tuple[int, int]) -> RecordGame:
    """One game of a record (its lines ``part``) replayed through the core; RecordError at the
    first line the rules refuse."""
    # A game entered at a real table holds only its player's cards: it is believed by entering
    # it again through the table (``core.table_record``), told as that seat.
    table = is_table_record(part)
    head = next(replay_table_record(part) if table else replay_record(part[:1]))[1]
    game = RecordGame(line, tuple(head["seats"]), dict(head["players"]),
                      table=head["table"] if table else None, span=span)
    last = "game"
    over: list[bool] = []
    # Only believed here, so no views are built (twice as fast); told later, game by game.
    for _index, event, *_view in replay_table_record(part, over) if table else check_lines(part, over):
        last = event["type"]
    # Over by the rules, its game_end line lost or not: a game that cannot be played on.
    game.finished = last == "game_end" or over == [True]
    return game


def _with_alternatives(part: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The game's lines with each option its game line lacks that had another rule before it
    was an option (``ADDED_ALTERNATIVES``), or None when it lacks none."""
    options = part[0].get("options") if part[0].get("type") == "game" else None
    if not isinstance(options, dict):
        return None
    missing = {key: value for key, value in ADDED_ALTERNATIVES.items() if key not in options}
    if not missing:
        return None
    return [{**part[0], "options": {**options, **missing}}, *part[1:]]


def _record_fault(lines: list[dict[str, Any]], numbers: list[int], index: int, where: str,
                  message: str) -> RuleError:
    kind = lines[index].get("type")
    what = f" (a {kind} line)" if isinstance(kind, str) and kind.isidentifier() and len(kind) < 20 else ""
    return RuleError(f"{said_path(where)}: line {numbers[index]}{what}: {message}")
