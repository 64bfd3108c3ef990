"""The line editor never loses typed text: every command and its Enter arrive in one write, as
a paste or a braille keyboard sends them, in a 100x40 terminal that answers the editor's cursor
position requests as a real one does. The whole game's record must pass the independent referee,
and every discard typed must be the discard recorded, card for card.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pexpect

from rook_access.core import GameState
from rook_access.core import actions as A
from tests.e2e.driver import Player, spawn
from tests.referee import check_record

CPR_REQUEST = "\x1b[6n"


class OneWritePlayer(Player):
    """Types a whole line and Enter in a single write; answers cursor position requests."""

    def wait_prompt(self) -> str:
        text = super().wait_prompt()
        for _ in range(text.count(CPR_REQUEST)):
            os.write(self.child.child_fd, b"\x1b[40;1R")  # the terminal's answer: row 40, column 1
        return text

    def choose(self, state: GameState) -> str:
        """Bid whenever allowed, so the driver wins bids and types whole discards."""
        bids = [a for a in state.legal_actions() if a.kind == A.BID]
        if state.phase == "auction" and bids:
            return f"bid {bids[0].value}"
        return super().choose(state)

    def type(self, line: str) -> str:
        self.typed.append(line)
        os.write(self.child.child_fd, (line + "\r").encode())
        self.child.expect_exact("\n")
        return self.wait_prompt()


def test_editor_game_typed_a_line_a_write_loses_nothing(tmp_path: Path) -> None:
    home = tmp_path / "home"
    record = tmp_path / "game.jsonl"
    child = spawn(["--rules", "hasbro", "--seed", "21", "--option", "target=120", "--record", str(record)],
                  home, plain=False, extra_env={"PROMPT_TOOLKIT_NO_CPR": ""})
    child.setwinsize(40, 100)
    player = OneWritePlayer(child, home, seed=21, plain=False)
    player.wait_prompt()
    player.play_to_end()
    child.send("quit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    events = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert check_record(events) == 1
    typed = [line.split()[1:] for line in player.typed if line.startswith("discard ")]
    mine = [event["cards"] for event in events if event.get("type") == "discard" and event.get("seat") == "south"]
    assert typed, "the driver won a bid and discarded at least once"
    assert typed == mine
