"""``rook-access play``: a whole game at the console, the player south, computers in the other
seats. Builds the pieces (state, players, announcer, speech, saves, record) and runs the loop.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import random
from pathlib import Path
from typing import Any

from ..ai.players import LEVELS
from ..console.loop import NEW_GAME, run
from ..console.printer import put
from ..console.session import Session
from ..console.table import build_table
from ..core import cards as C
from ..core import new_game
from ..core.errors import RuleError
from ..core.text import said_path
from ..core.view import SeatLog
from ..logfile import setup_log
from ..speech.channel import LAST_WORDS_SECONDS
from ..store import locks, saves
from ..store.checked import unchecked_size
from ..store.record import RecordWriter, continuation_problem, game_line, holds_games
from ..store.untrusted import full_path, is_there
from .common import (
    CHECK_SAID_FROM,
    ResumeAction,
    choice_arg,
    deal_problem,
    file_arg,
    name_arg,
    read_deal_file,
    record_arg,
    rules_arg,
    seed_arg,
)
from .startup import Startup, add_console_arguments, autosaver

log = logging.getLogger(__name__)

HUMAN_SEAT = "south"


def default_level() -> str:
    return "normal" if "normal" in LEVELS else next(iter(LEVELS))


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("play", help="play a game: you sit south, computers take the other seats")
    parser.add_argument("--rules", metavar="NAME", type=rules_arg,
                        help="rule preset (see: rook-access rules); default: the last one you played")
    parser.add_argument("--option", action="append", default=[], metavar="K=V",
                        help="override one option of the preset, e.g. target=500; may be repeated; "
                             "rook-access rules --options lists them")
    parser.add_argument("--seed", type=seed_arg, help="random seed, to play the same deals again")
    parser.add_argument("--deal", type=file_arg, metavar="FILE", help="a deal file (JSON) fixing the first deal")
    parser.add_argument("--record", type=record_arg, metavar="FILE", help="write the game as a rook-record/1 file")
    parser.add_argument("--resume", nargs="?", action=ResumeAction, metavar="NAME",
                        help="go on with the game saved last (or the one named; rook-access saves lists them)")
    parser.add_argument("--list", action="store_true",
                        help="list the saved games (as rook-access saves does) and stop")
    parser.add_argument("--name", metavar="NAME", type=name_arg,
                        help="save this new game under this name (default: game-1, game-2, ...)")
    parser.add_argument("--level", type=choice_arg, choices=list(LEVELS),
                        help=f"computer players (default {default_level()})")
    add_console_arguments(parser)
    parser.set_defaults(func=run_play)


def _name_free(path: Path, name: str) -> None:
    """Refuse a new game's name that a save has, capitals aside: this kind's first, with what to
    type."""
    on_screen = {saves.name_of(saved) for saved in saves.saved_paths()}
    taken = saves.name_of(path) if is_there(path) else saves.same_name(name, on_screen)
    if taken is not None:
        raise RuleError(f"a saved game is already named {taken}{saves.capitals_aside(name, taken)}: go on with it "
                        f"(rook-access play --resume {taken}), delete it (rook-access saves delete {taken}), "
                        "or choose another name")
    saves.name_free(name)  # a real-table game's save may have it


def run_play(args: argparse.Namespace) -> int:
    from ..cli import UsageError

    if args.list:
        from .saves import list_lines

        flags = [flag for flag, value in (("--resume", args.resume is not None), ("--name", args.name),
                                          ("--rules", args.rules), ("--option", args.option),
                                          ("--seed", args.seed is not None), ("--deal", args.deal),
                                          ("--record", args.record), ("--level", args.level)) if value]
        if flags:
            raise UsageError(f"--list only lists the saved games; leave out {', '.join(flags)}")
        put("\n".join(list_lines()))
        return 0
    setup_log()
    startup = Startup([saves.saves_dir()])
    settings = startup.settings
    intro: list[str] = []  # a resumed game's notes, said before it
    others_kept: list[str] = []  # a new game's note, said after its first lines (``say_opening``)
    data: dict[str, Any] = {}
    loaded: saves.LoadedGame | None = None
    resuming = args.resume is not None
    if resuming:
        fixed = [flag for flag, value in (("--rules", args.rules), ("--option", args.option),
                                          ("--seed", args.seed is not None),
                                          ("--deal", args.deal), ("--record", args.record), ("--level", args.level),
                                          ("--name", args.name))
                 if value]
        if fixed:
            raise UsageError(f"--resume goes on with the saved game as it was; leave out {', '.join(fixed)}")
        path = saves.resume_path(args.resume, saves.ON_SCREEN, saves.AT_TABLE)
        lock = locks.hold(path)
        if lock is None:  # its save and its record would be written by both
            raise UsageError(f"the game {saves.name_of(path)} is open in another window: go on there, or "
                             "quit it first")
        try:  # read once locked: read before, a window quitting meanwhile lost its last moves (a sweep)
            loaded = saves.load_game(path)
        except RuleError as exc:
            lock.release()
            raise saves.cannot_resume(exc, args.resume, path) from None
        data = loaded.data
    else:
        among_saves = saves.record_among_saves(args.record) if args.record else None
        if among_saves:  # before the name is held: refused, nothing is left in that folder
            raise UsageError(f"--record {said_path(args.record)}: {among_saves}")
        if args.name:
            path = saves.save_path(args.name)
            lock = saves.hold_new_name(args.name, lambda: _name_free(path, args.name))
        else:
            path = saves.save_path(saves.new_name())
    startup.flags(args)
    dealt_from_file = False
    if loaded is not None:
        state = loaded.replayed.state
        me = loaded.me
        names = loaded.players
        record_path = data.get("record")
        opening: list[dict[str, Any]] = []
    else:
        rules, overrides, options = startup.rules(args)
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
        deal = read_deal_file(args.deal) if args.deal else None
        try:
            state, opening = new_game(rules, options, seed, deal)
        except RuleError as exc:
            raise RuleError(deal_problem(args.deal, exc) if deal is not None else str(exc)) from None
        dealt_from_file = deal is not None
        startup.keep_rules(rules, overrides)
        me = state.seats.index(HUMAN_SEAT) if HUMAN_SEAT in state.seats else 0
        level = args.level or default_level()
        names = {seat: ("human" if i == me else "dummy" if seat == "dummy" else level)
                 for i, seat in enumerate(state.seats)}
        record_path = full_path(args.record) if args.record else None
        others_kept += _others_kept([p for p in saves.saved_paths() if p != path])
    autosave = autosaver(lambda session: saves.write_save(path, session.to_dict()), lambda: saves.remove_save(path),
                         lambda session: session.state.is_over(), str(path))
    printer = startup.open()
    channel, channel_for, save_settings = startup.channel, startup.channel_for, startup.save_settings
    if loaded is not None and record_path is not None:  # checked once the voice is there to say it
        record_path = _continued_record(printer, record_path, loaded, intro)
    record_failed: list[OSError] = []

    def record_failure(exc: OSError) -> None:
        """The record cannot be written: said once; the game goes on, and its save no longer
        names a record that stops short."""
        record_failed.append(exc)
        current[0].record = None
        current[0].record_path = None
        current[0].printer.write([f"Note: the game record {said_path(record_path)} cannot be written "
                                  f"({exc.strerror or exc}); play goes on without it."])

    if record_path and not resuming:
        _say_checking(printer, record_path)
        holds_games(record_path)  # a file holding anything but game records is refused, never written into
    record = RecordWriter(record_path, on_error=record_failure) if record_path else None
    current: list[Session] = []
    session, prefs = build_table(state, me, names, settings, printer, channel, channel_for, save_settings,
                                 autosave, record, record_path,
                                 len(loaded.replayed.actions) if loaded is not None else 0)
    startup.remember()  # the command runs: nothing after this refuses it
    prefs.unsaved = startup.unsaved_reason  # said at the start: not again at the first setting changed
    session.dealt_from_file = dealt_from_file
    current.append(session)
    # Recorded before the save that claims the name, which then says how long the record is: saves
    # failing from then on, the resume went on without the record ("another game was recorded
    # after it": the game's own first line, after a saved length of 0; the re-check of session 21).
    first = first_lines(session, opening) if loaded is None else None
    if loaded is None and not args.name:
        # A new name is claimed by the first save itself: two games started at once in the same
        # folder took the same name, and the one saved last replaced the other.
        # Its save is there: a later save that fails loses only what follows, and is said so.
        path, claimed = saves.claim_name(path, session.to_dict(), lambda: saves.save_path(saves.new_name()))
        if claimed:
            session.mark_saved()
    if loaded is None and not args.name:
        lock = locks.hold(path)  # a name just claimed: no other game holds it
    resume_command = f"rook-access play --resume {saves.name_of(path)}"
    session.resume_command = resume_command
    source = startup.source(args, lambda before: completion_words(current[0], before))
    try:
        printer.write(startup.opening())
        printer.write(intro)
        if loaded is not None:
            session.restore(data, loaded.replayed.events, loaded.replayed.actions)
            # Where the game stands: hand, contract, trump, whose turn; then the hand is offered.
            printer.write([f"Resumed: hand {state.hand_number}."])
            # The rules and the seats, as the opening said them: a resumed call-partner game
            # never said where the player sits (left out in earlier sessions).
            printer.write(session.announce({"type": "resume", "preset": state.preset}, session.view()))
            printer.write(session.describer.status_lines(session.view()))
            printer.write([session.describer.hand_offer(session.view())])
        elif first is not None:
            say_opening(session, first, others_kept)
        printer.write(["Type help for the commands."])
        while True:
            try:
                status = run(session, source, prefs)
            except KeyboardInterrupt:  # Ctrl+C while the computers think: every move is saved as made
                done = session.state.is_over()
                prefs.channel.interrupt()  # what the computers did is cut short; the save's name is heard
                printer.write(["", "Stopped." if done else f"Stopped. Saved as of the last move; to go on later, "
                                                          f"type: {resume_command}"])
                # Heard, as quit's last words are: the voice was closed with it still queued (the voice sweep).
                prefs.channel.flush(timeout=LAST_WORDS_SECONDS)
                return 0
            if status != NEW_GAME:
                prefs.channel.flush(timeout=LAST_WORDS_SECONDS)  # let the last words ("Saved...") be heard
                return status
            # Another game: the same rules, players and settings; the next seed after a fixed one,
            # so a seeded session stays reproducible.
            old = session.state
            seed = old.seed + 1 if args.seed is not None else random.SystemRandom().randrange(2**31)
            state, opening = new_game(old.preset, old.options, seed)
            unsaved = prefs.unsaved
            session, prefs = build_table(state, me, names, settings, printer, prefs.channel, channel_for,
                                         save_settings, autosave, None if record_failed else record,
                                         None if record_failed else record_path)
            prefs.unsaved = unsaved
            current[0] = session
            session.resume_command = resume_command
            start(session, opening)
    finally:
        prefs.channel.close()
        if record is not None:
            record.close()
        if lock is not None:
            lock.release()


def _others_kept(others: list[Path]) -> list[str]:
    """A new game's note on the unfinished games left: one is named with the command that goes
    on with it ("Your other unfinished game is kept: rook-access saves lists them." said neither:
    the newcomer sweep of session 37); several are counted, and ``saves`` lists them. A save this
    command cannot go on with (damaged, a real-table game where an older version kept it) is not
    offered to it, and one open in another window is said so: ``--resume`` would refuse it."""
    if len(others) == 1 and locks.held_elsewhere(others[0]):
        return [f"Your other unfinished game, {saves.name_of(others[0])}, is open in another window."]
    if len(others) == 1 and saves.format_of(others[0]) == saves.FORMAT:
        name = saves.name_of(others[0])
        return [f"Your other unfinished game, {name}, is kept: rook-access play --resume {name} goes on with it."]
    if len(others) == 1:
        return ["Your other unfinished game is kept: rook-access saves lists it."]
    return [f"Your {len(others)} other unfinished games are kept: rook-access saves lists them."] if others else []


def start(session: Session, opening: list[dict[str, Any]]) -> None:
    """Record and save a new game's first lines, then announce them (as the player's seat
    learns them)."""
    say_opening(session, first_lines(session, opening))


def first_lines(session: Session, opening: list[dict[str, Any]]) -> tuple[SeatLog, SeatLog]:
    """A new game's first lines, recorded: the game line, then the deal; ``say_opening``
    announces them."""
    return session.recorded([game_line(session.state, session.player_names)]), session.recorded(opening)


def say_opening(session: Session, first: tuple[SeatLog, SeatLog], notes: list[str] | None = None) -> None:
    """Save and tell a new game's first lines, ``notes`` between the game (its rules and seats)
    and the deal: "Your other unfinished games are kept" came before "New game: ...", so the
    first thing of the game heard was not the game (the docs sweep of session 36)."""
    game, deal = first
    session.say(game)
    session.printer.write(notes or [])
    session.say(deal)


def _say_checking(printer: Any, path: Any) -> None:
    """Every game already in a record is checked through the rules before one is added (about
    a second for 100 games), but for those an earlier check passed (``store.checked``): a long
    check is said first, so the wait is not a silence."""
    with contextlib.suppress(OSError, TypeError, ValueError):
        size = Path(path).stat().st_size
        if unchecked_size(path, size) >= CHECK_SAID_FROM:
            printer.write([f"Checking the games already in the record {said_path(path)} "
                           f"({size / (1 << 20):.0f} MB) before adding to it."])


def _continued_record(printer: Any, path: Any, loaded: saves.LoadedGame, intro: list[str]) -> str | None:
    """The record a resumed game goes on writing, or None (said in ``intro``) when it cannot:
    it must still hold this game's lines as they were saved, and after them only this game's
    next moves, which no other save holds."""
    _say_checking(printer, path)
    data = loaded.data
    size = data.get("record_size")
    problem = continuation_problem(path, size, data.get("game") or {}, loaded.replayed.events,
                                   saves.kept_further(path, size, loaded.path))
    if problem is None:
        try:  # a record made read-only since: the game goes on, without it
            saves.trim_record(path, data.get("record_size"))
        except OSError as exc:
            problem = exc.strerror or str(exc)
    if problem is not None:
        intro.append(f"Note: the game record {said_path(path)} cannot be continued ({problem}); "
                     "play goes on without it.")
        return None
    return str(path)


def completion_words(session: Session, before: str = "") -> list[str]:
    """What Tab may complete after ``before``: at the start the commands these rules allow on
    screen, the colours and the cards in the player's hand (and the dummy's, on its turn);
    after a command, what it takes."""
    from ..console.registry import command_names, completions

    view = session.view()
    cards = [session.describer.namer.code(c)
             for c in C.cards_in(view.hand | (view.dummy_hand if view.turn == view.dummy else 0))]
    words = before.split()
    options = session.state.options
    return completions(words[0] if words else "", options, command_names(options, "play"), cards)
