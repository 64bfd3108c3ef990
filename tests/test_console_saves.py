"""Saved games: atomic autosave, exact resume of state and console, and clear errors."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from rook_access.core import GameState
from rook_access.core import cards as C
from rook_access.core.errors import RuleError
from rook_access.store import saves
from tests.console_helpers import Table


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROOK_ACCESS_HOME", str(tmp_path))
    return tmp_path


def test_save_path_lives_in_the_data_dir(home: Path) -> None:
    assert saves.save_path("game-1") == home / "saves" / "game-1.json"
    for bad in ("../elsewhere", "", ".hidden", "a b", "x" * 41):
        with pytest.raises(RuleError):
            saves.save_path(bad)


@pytest.mark.parametrize(("name", "why"), [
    ("Zoë", "not 'Zoë': its ë has an accent; try Zoe"),
    ("_x", "not '_x': it starts with an underscore (_); try x"),
    ("a b", "not 'a b': it is not one word; try a-b"),
    ("x" * 41, "it has 41 characters; try " + "x" * 40),
    ("../x", "not '../x': it has a full stop (.); try x"),
    ("Oma's", "not \"Oma's\": it has an apostrophe ('); try Oma-s"),
    ("x²", "not 'x²': it has the character ² (superscript two); try x2"),
    ("ß", "not 'ß': its ß is not a letter a to z; for example sunday"),
    ("a\x1b[2J", r"not 'a\x1b[2J': it has a control character; try a-2J"),
], ids=["accent", "first-underscore", "two-words", "too-long", "dot", "apostrophe", "unnamed", "not-a-to-z",
        "control"])
def test_a_name_refused_says_the_rule_and_what_is_wrong_with_it(name: str, why: str) -> None:
    """Zoë is letters and _x only the characters listed, yet "one word of letters, digits, - or
    _ (up to 40), not 'Zoë'" said no more (found by the files-from-outside sweep of session 33). Each
    character is named in words: "it starts with _" was heard "it starts with" (the shell-commands
    sweep of session 38)."""
    with pytest.raises(RuleError) as caught:
        saves.save_path(name)
    said = str(caught.value)
    assert said.startswith("a saved game's name is one word of up to 40 letters a to z without accents, digits, "
                           "hyphens or underscores, starting with a letter or digit, ")
    assert said.endswith(why) and "\n" not in said, said


def test_every_action_is_saved_and_the_save_restores_the_state_exactly() -> None:
    table = Table("hasbro", seed=9)
    table.advance(lambda t: t.state.phase == "play" and len(t.state.tricks) >= 3, random.Random(9))
    assert table.saved, "autosave after every action"
    last = table.saved[-1]
    assert last["state"] == table.state.to_dict()
    assert GameState.from_dict(last["state"]).to_dict() == table.state.to_dict()
    assert last["me"] == "south" and last["players"]["south"] == "human"
    assert len(last["actions"]) == table.session.actions_applied
    assert last["settings"]["verbosity"] == "normal"


def test_write_and_read_round_trip(home: Path) -> None:
    table = Table("georgia", seed=2)
    table.advance(lambda t: t.state.phase == "play", random.Random(2))
    path = saves.save_path("game-1")
    saves.write_save(path, table.session.to_dict())
    data = saves.read_save(path)
    assert data["state"] == table.state.to_dict()
    assert saves.load_game(path).replayed.state == table.state
    assert not list(path.parent.glob(".*.tmp")), "no temporary file is left behind"


def test_restore_gives_the_console_back_its_memory() -> None:
    table = Table("hasbro", seed=4)
    table.advance(lambda t: t.state.phase == "play" and len(t.state.tricks) >= 2, random.Random(4))
    path = saves.save_path("kept")
    saves.write_save(path, table.session.to_dict())
    loaded = saves.load_game(path)
    data = loaded.data
    again = Table("hasbro", seed=4)
    again.session.state = loaded.replayed.state
    again.session.restore(data, loaded.replayed.events, loaded.replayed.actions)
    assert again.session.last_trick == table.session.last_trick
    # What was heard is told again from the moves: the same lines (the game line too, which this
    # table, made without one, never said), and repeat's news since the player's last move.
    heard = table.printer.history
    assert again.printer.history[0].startswith("New game: hasbro rules")
    assert again.printer.history[-len(heard):] == heard
    assert again.printer.last_announcement == table.printer.last_announcement
    assert again.run("last").lines == table.run("last").lines
    assert again.run("hand").lines == table.run("hand").lines


def test_repeat_after_resuming_at_a_move_that_said_nothing() -> None:
    """The player's own discard says nothing: repeat still says the last news said."""
    table = Table("hasbro", seed=2)
    table.advance(lambda t: t.state.phase == "discard" and t.state.actor == t.session.me, random.Random(2), bid=True)
    first = next(a.value for a in table.state.legal_actions() if a.kind == "discard")
    assert not table.run(f"discard {C.code(first)}").refused and len(table.state.discards) == 1
    path = saves.save_path("quiet")
    saves.write_save(path, table.session.to_dict())
    loaded = saves.load_game(path)
    again = Table("hasbro", seed=2)
    again.session.state = loaded.replayed.state
    again.session.restore(loaded.data, loaded.replayed.events, loaded.replayed.actions)
    said = again.run("repeat").lines
    assert said and said != ["Nothing has been announced yet."] and said == table.printer.last_announcement


