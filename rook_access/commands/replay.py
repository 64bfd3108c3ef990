"""``rook-access replay FILE``: listen back to a game record, hand by hand and trick by trick.

The record (shared/docs/game-record.md) goes through the same Announcer as a live game, seated
nowhere (every hand is public in a record), so a replay sounds like the game did. On a terminal
it waits for Enter after each trick and each hand's score; ``--no-pause`` runs straight through,
and so does a replay whose standard input is not a terminal.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..core import Event
from ..core.errors import RuleError
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
    announcer = Announcer(seats, None, settings.announce_settings())
    checker = Announcer(seats, None, settings.announce_settings())
    for index, event in enumerate(events):  # damage is reported before anything is said
        announce(checker, event, args.file, numbers[index])
    channel: Channel = TextChannel()
    try:
        channel = make_channel(speech, settings.tts_rate, settings.tts_voice)
        if channel.notice:
            print(channel.notice, flush=True)
        for index, event in enumerate(events):
            for line in announce(announcer, event, args.file, numbers[index]):
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


def announce(announcer: Announcer, event: Event, path: str, number: int) -> list[str]:
    """The event's lines; a line the announcer cannot read is named by its number."""
    try:
        return announcer.lines(event)
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
