"""End-to-end: lines typed before the prompt, while the game was starting or the computers
played, in a real pseudo-terminal in both input modes. A question is answered at once; a move
waits, said back, until Enter takes it (the new-player sweep: a card typed during one trick was
played to the next trick's lead, which the player had not heard)."""

from __future__ import annotations

import io
from pathlib import Path

import pexpect
import pytest

from tests.e2e.driver import EDITOR_PROMPT as EDITOR_PROMPT_RE
from tests.e2e.driver import Player, ends_cleanly, quit_cleanly, spawn

HELD = "Typed before your turn, not yet done: pass."
# The editor draws the held line after its prompt, then shows the cursor at its end.
EDITOR_FILLED = r"> {line}(?:\x08|\x1b\[[0-9;?]*[A-Za-z])*\x1b\[\?25h"
# The editor's prompt with whatever was typed early on its line, or nothing.
EDITOR_TYPED = r">(?: [^\x1b\r\n]*)?(?:\x08|\x1b\[[0-9;?]*[A-Za-z])*\x1b\[\?25h"


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
        child.expect(EDITOR_FILLED.format(line="pass"))  # offered back on the line, to take or change
    assert "You pass." not in (child.before or "")
    child.sendline("")  # Enter alone takes it
    child.expect_exact("You pass.")
    quit_cleanly(child)


def test_a_held_move_is_replaced_by_the_line_typed_instead(tmp_path: Path) -> None:
    child = spawn(["--seed", "3"], tmp_path / "home", plain=True)
    child.sendline("pass")
    player = Player(child, tmp_path / "home", plain=True)
    child.expect_exact(HELD)
    player.wait_prompt()
    out = player.type("bid 80")
    assert "You bid 80." in out and "You pass." not in out
    quit_cleanly(child)


def test_every_line_typed_early_is_taken_questions_first_and_a_later_move_is_said_not_kept(tmp_path: Path) -> None:
    """Past the twentieth line, a move was read as the answer to the held move's prompt and made
    unasked; questions typed after a held move waited a whole auction; a second move was offered
    at the next decision (the typing-ahead sweep)."""
    child = spawn(["--seed", "3"], tmp_path / "home", plain=True)
    child.send("pass\r" + "hand\r" * 19 + "score\r" + "bid 80\r")
    player = Player(child, tmp_path / "home", plain=True)
    child.expect_exact("Your bid: 80 to 120 in fives, or pass.")
    child.expect_exact("You and North: 0.")  # the score, answered before the held move is offered
    child.expect_exact("Typed before your turn, not yet done: pass. Not kept, typed after it: bid 80. "
                       "Press Enter to do it now, or type something else.")
    player.wait_prompt()
    assert (child.before or "").strip() == ""
    out = player.type("")
    assert "You pass." in out and "You bid" not in out and "Typed before" not in out
    quit_cleanly(child)


def test_enter_typed_early_does_not_answer_a_misdeal_offer_unheard(tmp_path: Path) -> None:
    child = spawn(["--rules", "kentucky-west", "--seed", "8"], tmp_path / "home", plain=True)
    child.send("\r")
    player = Player(child, tmp_path / "home", plain=True)
    child.expect_exact("You hold no counters, so you may call a misdeal before anyone bids")
    child.expect_exact("Typed before your turn, not yet done: Enter alone.")
    assert "North bids" not in (child.before or "")  # the offer waits, not answered unheard
    player.wait_prompt()
    assert "You call a misdeal" in player.type("misdeal")
    quit_cleanly(child)


def test_the_editor_holds_a_line_typed_in_the_same_burst_as_the_one_before(tmp_path: Path) -> None:
    """"bid 80" and "bid 100" sent in one write (a paste, typing over SSH): the second was bid at
    the next decision, unheard, where plain mode held it (the typing-ahead sweep)."""
    child = spawn(["--seed", "3"], tmp_path / "home", plain=False)
    child.expect_exact("Your bid: 80 to 120 in fives, or pass.")
    child.expect(EDITOR_PROMPT_RE)
    child.send("bid 80\rbid 100\r")
    child.expect_exact("Your bid: 90 to 120 in fives, or pass.")
    child.expect_exact("Typed before your turn, not yet done: bid 100.")
    assert "You bid 100" not in (child.before or "")
    child.expect(EDITOR_FILLED.format(line="bid 100"))
    child.send("\x15")  # Ctrl+U clears the offered line, to type quit on it
    quit_cleanly(child)


def test_what_was_typed_after_a_quit_typed_early_is_said_not_dropped(tmp_path: Path) -> None:
    child = spawn(["--seed", "3"], tmp_path / "home", plain=True)
    child.send("pass\rquit\rhand\r")
    child.expect_exact("Saved. To go on later, type: rook-access play --resume game-1")
    child.expect_exact("Not done, typed early: pass; hand.")
    ends_cleanly(child)




