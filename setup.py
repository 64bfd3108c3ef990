"""Build: the computer players' search compiled to C with mypyc where the machine can.

``pip install .`` compiles the modules in ``COMPILED`` (the core's trick loop and primitives,
cards, seats, scoring and discard rules, and the hard level's play-outs, sampling, inference,
searches and endgame): the same code, the same choices, about three times as fast
(docs/development.md, "Compiled search"). Where mypyc or a C compiler is missing,
or compiling fails, the game installs as plain Python and plays the same cards, more slowly.
Nothing is half compiled: a failure drops every compiled module.

Editable installs (``pip install -e``, the test command) stay plain Python, so an edited module
is what runs; ``ROOK_ACCESS_PURE=1`` makes any install plain Python.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED = [
    "rook_access/core/tricks.py",
    "rook_access/core/cards.py",
    "rook_access/core/seats.py",
    "rook_access/core/scoring.py",
    "rook_access/core/nest.py",
    "rook_access/core/determinize.py",
    "rook_access/ai/hand_value.py",
    "rook_access/ai/discard.py",
    "rook_access/ai/bid_search.py",
    "rook_access/ai/auction_search.py",
    "rook_access/ai/playout.py",
    "rook_access/ai/sampling.py",
    "rook_access/ai/inference.py",
    "rook_access/ai/search.py",
    "rook_access/ai/endgame.py",
]
WHY_PLAIN = "the computer players will take about three times as long to think"


def _say(message: str) -> None:
    print(f"rook-access: {message}", file=sys.stderr)


def _wanted() -> bool:
    """Compile for a wheel or an install; not for editable installs, sdists or metadata."""
    if os.environ.get("ROOK_ACCESS_PURE") == "1":
        return False
    commands = set(sys.argv[1:])
    if "editable_wheel" in commands or "develop" in commands:
        return False
    return bool(commands & {"bdist_wheel", "build", "build_ext", "install"})


def _extensions() -> list:
    if not _wanted():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say(f"mypyc is not installed, so the search stays plain Python: {WHY_PLAIN}.")
        return []
    try:
        return mypycify(COMPILED, opt_level="3")
    except BaseException as error:  # mypyc exits through SystemExit on a type error
        _say(f"mypyc could not translate the search ({error!r}), so it stays plain Python: {WHY_PLAIN}.")
        return []


class OptionalBuildExt(build_ext):
    """Build every compiled module or none: a C compiler missing or failing leaves plain Python."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # CompileError, LinkError, a missing compiler or Python headers
            for ext in self.extensions:
                path = self.get_ext_fullpath(ext.name)
                if os.path.exists(path):
                    os.remove(path)
            self.extensions = []
            _say(f"compiling the search failed ({type(error).__name__}; pip install -v shows the compiler's "
                 f"words), so it stays plain Python: {WHY_PLAIN}.")


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
