"""``rook-access table``: a companion for a real game with real cards (a brailled deck).

The player says who deals, enters their own hand, and as the game goes on enters every bid,
call and card played at the table; the program follows along by the rules, says what the game
would say, answers the same questions, and keeps the record and the save. See docs/table.md.
"""

from __future__ import annotations

import argparse
import json
import logging
import stat
from collections import deque
from pathlib import Path
from typing import Any

from ..console.describe import Describer
from ..console.input import PROMPT, LineSource, echoed
from ..console.loop import input_ended, left_begun, not_done
from ..console.preferences import TablePreferences
from ..console.printer import Printer
from ..console.session import GOODBYE
from ..console.table import speaking
from ..console.table_commands import execute_table
from ..console.table_session import TableSession
from ..core import cards as C
from ..core.errors import RuleError
from ..core.table import TableGame, unsupported
from ..core.text import said_path
from ..logfile import setup_log
from ..speech.channel import LAST_WORDS_SECONDS
from ..speech.speaking import parse_rules, speaks
from ..store import locks, saves, table_saves
from ..store.atomic import remove_stale_temps, write_atomic
from ..store.record import place_problem, saved_name_problem
from ..store.untrusted import file_status, full_path, not_a_file
from .common import ResumeAction, name_arg, record_arg, rules_arg
from .startup import Startup, add_console_arguments, autosaver

log = logging.getLogger(__name__)



def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("table", help="follow a real game played with real cards: you enter the "
                                          "calls and cards, the program keeps track (type help at the table "
                                          "for its commands)")
    parser.add_argument("--rules", metavar="NAME", type=rules_arg,
                        help="rules the table plays, your family's own or a preset (see: rook-access rules); "
                             "default: the last you played")
    parser.add_argument("--option", action="append", default=[], metavar="K=V",
                        help="override one option of the preset, e.g. target=500; may be repeated; "
                             "rook-access rules --options lists them")
    parser.add_argument("--seat", metavar="SEAT", type=name_arg, help="your seat at the table (default: south)")
    parser.add_argument("--record", type=record_arg, metavar="FILE",
                        help="write the game as a rook-table-record/1 file: rook-record/1 with your cards only, "
                             "others' as played")
    parser.add_argument("--resume", nargs="?", action=ResumeAction, metavar="NAME",
                        help="go on with the table game saved last (or the one named; rook-access saves lists them)")
    parser.add_argument("--name", metavar="NAME", type=name_arg,
                        help="save this new table game under this name (default: table-1, table-2, ...)")
    add_console_arguments(parser)
    parser.set_defaults(func=run_table_command)


