"""Putting one table together: computer players, announcer, describer, session, preferences.

``play`` builds its table here and so do the tests, so what the tests drive is what the player
gets.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..ai.players import Player, make_player
from ..core import GameState, Options
from ..speech.announce import Announcer, AnnounceSettings
from ..speech.cardtext import CardNamer, special_mask
from ..speech.speaking import parse_rules, speaks
from ..store.family_rules import rules_base
from ..store.record import RecordWriter
from ..store.settings import Settings
from .describe import Describer
from .naming import braille_labeller, table_namer
from .preferences import TablePreferences
from .printer import Printer, shown_braille
from .session import Session


def _seed_for(game_seed: int, seat: int, step: int) -> int:
    """A computer player's seed: fixed by the game's seed, its seat and how far the game is,
    so a resumed game plays on the same way every time it is resumed."""
    return (game_seed * 1_000_003 + seat * 7919 + step) % (2**31)


def make_players(state: GameState, me: int, names: dict[str, str], step: int) -> dict[int, Player]:
    players: dict[int, Player] = {}
    for index, seat in enumerate(state.seats):
        if index == me or names.get(seat) in ("human", "dummy"):
            continue
        players[index] = make_player(names[seat], seat, state.options, _seed_for(state.seed, index, step))
    return players


def speaking(settings: Settings, options: Options, me: int, printer: Printer,
             preset: str) -> tuple[CardNamer, AnnounceSettings, Announcer]:
    """How cards are named (braille cells in the player's label style, the special trumps by
    their names) and what is announced to seat ``me``: the same for a game and the table
    companion. The printer's voice says names while the display shows cells; the opening says
    how the options differ from the rules named ``preset``."""
    labeller = braille_labeller(settings.rook_label, settings.black_letter, settings.numeric_indicator)
    namer = table_namer(shown_braille(settings.braille, printer.stream), special_mask(options), labeller,
                        black_letter=settings.black_letter)
    spoken = settings.announce_settings()
    printer.for_speech = namer.for_speech
    return namer, spoken, Announcer(me, spoken, namer=namer, base=rules_base(preset))


def build_table(
    state: GameState,
    me: int,
    names: dict[str, str],
    settings: Settings,
    printer: Printer,
    channel: Any,
    make_channel: Callable[[str], Any],
    save_settings: Callable[[Settings, Iterable[str]], Any],
    saver: Callable[[Session], bool | None] | None = None,
    record: RecordWriter | None = None,
    record_path: str | None = None,
    step: int = 0,
) -> tuple[Session, TablePreferences]:
    namer, spoken, announcer = speaking(settings, state.options, me, printer, state.preset)
    session = Session(state, me, make_players(state, me, names, step), names, announcer.told,
                      Describer(state.options, state.seats[me], namer), printer, saver, record, record_path)
    session.settings = settings
    printer.speaks = speaks(lambda: parse_rules(settings.speak), session.my_turn)
    prefs = TablePreferences(settings, spoken, namer, printer, make_channel, channel, save_settings)
    return session, prefs
