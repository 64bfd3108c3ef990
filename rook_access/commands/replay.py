"""``rook-access replay FILE``: listen back to a game record, hand by hand and trick by trick.

The record (shared/docs/game-record.md) is first replayed through the rules core
(``core.replay.replay_record``, by way of ``store.verify.check_record``): a record with a move
against the rules, or a line the moves do not give, is refused in one line naming it. Each line
is then told by the same Announcer as a live game, with the view the rules give, seated where the
player sat: a replay tells what that seat was told and no more (``seat_part``), since a record
holds every hand and a game quit unfinished may still be resumed. ``--all-hands`` reads every
hand, but only of games that are over. On a terminal it waits for Enter after each trick and each
hand's score; ``--no-pause`` runs straight through, and so does a replay whose standard input or
output is not a terminal.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence

from ..console.naming import braille_labeller, table_namer
from ..console.parse import clean_line
from ..console.printer import braille_unshown, fitted, shown_braille, warn
from ..core import Event, SeatView
from ..core.errors import RuleError
from ..core.events import seen_by
from ..core.replay import game_options, replay_record
from ..core.text import quoted, said_path, said_text
from ..speech.announce import VERBOSITIES, Announcer
from ..speech.cardtext import special_mask
from ..speech.channel import Channel, TextChannel
from ..speech.output import MODES, make_channel
from ..speech.screen_reader import detect_screen_reader
from ..store.family_rules import rules_base
from ..store.record import read_lines
from ..store.settings import BRAILLE_MODES, Settings, load_settings
from ..store.verify import RecordGame, check_record
from .common import CHECK_SAID_FROM, choice_arg, pipe_wait_line
from .startup import doubled_line, voice_held_line

PAUSE_AFTER = ("trick", "hand_end")
UNFINISHED = "The record of this game stops here, before the game was over."
# Over by the rules, its last lines lost to a crash: it ended in silence (the re-check of session 29).
LAST_LINES_LOST = "The record of this game stops here, before its last lines; by the rules they are these."
PROMPT = "Enter for more, r to repeat, q to stop: "
STOP_WORDS = ("q", "quit", "stop")
REPEAT_WORDS = ("r", "repeat")  # as in the game: the lines since the last pause said again


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("replay", help="listen back to a game record, trick by trick")
    parser.add_argument("file", metavar="FILE", help="a game record (rook-record/1, or rook-table-record/1 "
                                                       "from rook-access table; JSON lines)")
    parser.add_argument("--no-pause", action="store_true",
                        help="run straight through instead of waiting for Enter after each trick")
    parser.add_argument("--verbosity", type=choice_arg, choices=VERBOSITIES,
                        help="brief, normal or full (default: your setting)")
    parser.add_argument("--speech", type=choice_arg, choices=MODES,
                        help="auto, screen-reader, tts or off (default: your setting; off when "
                             "the output goes to a file or a pipe)")
    # A game played with --braille only, which is not kept, was told with names: the cells it
    # was played with could not be asked for (the braille-only sweep of session 31).
    parser.add_argument("--braille", type=choice_arg, choices=BRAILLE_MODES,
                        help="braille cells for cards: off, after or only (default: your setting)")
    parser.add_argument("--seat", metavar="SEAT",
                        help="hear the game as this seat did, in games that are over (default: your seat, "
                             "or the first seat)")
    parser.add_argument("--all-hands", action="store_true",
                        help="read every player's cards, in games that are over (never in a game "
                             "still being played)")
    parser.set_defaults(func=run)


def choose_seat(game: RecordGame, asked: str | None) -> str:
    """Whose view a game is told from: the seat asked for, else the human player's seat, else
    the first seat that bids."""
    if asked is not None:
        if game.table is not None and asked != game.table:
            raise RuleError(f"--seat {asked}: this game was entered at a real table by {game.table}, "
                            f"so only {game.table}'s cards are known; leave out --seat")
        players = [seat for seat in game.seats if game.players.get(seat) != "dummy"]
        if asked not in players:
            # Nobody sits at the dummy: told from it, its whole hand was read in the auction
            # (found by the review sweep).
            nobody = "nobody sits at the dummy: " if asked in game.seats else ""
            # Which game, where a record holds several (the records sweep of session 29).
            raise RuleError(f"--seat {asked}: {nobody}the seats of the game from line {game.line} are "
                            f"{', '.join(players)}")
        return asked
    if game.table is not None:  # only that seat's cards are known
        return game.table
    humans = [seat for seat in game.seats if game.players.get(seat) == "human"]
    return humans[0] if humans else next(s for s in game.seats if game.players.get(s) != "dummy")


def hidden_from(game: RecordGame, asked: str | None) -> str | None:
    """The seat a game is told as where ``asked`` cannot be, else None. A game not finished may
    still be played on: it is told only as its player heard it, never from another seat (whose
    hand the player must not learn). A game entered at a real table knows only its entrant's cards.
    A game without that seat is told as it would be without --seat."""
    if asked is None:
        return None
    if game.table is not None:
        return game.table if asked != game.table else None
    if asked not in game.seats:  # a record of games at tables of other sizes (the re-check of session 31)
        return choose_seat(game, None)
    humans = [seat for seat in game.seats if game.players.get(seat) == "human"]
    if game.finished or not humans or asked in humans:
        return None
    return humans[0]


def told_as(game: RecordGame, asked: str | None) -> str:
    """The seat a game is told as: the one asked for, unless the game may still be played on."""
    return hidden_from(game, asked) or choose_seat(game, asked)


def listener(game: RecordGame, args: argparse.Namespace) -> tuple[int | None, str]:
    """The announcer's seat (None: every hand is read) and the line that says so."""
    seat = told_as(game, args.seat)
    if args.all_hands and game.finished and game.table is None:
        return None, "Every hand is read out: the game is over."
    note = f"You hear the game as {seat} did."
    if hidden_from(game, args.seat):  # --seat asked of a game it cannot be told from
        note += (" It was entered at a real table, so only your own cards are known." if game.table is not None
                 else f" It has no {args.seat}." if args.seat not in game.seats
                 else " It is not finished and may still be played on, so it is told only as you heard it.")
    if args.all_hands:
        note += (" It was entered at a real table, so only your own cards are known." if game.table is not None
                 else " This game is not finished, so the other hands stay hidden.")
    return game.seats.index(seat), note


