"""Saves of real-table games (``rook-access table``): one file per game in ``saves/table/``,
named as game saves are (``table-1``, ``table-2``, or a name given with ``table --name``), so
``rook-access saves`` lists, and deletes, both kinds in one list, and ``table --resume NAME``
goes on with one. Names are one namespace with the game saves: a name means one save.

A table save (``rook-table-save/1``) holds the table's entries and the console's part; it is
believed only once every entry is taken again through the rules (``TableGame.from_data``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core import cards as C
from ..core.errors import RuleError
from ..core.seats import dealing_seats
from ..core.table import TableGame
from ..core.text import counted, said_text
from . import saves
from .untrusted import Unreadable, is_there, read_own_json

FORMAT = saves.TABLE_SAVE  # defined there: saves tells an old real-table save by it
PREFIX = "table-"


def folder() -> Path:
    return saves.table_folder()


def save_path(name: str) -> Path:
    return folder() / f"{saves.check_name(name)}.json"


def saved_paths() -> list[Path]:
    """Every table save, the most recently saved first."""
    return saves.saved_in(folder())


def read(path: Path) -> dict[str, Any]:
    """The table save as JSON, not yet believed (``load`` takes its entries through the rules)."""
    name = saves.name_of(path)
    if not is_there(path):
        raise RuleError(f"there is no saved table game named {name}: rook-access saves lists them")
    data = read_own_json(str(path), "table save")
    if isinstance(data, dict) and data.get("format") == saves.FORMAT:
        raise saves.kept_with_table_games(path)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else None
        raise saves.newer(path, found, FORMAT) or RuleError(
            f"the file {path.name} is not a rook-access table save ({FORMAT})")
    return data


def load(path: Path) -> tuple[dict[str, Any], TableGame]:
    """The save and its game, believed: every entry taken again through the rules."""
    data = read(path)
    try:
        table = TableGame.from_data(data.get("table"))
        _check_console_part(data, table)
    except RuleError as exc:
        raise RuleError(f"the table save {saves.name_of(path)} cannot be believed: {exc}") from None
    return data, table


def _check_console_part(data: dict[str, Any], table: TableGame) -> None:
    """The save's part besides the entries, checked for shape: the dealer, and a hand, face-up
    cards or an entry still being typed. Damaged, they were dropped unsaid and the save written
    over (the tamper sweep); the resume (``TableSession.restore_table``) takes them as typed."""
    seats = table.seats
    dealer = data.get("dealer")
    if dealer is not None and (dealer not in seats or seats.index(dealer) not in dealing_seats(table.options)):
        raise RuleError(f"its dealer {said_text(dealer)} is no seat that deals in this game")
    read_before: set[int] = set()
    for key, what, most in (("face_up_cards", "the entry of the face-up cards", table.face_up_count),
                            ("hand_cards", "your hand as entered so far", table.hand_size)):
        cards = data.get(key)
        if cards is None:
            continue
        if not isinstance(cards, list):
            raise RuleError(f"{what} is not a list of cards")
        try:
            read = [C.from_code(code) for code in cards]
        except RuleError as exc:
            raise RuleError(f"{what}: {exc}") from None
        if len(set(read)) != len(read):
            raise RuleError(f"{what} holds a card twice")
        stray = [card for card in read if not C.BIT[card] & table.state.deck.mask]
        if stray:
            raise RuleError(f"{what} holds the {table.state.card_name(stray[0])}, which is not in this game's deck")
        if len(read) > most or read and key == "face_up_cards" and len(read) != most:  # entered all at once
            raise RuleError(f"{what} holds {_cards(len(read))}, where this game has {most}")
        both = read_before.intersection(read)
        if both:  # a card face up is on the nest or the dummy, not in your hand (the second re-check)
            raise RuleError(f"{what} holds the {table.state.card_name(both.pop())}, which is face up")
        read_before.update(read)
    if table.awaiting_deal and table.face_up_first and data.get("hand_cards") and not data.get("face_up_cards"):
        # Entered first, they cannot be missing once the hand is begun (the re-check of session 29)
        raise RuleError("it holds your hand as entered so far, but not the face-up cards entered before it")
    for key, what in (("hand_lines", "your hand"), ("dealt_lines", "the hand last dealt")):
        lines = data.get(key, [])
        if not (isinstance(lines, list) and all(type(n) is int and n > 0 for n in lines)):
            raise RuleError(f"the lines {what} was typed in are not counts of cards")
    held = data.get("held")
    if held is not None and not (isinstance(held, dict) and held.get("seat") in seats
                                 and isinstance(held.get("actions"), list)
                                 and all(isinstance(a, str) for a in held["actions"])):
        raise RuleError("the entry waiting for an answer is damaged")


def _cards(count: int) -> str:
    return counted(count, "card")


def describe(path: Path) -> str:
    """One line for ``rook-access saves``, its kind said by the caller: the name, the rules,
    the player's seat, the hand, the scores and when it was saved."""
    name = saves.name_of(path)
    try:
        _data, table = load(path)
    except Unreadable:
        return saves.damaged(name)
    except RuleError as exc:
        return saves.unbelieved(name, path, exc)
    state = table.state
    what = (f"{name}: {table.preset} rules, you sit {table.seats[table.me]}, "
            f"hand {state.hand_number}; {saves.side_scores(state, table.me)}")
    return f"{what}{saves.saved_when(path)}."
