"""Table shapes for the bot tests: every preset, plus the player counts issue 6 will add as
presets, written here as option overrides of hasbro (rules.md, "Other player counts") so the
bots are tested on them before the presets exist."""

from __future__ import annotations

from typing import Any

from rook_access.core import preset_names

FUTURE: dict[str, dict[str, Any]] = {
    "two-player*": {
        "seats": ["south", "dummy", "north"], "sides": "dummy", "low_cards": "fours", "rook": "none",
        "rook_anytime": False, "counters": {"5": 5, "10": 10, "14": 10}, "aside": 3,
        "dummy_face_up": 6, "min_bid": 50, "max_bid": 100, "first_lead": "dummy",
    },
    "three-player*": {
        "seats": ["north", "east", "west"], "sides": "bidder-vs-rest", "low_cards": "fours",
        "rook": "none", "rook_anytime": False, "counters": {"5": 5, "10": 10, "14": 10}, "aside": 3,
        "min_bid": 50, "max_bid": 100, "target": 200,
    },
    "five-player*": {
        "seats": ["north", "northeast", "southeast", "southwest", "northwest"], "sides": "solo",
        "ones": "low", "low_cards": "in", "rook": "none", "rook_anytime": False,
        "counters": {"5": 5, "10": 10, "14": 10}, "nest_size": 6, "min_bid": 30, "max_bid": 100,
        "target": 150,
    },
    "six-player*": {
        "seats": ["north", "northeast", "southeast", "south", "southwest", "northwest"],
        "sides": "solo", "ones": "low", "low_cards": "in", "rook": "none", "rook_anytime": False,
        "counters": {"5": 5, "10": 10, "14": 10}, "nest_size": 2, "min_bid": 30, "max_bid": 100,
        "target": 150,
    },
    "call-partner*": {
        "seats": ["north", "northeast", "southeast", "southwest", "northwest"],
        "sides": "called-partner", "ones": "high", "rook_anytime": False,
        "counters": {"1": 15, "5": 5, "10": 10, "14": 10, "rook": 20}, "last_trick_bonus": 20,
        "max_bid": 200, "target": 500,
    },
    "beginner*": {
        "sides": "solo", "auction": False, "counters": {"5": 1, "10": 2, "14": 2, "rook": 4},
        "nest_to": "none", "target": 40,
    },
}


def tables() -> list[tuple[str, str, dict[str, Any] | None]]:
    """(label, preset, option overrides) for every table the bots must handle; a player count
    whose preset exists is tested through the preset itself."""
    names = preset_names()
    out: list[tuple[str, str, dict[str, Any] | None]] = [(name, name, None) for name in names]
    out += [(label, "hasbro", overrides) for label, overrides in FUTURE.items()
            if label.rstrip("*") not in names]
    return out