def run_table_command(args: argparse.Namespace) -> int:
    from ..cli import UsageError

    setup_log()
    startup = Startup([table_saves.folder()])
    data: dict[str, Any] = {}
    name_lock: locks.Lock | None = None  # a new game's own --name (saves.hold_new_name)
    resuming = args.resume is not None
    if resuming:
        fixed = [flag for flag, value in (("--rules", args.rules), ("--option", args.option),
                                          ("--seat", args.seat), ("--record", args.record), ("--name", args.name))
                 if value]
        if fixed:
            raise UsageError(f"--resume goes on with the saved table game as it was; leave out {', '.join(fixed)}")
        path = saves.resume_path(args.resume, saves.AT_TABLE, saves.ON_SCREEN)
        lock = locks.hold(path)
        if lock is None:  # its save and its record would be written by both
            raise UsageError(f"the table game {saves.name_of(path)} is open in another window: go on there, "
                             "or quit it first")
        try:  # read once locked: read before, a window quitting meanwhile lost its last entries (a sweep)
            data, table = table_saves.load(path)
        except RuleError as exc:
            lock.release()
            raise saves.cannot_resume(exc, args.resume, path) from None
        record = data.get("record")
        record_path = record if isinstance(record, str) else None
        if record_path and saved_name_problem(record_path) is None:  # a write of it the game was killed in
            remove_stale_temps(Path(record_path).parent, of=Path(record_path).name)
    else:
        rules, overrides, options = startup.rules(args)
        why = unsupported(options)
        if why:
            raise UsageError(why)
        seat = (args.seat or ("south" if "south" in options.seats else options.seats[0])).lower()
        if seat not in options.seats or seat == "dummy" and options.sides == "dummy":
            players = [s for s in options.seats if not (s == "dummy" and options.sides == "dummy")]
            raise UsageError(f"--seat {seat}: the seats of these rules are {', '.join(players)}")
        table = TableGame(rules, options, options.seats.index(seat))
        record_path = full_path(args.record) if args.record else None
        among_saves = saves.record_among_saves(record_path) if record_path else None
        if among_saves:  # the save or its lock written over it, or another save (as play --record)
            raise UsageError(f"--record {said_path(args.record)}: {among_saves}")
        found = file_status(record_path) if record_path else None
        if found is not None and stat.S_ISREG(found.st_mode) and found.st_size:
            # The table's record is written whole after every entry (undo takes lines out of it).
            raise UsageError(f"--record {said_path(args.record)}: that file already holds something, and a table "
                             "game's record is rewritten as you go; choose a new file")
        if record_path and not_a_file(record_path):
            # A pipe or a device would take the whole record again at every entry (and a pipe nobody
            # reads held the table silent).
            raise UsageError(f"--record {said_path(args.record)}: that is not a file, and a table game's record is "
                             "rewritten as you go; choose a new file")
        # As play --record: a mistyped folder is said, not made (with every folder above it).
        problem = place_problem(record_path) if record_path else None
        if problem:
            raise UsageError(f"--record {said_path(args.record)}: {problem}")
        path = table_saves.save_path(args.name or saves.new_name(table_saves.PREFIX))
        if args.name:
            name_lock = saves.hold_new_name(args.name, lambda: saves.name_free(args.name))
        startup.keep_rules(rules, overrides)
    startup.flags(args)
    settings = startup.settings
    autosave = autosaver(lambda session: write_atomic(path, json.dumps(session.to_dict())),
                         lambda: saves.remove_save(path),
                         lambda session: isinstance(session, TableSession) and session.table.is_over(), str(path))
    printer = startup.open()
    session, prefs = build_companion(table, settings, printer, startup.channel, startup.channel_for,
                                     startup.save_settings, autosave, record_path)
    startup.remember()  # the command runs: nothing after this refuses it
    prefs.unsaved = startup.unsaved_reason  # said at the start: not again at the first setting changed
    if not resuming and not args.name:  # the name claimed by the first save, as in play
        # Its save is there: while later saves fail the record stays with it (the re-check).
        path, claimed = saves.claim_name(
            path, session.to_dict(), lambda: table_saves.save_path(saves.new_name(table_saves.PREFIX)))
        if claimed:
            session.mark_saved()
    if not resuming:
        lock = locks.hold(path)
    if not resuming and args.name:  # kept at once, as an unnamed start is: closed before the first
        session.save()  # line, it left a record but no save (the fifth re-check); ever_saved follows
    session.resume_command = f"rook-access table --resume {saves.name_of(path)}"
    if resuming:
        session.restore_table(data)
    source = startup.source(args, lambda before: completion_words(session, before))
    try:
        printer.write(startup.opening())
        # The rules, the seat and who plays with whom, as a game on screen opens and resumes: in
        # six-teams the companion never said who the player's partners were (found by the
        # call-partner sweep of session 34).
        seats = session.announce({"type": "resume", "preset": table.preset}, session.view())
        if resuming:
            printer.write([f"Resumed the table game {saves.name_of(path)}.", *seats, *session.resumed_record(),
                           *session.standing()])
        else:
            printer.write(["Table companion: enter what happens at the table; undo takes back the last entry.",
                           *seats])
            session.write_record()
        printer.write(["Type help for the commands."])
        return run_companion(session, source, prefs)
    finally:
        prefs.channel.flush(timeout=LAST_WORDS_SECONDS)
        prefs.channel.close()
        for held in (lock, name_lock):
            if held is not None:
                held.release()


