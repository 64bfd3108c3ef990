"""A game record read back through the rules: the record's actions are applied to a real state,
and every line the rules produce must match the record's line.

This is how a record from outside is believed (a play out of turn, a wrong trick winner or score,
a deal that does not follow from the game's seed are all caught), and how a replay gets the state
behind each line, to tell it as the game told it. Pure: the lines come in, states come out.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from . import actions as A
from . import cards as C
from .errors import IllegalAction, RuleError
from .events import Event
from .options import Options
from .state import RECORD_TYPES, GameState, Phase, new_game
from .view import SeatView

# Lines that record a choice; the others are what the rules say follows from the choices.
ACTION_LINES = frozenset({"bid", "pass", "check", "misdeal", "trump", "discard", "call", "play"})


class RecordError(RuleError):
    """A record line the rules do not accept; ``index`` is its place among the record's lines."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index


def _text(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _card(value: Any, index: int) -> int:
    try:
        return C.from_code(value) if isinstance(value, str) else C.from_code(_text(value))
    except RuleError:
        raise RecordError(index, f"{_text(value)} is not a card code") from None


def _actions(state: GameState, event: Event, index: int) -> list[A.Action]:
    """The actions behind one action line."""
    kind = event["type"]
    if kind == "bid":
        amount = event.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise RecordError(index, f"the bid amount {_text(amount)} is not a whole number")
        return [A.Action(A.BID, amount)]
    if kind in (A.PASS, A.CHECK, A.MISDEAL):
        return [A.Action(kind)]
    if kind in ("play", "call"):
        return [A.Action(kind, _card(event.get("card"), index))]
    if kind == "discard":
        cards = event.get("cards")
        if not isinstance(cards, list):
            raise RecordError(index, "a discard line needs a list of cards")
        return [A.Action(A.DISCARD, _card(c, index)) for c in cards]
    color = event.get("color")
    if color is not None and color not in C.COLORS:
        raise RecordError(index, f"{_text(color)} is not a colour")
    trump = A.Action(A.TRUMP, C.NO_TRUMP if color is None else C.COLORS.index(color))
    named_by = event.get("seat")
    if state.bidder >= 0 and named_by != state.seats[state.trump_caller]:
        return [A.PARTNER_ACTION, trump]  # the bidder handed the call over (not a record line)
    return [trump]


def replay_record(events: list[Event], seat: int = 0) -> Iterator[tuple[int, Event, SeatView]]:
    """For each line of a record (``events`` as read), its index, the line and ``seat``'s view
    at that moment (as ``GameState.apply_for`` gives it). Raises ``RecordError`` at the first line
    the rules do not produce or accept."""
    state: GameState | None = None
    expected: list[tuple[Event, SeatView]] = []
    for index, event in enumerate(events):
        kind = event.get("type")
        if kind == "game":
            state, opening = _start(events, index)
            if not 0 <= seat < state.n:
                raise RecordError(index, f"the game has no seat {seat}")
            expected = [(e, state.view(seat)) for e in opening]
            yield index, event, state.view(seat)
            continue
        if state is None:
            raise RecordError(index, "the record does not start with a game line")
        if not expected:
            if kind not in ACTION_LINES:
                raise RecordError(index, f"a {_text(kind)} line cannot come here: the rules expect "
                                         f"{_expecting(state)}")
            for action in _actions(state, event, index):
                try:
                    log = state.apply_for(action, seat)
                except IllegalAction as exc:
                    raise RecordError(index, f"{state.seats[state.actor]} cannot {action}: {exc}") from None
                expected += [(e, view) for e, (_seen, view) in zip(log.events, log.seen)
                             if e["type"] in RECORD_TYPES]
        made, view = expected.pop(0) if expected else (None, state.view(seat))
        if made != event:
            raise RecordError(index, _mismatch(event, made))
        yield index, event, view


def _start(events: list[Event], index: int) -> tuple[GameState, list[Event]]:
    """The game line's game, dealt as the record's next line (a deal) says."""
    game = events[index]
    try:
        options = Options.from_dict(game.get("options"))  # type: ignore[arg-type]
        seed = game.get("seed")
        if game.get("seats") != list(options.seats):
            raise RuleError("its seats are not those of its options")
        deal = events[index + 1] if index + 1 < len(events) else None
        if deal is None or deal.get("type") != "deal":
            raise RuleError("the next line should be the first deal")
        state, made = new_game(str(game.get("preset")), options, seed, deal=deal)  # type: ignore[arg-type]
    except (RuleError, AttributeError, TypeError) as exc:
        raise RecordError(index, f"the game line cannot start a game: {exc}") from None
    return state, [e for e in made if e["type"] in RECORD_TYPES]


def _expecting(state: GameState) -> str:
    if state.phase == Phase.OVER:
        return "nothing more: the game is over"
    return f"{state.seats[state.actor]} to {state.phase.value}"


def _mismatch(event: Event, made: Event | None) -> str:
    if made is None:
        return f"the {event.get('type')} line does not follow from the lines before it"
    if made.get("type") != event.get("type"):
        return f"the rules give a {made['type']} line here, not a {_text(event.get('type'))} line"
    wrong = sorted(k for k in set(made) | set(event) if made.get(k) != event.get(k))
    return (f"the {made['type']} line is not what the rules give: "
            + "; ".join(f"{k} is {_text(event.get(k))}, the rules say {_text(made.get(k))}" for k in wrong[:3]))
