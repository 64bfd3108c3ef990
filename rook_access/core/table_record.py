"""A game record entered at the table, line by line: the same entries a player types.

``enter_lines`` turns a record's lines into a ``TableGame``'s entries, as a player at ``me``
would enter them: the deal as the player's own hand, each bid, call and card as it comes, the
nest when the player takes it, the nest's points at the end when asked. It reads a whole
record (every hand shown) as well as a table record (only the player's cards): that is how a
real-table game is checked against a recorded one, and how a table record is replayed.

``replay_table_record`` believes a table record only through the rules: every line the
entries produce must be the record's next line.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from . import actions as A
from . import cards as C
from .errors import IllegalAction, RuleError
from .events import Event
from .replay import FORMAT as REPLAY_FORMAT
from .replay import RecordError, agrees, game_options, mismatch, preset_name, same_json
from .state import RECORD_TYPES, Phase
from .table import ACT, DEAL, LAID, RECORD_FORMAT, Entry, NeedMore, TableGame, TableLog, as_replayed
from .text import show
from .view import SeatView

ENTRY_LINES = frozenset({"deal", "bid", "pass", "check", "misdeal", "trump", "discard", "call", "play"})


# The table format's own fields (docs/game-record.md), compared on every line of their kind:
# another bidder's nest counted, the dummy the player saw with the trump call (the re-check).
TABLE_FIELDS: dict[str, tuple[str, ...]] = {"take_nest": ("count",), "discard": ("count",), "trump": ("dummy",)}


def _seat(game: TableGame, line: Event, index: int, key: str = "seat") -> int:
    name = line.get(key)
    if name not in game.seats:
        raise RecordError(index, f"{show(name)} is not a seat of this game")
    return game.seats.index(name)


def _card(value: Any, index: int) -> int:
    try:
        return C.from_code(value)
    except RuleError:
        raise RecordError(index, f"{show(value)} is not a card code") from None


def _cards(value: Any, index: int) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise RecordError(index, "a list of cards is expected")
    return tuple(_card(c, index) for c in value)


def line_entries(game: TableGame, line: Event, index: int) -> list[Entry]:
    """The entries behind one record line (``ENTRY_LINES``), as the player at the table makes them."""
    kind = line.get("type")
    me = game.me
    if kind == "deal":
        hands = line.get("hands")
        if not isinstance(hands, dict) or game.seats[me] not in hands:
            raise RecordError(index, f"the deal line does not give {game.seats[me]}'s hand")
        return [Entry(DEAL, _seat(game, line, index, "dealer"), None, _cards(hands[game.seats[me]], index),
                      _cards(line.get("turned_under", []), index) + _cards(line.get("face_up", []), index))]
    if kind == "trump" and line.get("seat") is None:
        return []  # the card turned up at the deal names it: it follows from the deal
    seat = _seat(game, line, index)
    if kind == "bid":
        amount = line.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise RecordError(index, f"the bid amount {show(amount)} is not a whole number")
        return [Entry(ACT, seat, A.Action(A.BID, amount))]
    if kind in (A.PASS, A.CHECK):
        return [Entry(ACT, seat, A.Action(str(kind)))]
    if kind == "misdeal":
        return [Entry(ACT, seat, A.MISDEALS[seat])]
    if kind in ("play", "call"):
        return [Entry(ACT, seat, A.Action(str(kind), _card(line.get("card"), index)))]
    if kind == "discard":
        if seat != me:
            told = line.get("points_in_nest")  # what the bidder said, as the player heard it
            return [Entry(LAID, seat, told=told if isinstance(told, bool) else None)]
        return [Entry(ACT, seat, A.DISCARDS[c]) for c in _cards(line.get("cards"), index)]
    try:
        trump = Entry(ACT, seat, A.trump_of_line(line.get("color"), line.get("rook")))
    except RuleError as exc:
        raise RecordError(index, str(exc)) from None
    state = game.state
    if (state is not None and state.bidder >= 0 and seat != state.trump_caller
            and seat == state.partner_of(state.bidder) and state.is_legal(A.PARTNER_ACTION)):
        return [Entry(ACT, state.bidder, A.PARTNER_ACTION), trump]  # the call handed over
    # Any other seat's trump line is refused as that seat's own call, as the table refuses it,
    # not as a hand-over no line records ("West cannot hand the trump call to their partner now"
    # for East's line: the re-check of session 32).
    return [trump]


class RecordCut(RecordError):
    """The answer a line's entry needs is in lines the record has lost (it ends before them): a
    record cut short, heard up to the line before (the re-check of session 30: the nest's points,
    said at the hand's end, were lost with it, and the whole record was refused)."""


def _answer(lines: list[Event], index: int, need: str, me: str) -> Entry | dict[str, Any]:
    """What the record says to a ``NeedMore`` question: the nest the player took, or the nest's
    points at the hand's end (later lines); the dummy turned up with trump (the trump line in a
    table record, the deal's hands in a whole record)."""
    if need == "dummy":
        if "dummy" in lines[index]:
            return {"dummy": lines[index]["dummy"]}
        for earlier in reversed(lines[:index]):
            if earlier.get("type") == "deal":
                hands = earlier.get("hands")
                if isinstance(hands, dict) and "dummy" in hands:
                    return {"dummy": hands["dummy"]}
                break
        raise RecordError(index, "the record does not say the dummy's cards")
    for later in lines[index + 1:]:
        kind = later.get("type")
        if need == "nest" and kind == "take_nest" and later.get("seat") == me and "cards" in later:
            return {"nest": later["cards"]}
        if need == "nest_points" and kind == "hand_end":
            return {"nest_points": later.get("nest_points")}
        if kind in ("deal", "game"):
            break
    else:
        # Cut only where no entry follows: with the discard, the tricks and the end still there,
        # a lost take_nest line is damage, refused by its line (the third re-check of session 30).
        if not any(later.get("type") in ENTRY_LINES for later in lines[index + 1:]):
            raise RecordCut(index, "the record ends before the line that answers it")
    raise RecordError(index, f"the record does not say {'the nest' if need == 'nest' else 'the nest points'}")


def enter_line(game: TableGame, lines: list[Event], index: int) -> list[TableLog]:
    """Enter line ``index`` of ``lines``; a question the table asks is answered from later lines."""
    logs = []
    for entry in line_entries(game, lines[index], index):
        try:
            try:
                logs.append(game.add(entry))
            except NeedMore as exc:
                answer = _answer(lines, index, exc.need, game.seats[game.me])
                assert isinstance(answer, dict)
                if exc.need == "nest":
                    entry = replace(entry, cards=_cards(answer["nest"], index))
                elif exc.need == "dummy":
                    entry = replace(entry, dummy=_cards(answer["dummy"], index))
                else:
                    points = answer["nest_points"]
                    if not isinstance(points, int) or isinstance(points, bool):  # true is no number
                        raise RecordError(index, "the hand_end line's nest_points is not a number") from None
                    entry = replace(entry, nest_points=points)
                logs.append(game.add(entry))
        except NeedMore as exc:  # pragma: no cover - one answer is always enough
            raise RecordError(index, str(exc)) from None
        except IllegalAction as exc:
            raise RecordError(index, f"{lines[index].get('type')} line: {exc}") from None
    return logs


def enter_lines(lines: list[Event], me: int) -> tuple[TableGame, list[tuple[int, TableLog]]]:
    """A whole record (or a table record) entered from the seat ``me``: the game and each line's
    logs. Lines that follow from the entries (tricks, scores) are not entered; they come out."""
    game = start(lines, me)
    out = []
    for index in range(1, len(lines)):
        if lines[index].get("type") in ENTRY_LINES:
            out += [(index, log) for log in enter_line(game, lines, index)]
    return game, out


def start(lines: list[Event], me: int) -> TableGame:
    if not lines or lines[0].get("type") != "game":
        raise RecordError(0, "the record does not start with a game line")
    game_line = lines[0]
    try:
        options = game_options(game_line)
        return TableGame(str(game_line.get("preset")), options, me)
    except (RuleError, AttributeError, TypeError) as exc:
        raise RecordError(0, f"the game line cannot start a game: {exc}") from None


def is_table_record(lines: list[Event]) -> bool:
    return bool(lines) and lines[0].get("type") == "game" and "table" in lines[0]


def as_written_before(line: Event, made: Event, game: TableGame) -> Event:
    """The rules' line ``made`` as a record written before the table told another bidder's nest
    (session 32) wrote it, where ``line`` is such: its hand_end with an empty nest for a nest the
    player did not enter. Those records stay readable; a nest with cards is compared as it is."""
    if made["type"] != "hand_end" or not made.get("nest") or not same_json(line.get("nest"), []):
        return made
    bidder = made.get("bidder")
    if game.options.auction and bidder == game.seats[game.me]:
        return made  # the player's own nest was always written
    return {**made, "nest": []}


def _noted(logs: list[TableLog]) -> list[tuple[Event, SeatView, list[str]]]:
    """The record lines the entries' logs give, each with the table's questions said after it
    (``TableLog.questions``: a renege?, the bidder's word against the nest): after the last line
    of their log, where the table says them."""
    out: list[tuple[Event, SeatView, list[str]]] = []
    carried: list[str] = []
    for log in logs:
        made: list[tuple[Event, SeatView, list[str]]] = [(e, v, []) for e, v in log.seen if e["type"] in RECORD_TYPES]
        carried += [as_replayed(q) for q in log.questions]
        if made:
            made[-1][2].extend(carried)
            carried = []
        out += made
    if out:
        out[-1][2].extend(carried)
    return out


def replay_table_record(lines: list[Event], over: list[bool] | None = None,
                        rest: list[tuple[Event, SeatView]] | None = None,
                        notes: dict[int, list[str]] | None = None) -> Iterator[tuple[int, Event, SeatView]]:
    """For each line of a table record, its index, the line and the player's view at that moment.
    Raises ``RecordError`` at the first line the entries do not produce. ``over`` and ``rest`` as
    ``replay.check_lines`` and ``replay.replay_record`` give them: a table record whose game_end a
    cut lost was said to stop before the game was over (the re-check of session 30). ``notes``
    gets, by the index of the line they follow, what the table said of the entries besides their
    lines ("... but it held 25: a mistake?"), set before that line is given; those that follow
    the lines ``rest`` gives under ``len(lines)``. A replay that left them out told the bidder's
    word as a fact (the replay sweep of session 38)."""
    if not is_table_record(lines):
        raise RecordError(0, "this is not a table record: its game line names no table seat")
    if lines[0].get("format") not in (RECORD_FORMAT, REPLAY_FORMAT):  # rook-record/1: written before 2026-11
        raise RecordError(0, f"the format is {show(lines[0].get('format'))}; this game reads {RECORD_FORMAT}")
    seats = lines[0].get("seats")
    me_name = lines[0].get("table")
    if not isinstance(seats, list) or me_name not in seats:
        raise RecordError(0, "the game line's table seat is not one of its seats")
    game = start(lines, seats.index(me_name))
    if list(game.seats) != seats:
        raise RecordError(0, "the game line's seats are not those of its options")
    # The rest of the game line follows from its seat and rules (a missing players stopped replay
    # with an error, and another seat named human was told as that seat: found by the re-check).
    players = game.game_line()["players"]
    # Records written before 2026-11-26 named the dummy's player "table" (found by the re-check).
    older = {seat: "table" if player == "dummy" else player for seat, player in players.items()}
    if not any(same_json(lines[0].get("players"), named) for named in (players, older)):
        raise RecordError(0, f"the game line's players must name {me_name} human and the other seats table (a "
                             f"dummy dummy), as a game entered at the table by {me_name} does")
    try:
        preset_name(lines[0].get("preset"))
    except RuleError as exc:
        raise RecordError(0, str(exc)) from None
    yield 0, lines[0], game.view()
    expected: list[tuple[Event, SeatView, list[str]]] = []
    for index in range(1, len(lines)):
        line = lines[index]
        if line.get("type") not in RECORD_TYPES:  # the format grows only under a new name
            raise RecordError(index, f"a {show(line.get('type'))} line is not a line of {RECORD_FORMAT}")
        if not expected:
            if line.get("type") not in ENTRY_LINES:
                raise RecordError(index, f"a {show(line.get('type'))} line cannot come here")
            try:
                logs = enter_line(game, lines, index)
            except RecordCut:  # heard up to the line before, as a game on screen cut there is
                break
            expected += _noted(logs)
        if not expected:
            raise RecordError(index, f"the {line.get('type')} line does not follow from the lines before it")
        made, view, said = expected.pop(0)
        made = as_written_before(line, made, game)
        # On the fields the format defines, as JSON values (a whole-line comparison refused a
        # field a reader may ignore, and took 1.0 for 1: found by the record sweep).
        if not agrees(line, made, TABLE_FIELDS):
            raise RecordError(index, mismatch(line, made, TABLE_FIELDS))
        if notes is not None and said:
            notes[index] = said
        yield index, line, view
    if over is not None:
        over.append(game.state.phase == Phase.OVER)
    if rest is not None:
        rest.extend((e, v) for e, v, _said in expected)
    after = [note for *_line, said in expected for note in said]
    if notes is not None and after:
        notes[len(lines)] = after
