"""The player protocol and the registry that turns a name into a computer player.

A player is any object with ``name`` and ``choose(view) -> Action``; it sees only its seat's
``SeatView``. A factory makes one: ``factory(seat, options, seed) -> player``. Built-in levels are
registered in ``LEVELS``; any importable ``module:factory`` works too (``--bot east=pkg.mod:make``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Protocol, cast

from ..core import Action, Options, SeatView
from ..core.errors import RuleError
from ..core.text import shorten
from .random_player import RandomPlayer


class Player(Protocol):
    name: str

    def choose(self, view: SeatView) -> Action: ...


Factory = Callable[[str, Options, int], Player]


def _random(seat: str, options: Options, seed: int) -> Player:
    return RandomPlayer(seed)


def _easy(seat: str, options: Options, seed: int) -> Player:
    from .easy import make

    return make(seat, options, seed)


def _normal(seat: str, options: Options, seed: int) -> Player:
    from .normal import make

    return make(seat, options, seed)


def _hard(seat: str, options: Options, seed: int) -> Player:
    from .hard import make

    return make(seat, options, seed)


LEVELS: dict[str, Factory] = {"random": _random, "easy": _easy, "normal": _normal, "hard": _hard}


def level_named(spec: str) -> str:
    """``spec`` as the built-in level it names in any case ("Hard", "EASY" as hard and easy:
    "unknown player 'Hard'" was said, the re-check of session 34), else as written: a
    ``module:factory`` is case-sensitive."""
    return spec.lower() if spec.lower() in LEVELS else spec


def load_factory(spec: str) -> Factory:
    """A level name (in any case: ``level_named``), or ``module:attribute`` naming a factory."""
    spec = level_named(spec)
    if spec in LEVELS:
        return LEVELS[spec]
    if ":" not in spec:
        raise RuleError(f"unknown player {spec!r}: use {', '.join(LEVELS)} or module:factory")
    module_name, attr = spec.split(":", 1)
    try:
        module = importlib.import_module(module_name)
    except (Exception, SystemExit) as exc:  # someone else's module: any failure to load is said in one line
        what = str(exc) if isinstance(exc, ImportError) else f"{exc.__class__.__name__}: {exc}"
        raise RuleError(f"cannot import {module_name!r} for player {spec!r}: "
                        f"{shorten(' '.join(what.split()), 200)}") from None
    factory = getattr(module, attr, None)
    if not callable(factory):
        raise RuleError(f"{module_name} has no callable {attr!r} to make a player")
    return cast(Factory, factory)


def make_player(spec: str, seat: str, options: Options, seed: int) -> Player:
    """A player from ``spec``; a factory that fails or makes no player is a RuleError naming it
    (any callable can be named on the command line: ``os:getcwd`` is callable, but no bot)."""
    factory = load_factory(spec)
    try:
        player = factory(seat, options, seed)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # someone else's code: its failure is reported, not raised
        # sys.exit too: it ended the run in silence, with success (found by the simulate sweep).
        what = "called sys.exit" if isinstance(exc, SystemExit) else \
            f"raised {exc.__class__.__name__}: {shorten(' '.join(str(exc).split()), 200)}"
        raise RuleError(f"player {spec!r} could not be made: {spec} (seat, options, seed) {what}") from None
    if not callable(getattr(player, "choose", None)):
        # Said here: "see docs/bots.md" named a file an installed game does not have (the
        # shell-commands sweep of session 38).
        raise RuleError(f"player {spec!r} is not a bot: what it made has no choose(view) method, which "
                        "returns one of view.legal")
    return player


def search_compiled() -> bool:
    """Whether the search runs compiled (``setup.py`` builds it with mypyc where it can) or as
    plain Python: the same choices either way, about three times as fast compiled. Read from the
    play-out module, the one every search decision runs most."""
    from . import playout

    return not (playout.__file__ or "").endswith(".py")
