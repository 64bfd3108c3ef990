"""Helpers for console tests: a table built as ``play`` builds it, printing into a StringIO.

Every helper needs ROOK_ACCESS_HOME set to a temporary directory (the ``home`` fixture in
each test module), because the settings commands write the settings file.
"""

from __future__ import annotations

import io
import random
from typing import Any

from rook_access.console.commands import Reply, execute
from rook_access.console.preferences import TablePreferences
from rook_access.console.printer import Printer
from rook_access.console.session import Session
from rook_access.console.table import build_table
from rook_access.core import GameState, new_game
from rook_access.core import actions as A
from rook_access.core import cards as C
from rook_access.speech.channel import TextChannel
from rook_access.store.settings import Settings, save_settings


class Table:
    """A session, its preferences and everything printed, for one test."""

    def __init__(self, preset: str = "hasbro", seed: int = 1, options: list[str] | None = None,
                 deal: dict[str, Any] | None = None, level: str = "random") -> None:
        state, opening = new_game(preset, options or [], seed, deal)
        self.out = io.StringIO()
        self.printer = Printer(self.out, None)
        me = state.seats.index("south")
        names = {s: ("human" if i == me else "dummy" if s == "dummy" else level)
                 for i, s in enumerate(state.seats)}
        self.saved: list[dict[str, Any]] = []
        self.session, self.prefs = build_table(
            state, me, names, Settings(speech="off"), self.printer, TextChannel(),
            lambda mode: TextChannel(), save_settings, self._save)
        self.session.tell(opening)
        self.session.run_computers()

    def _save(self, session: Session) -> None:
        self.saved.append(session.to_dict())

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def prefs_(self) -> TablePreferences:
        return self.prefs

    def run(self, line: str) -> Reply:
        """Type a line as the loop would: the reply, then the computers act."""
        self.printer.new_block()
        reply = execute(self.session, line, self.prefs)
        self.printer.write(reply.lines, kind=reply.speech_kind)  # spoken as the loop speaks it
        if not reply.quit:
            self.session.run_computers()
        return reply

    def text(self) -> str:
        return self.out.getvalue()

    def my_turn(self) -> bool:
        return self.session.my_turn()

    def move_text(self, rng: random.Random, bid: bool = False) -> str:
        """A legal move typed as a player would type it."""
        state = self.state
        legal = state.legal_actions()
        if state.phase == "auction":
            bids = [a for a in legal if a.kind == A.BID]
            if bid and bids:
                return f"bid {bids[-1].value}"  # the maximum ends the auction at once
            return "pass"
        if state.phase == "discard":
            left = state.options.nest_size - len(state.discards)
            cards = [a.value for a in legal if a.kind == A.DISCARD][:left]
            return "discard " + " ".join(C.code(c) for c in cards)
        if state.phase == "trump":
            return "trump " + C.COLORS[rng.randrange(4)]
        if state.phase == "call":
            return "call " + C.code(legal[0].value)
        plays = [a.value for a in legal if a.kind == A.PLAY]
        return C.code(rng.choice(plays))

    def advance(self, until: Any, rng: random.Random | None = None, bid: bool = False, limit: int = 500) -> None:
        """Play legal moves until ``until(self)`` holds."""
        rng = rng or random.Random(0)
        for _ in range(limit):
            if until(self):
                return
            assert not self.state.is_over(), "the game ended first"
            reply = self.run(self.move_text(rng, bid))
            assert not reply.refused, reply.lines
        raise AssertionError("never reached")
