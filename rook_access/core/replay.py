"""A game record read back through the rules: the record's actions are applied to a real state,
and every line the rules produce must match the record's line.

This is the one way a record from outside is believed (a play out of turn, a wrong trick winner
or score, a deal that does not follow from the game's seed are all caught), and how a replay gets
the state behind each line, to tell it as the game told it. A line is compared with the rules'
line on the fields the format defines (``RECORD_FIELDS``, shared/docs/game-record.md): the format
lets a writer add fields, and a reader ignores what it does not know. Pure: the lines come in,
states come out.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from . import actions as A
from . import cards as C
from .deal import deal_part
from .errors import DealError, IllegalAction, RuleError
from .events import Event
from .options import TABLE_SHAPE, Options
from .presets import preset_names, resolve
from .state import RECORD_TYPES, GameState, Phase, new_game
from .text import of_another, of_seat, show
from .view import SeatView

FORMAT = "rook-record/1"
TABLE_FORMAT = "rook-table-record/1"  # a table game's record (core/table.py): the same lines, and its seat
# Lines that record a choice; the others are what the rules say follows from the choices.
ACTION_LINES = frozenset({"bid", "pass", "check", "misdeal", "trump", "discard", "call", "play"})
# Choices made by the seat on turn (a misdeal is called off turn; trump may be named by the
# bidder's partner).
TURN_LINES = frozenset({"bid", "pass", "check", "discard", "call", "play"})
# The fields game-record.md defines for each line type, besides "type": a line is compared with
# the rules' line on these alone.
RECORD_FIELDS: dict[str, tuple[str, ...]] = {
    "game": ("format", "preset", "options", "seats", "players", "seed"),
    "deal": ("hand", "dealer", "hands", "nest", "aside", "face_up"),
    "misdeal": ("seat", "reason"),
    "bid": ("seat", "amount"),
    "check": ("seat",),
    "pass": ("seat",),
    "contract": ("seat", "amount", "forced", "moon"),
    "redeal": ("reason",),
    "take_nest": ("seat", "cards"),
    "trump": ("seat", "color", "raise"),
    "discard": ("seat", "cards", "points_in_nest"),
    "call": ("seat", "card"),
    "play": ("seat", "card"),
    "trick": ("number", "leader", "winner", "cards", "points"),
    "hand_end": ("hand", "bidder", "bid", "sides", "captured", "nest_to", "nest_points", "bonuses",
                 "made", "score", "totals"),
    "game_end": ("winners", "totals"),
}
assert set(RECORD_FIELDS) == RECORD_TYPES
# Fields this program adds (docs/game-record.md), compared where a line holds them: a record
# written before them still reads, and one that holds them falsely is refused (a made-up
# "turned_under" was believed: found by the record sweep).
ADDED_FIELDS: dict[str, tuple[str, ...]] = {"deal": ("turned_under",), "hand_end": ("nest",)}


def compared_fields(line: Event, kind: str, own: Mapping[str, tuple[str, ...]] | None = None) -> tuple[str, ...]:
    """The fields a line of ``kind`` is compared on: the format's, those added that it holds,
    and a format's ``own`` (the table record's) always."""
    return (RECORD_FIELDS.get(kind, ()) + tuple(key for key in ADDED_FIELDS.get(kind, ()) if key in line)
            + (own or {}).get(kind, ()))


class RecordError(RuleError):
    """A record line the rules do not accept; ``index`` is its place among the record's lines."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index


def _text(value: Any) -> str:
    return show(value)


def _card(value: Any, index: int) -> int:
    if value is None:
        raise RecordError(index, "the card is missing")
    try:
        return C.from_code(value)
    except RuleError:
        raise RecordError(index, f"{_text(value)} is not a card code") from None


# The fields of each action line (ACTION_LINES) that make the action, before its value is
# judged: a missing one is said missing, not quoted as null. (The rest of RECORD_FIELDS, such as
# a discard's points_in_nest, are what the rules give, compared with them by ``mismatch``.)
NEEDED = {"bid": ("seat", "amount"), "pass": ("seat",), "check": ("seat",), "misdeal": ("seat",),
          "play": ("seat", "card"), "call": ("seat", "card"), "discard": ("seat", "cards"), "trump": ("seat", "color")}
assert set(NEEDED) == ACTION_LINES