def test_text_in_a_save_is_never_read_out() -> None:
    """A save is the game's moves; lines added to it (by hand, or by an older version that kept
    what was heard) are not what history, repeat or reread say."""
    table = Table("hasbro", seed=4)
    table.advance(lambda t: t.state.phase == "play", random.Random(4))
    path = saves.save_path("forged")
    data = {**table.session.to_dict(), "history": ["You win the game, 500 to 0."],
            "last_announcement": ["FAKE: North plays 14 red."], "last_block": ["FAKE."]}
    saves.write_save(path, data)
    loaded = saves.load_game(path)
    again = Table("hasbro", seed=4)
    again.session.state = loaded.replayed.state
    again.session.restore(loaded.data, loaded.replayed.events, loaded.replayed.actions)
    said = again.run("history 500").lines + again.run("repeat").lines + again.run("reread").lines
    assert said and not any("500 to 0" in line or "FAKE" in line for line in said)


def test_a_delete_refused_says_that_nothing_was_deleted_and_what_is_kept(home: Path) -> None:
    """"saves delete ok2 nosuch" said only "there is no saved game named nosuch", and a listener
    believed ok2 was deleted; it is kept, as bad input changes nothing (found by the
    files-from-outside sweep of session 33)."""
    from rook_access.commands.saves import delete
    from rook_access.store import locks

    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    for name in ("ok2", "game-1"):
        (folder / f"{name}.json").write_text("{}", "utf-8")
    lists = "there is no saved game named nosuch: rook-access saves lists them"
    for names, said in ((["ok2", "nosuch"], f"{lists}. Nothing was deleted: ok2 is kept"),
                        (["ok2", "game-1", "nosuch"], f"{lists}. Nothing was deleted: ok2 and game-1 are kept"),
                        # "try Zoe" only where Zoe is a save's name (the shell-commands sweep of session 38)
                        (["ok2", "Zoë"], '"Zoë": rook-access saves lists them. Nothing was deleted: ok2 is kept'),
                        (["nosuch"], lists)):
        with pytest.raises(RuleError) as caught:
            delete(names)
        assert str(caught.value).endswith(said), names
    (folder / "Zoe.json").write_text("{}", "utf-8")
    with pytest.raises(RuleError) as caught:
        delete(["ok2", "Zoë"])
    assert str(caught.value).endswith("its ë has an accent; try Zoe. Nothing was deleted: ok2 is kept")
    (folder / "Zoe.json").unlink()
    lock = locks.hold(folder / "ok2.json")  # as a game open in another window holds it
    assert lock is not None
    try:
        with pytest.raises(RuleError) as caught:
            delete(["ok2", "game-1"])
    finally:
        lock.release()
    assert str(caught.value) == ("ok2 is open in another window: quit it there first, then delete. "
                                 "Nothing was deleted: game-1 is kept")
    assert sorted(p.name for p in folder.glob("*.json")) == ["game-1.json", "ok2.json"]


def test_read_save_errors_are_one_line(home: Path) -> None:
    path = saves.save_path("game-1")
    with pytest.raises(RuleError, match="no saved game named game-1"):
        saves.read_save(path)
    path.parent.mkdir(parents=True)
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(RuleError, match="game-1.json' is not valid JSON"):
        saves.read_save(path)
    path.write_text('{"format": "other"}', encoding="utf-8")
    with pytest.raises(RuleError, match="not a rook-access saved game"):
        saves.read_save(path)


