"""The rules core: pure Python, no I/O, no global random state.

Public API: ``new_game``, ``GameState`` (``legal_actions``, ``apply``, ``view``, ``to_dict``,
``from_dict``), ``Action``, the card helpers in ``cards``, presets and options.
"""

from .actions import Action
from .errors import IllegalAction, RuleError
from .model import Phase
from .options import Options
from .presets import DEFAULT_PRESET, load_preset, preset_names, resolve
from .state import RECORD_TYPES, Event, GameState, new_game
from .view import SeatView

__all__ = [
    "Action", "DEFAULT_PRESET", "Event", "GameState", "IllegalAction", "Options", "Phase", "RECORD_TYPES",
    "RuleError", "SeatView", "load_preset", "new_game", "preset_names", "resolve",
]
