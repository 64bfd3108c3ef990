"""``rook-access replay FILE``: listen back to a game record, hand by hand and trick by trick.

The record (shared/docs/game-record.md) is replayed through the rules core
(``core.replay.replay_record``), which refuses the first line the rules do not give and gives the
view behind every line; each line is then told by the same Announcer as a live game, seated
nowhere (every hand is public in a record), so a replay sounds like the game did. On a terminal
it waits for Enter after each trick and each hand's score; ``--no-pause`` runs straight through,
and so does a replay whose standard input is not a terminal.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

from ..core import Event, SeatView
from ..core.errors import RuleError
from ..core.events import seen_by
from ..core.replay import RecordError, replay_record
from ..speech.announce import VERBOSITIES, Announcer
from ..speech.channel import Channel, TextChannel
from ..speech.output import MODES, make_channel
from ..store.record import read_record
from ..store.settings import load_settings

PAUSE_AFTER = ("trick", "hand_end")
PROMPT = "Enter for more, q to stop: "


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("replay", help="listen back to a game record, trick by trick")
    parser.add_argument("file", metavar="FILE", help="a game record (rook-record/1, JSON lines)")
    parser.add_argument("--no-pause", action="store_true",
                        help="run straight through instead of waiting for Enter after each trick")
    parser.add_argument("--verbosity", choices=VERBOSITIES,
                        help="brief, normal or full (default: your setting)")
    parser.add_argument("--speech", choices=MODES,
                        help="auto, screen-reader, tts or off (default: your setting; off when "
                             "the output goes to a file or a pipe)")
    parser.set_defaults(func=run)


def line_numbers(path: str) -> list[int]:
    """The file line number of each record line (blank lines are skipped by the reader)."""
    with open(path, encoding="utf-8", errors="replace") as handle:
        return [number for number, line in enumerate(handle, 1) if line.strip()]


def read_events(path: str) -> list[Event]:
    """The record's events; text that is not UTF-8 is named by its line, like any damage."""
    try:
        return read_record(path)
    except UnicodeDecodeError:
        with open(path, "rb") as handle:
            for number, raw in enumerate(handle, 1):
                try:
                    raw.decode("utf-8")
                except UnicodeDecodeError:
                    raise RuleError(f"{path}: line {number} is not UTF-8 text") from None
        raise RuleError(f"{path}: the record is not UTF-8 text") from None


def run(args: argparse.Namespace) -> int:
    events = read_events(args.file)
    if not events:
        raise RuleError(f"{args.file}: the record is empty; it should start with a game line")
    numbers = line_numbers(args.file)
    seats = events[0].get("seats")
    if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
        raise RuleError(f"{args.file}: line {numbers[0]} (the game line) names no seats; "
                        "it should list them, e.g. \"seats\": [\"north\", \"east\", \"south\", \"west\"]")
    settings = load_settings()
    if args.verbosity:
        settings.verbosity = args.verbosity
    speech = args.speech or (settings.speech if sys.stdout.isatty() else "off")
    pause = not args.no_pause and sys.stdin.isatty()
    announcer = Announcer(None, settings.announce_settings())
    told = checked(events, None, args.file, numbers)  # damage is reported before anything is said
    channel: Channel = TextChannel()
    try:
        channel = make_channel(speech, settings.tts_rate, settings.tts_voice)
        if channel.notice:
            print(channel.notice, flush=True)
        for index, event, view in told:
            for line in announce(announcer, event, view, args.file, numbers[index]):
                print(line, flush=True)
                channel.say(line)
            late = channel.poll_notice()
            if late:
                print(late, flush=True)
            if pause and event["type"] in PAUSE_AFTER and index + 1 < len(events):
                if not wait_for_enter():
                    return 0
                channel.interrupt()
        channel.flush()
    finally:
        channel.close()
    return 0


def followed(events: list[Event], me: int | None) -> Iterator[tuple[int, Event, SeatView]]:
    """Each record line through the rules, as the seat ``me`` learned it (``seen_by``) with its
    view at that line; with ``me`` None, every line whole with the first seat's view (for the
    public facts only). Raises ``RecordError`` at the first line the rules do not give."""
    for index, event, view in replay_record(events, 0 if me is None else me):
        yield index, (event if me is None else seat_part(event, view)), view


def seat_part(event: Event, view: SeatView) -> Event:
    """The part of ``event`` the view's seat may learn (``core.events.seen_by``), judged from
    that seat's view at the moment of the event."""
    bidder = view.seats[view.bidder] if view.bidder >= 0 else None
    # A view holds no hand of its own only while the bidding is blind.
    return seen_by(event, view.seats[view.seat], bidder, not view.hand, view.options.nest_points_told)


def checked(events: list[Event], me: int | None, path: str,
            numbers: list[int]) -> list[tuple[int, Event, SeatView]]:
    """The whole record through the rules before anything is said; the first line they refuse
    is named by its line number."""
    try:
        return list(followed(events, me))
    except RecordError as exc:
        kind = events[exc.index].get("type")
        what = f" (a {kind} line)" if isinstance(kind, str) else ""
        raise RuleError(f"{path}: line {numbers[exc.index]}{what}: {exc}") from None


def announce(announcer: Announcer, event: Event, view: SeatView, path: str, number: int) -> list[str]:
    """The event's lines; a line the announcer cannot read is named by its number."""
    try:
        return announcer.lines(event, view)
    except RuleError as exc:
        raise RuleError(f"{path}: line {number}: {exc}") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        field = f"the field {exc.args[0]!r} is missing" if isinstance(exc, KeyError) else (
            "a field has the wrong kind of value")
        kind = event.get("type")
        raise RuleError(f"{Path(path)}: line {number} (a {kind} line) is damaged: {field}; "
                        "see the record format, rook-record/1") from None


def wait_for_enter() -> bool:
    """False when the listener asks to stop (q, or the end of input)."""
    try:
        answer = input(PROMPT)
    except EOFError:
        print()
        return False
    return answer.strip().lower() not in ("q", "quit", "stop")
