"""End-to-end: ``rook-access table`` in a real pseudo-terminal, plain mode, typed as a player at a
real table would: the dealer, the own hand, then every seat's bids and cards as they happen.

The game typed is a whole game played beforehand by a seeded random policy with every hand
shown; at the end the table's record must hold the same tricks and scores, and every card typed
must have been announced.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pexpect

from rook_access.core import RECORD_TYPES, new_game
from rook_access.core import cards as C
from tests.e2e.driver import ends_cleanly, quit_cleanly, spawn_command
from tests.test_table_core import scored

PROMPT = "> "


# A real UTF-8 locale, not only C.UTF-8 (which hides decoding faults).
UTF8 = {"LANG": "en_US.UTF-8", "LC_ALL": "en_US.UTF-8"}


def spawn_table(home: Path, *args: str) -> pexpect.spawn:
    """``rook-access table ARGS`` in plain mode with speech off, in a pseudo-terminal."""
    return spawn_command(["table", *args, "--plain", "--speech", "off"], home, plain=True, extra_env=UTF8)


def full_game(seed: int, preset: str = "hasbro") -> list[dict[str, Any]]:
    state, events = new_game(preset, ["hands=1"], seed=seed)
    rng = random.Random(seed)
    lines = list(events)
    while not state.is_over():
        lines += state.apply(rng.choice(state.legal_actions()))
    return [json.loads(json.dumps(line)) for line in lines if line["type"] in RECORD_TYPES]


def typed_lines(lines: list[dict[str, Any]], me: str) -> list[tuple[str, str | None]]:
    """What the player types for each record line, and words the answer must contain (a play:
    the seat and the card's spoken name)."""
    out: list[tuple[str, str | None]] = []
    first = True
    dealt: dict[str, Any] = {}
    for index, line in enumerate(lines):
        kind, seat = line["type"], line.get("seat")
        who = "You" if seat == me else str(seat).capitalize()
        if kind == "deal":
            if first:
                out.append((line["dealer"], "Enter your"))
                first = False
            if line["face_up"]:  # the dummy's face-up half (two-player)
                out.append((" ".join(line["hands"][me]), "Enter the dummy's 6 face-up cards."))
                out.append((" ".join(line["face_up"]), "Your hand"))
            else:
                out.append((" ".join(line["hands"][me]), "Your hand"))
            dealt = line
        elif kind == "bid":
            out.append((f"{seat} bid {line['amount']}", f"{who} bid"))
        elif kind == "pass":
            out.append((f"{seat} pass", None))
        elif kind == "take_nest" and seat == me:
            out.append((" ".join(line["cards"]), "nest"))
        elif kind == "discard" and seat == me:
            out.append(("discard " + " ".join(line["cards"]), "nest"))
        elif kind == "trump" and "dummy" in dealt["hands"]:
            out.append((f"{seat} trump {line['color']}", "The dummy is turned face up: enter its other 6 cards."))
            hidden = [c for c in dealt["hands"]["dummy"] if c not in dealt["face_up"]]
            out.append((" ".join(hidden), "The dummy is face up."))
        elif kind == "trump":
            out.append((f"{seat} trump {line['color']}", "Trump"))
        elif kind == "play":
            out.append((f"{seat} {line['card']}", f"{who} ... {C.name(C.from_code(line['card']))}"))
        if kind in ("bid", "pass") and any(
                later["type"] == "contract" and later["seat"] == me for later in lines[index + 1:index + 2]):
            out[-1] = (out[-1][0], "enter the 5 cards of the nest")
    return out


def test_a_hand_typed_in_plain_mode_is_announced_card_by_card_and_scored_as_recorded(tmp_path: Path) -> None:
    lines = full_game(11)
    me = "south"
    home = tmp_path / "home"
    record = tmp_path / "table.jsonl"
    child = spawn_table(home, "--rules", "hasbro", "--option", "hands=1", "--seat", me, "--record", str(record))
    child.expect_exact("Who deals the first hand?")
    child.expect_exact(PROMPT)
    plays = 0
    for text, expected in typed_lines(lines, me):
        child.sendline(text)
        child.expect_exact(PROMPT)
        answer = child.before or ""
        if expected is not None and " ... " in expected:  # a card: announced with who played it
            who, card = expected.split(" ... ")
            said = answer.split("\n", 1)[1]
            assert said.startswith(who) and card in said, (text, answer)
            plays += 1
        elif expected is not None:
            assert expected in answer, (text, answer)
    assert plays == sum(1 for line in lines if line["type"] == "play")
    written = [json.loads(row) for row in record.read_text(encoding="utf-8").splitlines()]
    assert written[0]["table"] == me
    assert scored(written) == scored(lines, me, aside=False)
    child.sendline("score")
    child.expect_exact(PROMPT)
    child.sendline("undo")
    child.expect_exact(PROMPT)
    assert "Taken back" in (child.before or "")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    # The undo took the last card back out of the record, and the game is saved to go on.
    after = [json.loads(row) for row in record.read_text(encoding="utf-8").splitlines()]
    assert after == written[:len(after)] and not any(line["type"] == "game_end" for line in after)
    assert (home / "saves" / "table" / "table-1.json").exists()


def test_a_two_player_hand_with_the_dummy_typed_in_plain_mode(tmp_path: Path) -> None:
    """North wins the bid, so south (the player) plays the dummy too: the dummy's face-up half
    typed with the deal, the rest when trump is named, every card announced, the nest's points
    asked at the end (three cards lie aside), and the hand scored as recorded."""
    lines = full_game(1, "two-player")
    assert next(line for line in lines if line["type"] == "contract")["seat"] == "north"
    me = "south"
    home = tmp_path / "home"
    record = tmp_path / "table.jsonl"
    child = spawn_table(home, "--rules", "two-player", "--option", "hands=1", "--record", str(record))
    child.expect_exact("Playing two-player rules, 1 hand, the highest total wins.")
    child.expect_exact("You sit south.")
    child.expect_exact(PROMPT)
    nest_points = next(line for line in lines if line["type"] == "hand_end")["nest_points"]
    plays = asked = 0
    for text, expected in typed_lines(lines, me):
        child.sendline(text)
        child.expect_exact(PROMPT)
        answer = child.before or ""
        if "How many points were in the nest?" in answer:
            asked += 1
            child.sendline(str(nest_points))
            child.expect_exact(PROMPT)
            answer = child.before or ""
        if expected is not None and " ... " in expected:
            who, card = expected.split(" ... ")
            said = answer.split("\n", 1)[1]
            assert (said.startswith(who) or who == "Dummy" and said.startswith("The dummy")) and card in said, \
                (text, answer)
            plays += 1
        elif expected is not None:
            assert expected in answer, (text, answer)
    assert plays == sum(1 for line in lines if line["type"] == "play") and asked == 1
    written = [json.loads(row) for row in record.read_text(encoding="utf-8").splitlines()]
    assert scored(written) == scored(lines, "south", aside=True)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_the_bidders_word_on_the_nest_typed_in_plain_mode(tmp_path: Path) -> None:
    """kentucky-west: everyone hears "points are in the nest" when the bidder says it. The player
    types it for North, hears it as the game says it, sees it in status, and at the hand's end
    hears that the nest (the cards never played) proves the word wrong; ``no points`` typed
    later changes the word, and the question goes."""
    lines = full_game(2, "kentucky-west")
    assert next(line for line in lines if line["type"] == "contract")["seat"] == "north"
    me = "south"
    home = tmp_path / "home"
    child = spawn_table(home, "--rules", "kentucky-west", "--option", "hands=1")
    child.expect_exact(PROMPT)

    def type_line(text: str) -> str:
        child.sendline(text)
        child.expect_exact(PROMPT)
        return child.before or ""

    typed = typed_lines(lines, me)
    last = len(typed) - 1
    for number, (text, expected) in enumerate(typed):
        if number == last:
            answer = type_line(text)
            assert "North said points were in the nest, but it held 0: a mistake?" in answer, answer
            break
        answer = type_line(text)
        if expected is not None and " ... " not in expected:
            assert expected in answer, (text, answer)
        if text.startswith("north trump"):
            answer = type_line("north points")
            assert "North lays 5 cards in the nest; points are in the nest." in answer, answer
            assert "Points are in the nest." in type_line("status")
    answer = type_line("undo")
    assert "Taken back" in answer
    answer = type_line("no points")
    assert "Entered: North said no points are in the nest." in answer, answer
    assert "No points in the nest." in type_line("status")
    answer = type_line(typed[last][0])
    assert "a mistake?" not in answer and "Hand 1" in answer, answer
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_a_table_save_is_named_listed_resumed_and_deleted_in_plain_mode(tmp_path: Path) -> None:
    """Issue 14: the player finds a real-table game among the saves, goes on with it by name
    and deletes it, as with a game on screen; the listing says which kind each save is."""
    home = tmp_path / "home"

    def run(args: list[str]) -> pexpect.spawn:
        return spawn_command(args, home, plain=True, extra_env=UTF8)

    child = run(["table", "--rules", "hasbro", "--name", "sunday", "--seat", "east", "--plain", "--speech", "off"])
    child.expect_exact("Who deals the first hand?")
    child.expect_exact(PROMPT)
    child.sendline("north")
    child.expect_exact(PROMPT)
    child.sendline("14r 13r 12r 11r 10r 9r 8r 7r 6r")
    child.expect_exact(PROMPT)
    child.sendline("quit")
    child.expect_exact("rook-access table --resume sunday")
    child.expect(pexpect.EOF)
    listed = run(["saves"])
    listed.expect(pexpect.EOF)
    text = listed.before or ""
    assert "1 saved game, the last played first." in text
    assert "sunday (real-table game): hasbro rules, you sit east, hand 1" in text
    child = run(["table", "--resume", "sunday", "--plain", "--speech", "off"])
    child.expect_exact("Resumed the table game sunday.")
    child.expect_exact(PROMPT)
    child.sendline("hand")
    child.expect_exact(PROMPT)
    assert "Red: 14, 13, 12, 11, 10, 9, 8, 7, 6." in (child.before or "")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    deleted = run(["saves", "delete", "sunday"])
    deleted.expect_exact("Deleted sunday.")
    deleted.expect(pexpect.EOF)
    deleted.close()
    assert deleted.exitstatus == 0
    empty = run(["saves"])
    empty.expect_exact("No saved games.")
    empty.expect(pexpect.EOF)


def test_lines_pasted_into_the_line_editor_are_each_taken_in_turn(tmp_path: Path) -> None:
    """A paste's lines after the first were lost without a word in the line editor (the re-check
    of the typing-ahead change): the dealer was taken, the two lines of cards were not."""
    from tests.e2e.driver import EDITOR_PROMPT

    child = spawn_command(["table", "--speech", "off"], tmp_path / "home", plain=False, extra_env=UTF8)
    child.expect(EDITOR_PROMPT)
    child.send("\x1b[200~west\r14g 13g 12g 11g 10g\r9g 8g 7g 6g\r\x1b[201~")
    child.expect_exact("Your hand. Red: none. Green: 14, 13, 12, 11, 10, 9, 8, 7, 6.")
    quit_cleanly(child)


def test_lines_typed_after_a_quit_typed_early_are_said_not_dropped(tmp_path: Path) -> None:
    child = spawn_table(tmp_path / "home")
    child.send("west\rquit\rnorth bid 70\r")
    child.expect_exact("Saved. To go on later, type: rook-access table --resume table-1")
    child.expect_exact("Not done, typed early: north bid 70.")
    ends_cleanly(child)