def run(args: argparse.Namespace) -> int:
    settings = load_settings(warn, note=lambda _unused: None)  # the rules last played are not replay's
    if args.verbosity:
        settings.verbosity = args.verbosity
    if args.braille:
        settings.braille = args.braille
    speech = args.speech or (settings.speech if sys.stdout.isatty() else "off")
    channel: Channel = TextChannel()
    try:
        if speech == "off" and not args.speech and settings.speech in ("tts", "screen-reader"):
            _show(voice_held_line(settings.speech))  # as play says it (found by a re-check)
        reader = detect_screen_reader() if speech != "off" else None
        channel = make_channel(speech, settings.tts_rate, settings.tts_voice, reader)
        if channel.notice:  # heard too: a listener by the game's voice alone learns what it is
            _tell(channel.notice, channel)
        if reader is not None and channel.name == "tts" and not args.speech:  # heard twice, as play warns
            _tell(doubled_line(reader.name, "replay with --speech auto, or type speech auto in a game"), channel)
        unshown = braille_unshown(sys.stdout, settings.braille) if settings.braille != "off" else None
        if unshown:  # as play says it: the cells would come out as "??" (found by the settings sweep)
            _tell(unshown, channel)
        return _told(args, settings, channel)
    finally:
        channel.close()


def _told(args: argparse.Namespace, settings: Settings, channel: Channel) -> int:
    """The record checked whole, then told game by game (``run`` opened the voice)."""
    with contextlib.suppress(OSError):  # a large record is checked whole first: not a silence
        found = os.stat(args.file)
        size = found.st_size
        if size >= CHECK_SAID_FROM and stat.S_ISREG(found.st_mode):
            checking = (f"Checking the record {said_path(args.file)} ({size / (1 << 20):.0f} MB) before "
                        "reading it out.")
            _tell(checking, channel)  # said too: the wait is not a silence by the voice (the re-check)
    waiting = pipe_wait_line(args.file, "record")
    if waiting:
        _tell(waiting, channel)
    if args.seat:  # "South", as the game says it, is south (the records sweep of session 29)
        args.seat = args.seat.strip().lower()
    events, numbers = read_lines(args.file)
    if not events:
        raise RuleError(f"{said_path(args.file)}: the record is empty; it should start with a game line")

    def seat_of(game: RecordGame) -> int:
        """The seat whose views the core's replay gives (an unknown --seat is refused here)."""
        return game.seats.index(told_as(game, args.seat))

    # The whole record through the core before anything is said: damage is named by its line,
    # and so is a --seat that a game of it has not.
    games = check_record(events, numbers, args.file)
    # A record of one game still being played, or entered at a real table, is refused: --seat
    # would change nothing. In one of several, a game over is told as the seat asked (the whole
    # record was refused for the one played on after it: the rare-presets sweep of session 30),
    # the others as the player heard them, whatever their seats (the re-check of session 31).
    as_asked = [game for game in games if not hidden_from(game, args.seat)]
    for game in as_asked or games[:1]:
        choose_seat(game, args.seat)  # an unknown --seat refused here, or why a table's game cannot be
    if not as_asked:
        raise RuleError(f"--seat {args.seat}: this game is not finished and may still be played on, so it is "
                        f"told only as {hidden_from(games[0], args.seat)} heard it; leave out --seat")
    pause = not args.no_pause and paused()
    for game in games:
        me, note = listener(game, args)
        # Cards named as in the player's games: braille cells in their label style where they
        # show them; the voice says the names (``for_speech``).
        options = game_options(events[game.span[0]])  # checked with its game
        labeller = braille_labeller(settings.rook_label, settings.black_letter, settings.numeric_indicator)
        namer = table_namer(shown_braille(settings.braille, sys.stdout), special_mask(options), labeller,
                            black_letter=settings.black_letter)
        announcer = Announcer(me, settings.announce_settings(), namer=namer,
                              base=rules_base(str(events[game.span[0]].get("preset"))))
        lines = [note]
        heard: list[str] = []  # the lines since the last pause, for r (repeat) at the pause
        rest: list[tuple[Event, SeatView]] = []
        notes: dict[int, list[str]] = {}  # a table game's: what the table said after a line
        for index, event, view in with_handovers(game.told(events, seat_of(game), rest, notes)):
            # A table record's lines are already what its seat learned.
            told = event if me is None or game.table else seat_part(event, view)
            lines += announce(announcer, told, view, args.file, numbers[index])
            if event["type"] != "partner_trump":  # said after the line, as the table said them
                lines += notes.pop(index, [])
            for line in lines:
                _tell(line, channel, namer.for_speech)
            heard += lines
            lines = []
            late = channel.poll_notice()
            if late:
                _show(late)
            if pause and event["type"] in PAUSE_AFTER and index + 1 < len(events):
                if not wait_for_enter(channel, heard, namer.for_speech):
                    return 0
                heard = []
                channel.interrupt()
        # Quit or cut short, said before the next game's first line; over by the rules, its last
        # lines lost to a crash, they are said as the rules give them: the listener heard no
        # score and no winner (the re-checks of session 29).
        if not game.finished:
            ending = [UNFINISHED]
        else:
            ending = [LAST_LINES_LOST] if rest else []
            for event, view in rest:
                ending += announcer.lines(event if me is None else seat_part(event, view), view)
            ending += notes.pop(game.span[1], [])
        for line in ending:
            _tell(line, channel, namer.for_speech)
    channel.flush()
    return 0


