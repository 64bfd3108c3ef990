"""The whole state as plain JSON-able data, and back. Saves and tests use it.

Driven by the fields declared in ``model.py``: each field is saved by its codec, so a field added
there is saved and restored without touching this module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import cards as C
from .errors import RuleError
from .model import ADDED, SAVED, Phase, codec
from .options import Options

if TYPE_CHECKING:
    from .state import GameState

FORMAT = "rook-state/1"


def _tricks_out(tricks: list[Any]) -> list[Any]:
    return [[lead, [[p, C.code(c)] for p, c in plays], win] for lead, plays, win in tricks]


def _tricks_in(data: list[Any]) -> list[Any]:
    return [(lead, tuple((p, C.from_code(c)) for p, c in plays), win) for lead, plays, win in data]


# codec -> (to JSON, from JSON)
CODECS: dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {
    "plain": (lambda v: list(v) if isinstance(v, list) else v, lambda v: list(v) if isinstance(v, list) else v),
    "cards": (lambda v: [C.code(c) for c in v], lambda v: [C.from_code(c) for c in v]),
    "mask": (C.codes, lambda v: C.to_mask(map(C.from_code, v))),
    "masks": (lambda v: [C.codes(m) for m in v], lambda v: [C.to_mask(map(C.from_code, m)) for m in v]),
    "log": (lambda v: [list(e) for e in v], lambda v: [(int(a), str(b), int(c)) for a, b, c in v]),
    "tricks": (_tricks_out, _tricks_in),
    "options": (lambda v: v.to_dict(), Options.from_dict),
    "phase": (str, Phase),
}


def state_to_dict(s: GameState) -> dict[str, Any]:
    data: dict[str, Any] = {"format": FORMAT}
    for f in SAVED:
        data[f.name] = CODECS[codec(f)][0](getattr(s, f.name))
    return data


def with_added_fields(data: dict[str, Any]) -> dict[str, Any]:
    """A saved state with the fields added since it was written (``model.ADDED``) at the value
    such a save means, so a save from before a field existed still resumes and still matches the
    state its moves make."""
    if all(name in data for name in ADDED):
        return data
    return {**{name: CODECS["plain"][0](default) for name, default in ADDED.items()}, **data}


def state_from_dict(data: dict[str, Any]) -> GameState:
    from .state import GameState

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RuleError(f"this is not a saved game ({FORMAT})")
    try:
        data = with_added_fields(data)
        values = {f.name: CODECS[codec(f)][1](data[f.name]) for f in SAVED}
        trump = values["trump"]
        state = GameState(**values)
        if trump >= 0:
            state.set_trump(trump, values["rook_call"])
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, RuleError):
            raise
        raise RuleError(f"the saved game is damaged ({exc.__class__.__name__}: {exc})") from None
    return state