def _actions(state: GameState, event: Event, index: int) -> list[A.Action]:
    """The actions behind one action line."""
    kind = event["type"]
    missing = next((key for key in NEEDED.get(kind, ()) if key not in event), None)
    if missing is not None:
        raise RecordError(index, f"the {missing} is missing")
    if kind == "bid":
        amount = event.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise RecordError(index, f"the bid amount {_text(amount)} is not a whole number")
        return [A.Action(A.BID, amount)]
    if kind == A.MISDEAL:
        seat = event.get("seat")
        if seat not in state.seats:
            raise RecordError(index, f"{_text(seat)} is not a seat of this game")
        return [A.Action(kind, state.seats.index(seat))]
    if kind in (A.PASS, A.CHECK):
        return [A.Action(kind)]
    if kind in ("play", "call"):
        return [A.Action(kind, _card(event.get("card"), index))]
    if kind == "discard":
        cards = event.get("cards")
        if not isinstance(cards, list):
            raise RecordError(index, "a discard line needs a list of cards")
        return [A.Action(A.DISCARD, _card(c, index)) for c in cards]
    try:
        trump = A.trump_of_line(event.get("color"), event.get("rook"))
    except RuleError as exc:
        raise RecordError(index, str(exc)) from None
    named_by = event.get("seat")
    if state.bidder >= 0 and named_by != state.seats[state.trump_caller]:
        return [A.PARTNER_ACTION, trump]  # the bidder handed the call over (not a record line)
    return [trump]


def replay_record(events: list[Event], seat: int = 0,
                  rest: list[tuple[Event, SeatView]] | None = None) -> Iterator[tuple[int, Event, SeatView]]:
    """For each line of a record (``events`` as read), its index, the line and ``seat``'s view
    at that moment (as ``GameState.apply_for`` gives it). Raises ``RecordError`` at the first line
    the rules do not produce or accept. A record may stop anywhere (a game quit or a crash).
    ``rest`` gets, once every line is through, the lines the rules gave after the record's last
    that it lacks: a hand's score and the game's end a crash lost (the re-checks of session 29)."""
    for index, event, view in _replayed(events, seat, True, rest=rest):
        assert view is not None
        yield index, event, view


def check_lines(events: list[Event], over: list[bool] | None = None) -> Iterator[tuple[int, Event]]:
    """``replay_record`` without the views, for a record only to be believed, not told: each
    line's index and the line, RecordError as there (twice as fast: no view is built). ``over``
    gets, once every line is through, whether the rules ended the game: a crash may lose its
    game_end line after the hand that won it (the records sweep of session 29)."""
    for index, event, _view in _replayed(events, 0, False, over):
        yield index, event


def _replayed(events: list[Event], seat: int, views: bool, over: list[bool] | None = None,
              rest: list[tuple[Event, SeatView]] | None = None) -> Iterator[tuple[int, Event, SeatView | None]]:
    state: GameState | None = None
    expected: list[tuple[Event, SeatView | None]] = []
    for index, event in enumerate(events):
        kind = event.get("type")
        if kind == "game":
            if expected:
                raise RecordError(index, mismatch(event, expected[0][0]))
            state, opening = _start(events, index)
            if not 0 <= seat < state.n:
                raise RecordError(index, f"the game has no seat {seat}")
            expected = [(e, state.view(seat) if views else None) for e in opening]
            yield index, event, state.view(seat) if views else None
            continue
        if state is None:
            raise RecordError(index, "the record does not start with a game line")
        if kind not in RECORD_TYPES:  # the format grows only under a new name (game-record.md)
            raise RecordError(index, f"a {_text(kind)} line is not a line of rook-record/1")
        if not expected:
            if state.phase == Phase.OVER:
                raise RecordError(index, "the game is over: only a new game line may follow")
            if kind not in ACTION_LINES:
                raise RecordError(index, f"a {_text(kind)} line cannot come here: the rules expect "
                                         f"{_expecting(state)}")
            actions = _actions(state, event, index)
            _check_turn(state, event, actions[0], index)
            for action in actions:
                try:
                    if views:
                        log = state.apply_for(action, seat)
                        made_now: list[tuple[Event, SeatView | None]] = [
                            (e, view) for e, (_seen, view) in zip(log.events, log.seen)]
                    else:
                        made_now = [(e, None) for e in state.apply(action)]
                except IllegalAction as exc:
                    _check_phase(state, action, index)
                    if action.kind == A.PARTNER:  # made up for a trump line by another seat than the caller
                        named = event.get("seat")
                        who = named if named in state.seats else _text(named)
                        raise RecordError(index, f"{who} cannot name trump: it is "
                                                 f"{state.seats[state.trump_caller]}'s to name") from None
                    # A misdeal is called off turn: the seat is the line's, not the one on turn
                    # (the records sweep: replay blamed the seat it was the turn of).
                    who = action.value if action.kind == A.MISDEAL else state.actor
                    name = state.seats[who]
                    doing = A.doing(action, state.card_name)  # as the table says it: "name trump now"
                    raise RecordError(index, of_seat(str(exc), name.capitalize())
                                      or f"{name} cannot {doing}: {of_another(str(exc))}") from None
                expected += [(e, view) for e, view in made_now if e["type"] in RECORD_TYPES]
        made, view = expected.pop(0) if expected else (None, state.view(seat) if views else None)
        if made is None or not agrees(event, made):
            raise RecordError(index, mismatch(event, made))
        yield index, event, view
    if over is not None:
        over.append(state is not None and state.phase == Phase.OVER)
    if rest is not None:
        rest.extend((event, view) for event, view in expected if view is not None)


