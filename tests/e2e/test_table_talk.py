"""Whole games at the installed ``rook-access`` in a real pty, typed with the words players say
at a table (issue 12): "Rook Bird", "trump", "contract", "whose turn", "who", "tricks",
"repeat"... Every one is understood, and every refusal says why."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from rook_access.core import GameState
from rook_access.core import actions as A
from rook_access.core import cards as C

from .driver import Player, spawn

QUESTIONS = ("whose turn", "Whose turn?", "who", "trump", "What is trump?", "contract", "tricks",
             "repeat", "reread", "legal")
ANSWERS = {
    "whose turn": r"^(Your turn to |\w+ to |The dummy to |Nobody's turn: the game is over)",
    "Whose turn?": r"^(Your turn to |\w+ to |The dummy to |Nobody's turn: the game is over)",
    "who": r"^(Your turn to |\w+ to |The dummy to |Nobody's turn: the game is over)",
    "trump": r"^(Trump: |Name trump: |No trump: the game is over)",
    "What is trump?": r"^(Trump: |Name trump: |No trump: the game is over)",
    "contract": r"^(Contract: \d+|No contract yet: |No contract: the game is over)",
    "tricks": r"^(Taken after \d+ tricks?:|No tricks taken yet this hand\.)",
}
NOT_UNDERSTOOD = ("Not a command", "Traceback", "cannot be done here")


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.replace("\r", "").split("\n") if line.strip()]


class TalkingPlayer(Player):
    """Asks a question before each move, and names cards the way the game says them."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.asked = 0
        self.rook_played = False

    def ask(self, question: str) -> list[str]:
        lines = _lines(self.type(question))
        assert lines, question
        answer = lines[0]
        assert not any(word in line for line in lines for word in NOT_UNDERSTOOD), (question, lines)
        if question in ANSWERS:
            assert re.match(ANSWERS[question], answer), (question, lines)
        self.asked += 1
        return lines

    def choose(self, state: GameState) -> str:
        if state.phase == "play":
            plays = [a.value for a in state.legal_actions() if a.kind == A.PLAY]
            if C.ROOK in plays:
                self.rook_played = True
                return "Rook Bird" if self.rng.random() < 0.5 else "play Rook Bird"
            card = plays[self.rng.randrange(len(plays))]
            return self.rng.choice([C.name(card), f"play {C.name(card)}", f"{C.COLORS[C.color_of(card)]} "
                                    f"{C.number_of(card)}"]) if card != C.ROOK else "Rook Bird"
        return super().choose(state)

    def play_turn(self) -> bool:
        state = self.state()
        if state is None or state.is_over():
            return False
        self.ask(QUESTIONS[self.asked % len(QUESTIONS)])
        move = self.choose(state)
        out = _lines(self.type(move))
        refused = [line for line in out if any(word in line for word in NOT_UNDERSTOOD)]
        assert not refused, (move, out)
        after = self.state()
        assert after is None or after.to_dict() != state.to_dict(), (move, out)  # the move was taken
        return True


@pytest.mark.parametrize("preset,seed", [("hasbro", 3), ("kentucky-west", 3), ("georgia", 2)])
def test_a_whole_game_typed_in_table_words(tmp_path: Path, preset: str, seed: int) -> None:
    child = spawn(["--plain", "--rules", preset, "--seed", str(seed), "--option", "target=100"], tmp_path, plain=True)
    player = TalkingPlayer(child, tmp_path, seed=seed, plain=True)
    try:
        player.wait_prompt()
        player.play_to_end()
        text = player.transcript()
        assert "Game over: " in text
        for line in ("whose turn", "contract", "trump", "who"):  # still answered once the game is over
            player.ask(line)
        assert "type new for another game" in " ".join(_lines(player.type("pass")))
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert player.asked >= 10
    if preset == "hasbro":  # this seed deals south the Rook Bird: typed by its name, and played
        assert player.rook_played


def test_refusals_name_the_rules_in_force(tmp_path: Path) -> None:
    """Refusals in the auction name it first, a wrong colour too (the colours hasbro knows are
    checked at its trump call: test_console_commands); a count of 0 says what counts work."""
    child = spawn(["--plain", "--rules", "hasbro", "--seed", "3"], tmp_path, plain=True)
    player = TalkingPlayer(child, tmp_path, seed=3, plain=True)
    try:
        player.wait_prompt()
        assert _lines(player.type("trump purple"))[0].startswith("Not now: this is the auction.")
        assert _lines(player.type("history 0"))[0].startswith("History takes a number from 1 up")
        assert _lines(player.type("play Rook Bird"))[0].startswith("Not now: this is the auction.")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)


def test_label_style_from_the_command_line(tmp_path: Path) -> None:
    child = spawn(["--plain", "--braille", "after", "--rook-label", "bird", "--black-letter", "b", "--seed", "3"],
                  tmp_path, plain=True)
    player = TalkingPlayer(child, tmp_path, seed=3, plain=True)
    try:
        text = player.wait_prompt()
        assert any("\u2800" <= ch <= "\u28ff" for ch in text)  # the deal's hand with its cells
        assert _lines(player.type("braille"))[1] == "Style: Rook Bird bird, black b, no numeric indicator."
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert 'rook_label = "bird"' in (tmp_path / "settings.toml").read_text("utf-8")