def build_companion(table: TableGame, settings: Any, printer: Printer, channel: Any, make_channel: Any,
                    save_settings: Any, saver: Any, record_path: str | None) -> tuple[TableSession, TablePreferences]:
    """The companion's session: the same namer, announcer, describer, speech and preferences as
    a game (``console.table.speaking``)."""
    namer, spoken, announcer = speaking(settings, table.options, table.me, printer, table.preset)
    session = TableSession(table, announcer.told, Describer(table.options, table.seats[table.me], namer),
                           printer, saver, record_path)
    session.settings = settings
    printer.speaks = speaks(lambda: parse_rules(settings.speak), session.my_turn)
    prefs = TablePreferences(settings, spoken, namer, printer, make_channel, channel, save_settings)
    return session, prefs


def run_companion(session: TableSession, source: LineSource, prefs: Any) -> int:
    """Ask, read a line, run it, and again, until quit or the input ends."""
    printer = session.printer
    over_said = False
    early: deque[str] = deque()
    while True:
        if session.table.is_over() and not over_said:
            printer.write(["Type score, review or history to look back, or quit."])
            over_said = session.prompted = True
        if not session.prompted:
            printer.write([session.prompt()], kind=_asked(session, "prompts"))
            session.prompted = True
        late = printer.late_notice()  # speech that stopped, said once as in a game on screen (the voice sweep)
        if late:
            printer.write([late])
        # Nothing plays between the player's lines here, so lines typed before the prompt (a
        # paste's later lines) are each taken in turn, as typed: they were lost (the re-check).
        early.extend(source.typed_early())
        line = early.popleft() if early else None
        from_early = line is not None
        if line is not None:
            printer.echo(PROMPT + echoed(line))
        else:
            line = source.read()
        if line is None:
            printer.new_block()  # what was still to be said goes, as on screen: the save's name is heard
            if session.table.is_over():
                session.save()
                printer.write([GOODBYE])
            else:
                printer.write([input_ended(session)])
            return 0
        # A line typed early drops nothing the voice has still to say: it came after the line.
        printer.new_block(interrupt=not from_early)
        asked_before = session.need()
        try:
            reply = execute_table(session, line, prefs)
        except Exception as exc:  # a bug becomes one line, never a traceback read aloud
            log.exception("table command %r failed", line)
            printer.write([f"Error: that entry failed ({exc}). Type status to hear where the game is."])
            continue
        # A reply that asks something new (a bid held for the nest's cards) is always said, as a
        # refusal and the quit line are; the rest follow speak replies, while the table asks too
        # (the fourth re-check).
        printer.write(reply.lines, kind=None if session.need() not in (None, asked_before) else reply.speech_kind)
        if reply.quit:
            early.extend(source.typed_early())  # pasted after a quit read at the prompt, as in a game
            begun = left_begun(source)
            if early or begun:  # what was typed after the quit is said, not dropped unsaid
                printer.write([not_done(list(early), begun)])
            return 0


def _asked(session: TableSession, kind: str) -> str | None:
    """The kind of lines for the speak settings; none (always said) while the table asks the
    player something (who deals, the hand, an entry held for an answer), which the voice must
    not drop (the re-check of session 29)."""
    return None if session.need() is not None else kind


def completion_words(session: TableSession, before: str = "") -> list[str]:
    """What Tab may complete after ``before``: the seats, the table's commands these rules
    allow, the colours and every card; after a seat, what the seat may do."""
    from ..console.registry import command_names, completions

    seats = list(session.table.seats)
    commands = command_names(session.table.options, "table")
    cards = [session.describer.namer.code(c) for c in C.cards_in(session.table.state.deck.mask)]
    words = before.split()
    if words and words[0] in seats:  # "north " then what north did: a command or a card
        words = words[1:]
        seats = []
    return seats + completions(words[0] if words else "", session.table.options, commands, cards)
