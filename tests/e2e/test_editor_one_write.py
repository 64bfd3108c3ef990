"""The line editor never loses typed text: every command and its Enter arrive in one write, as
a braille keyboard sends them, in a 100x40 terminal. The whole game's record must pass the
independent referee, and every discard typed must be the discard recorded, card for card.

A paste arrives differently: the terminal wraps it in bracketed-paste marks, and prompt_toolkit
put the pasted newline into the line instead of ending it, so a pasted discard waited for another
Enter and was then refused with the next line glued on. Pasted lines must each be read as typed.
The editor must also never ask the terminal for the cursor position: one that does not answer
got prompt_toolkit's "WARNING: your terminal doesn't support cursor position requests" mid-game.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pexpect

from rook_access.core import GameState
from rook_access.core import actions as A
from rook_access.core import cards as C
from tests.e2e.driver import Player, load_save, spawn
from tests.referee import check_record

CPR_REQUEST = "\x1b[6n"


class OneWritePlayer(Player):
    """Types a whole line and Enter in a single write; checks that the editor never asks where
    the cursor is (this terminal, like some real ones, would not answer)."""

    def wait_prompt(self) -> str:
        text = super().wait_prompt()
        assert CPR_REQUEST not in text
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


PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"


def _at_first_prompt(tmp_path: Path) -> tuple[pexpect.spawn, OneWritePlayer, Path]:
    """Hasbro seed 21 in the line editor, at its first prompt; the game, its player, its home."""
    home = tmp_path / "home"
    child = spawn(["--rules", "hasbro", "--seed", "21"], home, plain=False,
                  extra_env={"PROMPT_TOOLKIT_NO_CPR": ""})
    child.setwinsize(40, 100)
    player = OneWritePlayer(child, home, seed=21, plain=False)
    player.wait_prompt()
    return child, player, home


def test_pasted_lines_are_read_one_by_one_as_typed(tmp_path: Path) -> None:
    """Three lines pasted at once (the last without its newline, finished by typing): the bid,
    the whole discard and the trump are each read as the player's line, in order. The discard,
    pasted before its prompt, is a move typed early: it waits on the line for Enter, as in plain
    mode, so it is not made before the player has heard the nest."""
    child, player, home = _at_first_prompt(tmp_path)
    paste = "bid 100\r\ndiscard 7r 9r 10r 5g 7g\rtrump gr"
    os.write(child.child_fd, (PASTE_START + paste + PASTE_END).encode())
    child.expect_exact("You take the nest")
    child.expect_exact("Typed before your turn, not yet done: discard 7r 9r 10r 5g 7g.")
    child.expect(r"> discard 7r 9r 10r 5g 7g(?:\x08|\x1b\[[0-9;?]*[A-Za-z])*\x1b\[\?25h")
    os.write(child.child_fd, b"\r")
    child.expect_exact("Name trump")
    os.write(child.child_fd, b"een\r")
    child.expect_exact("Trump: green")
    player.wait_prompt()
    state = load_save(home)["state"]
    assert state["discards"] == ["7r", "9r", "10r", "5g", "7g"]
    assert state["trump"] == C.COLORS.index("green")
    assert "Not a" not in "".join(player.output) + (child.before or "")
    child.send("quit\r")
    child.expect(pexpect.EOF)


def test_pasted_lines_are_in_the_history_the_up_arrow_recalls(tmp_path: Path) -> None:
    """Three questions pasted at once were answered, but the up arrow recalled only the first:
    the lines after it never reached the history (the pty sweep of session 30)."""
    child, player, _home = _at_first_prompt(tmp_path)
    os.write(child.child_fd, (PASTE_START + "hand\rscore\rturn\r" + PASTE_END).encode())
    child.expect_exact("Your turn to bid.")  # turn's answer, the last of the three
    player.wait_prompt()
    os.write(child.child_fd, b"\x1b[A")  # the up arrow: the last line typed
    child.expect_exact("turn")
    os.write(child.child_fd, b"\x1b[A")
    child.expect_exact("score")
    child.send("\x15quit\r")  # Ctrl+U clears the line first
    child.expect(pexpect.EOF)
