"""Drives the installed ``rook-access`` in a real pseudo-terminal, typing as a player would.

The driver reads the game's save (written after every action, before the prompt) to know
what is legal, then types it the way a person would: ``pass``, ``bid 80``, ``discard 5g 6g ...``
all at once, ``trump red`` or a bare colour, and bare card codes on its turn. Synchronisation is
on the prompt "> " after the end of the typed line, never on sleeps.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pexpect

from rook_access.core import GameState
from rook_access.core import actions as A
from rook_access.core import cards as C

TIMEOUT = 60
PLAIN_PROMPT = "> "
# prompt_toolkit draws ">" and moves the cursor past the space instead of writing it; its draw
# ends by showing the cursor again.
EDITOR_PROMPT = re.compile(r">(?:\x08|\x1b\[[0-9;?]*[A-Za-z])*\x1b\[\?25h")


def rook_command() -> list[str]:
    exe = shutil.which("rook-access")
    return [exe] if exe else [sys.executable, "-m", "rook_access"]


def spawn(args: list[str], home: Path, plain: bool, extra_env: dict[str, str] | None = None) -> pexpect.spawn:
    """``rook-access play --speech off ARGS`` in a pseudo-terminal."""
    return spawn_command(["play", "--speech", "off", *args], home, plain, extra_env)


def spawn_command(argv: list[str], home: Path, plain: bool, extra_env: dict[str, str] | None = None) -> pexpect.spawn:
    """``rook-access ARGV`` in a pseudo-terminal, with its own home folder (``plain``: a dumb
    terminal, so the plain line mode)."""
    env = dict(os.environ)
    env.update({
        "ROOK_ACCESS_HOME": str(home),
        "TERM": "dumb" if plain else "xterm-256color",
        "NO_COLOR": "1",
        "PROMPT_TOOLKIT_NO_CPR": "1",
        "PYTHONUNBUFFERED": "1",
    })
    env.pop("ACCESSIBLE", None)
    env.update(extra_env or {})
    cmd = rook_command()
    child = pexpect.spawn(cmd[0], cmd[1:] + argv, env=env, encoding="utf-8", timeout=TIMEOUT, dimensions=(60, 200))
    child.delaybeforesend = None  # we wait for the prompt, so pexpect's 50 ms pause buys nothing
    return child


def ends_cleanly(child: pexpect.spawn) -> None:
    """The program ends by itself, with status 0."""
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def quit_cleanly(child: pexpect.spawn) -> None:
    """Type quit at the prompt; the program ends with status 0."""
    child.sendline("quit")
    ends_cleanly(child)


class Player:
    """Reads the game's save and types a legal move; seeded, so every run types the same."""

    def __init__(self, child: pexpect.spawn, home: Path, seed: int = 1, plain: bool = True) -> None:
        self.child = child
        self.plain = plain
        self.home = home
        self.rng = random.Random(seed)
        self.output: list[str] = []
        self.typed: list[str] = []

    @property
    def save_file(self) -> Path:
        return newest_save(self.home)

    def wait_prompt(self) -> str:
        if self.plain:
            self.child.expect_exact(PLAIN_PROMPT)
        else:
            self.child.expect(EDITOR_PROMPT)
        text = self.child.before or ""
        self.output.append(text)
        return text

    def type(self, line: str) -> str:
        """Send one line and return what was printed up to the next prompt."""
        self.typed.append(line)
        self.child.sendline(line)
        self.child.expect_exact("\n")  # the end of the typed line: redraws before it are past
        return self.wait_prompt()

    def state(self) -> GameState | None:
        if not self.save_file.exists():
            return None
        data = json.loads(self.save_file.read_text(encoding="utf-8"))
        return GameState.from_dict(data["state"])

    def choose(self, state: GameState) -> str:
        legal = state.legal_actions()
        phase = state.phase
        if phase == "auction":
            bids = [a for a in legal if a.kind == A.BID]
            if bids and self.rng.random() < 0.3:
                return str(bids[0].value) if self.rng.random() < 0.5 else f"bid {bids[0].value}"
            return "pass" if self.rng.random() < 0.5 else "p"
        if phase == "discard":
            left = state.options.nest_size - len(state.discards)
            cards = [a.value for a in legal if a.kind == A.DISCARD][:left]
            return "discard " + " ".join(C.code(c) for c in cards)
        if phase == "trump":
            colour = C.COLORS[self.rng.randrange(4)]
            return colour if self.rng.random() < 0.5 else f"trump {colour}"
        if phase == "call":
            return "call " + C.code(legal[0].value)
        plays = [a.value for a in legal if a.kind == A.PLAY]
        card = plays[self.rng.randrange(len(plays))]
        return C.code(card) if self.rng.random() < 0.7 else f"play {C.name(card)}"

    def play_to_end(self) -> None:
        """Type moves until the game is over."""
        while self.play_turn():
            pass

    def play_turn(self) -> bool:
        """Type one move; False when the game is over (its save is gone)."""
        state = self.state()
        if state is None or state.is_over():
            return False
        return bool(self.type(self.choose(state)) is not None)

    def play_hands(self, hands: int) -> GameState | None:
        """Play until ``hands`` hands have been scored, or the game ends."""
        start = self.state()
        assert start is not None
        target = start.hand_number + hands
        while True:
            state = self.state()
            if state is None or state.hand_number >= target:
                return state
            self.play_turn()

    def transcript(self) -> str:
        return "".join(self.output)


def write_settings(home: Path, text: str) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.toml").write_text(text, encoding="utf-8")


def newest_save(home: Path) -> Path:
    """The game's save: each game has its own file (saves/game-1.json ...); the newest is the
    one being played. A path that does not exist when there is none."""
    paths = sorted((home / "saves").glob("*.json"), key=lambda p: p.stat().st_mtime)
    return paths[-1] if paths else home / "saves" / "none.json"


def load_save(home: Path) -> dict[str, Any]:
    return json.loads(newest_save(home).read_text(encoding="utf-8"))
