"""The whole state as plain JSON-able data, and back. Saves and tests use it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import cards as C
from .errors import RuleError
from .options import Options

if TYPE_CHECKING:
    from .state import GameState

FORMAT = "rook-state/1"
# Fields saved as they are (ints, bools, strings and lists of ints).
PLAIN = (
    "phase", "hand_number", "deal_index", "dealer", "totals", "winners", "turn", "high_bid",
    "high_bidder", "passed", "checked", "bidder", "bid", "forced", "moon", "raise_",
    "discard_counters_ok", "trump_caller", "called", "partner", "leader", "led_suit",
    "tricks_won", "captured", "trump_broken", "blind",
)
CARD_LISTS = ("nest_dealt", "face_up", "discards", "trick_cards")


def state_to_dict(s: GameState) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": FORMAT,
        "preset": s.preset,
        "options": s.options.to_dict(),
        "seed": s.seed,
        "hands": [C.codes(h) for h in s.hands],
        "aside": C.codes(s.aside),
        "played": C.codes(s.played),
        "trump": s.trump,
        "auction_log": [list(entry) for entry in s.auction_log],
        "trick_seats": list(s.trick_seats),
        "tricks": [[lead, [[p, C.code(c)] for p, c in plays], win] for lead, plays, win in s.tricks],
    }
    for name in PLAIN:
        value = getattr(s, name)
        data[name] = list(value) if isinstance(value, list) else value
    for name in CARD_LISTS:
        data[name] = [C.code(c) for c in getattr(s, name)]
    return data


def state_from_dict(data: dict[str, Any]) -> GameState:
    from .state import GameState

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RuleError(f"this is not a saved game ({FORMAT})")
    try:
        state = GameState(data["preset"], Options.from_dict(data["options"]), data["seed"])
        state.hands = [C.to_mask(map(C.from_code, h)) for h in data["hands"]]
        state.aside = C.to_mask(map(C.from_code, data["aside"]))
        state.played = C.to_mask(map(C.from_code, data["played"]))
        state.auction_log = [(int(a), str(b), int(c)) for a, b, c in data["auction_log"]]
        state.trick_seats = list(data["trick_seats"])
        state.tricks = [
            (lead, tuple((p, C.from_code(c)) for p, c in plays), win) for lead, plays, win in data["tricks"]
        ]
        for name in PLAIN:
            value = data[name]
            setattr(state, name, list(value) if isinstance(value, list) else value)
        for name in CARD_LISTS:
            setattr(state, name, [C.from_code(c) for c in data[name]])
        if data["trump"] >= 0:
            state.set_trump(data["trump"])
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, RuleError):
            raise
        raise RuleError(f"the saved game is damaged ({exc.__class__.__name__}: {exc})") from None
    return state