def agrees(line: Event, made: Event, own: Mapping[str, tuple[str, ...]] | None = None) -> bool:
    """Whether a record line says what the rules' line says, on the fields the format defines."""
    kind = made["type"]
    return line.get("type") == kind and all(
        same_json(line.get(key), made.get(key)) for key in compared_fields(line, kind, own))


def same_lines(lines: list[Event], made: list[Event]) -> bool:
    """Whether a game's record lines (after its game line) say, line for line, what the rules
    said in ``made`` (a save's moves replayed): the record holds exactly that game, no move more
    or less."""
    made = [event for event in made if event.get("type") in RECORD_TYPES]
    return len(lines) == len(made) and all(agrees(line, event) for line, event in zip(lines, made))


def moves_in(lines: list[Event]) -> int:
    """How many of a record's lines record a choice (a bid, a card played...)."""
    return sum(1 for line in lines if line.get("type") in ACTION_LINES)


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON values: ``1``, ``1.0`` and ``true`` differ; a tuple is a list."""
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(map(same_json, a, b))
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    return bool(a == b)


def _check_turn(state: GameState, event: Event, action: A.Action, index: int) -> None:
    """A choice made by the seat on turn must be recorded as that seat's, and be of the kind due
    (``_check_phase``): a play line after a missing trump line is a line missing, not a move out
    of turn."""
    if event.get("type") not in TURN_LINES:
        return
    on_turn = state.seats[state.turn]
    seat = event.get("seat")
    if seat not in state.seats:
        raise RecordError(index, f"{_text(seat)} is not a seat of this game ({', '.join(state.seats)})")
    if seat != on_turn:
        _check_phase(state, action, index)
        raise RecordError(index, f"{seat} moves out of turn: it is {on_turn}'s turn")


def _check_phase(state: GameState, action: A.Action, index: int) -> None:
    """A line whose move is not of a kind the rules take now is refused for what they expect:
    "dummy moves out of turn" and "north cannot name trump now: Not now: ..." were said where a
    line was missing (the sweeps of session 34). A misdeal is called off turn; the bidder's
    hand-over of the call is judged with the trump line it is made for."""
    kind = A.TRUMP if action.kind == A.PARTNER else action.kind
    if kind != A.MISDEAL and kind not in {legal.kind for legal in state.legal_actions()}:
        raise RecordError(index, f"the rules expect {_expecting(state)} next")


NAME_LIMIT = 60  # a preset's or a player's name, as the replay says it


def said_name(value: Any) -> bool:
    """Whether a name from a record may be said and shown as it is: text, short, and without
    control characters (a terminal would act on an escape sequence; a newline forges a line)."""
    return isinstance(value, str) and 0 < len(value) <= NAME_LIMIT and value.isprintable() and bool(value.strip())


def preset_name(value: Any) -> str:
    """A game's preset name from a file (a record, a save), believed only if it may be said as it
    is (``said_name``); a save's was read out unchecked, a forged line with it (the saves sweep)."""
    if not said_name(value):
        raise RuleError(f"the preset must be a name of at most {NAME_LIMIT} printable characters, not {show(value)}")
    return str(value)


def game_options(game: Event) -> Options:
    """A game line's options (RuleError if they are not a game's), with the table's shape its
    built-in preset gives where they leave it out: a record written to rules.md's list of
    options, as another tool may write it, was refused (the records sweep of session 29). A
    family's rules are not known here."""
    options, preset = game.get("options"), preset_name(game.get("preset"))
    if isinstance(options, dict) and preset in preset_names() and not all(key in options for key in TABLE_SHAPE):
        shape = resolve(preset, []).to_dict()
        options = {**{key: shape[key] for key in TABLE_SHAPE}, **options}
    return Options.from_dict(options)  # type: ignore[arg-type]