def paused() -> bool:
    """Whether the replay waits at each trick: only with a terminal both to type at and to read.
    Written to a file or a pipe from a terminal, it waited unseen at the first trick, its question
    glued into the file (the shell-commands sweep of session 38)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _show(line: str) -> None:
    """One line printed, to the terminal's width as the game prints it."""
    print(fitted(line, sys.stdout), flush=True)


def _tell(line: str, channel: Channel, spoken: Callable[[str], str] = str) -> None:
    """One line printed and said (``spoken``: as the voice says it, card names for cells)."""
    _show(line)
    channel.say(spoken(line))


def followed(events: list[Event], me: int | None) -> Iterator[tuple[int, Event, SeatView]]:
    """Each line of a one-game record through the rules, as the seat ``me`` learned it
    (``seat_part``) with its view at that line; with ``me`` None, every line whole with the first
    seat's view. What ``run`` tells, without the file around it (tests/test_announce.py)."""
    for index, event, view in with_handovers(replay_record(events, 0 if me is None else me)):
        yield index, (event if me is None else seat_part(event, view)), view


def with_handovers(told: Iterable[tuple[int, Event, SeatView]]) -> Iterator[tuple[int, Event, SeatView]]:
    """The lines, with the bidder's handing of the trump call to its partner said before the
    partner's trump line, as the game said it ("...; the bid rises by 5 to 105"): the record
    has no line of its own for it, only the trump line's seat and raise."""
    for index, event, view in told:
        bidder = view.seats[view.bidder] if view.bidder >= 0 else None
        if event.get("type") == "trump" and event.get("seat") not in (None, bidder):
            yield index, {"type": "partner_trump", "seat": bidder, "partner": event.get("seat"),
                          "raise": event.get("raise") or 0}, view
        yield index, event, view


