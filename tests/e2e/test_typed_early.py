"""End-to-end: lines typed before the prompt, while the game was starting or the computers
played, in a real pseudo-terminal in both input modes. A question is answered at once; a move
waits, said back, until Enter takes it (the new-player sweep: a card typed during one trick was
played to the next trick's lead, which the player had not heard)."""

from __future__ import annotations

from pathlib import Path

import pexpect
import pytest

from tests.e2e.driver import Player, spawn

HELD = "Typed before your turn, not yet done: pass."
# The editor draws the held line after its prompt, then shows the cursor at its end.
EDITOR_FILLED = r"> pass(?:\x08|\x1b\[[0-9;?]*[A-Za-z])*\x1b\[\?25h"


@pytest.mark.parametrize("plain", [True, False], ids=["plain", "editor"])
def test_a_move_typed_before_the_prompt_waits_for_enter(tmp_path: Path, plain: bool) -> None:
    child = spawn(["--seed", "3"], tmp_path / "home", plain=plain)
    # Typed at once, long before the game has started: the terminal keeps both lines.
    child.sendline("hand")
    child.sendline("pass")
    player = Player(child, tmp_path / "home", plain=plain)
    child.expect_exact("Your bid: 80 to 120 in fives, or pass.")
    child.expect_exact("Hand: 9 cards.")  # the question, answered at once
    child.expect_exact(HELD)
    if plain:
        player.wait_prompt()
    else:
        child.expect(EDITOR_FILLED)  # offered back on the line, to take or change
    assert "You pass." not in (child.before or "")
    child.sendline("")  # Enter alone takes it
    child.expect_exact("You pass.")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_a_held_move_is_replaced_by_the_line_typed_instead(tmp_path: Path) -> None:
    child = spawn(["--seed", "3"], tmp_path / "home", plain=True)
    child.sendline("pass")
    player = Player(child, tmp_path / "home", plain=True)
    child.expect_exact(HELD)
    player.wait_prompt()
    out = player.type("bid 80")
    assert "You bid 80." in out and "You pass." not in out
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