def _typed_while_the_computers_play(tmp_path: Path, seed: str, keys: str, prompt: str, plain: bool = True,
                                    rules: str = "hasbro") -> tuple[pexpect.spawn, Player, io.StringIO, str]:
    """A hard game of ``seed``: South passes, ``keys`` are typed at once, while the computers
    bid, lay the nest and lead, up to South's ``prompt``. The child, its player, all it showed,
    and what it showed between the pass and the prompt."""
    child = spawn(["--rules", rules, "--seed", seed, "--level", "hard"], tmp_path / "home", plain=plain)
    seen = io.StringIO()
    child.logfile_read = seen
    player = Player(child, tmp_path / "home", plain=plain)
    child.expect_exact("Your bid:")
    player.wait_prompt()
    child.sendline("pass")
    child.expect_exact("You pass.\r\n")
    child.send(keys)
    child.expect_exact(prompt)
    between = child.before or ""
    if plain:
        player.wait_prompt()
    else:  # the keys typed early are on the editor's line
        child.expect(EDITOR_TYPED)
    return child, player, seen, between


@pytest.mark.parametrize("plain", [True, False], ids=["plain", "editor"])
def test_keys_typed_while_the_computers_play_stay_off_the_games_lines(tmp_path: Path, plain: bool) -> None:
    """The terminal echoed keys where the cursor was, so 'ha' typed (a slip mended with
    Backspace) while the computers played came out inside their line, "ha^H ^HaWest passes.",
    and the prompt then showed "> nd" for the command 'hand' (the accessibility sweep of
    session 36). The echo is off between prompts; what was typed shows after the prompt."""
    child, player, seen, between = _typed_while_the_computers_play(
        tmp_path, "7", "hx\x7fa", "Your play: follow trump, 4 cards.", plain)
    lines = between.split("\r\n")
    assert lines[0] == "West passes." and all(line[:1].isupper() for line in lines[:-1]), lines
    assert "Hand: 9 cards." in player.type("nd")  # the line read is the whole of what was typed
    if plain:  # the game shows "> ha", the terminal echoes the rest
        assert "> hand\r\n" in seen.getvalue()
    else:  # the editor has what was typed on its line when it first draws it
        assert "> ha\x1b" in seen.getvalue()
    quit_cleanly(child)


def test_keys_typed_unseen_are_mended_at_the_prompt_and_an_arrows_code_is_not_shown(tmp_path: Path) -> None:
    """What the prompt took over from the terminal was out of reach of its Backspace ("> hxhand",
    refused), and an arrow pressed while the computers played was shown after the prompt as its
    code, moving the cursor into the line above ("Yohandlay: follow trump": the re-check of
    session 36). The carried text is mended as the terminal mends a line; a key's code is dropped."""
    child, player, seen, _ = _typed_while_the_computers_play(
        tmp_path, "7", "hx\x1b[A", "Your play: follow trump, 4 cards.")
    child.expect_exact("hx")  # shown after the prompt, without the arrow's code
    assert "Hand: 9 cards." in player.type("\x7f\x7fhand")
    shown = seen.getvalue().split("Your play: follow trump, 4 cards.")[1]
    assert "\x1b" not in shown and shown.startswith("\r\n> hx\b \b\b \bhand\r\n"), repr(shown)
    assert "Hand: 9 cards." in player.type("hand")  # the next line is the terminal's own again
    quit_cleanly(child)


@pytest.mark.parametrize(("keys", "then", "answer"), [
    ("hand", ["\x1b", "\r"], "Hand: 9 cards."),  # Escape alone, then Enter: the Enter was swallowed
    ("h", ["\x1band\r"], "Hand: 9 cards."),  # Escape then letters: the first was swallowed ("hnd")
    ("h", ["and\rsco", "re\r"], "You and North: 0."),  # typed on after Enter: 'sco' came as a line
])
def test_a_line_carried_to_the_prompt_takes_escape_and_keys_typed_after_its_enter(
        tmp_path: Path, keys: str, then: list[str], answer: str) -> None:
    """A lone Escape on a carried line took the key after it as part of a key's code, and keys
    typed after its Enter came back as a line of their own ('Not a command or a card: sco.': the
    re-check of session 36)."""
    child, _, _, _ = _typed_while_the_computers_play(tmp_path, "5", keys, "Your play: follow red, 9 or 7.")
    child.expect_exact(keys)
    for part in then:
        child.send(part)
    child.expect_exact(answer)
    assert "Not a command" not in (child.before or "")
    quit_cleanly(child)


def test_a_move_typed_after_a_carried_lines_enter_waits_as_any_move_typed_early(tmp_path: Path) -> None:
    """Keys typed straight after a carried line's Enter were kept for the next prompt and read
    there as typed at it: '12y' in the burst 'x', Enter, '12y', Enter was played at once on a
    trick the player had not heard (the last re-check of session 36). Its whole lines are lines
    typed early: a move waits, said back."""
    child, player, _, _ = _typed_while_the_computers_play(tmp_path, "3", "3", "Your play:", rules="kentucky-west")
    child.expect_exact("3")
    child.send("x\r12y\r")
    child.expect_exact("You play 3 black.")
    child.expect_exact("Typed before your turn, not yet done: 12y.")
    assert "You play 12 yellow." not in (child.before or "")
    player.wait_prompt()
    assert "You play 12 yellow." in player.type("")
    quit_cleanly(child)