def seat_part(event: Event, view: SeatView) -> Event:
    """The part of ``event`` the view's seat may learn (``core.events.seen_by``), judged from
    that seat's view at the moment of the event."""
    bidder = view.seats[view.bidder] if view.bidder >= 0 else None
    # A view holds no hand of its own only while the bidding is blind.
    return seen_by(event, view.seats[view.seat], bidder, not view.hand, view.options.nest_points_told)


def announce(announcer: Announcer, event: Event, view: SeatView, path: str, number: int) -> list[str]:
    """The event's lines; a line the announcer cannot read is named by its number."""
    try:
        return announcer.lines(event, view)
    except RuleError as exc:
        raise RuleError(f"{said_path(path)}: line {number}: {exc}") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        field = f"the field {exc.args[0]!r} is missing" if isinstance(exc, KeyError) else (
            "a field has the wrong kind of value")
        kind = event.get("type")
        raise RuleError(f"{said_path(path)}: line {number} (a {said_text(kind)} line) is damaged: {field}; "
                        "see the record format, rook-record/1") from None


def wait_for_enter(channel: Channel, heard: Sequence[str] = (), spoken: Callable[[str], str] = str) -> bool:
    """True for Enter (go on), False when the listener asks to stop (q, or the end of input);
    r says the lines ``heard`` since the last pause again (``spoken``: as the voice says them).
    Anything else is told what works and asked again: "help" or "back" went on to the next trick
    without a word (the replay sweep of session 34). The question is said as well as shown: by
    the game's voice alone a listener heard a trick, then silence (found by the listening sweep).
    An arrow or function key's escape code is dropped, as the game drops it from a typed line: the
    up arrow and Enter was refused with the code quoted twice (the accessibility sweep of session 36)."""
    while True:
        channel.say(PROMPT.strip().rstrip(":") + ".")
        try:
            answer = clean_line(input(PROMPT)).strip()
        except EOFError:
            print()
            return False
        word = answer.lower()
        if not word or word in STOP_WORDS:
            return not word
        if word in REPEAT_WORDS:
            for line in heard:
                _tell(line, channel, spoken)
        else:
            _tell(f"{quoted(answer)} is not an answer here: {PROMPT.strip().rstrip(':')}.", channel)
