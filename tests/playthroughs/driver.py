"""Play one recorded playthrough through the real console.

The table is built as ``rook-access play`` builds it (``build_table``, ``start``, the prompt loop
``console.loop.run``); only the keyboard is replaced: the listening seat's moves are chosen by a
computer player and typed as text (``bid 80``, ``play 14r``), echoed after "> " as the console
echoes piped input. The transcript is everything the console printed; the record is the
``rook-record/1`` file the session wrote.
"""

from __future__ import annotations

import io
import tempfile
from dataclasses import dataclass
from pathlib import Path

from rook_access.ai.players import Player, make_player
from rook_access.commands.play import HUMAN_SEAT, start
from rook_access.console.loop import run
from rook_access.console.printer import Printer
from rook_access.console.session import Session
from rook_access.console.table import build_table
from rook_access.core import new_game, preset_names
from rook_access.speech.channel import TextChannel
from rook_access.store.record import RecordWriter
from rook_access.store.settings import Settings

# The seed is chosen so the listening seat takes at least one contract (bid, nest, discard, trump)
# in every preset with an auction; kentucky-west needs a seed of its own for that.
SEED = 15
SEEDS = {"kentucky-west": 3}
LEVEL = "normal"
MAX_LINES = 5000  # a guard: a game that never ends fails instead of hanging the suite


@dataclass(frozen=True)
class Case:
    """One stored playthrough: a preset told at a verbosity, with a braille setting. Only the
    plain case of a preset stores the record (the others play the same game); ``hint`` types
    one hint (a few hundred milliseconds of search, so not in every case)."""

    preset: str
    verbosity: str = "normal"
    braille: str = "off"
    hint: bool = False

    @property
    def seed(self) -> int:
        return SEEDS.get(self.preset, SEED)

    @property
    def stem(self) -> str:
        extra = [w for w in (self.verbosity, f"braille-{self.braille}") if w not in ("normal", "braille-off")]
        return ".".join([self.preset, *extra])

    @property
    def record(self) -> bool:
        return self.verbosity == "normal" and self.braille == "off"


def cases() -> list[Case]:
    """Every preset at normal verbosity; hasbro also brief and full; red-one (whose red 1 has a
    name of its own) with braille cells after each card name."""
    return ([Case(name, hint=name == "hasbro") for name in preset_names()]
            + [Case("hasbro", "brief"), Case("hasbro", "full"), Case("red-one", braille="after")])


class TypingPlayer:
    """A LineSource that types the listening seat's moves, chosen by a computer player, with a
    few looks around on the way (help, hand, status, review...) so the describer's answers are
    in the transcript too."""

    mode = "pipe"

    def __init__(self, session: Session, player: Player, printer: Printer, hint: bool) -> None:
        self.session = session
        self.hint = hint
        self.player = player
        self.printer = printer
        self.queue: list[str] = []
        self.lines = 0
        self.hands_seen: set[int] = set()
        self.played = False  # the first play decision of the game had its looks
        self.ended = False

    def _next_lines(self) -> list[str]:
        session = self.session
        if session.state.is_over():
            if self.ended:
                return []
            self.ended = True
            return ["score", "history 3", "quit"]
        if not session.my_turn():  # the loop only asks on the player's turn; be safe
            return [""]
        action = str(self.player.choose(session.view()))
        looks: list[str] = []
        hand = session.state.hand_number
        if not self.hands_seen:
            looks += ["help", "legal"]
        if hand not in self.hands_seen:
            self.hands_seen.add(hand)
            looks.append("hand")
            if len(self.hands_seen) == 2:
                looks += ["last", "review", "review"]
        if action.startswith("play") and not self.played:
            self.played = True
            looks += ["trick", "status", "score"] + (["hint"] if self.hint else [])
        return looks + [action]

    def typed_early(self) -> list[str]:
        return []  # types at the prompt only, as a pipe does

    def begun(self) -> str:
        return ""  # no line is ever left half typed

    def read(self, offer: str | None = None) -> str | None:
        self.lines += 1
        if self.lines > MAX_LINES:
            return None
        if not self.queue:
            self.queue = self._next_lines()
            if not self.queue:
                return None
        line = self.queue.pop(0)
        self.printer.echo("> " + line)
        return line


def _ignore_settings(settings: Settings) -> None:
    """The settings commands are never typed here; nothing may write the player's settings."""


def play(case: Case) -> tuple[str, str | None]:
    """The console transcript and (for the normal case) the record text of one playthrough."""
    state, opening = new_game(case.preset, None, case.seed)
    me = state.seats.index(HUMAN_SEAT) if HUMAN_SEAT in state.seats else 0
    names = {seat: ("human" if i == me else "dummy" if seat == "dummy" else LEVEL)
             for i, seat in enumerate(state.seats)}
    out = io.StringIO()
    printer = Printer(out, None)
    settings = Settings(verbosity=case.verbosity, speech="off", braille=case.braille)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.jsonl"
        record = RecordWriter(path) if case.record else None
        session, prefs = build_table(state, me, names, settings, printer, TextChannel(),
                                     lambda mode: TextChannel(), _ignore_settings, None, record, None)
        start(session, opening)
        source = TypingPlayer(session, make_player(LEVEL, state.seats[me], state.options, case.seed + me), printer,
                              case.hint)
        status = run(session, source, prefs)
        if record is not None:
            record.close()
        text = path.read_text(encoding="utf-8") if case.record else None
    if status != 0 or not session.state.is_over():
        raise AssertionError(f"{case.stem}: the game did not finish (status {status})")
    return out.getvalue(), text