def _start(events: list[Event], index: int) -> tuple[GameState, list[Event]]:
    """The game line's game, dealt as the record's next line (a deal) says; a record that ends
    at its game line is dealt from the seed."""
    game = events[index]
    if game.get("format") == TABLE_FORMAT:  # read as a game's record only for want of its seat
        raise RecordError(index, 'a table record\'s game line names the seat it was entered from, like "table": '
                                 '"south"; this one names none')
    if game.get("format") != FORMAT:
        raise RecordError(index, f"the format is {_text(game.get('format'))}; this game reads {FORMAT}")
    missing = next((key for key in RECORD_FIELDS["game"] if key not in game), None)
    if missing is not None:
        raise RecordError(index, f"the game line's {missing} is missing")
    seats, players = game.get("seats"), game.get("players")
    if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
        raise RecordError(index, 'the game line names no seats, e.g. "seats": ["north", "east", ...]')
    if not isinstance(players, dict) or set(players) != set(seats) or not all(
            said_name(p) for p in players.values()):
        raise RecordError(index, "the game line's players must name the player of every seat, "
                                 f"each in at most {NAME_LIMIT} printable characters")
    try:
        preset = preset_name(game.get("preset"))
        options = game_options(game)
        if seats != list(options.seats):
            raise RuleError(f"its seats are {_text(seats)}, but its options give {list(options.seats)}")
        dummies = {seat for seat, player in players.items() if player == "dummy"}
        if dummies != ({"dummy"} if options.sides == "dummy" else set()):  # game-record.md, players
            raise RuleError('the dummy, and only the dummy, is played by "dummy"')
        deal = events[index + 1] if index + 1 < len(events) else None
        if deal is not None and deal.get("type") != "deal":
            raise RuleError("the next line should be the first deal")
        state, made = _dealt(preset, options, game.get("seed"), deal, index)
    except RecordError:
        raise
    except (RuleError, AttributeError, TypeError) as exc:
        raise RecordError(index, f"the game line cannot start a game: {exc}") from None
    return state, [e for e in made if e["type"] in RECORD_TYPES]


def _dealt(preset: str, options: Options, seed: Any, deal: Event | None, index: int
           ) -> tuple[GameState, list[Event]]:
    """``new_game`` with the record's first deal, read there once. Its faults (``DealError``) are
    the deal line's, the next: an unknown card code was blamed on the game line (found by the
    records sweep), and so were those found only once dealt, a dealer who never deals and face_up
    the deal does not show ("line 1 (a game line): ... dummy never deals", found by the refusals
    sweep of session 33)."""
    try:
        return new_game(preset, options, seed, deal=deal_part(deal) if deal is not None else None)
    except DealError as exc:
        if deal is None:
            raise
        raise RecordError(index + 1, f"the first deal cannot be dealt: {exc}") from None


def _expecting(state: GameState) -> str:
    """Who the rules expect to do what now ("north to name trump"): the phase's own word was
    said, "south to auction" (the sweeps of session 34). In the play, the seat whose card it is."""
    if state.phase == Phase.OVER:
        return "nothing more: the game is over"
    seat = state.turn if state.phase == Phase.PLAY else state.actor
    return f"{state.seats[seat]} to {state.due()}"


def mismatch(event: Event, made: Event | None, own: Mapping[str, tuple[str, ...]] | None = None) -> str:
    """What a record line says other than the rules' line ``made``, naming the fields."""
    if made is None:
        return f"the {_text(event.get('type'))} line does not follow from the lines before it"
    if made.get("type") != event.get("type"):
        return f"the rules give a {made['type']} line here, not a {_text(event.get('type'))} line"
    wrong = [k for k in compared_fields(event, made["type"], own) if not same_json(event.get(k), made.get(k))]
    return f"the {made['type']} line is not what the rules give: " + "; ".join(_differs(event, made, k)
                                                                              for k in wrong[:3])


def _differs(event: Event, made: Event, key: str) -> str:
    """How one field of a record line differs from the rules' line. A field the rules' line has
    not is said so in words: "turned_under is ["rook"], the rules say null" read as a value the
    rules give (the replay sweep of session 38)."""
    said = f"{key} is {_text(event[key]) if key in event else 'missing'}"
    if key in made:
        return f"{said}, the rules say {_text(made[key])}"
    if key == "cards" and "count" in made:  # another seat's nest or discard, in a table record
        whose = "nest" if made["type"] == "take_nest" else made["type"]
        return f"{said}, but a table record keeps only the count of another seat's {whose}"
    return f"{said}, but these rules have no {key} here"