def test_new_games_take_new_names_and_the_newest_comes_first(home: Path) -> None:
    assert saves.new_name() == "game-1"
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    for number, name in enumerate(["game-1", "game-7", "mine"]):
        (folder / f"{name}.json").write_text("{}", "utf-8")
        os.utime(folder / f"{name}.json", (1000 + number, 1000 + number))
    assert saves.new_name() == "game-8"
    assert [saves.name_of(p) for p in saves.saved_paths()] == ["mine", "game-7", "game-1"]


def test_resume_cuts_record_lines_written_after_the_last_save(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    record.write_text('{"type":"game"}\n{"type":"deal"}\n', encoding="utf-8")
    table = Table("hasbro", seed=3)
    table.session.record_path = str(record)
    saved_size = table.session.to_dict()["record_size"]
    assert saved_size == record.stat().st_size
    with record.open("a", encoding="utf-8") as handle:  # a crash after writing, before saving
        handle.write('{"type":"bid","seat":"north","amount":70}\n')
    saves.trim_record(str(record), saved_size)
    assert record.read_text(encoding="utf-8") == '{"type":"game"}\n{"type":"deal"}\n'
    saves.trim_record(str(record), None)
    assert record.stat().st_size == saved_size


def test_resuming_a_save_never_cuts_away_what_a_copy_of_it_recorded(
        home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A copy of a save (a backup) played on in the same record; the original resumed cut the
    copy's moves away without a word, and the copy then went on without its record (the files
    sweep of session 37). Now the original goes on without the record and says why."""
    import io
    import shutil
    import sys

    from rook_access.cli import main

    def play(typed: str, *args: str) -> str:
        monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
        capsys.readouterr()
        assert main(["play", "--speech", "off", "--plain", *args]) == 0
        return capsys.readouterr().out

    record = home / "r2.jsonl"
    play("pass\nquit\n", "--seed", "5", "--name", "a", "--record", str(record))
    shutil.copy(home / "saves" / "a.json", home / "saves" / "b.json")
    before = record.read_bytes()
    assert "cannot be continued" not in play("13x\n9r\n7r\nquit\n", "--resume", "b")
    kept = record.read_bytes()
    assert len(kept) > len(before)
    said = play("quit\n", "--resume", "a")
    assert f"Note: the game record {record} cannot be continued (the saved game b, a copy of this one perhaps, " \
           "recorded 10 moves in it after this game was saved, and going on would cut them away); play goes on " \
           "without it." in said, said[:400]
    assert record.read_bytes() == kept
    assert "cannot be continued" not in play("quit\n", "--resume", "b")


def test_a_saved_game_whose_record_cannot_be_reopened_goes_on_without_it(
        home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A record made read-only since the save stopped the resume with an error: the game could
    not be played on at all."""
    import io
    import sys

    from rook_access.cli import main

    record = home / "r.jsonl"
    monkeypatch.setattr(sys, "stdin", io.StringIO("pass\n"))
    assert main(["play", "--speech", "off", "--plain", "--seed", "3", "--name", "r", "--record", str(record)]) == 0

    real_open = open

    def read_only(path: str, mode: str = "r", *args: object, **kwargs: object) -> object:
        if mode == "r+b":  # the record opened to be cut back, as for a file made read-only
            raise PermissionError(13, "Permission denied")
        return real_open(path, mode, *args, **kwargs)  # type: ignore[call-overload]

    # Not trim_record replaced: it wrapped the error in another kind, and the resume stopped with
    # "cannot continue the record" all the same (found by the ninth re-check).
    monkeypatch.setattr(saves, "open", read_only, raising=False)
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    capsys.readouterr()
    assert main(["play", "--speech", "off", "--plain", "--resume", "r"]) == 0
    out = capsys.readouterr().out
    assert "cannot be continued (Permission denied); play goes on without it." in out, out[:500]


def test_ctrl_c_while_the_game_is_busy_says_it_is_saved(
        home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Ctrl+C during a hint or the computers' turn said only "rook-access: stopped." (exit 130),
    though the game was saved; at the prompt it says how to go on."""
    import io
    import sys

    import rook_access.ai.hint
    from rook_access.cli import main

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    from rook_access.speech.channel import Channel

    flushed: list[float | None] = []  # the last words waited for, as quit's are (the voice sweep)
    monkeypatch.setattr(Channel, "flush", lambda self, timeout=None: flushed.append(timeout))
    monkeypatch.setattr(rook_access.ai.hint, "hint", interrupted)
    monkeypatch.setattr(sys, "stdin", io.StringIO("hint\n"))
    assert main(["play", "--speech", "off", "--plain", "--seed", "3", "--name", "busy"]) == 0
    out = capsys.readouterr().out
    assert "Stopped. Saved as of the last move; to go on later, type: rook-access play --resume busy" in out, out[-300:]
    assert (saves.save_path("busy")).exists()
    assert flushed and flushed[-1] is not None and flushed[-1] >= 10, flushed


def test_two_new_games_started_at_once_keep_two_saves(
        home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Both picked game-1, both said "saved", and one save replaced the other. Here the other
    game takes game-1 between this one's pick and its first save."""
    import io
    import sys

    from rook_access.cli import main

    picked = saves.new_name()
    other = saves.save_path(picked)
    real = saves.new_name

    def racing(prefix: str = saves.AUTO_PREFIX) -> str:
        if not other.exists():
            name = real(prefix)
            other.parent.mkdir(parents=True, exist_ok=True)
            other.write_text("the other game's save", "utf-8")  # taken meanwhile
            return name
        return real(prefix)

    monkeypatch.setattr(saves, "new_name", racing)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--speech", "off", "--plain", "--seed", "3"]) == 0
    assert other.read_text("utf-8") == "the other game's save"
    assert "rook-access play --resume game-2" in capsys.readouterr().out
    assert saves.load_game(saves.save_path("game-2")).replayed.state.seed == 3


def test_two_new_table_games_started_at_once_keep_two_saves(
        home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import io
    import sys

    from rook_access.cli import main
    from rook_access.store import table_saves

    other = table_saves.save_path(saves.new_name(table_saves.PREFIX))
    real = saves.new_name

    def racing(prefix: str = saves.AUTO_PREFIX) -> str:
        name = real(prefix)
        if not other.exists():
            other.parent.mkdir(parents=True, exist_ok=True)
            other.write_text("the other game's save", "utf-8")  # taken meanwhile
        return name

    monkeypatch.setattr(saves, "new_name", racing)
    monkeypatch.setattr(sys, "stdin", io.StringIO("south\n"))
    assert main(["table", "--speech", "off", "--plain", "--rules", "hasbro"]) == 0
    assert other.read_text("utf-8") == "the other game's save"
    assert "rook-access table --resume table-2" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["table", "--speech", "off", "--plain", "--resume", "table-2"]) == 0
    assert "Resumed the table game table-2." in capsys.readouterr().out


def test_a_game_open_in_another_window_is_not_opened_twice(
        home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Two windows on one save each wrote it and appended to one record, which could then not be
    replayed. While a game is open it holds a lock on its save; a killed game's lock goes with it."""
    import io
    import sys

    from rook_access.cli import main
    from rook_access.store import locks

    record = home / "r.jsonl"
    monkeypatch.setattr(sys, "stdin", io.StringIO("pass\n"))
    assert main(["play", "--speech", "off", "--plain", "--seed", "3", "--name", "r", "--record", str(record)]) == 0
    other = locks.hold(saves.save_path("r"))  # the other window
    assert other is not None
    size = record.stat().st_size
    monkeypatch.setattr(sys, "stdin", io.StringIO("pass\nquit\n"))
    capsys.readouterr()
    assert main(["play", "--speech", "off", "--plain", "--resume", "r"]) == 2
    assert "the game r is open in another window" in capsys.readouterr().err
    assert record.stat().st_size == size
    other.release()
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--speech", "off", "--plain", "--resume", "r"]) == 0


@pytest.mark.parametrize("held", ["sunday", "Sunday"])
@pytest.mark.parametrize("command", ["play", "table"])
def test_two_new_games_started_at_once_under_one_name_are_not_both_kept(
        command: str, held: str, home: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Both found no save of the name yet, both said "Saved", and the one written last replaced
    the other (the saves sweep): the name is held from the start, so the second is refused. In
    other capitals too: the lock was on the exact name, so Sunday and sunday were both kept
    (session 36's note)."""
    import io
    import sys

    from rook_access.cli import main
    from rook_access.store import locks, table_saves

    path = (saves.save_path if command == "play" else table_saves.save_path)("sunday")
    # The other window, starting under the same name: a game on screen or at a table alike (a
    # play and a table game started at once both kept the name: the re-check).
    other = locks.hold(saves.save_path(held))
    assert other is not None
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    capsys.readouterr()
    assert main([command, "--speech", "off", "--plain", "--rules", "hasbro", "--name", "sunday"]) == 2
    aside = "" if held == "sunday" else " (capitals do not make sunday another name)"
    assert capsys.readouterr().err == (
        f"rook-access: a game named {held} is starting in another window{aside}: choose another name\n")
    assert not path.exists()
    other.release()
    monkeypatch.setattr(sys, "stdin", io.StringIO("south\n" if command == "table" else "quit\n"))
    assert main([command, "--speech", "off", "--plain", "--rules", "hasbro", "--name", "sunday"]) == 0
    assert path.exists()
    # Open in another window, the game is said to be open there, not starting (the re-check), nor
    # a save to resume or delete, which both refuse it (session 39).
    other = locks.hold(path)
    capsys.readouterr()
    assert main(["play", "--speech", "off", "--plain", "--name", "sunday"]) == 2
    assert capsys.readouterr().err == (
        "rook-access: a game named sunday is open in another window: go on there, or choose another name\n")
    assert other is not None
    other.release()


@pytest.mark.parametrize("typed", ["sunday", "Sunday"])
@pytest.mark.parametrize("command", ["play", "table"])
@pytest.mark.parametrize("kind", ["play", "table"])
def test_a_new_game_named_as_a_game_open_in_another_window_says_it_is_open_there(
        kind: str, command: str, typed: str, home: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """With sunday open in another window, a new game named sunday said "a saved game is already
    named sunday: go on with it (rook-access play --resume sunday), delete it ..." and both of
    those refuse a game open elsewhere (session 39): one true line, for a game on screen or at a
    real table (whose lock is its own save's), in other capitals too."""
    import io
    import sys

    from rook_access.cli import main
    from rook_access.store import locks, table_saves

    monkeypatch.setattr(sys, "stdin", io.StringIO("south\nquit\n" if kind == "table" else "quit\n"))
    assert main([kind, "--speech", "off", "--plain", "--rules", "hasbro", "--name", "sunday"]) == 0
    path = (saves.save_path if kind == "play" else table_saves.save_path)("sunday")
    kept = path.read_bytes()
    other = locks.hold(path)  # the other window, resumed there
    assert other is not None
    monkeypatch.setattr(sys, "stdin", io.StringIO("south\nquit\n"))
    capsys.readouterr()
    assert main([command, "--speech", "off", "--plain", "--rules", "hasbro", "--name", typed]) == 2
    aside = "" if typed == "sunday" else " (capitals do not make Sunday another name)"
    assert capsys.readouterr().err == (
        f"rook-access: a game named sunday is open in another window{aside}: go on there, or choose another name\n")
    assert path.read_bytes() == kept
    other.release()


def test_a_table_game_open_in_another_window_is_not_opened_twice(
        home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import io
    import sys

    from rook_access.cli import main
    from rook_access.store import locks, table_saves

    monkeypatch.setattr(sys, "stdin", io.StringIO("south\n"))
    assert main(["table", "--speech", "off", "--plain", "--rules", "hasbro", "--name", "t"]) == 0
    other = locks.hold(table_saves.save_path("t"))
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    capsys.readouterr()
    assert main(["table", "--speech", "off", "--plain", "--resume", "t"]) == 2
    assert "the table game t is open in another window" in capsys.readouterr().err
    assert other is not None
    other.release()


@pytest.mark.parametrize("command", ["play", "table"])
def test_a_save_is_read_for_resuming_only_once_this_window_holds_it(
        command: str, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Read before its lock was taken, a save could be the one a window quitting at that moment
    had not yet finished: the resumed game went on from before that window's last moves and saved
    over them (found by the saves sweep)."""
    import io
    import sys

    from rook_access.cli import main
    from rook_access.store import locks, table_saves

    first = ["play", "--seed", "3"] if command == "play" else ["table", "--rules", "hasbro"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("pass\n" if command == "play" else "south\n"))
    assert main([*first, "--speech", "off", "--plain", "--name", "g"]) == 0
    locked_when_read = []
    module, name = (saves, "load_game") if command == "play" else (table_saves, "load")
    read = getattr(module, name)

    def reading(path: Path) -> object:
        other = locks.hold(path)  # None: this window holds it already
        locked_when_read.append(other is None)
        if other is not None:
            other.release()
        return read(path)

    monkeypatch.setattr(module, name, reading)
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main([command, "--speech", "off", "--plain", "--resume", "g"]) == 0
    assert locked_when_read == [True]


@pytest.mark.parametrize("command", ["play", "table"])
def test_saves_failing_after_the_starts_save_leave_that_save_to_go_on_from(
        command: str, home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The save that claims the game's name at the start was not counted as a save: with every
    later save failing, quit said "nothing of this game could be saved" though resume opened it,
    and at the table the record ran past that save and was refused at the resume (found by the
    re-check of session 21)."""
    import io
    import sys

    import rook_access.commands.table
    from rook_access.cli import main

    def failing(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    # The start's save is written (saves.write_new_save); every save after it fails.
    monkeypatch.setattr(saves, "write_save", failing)
    monkeypatch.setattr(rook_access.commands.table, "write_atomic", failing)
    record = home / "r.jsonl"
    typed = "pass\n" if command == "play" else "east\n14r 13r 12r 11r 10r 9r 8r 7r 6r\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed + "quit\nquit\n"))
    args = [command, "--speech", "off", "--plain", "--record", str(record)]
    args += ["--seed", "3"] if command == "play" else []
    assert main(args) == 0
    out = capsys.readouterr().out
    name = "game-1" if command == "play" else "table-1"
    assert f"Left without saving the last moves. rook-access {command} --resume {name} goes on from the last save" \
        in out, out[-400:]
    if command == "table":  # the record stays with the start's save: no entry of the hand in it
        assert not record.exists() or len(record.read_text("utf-8").splitlines()) <= 1
    monkeypatch.undo()
    monkeypatch.setenv("ROOK_ACCESS_HOME", str(home))
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main([command, "--speech", "off", "--plain", "--resume", name]) == 0
    out = capsys.readouterr().out
    assert "cannot be continued" not in out and "Saved." in out, out[-400:]


def test_a_saves_preset_name_is_believed_only_if_it_may_be_said(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A save's preset name was read out as it was ('saves' and 'rules'): a newline in it forged a
    line ("You and North win the game"), an escape sequence acted on the terminal; a table save's
    too. It is checked as a record's is (found by the saves sweep). A damaged first deal in a save
    is the save's, not a "deal file" the player never gave."""
    import io
    import json
    import sys

    from rook_access.cli import main
    from rook_access.store import table_saves

    monkeypatch.setattr(sys, "stdin", io.StringIO("pass\n"))
    assert main(["play", "--speech", "off", "--plain", "--seed", "3", "--name", "g"]) == 0
    monkeypatch.setattr(sys, "stdin", io.StringIO("south\n"))
    assert main(["table", "--speech", "off", "--plain", "--rules", "hasbro", "--name", "t"]) == 0
    path, table = saves.save_path("g"), table_saves.save_path("t")
    save, table_save = (json.loads(p.read_text(encoding="utf-8")) for p in (path, table))
    for forged in ("hasbro\nYou and North win the game, 300 to 0", "\x1b[2J\x1b[31mred", "h" * 61, "", 7):
        path.write_text(json.dumps({**save, "game": {**save["game"], "preset": forged},
                                    "state": {**save["state"], "preset": forged}}), encoding="utf-8")
        with pytest.raises(RuleError, match="the preset must be a name of at most 60 printable characters"):
            saves.load_game(path)
        table.write_text(json.dumps({**table_save, "table": {**table_save["table"], "preset": forged}}),
                         encoding="utf-8")
        with pytest.raises(RuleError, match="the preset must be a name of at most 60 printable characters"):
            table_saves.load(table)
    path.write_text(json.dumps({**save, "game": {**save["game"], "deal": {"a": 1}}}), encoding="utf-8")
    with pytest.raises(RuleError, match="its first deal: 'dealer' is missing"):
        saves.load_game(path)


@pytest.mark.parametrize("command", ["play", "table"])
def test_a_record_path_in_a_save_is_never_printed_as_lines_of_its_own(
        command: str, home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """"Note: the game record /tmp/nothere" then "You win the game." as a line of its own, and an
    escape sequence sent to the terminal: a save's record path was printed as it stood (found by
    a re-check)."""
    import io
    import json
    import sys

    from rook_access.cli import main
    from rook_access.store import table_saves

    first = ["play", "--seed", "3"] if command == "play" else ["table", "--rules", "hasbro"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("pass\n" if command == "play" else "south\n"))
    assert main([*first, "--speech", "off", "--plain", "--name", "g"]) == 0
    path = saves.save_path("g") if command == "play" else table_saves.save_path("g")
    data = json.loads(path.read_text(encoding="utf-8"))
    forged = "/nothere/x\nYou win the game.\x1b[2J"
    path.write_text(json.dumps({**data, "record": forged, "record_size": 0}), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    capsys.readouterr()
    assert main([command, "--speech", "off", "--plain", "--resume", "g"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\nYou win the game." not in out
    assert 'Note: the game record "/nothere/x\\nYou win the game.\\u001b[2J" cannot be continued' in out


def test_a_remembered_voice_speaks_only_to_a_terminal(
        home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A game whose output goes to a file or a pipe (a script's, a test's) spoke aloud by the
    remembered setting and waited on the voice: 12 s for 0.7 (found by the voice sweep). As
    replay does, the setting speaks only to a terminal; --speech given still speaks."""
    import io
    import sys

    from rook_access.cli import main
    from rook_access.commands.startup import Startup

    asked: list[str] = []
    real = Startup.channel_for

    def channel_for(self: Startup, mode: str) -> object:
        asked.append(mode)
        return real(self, "off")

    monkeypatch.setattr(Startup, "channel_for", channel_for)
    for args in (["--speech", "tts"], []):  # the first run remembers tts
        monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
        assert main(["play", "--plain", "--seed", "3", *args]) == 0
    out = capsys.readouterr().out
    assert asked == ["tts", "off"], asked
    assert ("Speech is off for this run: the output goes to a file or another program, not a terminal. To hear "
            "it all the same, start with --speech tts.") in out, out[:600]


@pytest.mark.parametrize("command", ["play", "table"])
def test_at_the_end_of_input_what_was_still_to_be_said_goes(
        home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: str) -> None:
    """Ctrl+D while the opening was still being said: the save's name queued behind it and was
    cut by the last words' wait (found by a re-check). The voice is interrupted first, as when
    the player types."""
    import io
    import sys

    from rook_access.cli import main
    from rook_access.console.printer import Printer
    from rook_access.speech.channel import Channel

    events: list[str] = []
    real_write = Printer.write
    monkeypatch.setattr(Channel, "interrupt", lambda self: events.append("interrupt"))
    monkeypatch.setattr(Printer, "write", lambda self, lines, *a, **k: (
        events.extend(f"line: {line}" for line in lines), real_write(self, lines, *a, **k))[1])
    monkeypatch.setattr(sys, "stdin", io.StringIO("" if command == "play" else "south\n"))
    assert main([command, "--plain", "--speech", "off", "--rules", "hasbro"]) == 0
    capsys.readouterr()
    ended = next(i for i, e in enumerate(events) if e.startswith("line: Input ended"))
    assert events[ended - 1] == "interrupt", events[ended - 3:ended + 1]


@pytest.mark.parametrize("command", ["play", "table"])
@pytest.mark.parametrize("typed", ["quit\nquit\n", "save\nquit\n", "save\n"])
def test_a_save_that_cannot_be_written_with_nothing_changed_loses_nothing_and_says_so(
        command: str, typed: str, home: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A read-only save resumed, no move made: quit said "Note: the game cannot be saved", then
    "Not saved: ... Type quit again", then "Left without saving the last moves" (none was made),
    and save said the note and "Not saved" in a row (found by the files sweep of session 37)."""
    import io
    import sys

    import rook_access.commands.table
    from rook_access.cli import main

    monkeypatch.setattr(sys, "stdin", io.StringIO("pass\nquit\n" if command == "play" else "quit\n"))
    assert main([command, "--speech", "off", "--plain", *(["--seed", "3"] if command == "play" else [])]) == 0
    capsys.readouterr()

    def read_only(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "the file is read-only")

    monkeypatch.setattr(saves, "write_save", read_only)
    monkeypatch.setattr(rook_access.commands.table, "write_atomic", read_only)
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    assert main([command, "--speech", "off", "--plain", "--resume"]) == 0
    out = capsys.readouterr().out
    name = "game-1" if command == "play" else "table-1"
    for wrong in ("Note: the game cannot be saved", "Not saved", "Left without saving"):
        assert wrong not in out, out[-600:]
    if "save" in typed:
        assert f"Already saved: nothing has changed since the last save. rook-access {command} --resume {name} " \
               "goes on from here." in out, out[-600:]
    ending = ("Left as saved: nothing has changed since the last save, so nothing is lost. To go on later, "
              f"type: rook-access {command} --resume {name}" if "quit" in typed else
              f"Input ended: nothing has changed since the last save, so nothing is lost. rook-access {command} "
              f"--resume {name} goes on.")
    assert out.rstrip().endswith(ending), out[-600:]


def test_a_move_after_a_save_that_cannot_be_written_is_said_lost(
        home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Once a move is made, a save that cannot be written is said, once, and quit asks again."""
    import io
    import sys

    from rook_access.cli import main

    monkeypatch.setattr(sys, "stdin", io.StringIO("pass\nquit\n"))
    assert main(["play", "--speech", "off", "--plain", "--seed", "3"]) == 0
    capsys.readouterr()

    def read_only(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "the file is read-only")

    monkeypatch.setattr(saves, "write_save", read_only)
    moves = "\n".join(C.code(c) for c in range(C.CARD_COUNT))  # the first legal card plays
    monkeypatch.setattr(sys, "stdin", io.StringIO(moves + "\nsave\nquit\nquit\n"))
    assert main(["play", "--speech", "off", "--plain", "--resume"]) == 0
    out = capsys.readouterr().out
    assert out.count("Note: the game cannot be saved (the file is read-only") == 1, out[-600:]
    assert "Not saved: the file is read-only" in out and "Type quit again to leave anyway" in out
    assert out.rstrip().endswith("goes on from the last save that was written."), out[-300:]


@pytest.mark.parametrize("typed, asked", [
    ("quit\nwest\nquit\nquit\n", 2),  # the dealer entered after the refusal
    ("quit\nwest\n5r 6r 7r 8r 9r 10r 11r 12r 13r\nquit\nquit\n", 2),  # and the hand
    ("west\n5r 6r 7r 8r 9r 10r 11r 12r 13r\nquit\nhand\nverbosity brief\nquit\n", 1),  # only asked, set
])
def test_table_quit_that_cannot_save_asks_again_after_anything_entered(
        typed: str, asked: int, home: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A quit refused for a failed save asks again once more would be lost. At the table, the
    dealer, the hand typed and the nest were entered without it: a single quit then left without
    the hand (found by the re-check of session 28). Questions and settings lose nothing."""
    import io
    import sys

    from rook_access.cli import main

    (home / "saves").write_text("")  # a file where the saves folder goes: nothing can be saved
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    assert main(["table", "--speech", "off", "--plain"]) == 0
    out = capsys.readouterr().out
    assert out.count("Type quit again to leave anyway") == asked, out[-600:]
    assert out.rstrip().endswith("Left without saving: nothing of this game could be saved."), out[-300:]


@pytest.mark.parametrize("cut, end", [(1, ""), (4, ""), (7, ""), (20, ""), (1, "\n"), (7, "\n"), (20, "\n"),
                                      (3, "\r\n")])
def test_a_line_a_crash_cut_after_the_save_is_cut_away_at_the_resume(
        home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], cut: int, end: str) -> None:
    """A cut of fewer than eight bytes, or one an editor ended with a newline, was taken for a
    note added to the record, and the record was dropped (the re-check of session 29)."""
    import io
    import sys

    from rook_access.cli import main

    record = home / "r.jsonl"
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--speech", "off", "--plain", "--seed", "7", "--name", "r", "--record", str(record)]) == 0
    saved = record.read_bytes()
    record.write_bytes(saved + b'{"type":"bid","seat":"south","amount":75}'[:cut] + end.encode())
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    capsys.readouterr()
    assert main(["play", "--speech", "off", "--plain", "--resume", "r"]) == 0
    assert "cannot be continued" not in capsys.readouterr().out
    assert record.read_bytes() == saved


def test_a_score_below_zero_is_listed_as_the_game_says_it() -> None:
    """rook-access saves listed "Northeast -60" where every line of the game says "minus 60" (the
    table sweep of session 30)."""
    from types import SimpleNamespace

    state = SimpleNamespace(seats=["north", "east", "south", "west"], totals=[120, -60, 120, -60],
                            game_groups=lambda: [(0, 2), (1, 3)])
    assert saves.side_scores(state, 2) == "you and North 120, East and West minus 60"
