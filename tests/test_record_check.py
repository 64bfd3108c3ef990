"""Checking a record before a game is added to it (``store.record.check_new_games``): every game
through the rules once; the games a record held at an earlier check, byte for byte unchanged, are
not replayed again (``store.checked``), so a record kept for years does not take seconds to
start. The shortcut never hides a change: anything edited is checked again."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from rook_access.core.errors import RuleError
from rook_access.store import checked, record
from tests.test_table_core import full_record


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROOK_ACCESS_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def games_text(*seeds: int) -> str:
    lines = []
    for seed in seeds:
        game = full_record("hasbro", seed, hands=1)
        game[0]["players"] = {seat: "random" for seat in game[0]["seats"]}
        lines += game
    return "".join(json.dumps(line) + "\n" for line in lines)


def tampered(lines: list[str]) -> int:
    """Ten points more for the first trick (a hand edited to score more); its index."""
    index = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "trick")
    line = json.loads(lines[index])
    lines[index] = json.dumps({**line, "points": line["points"] + 10}) + "\n"
    return index


@pytest.fixture
def replayed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of games each check replays through the core."""
    counts: list[int] = []
    real = record.check_record

    def counting(lines: list[dict[str, Any]], numbers: list[int], where: str) -> Any:
        counts.append(sum(line.get("type") == "game" for line in lines))
        return real(lines, numbers, where)

    monkeypatch.setattr(record, "check_record", counting)
    return counts


def test_games_checked_once_are_not_replayed_again_while_unchanged(tmp_path: Path, replayed: list[int]) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text(games_text(1, 2, 3), "utf-8")
    assert record.holds_games(path) and record.holds_games(path)
    with open(path, "a", encoding="utf-8") as out:
        out.write(games_text(4, 5))
    assert record.holds_games(path)
    # The last game is always checked again: a resumed game may still add to it.
    assert replayed == [3, 1, 3]


def test_a_game_edited_after_its_check_is_checked_again_and_refused(tmp_path: Path, replayed: list[int]) -> None:
    path = tmp_path / "games.jsonl"
    lines = games_text(1, 2, 3).splitlines(keepends=True)
    path.write_text("".join(lines), "utf-8")
    assert record.holds_games(path)
    trick = tampered(lines)
    path.write_text("".join(lines), "utf-8")
    with pytest.raises(RuleError, match=f"line {trick + 1} \\(a trick line\\)"):
        record.holds_games(path)
    assert replayed == [3, 3]


def test_a_damaged_game_appended_after_the_check_is_refused_at_its_file_line(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text(games_text(1, 2), "utf-8")
    assert record.holds_games(path)
    added = games_text(3).splitlines(keepends=True)
    before = len(path.read_text("utf-8").splitlines())
    trick = tampered(added)
    with open(path, "a", encoding="utf-8") as out:
        out.write("".join(added))
    with pytest.raises(RuleError, match=f"line {before + trick + 1} "):
        record.holds_games(path)


@pytest.mark.parametrize("damage", ["not json", '{"format": "rook-access-checked/1", "records": []}',
                                    '{"format": "rook-access-checked/1", "records": {"X": {"bytes": 10}}}'])
def test_a_damaged_list_of_checked_records_means_a_full_check(tmp_path: Path, home: Path, damage: str,
                                                              replayed: list[int]) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text(games_text(1, 2), "utf-8")
    home.mkdir()
    (home / checked.FILE_NAME).write_text(damage.replace("X", str(path.resolve())), "utf-8")
    assert record.holds_games(path)
    assert replayed == [2]
    assert checked.checked_bytes(path, path.read_bytes()) > 0


def test_a_forged_length_that_cuts_a_line_is_not_believed(tmp_path: Path, home: Path) -> None:
    path = tmp_path / "games.jsonl"
    raw = games_text(1, 2).encode()
    path.write_bytes(raw)
    checked.remember(path, raw, 100)  # not the end of a line
    assert checked.checked_bytes(path, raw) == 0
    checked.remember(path, raw, len(raw) + 1)
    assert checked.checked_bytes(path, raw) == 0


def test_the_wait_is_said_only_for_what_is_left_to_check(tmp_path: Path) -> None:
    """A record of 2 MB or more is said before its check; once checked, only as much again unchecked."""
    import io

    from rook_access.commands.play import CHECK_SAID_FROM, _say_checking
    from rook_access.console.printer import Printer

    def said() -> str:
        out = io.StringIO()
        _say_checking(Printer(out, None), str(path))
        return out.getvalue()

    path = tmp_path / "long.jsonl"
    raw = b"x" * (CHECK_SAID_FROM - 1) + b"\n"
    path.write_bytes(raw)
    assert said().startswith("Checking the games already in the record")
    checked.remember(path, raw, len(raw))
    assert said() == ""
    path.write_bytes(raw * 2)
    assert said().startswith("Checking the games already in the record")


def test_a_first_line_nested_thousands_deep_is_refused_naming_the_file(tmp_path: Path) -> None:
    """It was "the input is nested too deeply to read", naming no file (found by the records sweep)."""
    path = tmp_path / "deep.jsonl"
    path.write_text('{"type": "game", "x": ' + "[" * 100_000 + "]" * 100_000 + "}\n", "utf-8")
    with pytest.raises(RuleError, match=f"{path} already holds something that is not a game record"):
        record.holds_games(path)


@pytest.mark.parametrize(("options", "written"), [([], "georgia"), (["moon_made=300"], "on"), (["moon=off"], "off"),
                                                  (["max_bid=175"], "on")])
def test_the_record_writes_the_moon_as_rook_record_1_names_it(tmp_path: Path, options: list[str],
                                                              written: str) -> None:
    """rules.md gives `moon` as off or georgia; the record wrote "on", which a reader built from
    the format did not know (found by the records sweep). A family's own moon stays "on", and so
    does one shot by a bid other than georgia's 180 (a made 175 scores 500: the moon sweep). A
    resumed georgia game still continues its record, whose game line says "georgia" where the
    save says "on"."""
    from rook_access.core import new_game
    from rook_access.core.options import Options

    state, events = new_game("georgia", options, seed=5)
    line = record.game_line(state, {seat: "normal" for seat in state.seats})
    assert line["options"]["moon"] == written
    assert Options.from_dict(line["options"]) == state.options
    path = tmp_path / "georgia.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in [line, *events]), "utf-8")
    save_game = {"preset": "georgia", "options": state.options.to_dict(), "seed": 5}
    assert record.continuation_problem(str(path), path.stat().st_size, save_game, events) is None


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_pipe_nobody_reads_is_refused_at_once_and_one_read_gets_the_record(tmp_path: Path) -> None:
    """--record on a named pipe held the game silent until something read it (found by the
    records sweep); streaming the record to a reading program goes on working."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    with pytest.raises(RuleError, match="nothing is reading the pipe .*: start its reader first"):
        record.RecordWriter(pipe)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
    try:
        writer = record.RecordWriter(pipe)
        writer.write([{"type": "pass", "seat": "north"}])
        writer.close()
        assert os.read(reader, 1000) == b'{"type":"pass","seat":"north"}\n'
    finally:
        os.close(reader)


def test_a_record_cut_back_to_its_unfinished_game_still_continues(tmp_path: Path) -> None:
    """A record checked with games after the saved one, then cut back to the save's length (the
    player removed the later games), ends where the checked length ended: nothing was left to
    check, and the resume was refused "it does not end with this game" (found by the re-check)."""
    from rook_access.core import new_game

    path = tmp_path / "games.jsonl"
    state, events = new_game("hasbro", ["hands=1"], seed=5)
    line = record.game_line(state, {seat: "normal" for seat in state.seats})
    path.write_text(games_text(1) + "".join(json.dumps(e) + "\n" for e in [line, *events]), "utf-8")
    size = path.stat().st_size
    save_game = {"preset": "hasbro", "options": state.options.to_dict(), "seed": 5}
    with open(path, "a", encoding="utf-8") as out:
        out.write(games_text(2))
    assert record.holds_games(path)  # checked up to where the last game (seed 2's) began
    assert checked.checked_bytes(path, path.read_bytes()) == size
    with open(path, "r+b") as cut:
        cut.truncate(size)
    assert record.continuation_problem(str(path), size, save_game, events) is None


def test_a_record_edited_since_its_save_is_not_cut_inside_a_line(tmp_path: Path) -> None:
    """Line ends turned to CRLF (an editor's save) moved the saved length inside a line: the
    resume cut there and glued the next lines to half a line, and the record no longer replayed
    (found by the records sweep)."""
    from rook_access.core import new_game

    path = tmp_path / "game.jsonl"
    state, events = new_game("hasbro", ["hands=1"], seed=5)
    line = record.game_line(state, {seat: "normal" for seat in state.seats})
    text = "".join(json.dumps(e) + "\n" for e in [line, *events[:30]])
    path.write_text(text, "utf-8")
    size = path.stat().st_size
    save_game = {"preset": "hasbro", "options": state.options.to_dict(), "seed": 5}
    assert record.continuation_problem(str(path), size, save_game, events[:30]) is None
    path.write_bytes(text.replace("\n", "\r\n").encode("utf-8"))
    assert record.continuation_problem(str(path), size, save_game, events[:30]) == (
        "it was changed since the game was saved: its saved length ends inside a line")


def test_notes_added_after_a_saved_games_record_are_never_cut_away(tmp_path: Path) -> None:
    """The player's notes appended to a record were cut off, unsaid, when the game resumed (the
    tamper sweep of session 28); the user guide says a file holding anything else is refused,
    never overwritten. The game's own lines after its save (a crash), the last cut short, are
    still cut back."""
    from rook_access.core import new_game

    path = tmp_path / "game.jsonl"
    state, events = new_game("hasbro", ["hands=1"], seed=5)
    line = record.game_line(state, {seat: "normal" for seat in state.seats})
    text = "".join(json.dumps(e) + "\n" for e in [line, *events])
    size = len(text.encode("utf-8"))
    save_game = {"preset": "hasbro", "options": state.options.to_dict(), "seed": 5}
    # The move a crash between the record and the save leaves, and the next line it was writing
    bid = json.dumps({"type": "bid", "seat": state.seats[state.actor], "amount": 70})
    crashed = bid + "\n" + bid[:20]
    path.write_text(text + crashed, "utf-8")
    assert record.continuation_problem(str(path), size, save_game, events) is None
    # A blank line at the end is no note: an editor ends a file so, and cutting it loses nothing
    # (a cut line with that newline after it lost the record: the re-check of session 29).
    path.write_text(text + crashed + "\n\n", "utf-8")
    assert record.continuation_problem(str(path), size, save_game, events) is None
    for notes in ("My notes: north overbid again.\n", "no line end", "\n\nmore\n",
                  '{"type":"note","text":"north overbid"}\n', '{"type":"game"}\n',  # JSON too (the re-check)
                  '{"type":"trick"}\n', '{"type":"bid","seat":"east","amount":75,"note":"x"}\n'):  # and again
        path.write_text(text + crashed[:-20] + notes, "utf-8")
        assert record.continuation_problem(str(path), size, save_game, events) == (
            "something other than the game's own lines was added after it, and going on would cut it away"), notes


def test_a_record_is_cut_back_only_to_the_saves_own_moves_and_its_next(tmp_path: Path) -> None:
    """A copy of a save played on in the same record: the original's resume cut the copy's moves
    away, unsaid; a saved length edited lower cut the game's own lines, and the game went on
    after a gap replay refused (the files sweep of session 37). Only the one move a crash between
    the record and the save leaves, or those made while saves failed, is cut back, and only as
    this game's next moves, which no other save holds, short of the game's end."""
    from rook_access.core import new_game

    path = tmp_path / "game.jsonl"
    state, events = new_game("hasbro", ["hands=1"], seed=5)
    head = record.game_line(state, {seat: "normal" for seat in state.seats})
    later = [event for _ in range(3) for event in state.apply(state.view(state.actor).legal[0])]
    lines = [json.dumps(e) + "\n" for e in [head, *events, *later]]
    save_game = {"preset": "hasbro", "options": state.options.to_dict(), "seed": 5}
    saved = len("".join(lines[:1 + len(events)]).encode("utf-8"))
    path.write_text("".join(lines[:2 + len(events)]), "utf-8")
    assert record.continuation_problem(str(path), saved, save_game, events) is None  # a crash's move
    path.write_text("".join(lines), "utf-8")
    assert record.continuation_problem(str(path), saved, save_game, events) is None  # while saves failed
    assert record.continuation_problem(str(path), saved, save_game, events, kept_by="b") == (
        "the saved game b, a copy of this one perhaps, recorded 3 moves in it after this game was saved, and "
        "going on would cut them away")
    one_more = len("".join(lines[:2 + len(events)]).encode("utf-8"))
    mismatch = "its last game, up to the length the save gives, does not hold this save's moves"
    assert record.continuation_problem(str(path), one_more, save_game, [*events, *later]) == mismatch  # lowered
    assert record.continuation_problem(str(path), one_more, save_game, events) == mismatch  # raised
    first = json.loads(lines[1 + len(events)])
    other = next(seat for seat in state.seats if seat != first["seat"])
    path.write_text("".join(lines[:1 + len(events)]) + json.dumps({**first, "seat": other}) + "\n", "utf-8")
    assert record.continuation_problem(str(path), saved, save_game, events) == (
        "what follows the length the save gives is not this game's next move, and going on would cut it away")
    while not state.is_over():  # played to its end since: a finished game is never cut back
        later += state.apply(state.view(state.actor).legal[0])
    path.write_text("".join(json.dumps(e) + "\n" for e in [head, *events, *later]), "utf-8")
    assert record.continuation_problem(str(path), saved, save_game, events) == (
        "the game was played to its end in it after this save, and going on would cut that away")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_saved_games_record_that_is_not_a_file_is_not_continued(tmp_path: Path) -> None:
    """A save naming a pipe held the resume silent; /dev/zero filled the memory (found by the
    re-check)."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for path in (str(pipe), "/dev/zero"):
        assert record.continuation_problem(path, 0, {}, []) == "it is not a file that can be read back and added to"
    # A record moved or deleted since is said as before: the file is not there.
    assert record.continuation_problem(str(tmp_path / "gone.jsonl"), 0, {}, []) == "No such file or directory"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_pipe_in_place_of_the_list_of_checked_records_is_left_alone(tmp_path: Path, home: Path) -> None:
    """It held simulate waiting for a writer (found by the re-check): the list is only a shortcut."""
    home.mkdir()
    os.mkfifo(home / checked.FILE_NAME)
    path = tmp_path / "games.jsonl"
    path.write_text(games_text(1, 2), "utf-8")
    assert record.holds_games(path) and record.holds_games(path)
    assert checked.checked_bytes(path, path.read_bytes()) == 0
