"""The command line fails in one line: a --bot that is no bot, numbers no one means, a replay
that would show what the table did not see."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rook_access.console.preferences import UNSAVED_AGAIN


def rook(args: list[str], home: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, ROOK_ACCESS_HOME=str(home))
    return subprocess.run([sys.executable, "-m", "rook_access", *args], input=stdin, capture_output=True,
                          text=True, env=env, timeout=180)


def one_line(done: subprocess.CompletedProcess[str], status: int = 2) -> str:
    assert done.returncode == status, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("rook-access: ")
    return done.stderr


@pytest.mark.parametrize("spec", ["os:getcwd", "json:dumps", "os:getpid", "string:ascii_letters", "nosuch:make",
                                  "json:nosuch", "os.path:join"])
def test_a_bot_that_is_no_bot(spec: str, tmp_path: Path) -> None:
    line = one_line(rook(["simulate", "--games", "1", "--bot", f"east={spec}"], tmp_path))
    assert spec.split(":")[1] in line


def test_a_bot_that_fails_while_playing(tmp_path: Path) -> None:
    (tmp_path / "badbots.py").write_text(
        "class Crash:\n    name = 'crash'\n    def choose(self, view):\n        raise KeyError('boom')\n"
        "class Nothing:\n    name = 'nothing'\n    def choose(self, view):\n        return None\n"
        "def crash(seat, options, seed):\n    return Crash()\n"
        "def nothing(seat, options, seed):\n    return Nothing()\n", "utf-8")
    env_path = dict(os.environ, ROOK_ACCESS_HOME=str(tmp_path), PYTHONPATH=str(tmp_path))
    for spec, said in (("badbots:crash", "failed: KeyError"), ("badbots:nothing", "which is no Action")):
        done = subprocess.run([sys.executable, "-m", "rook_access", "simulate", "--games", "1", "--bot",
                               f"north={spec}"], capture_output=True, text=True, env=env_path, timeout=180)
        assert said in one_line(done)


@pytest.mark.parametrize("args", [["simulate", "--seed", "9" * 5000], ["simulate", "--option", "target=" + "9" * 5000],
                                  ["play", "--option", "ones=" + "x" * 5000], ["rules", "x" * 5000]])
def test_long_values_are_quoted_shortened(args: list[str], tmp_path: Path) -> None:
    line = one_line(rook(args, tmp_path))  # the presets' names, and that they are written with dashes
    assert len(line) < 450 and "characters)" in line


def test_a_long_value_in_quotes_is_counted_without_them_and_one_cell_is_a_cell(tmp_path: Path) -> None:
    """A 240-letter label was "(242 characters) is 240 cells", the quotes counted; "a slot of 1
    cells" (found by the re-check)."""
    line = one_line(rook(["labels", "--rook-label", "bird" * 60], tmp_path))
    assert "... (240 characters)' is 240 cells" in line
    line = one_line(rook(["labels", "--format", "brf", "--slot", "1"], tmp_path))
    assert "a slot of 1 cell is too narrow" in line


def test_replay_follows_one_seat_in_an_unfinished_game(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    done = rook(["play", "--speech", "off", "--seed", "12", "--record", str(record)], tmp_path,
                stdin="pass\nquit\n")
    assert done.returncode == 0
    for extra in ([], ["--all-hands"]):
        out = rook(["replay", str(record), "--no-pause", "--speech", "off", *extra], tmp_path)
        assert out.returncode == 0 and out.stderr == ""
        assert "Your hand. " in out.stdout
        for seat in ("North", "East", "West"):
            assert f"{seat}'s hand" not in out.stdout, "a hand the player has not seen was read out"
    assert "This game is not finished, so the other hands stay hidden." in out.stdout
    other = one_line(rook(["replay", str(record), "--seat", "middle"], tmp_path))
    assert "the seats of the game from line 1 are north, east, south, west" in other
    # "South", as the game says it, is south; in a record of several games, the game refused is
    # said by its line (the records sweep of session 29).
    told = rook(["replay", str(record), "--no-pause", "--speech", "off", "--seat", "South"], tmp_path)
    assert told.returncode == 0 and "Your hand. " in told.stdout, told.stderr
    two = tmp_path / "two.jsonl"
    assert rook(["simulate", "--games", "1", "--record", str(two)], tmp_path).returncode == 0
    assert rook(["simulate", "--games", "1", "--rules", "six-teams", "--record", str(two)], tmp_path).returncode == 0
    # A game without the seat is told as without --seat, saying so; the record was refused whole
    # by its line (the re-check of session 31). A seat no game has is refused by the first game.
    told = rook(["replay", str(two), "--no-pause", "--speech", "off", "--seat", "east"], tmp_path)
    assert told.returncode == 0 and "It has no east." in told.stdout, told.stderr
    said = one_line(rook(["replay", str(two), "--seat", "middle"], tmp_path))
    assert said.endswith("--seat middle: the seats of the game from line 1 are north, east, south, west\n"), said
    for seat in ("north", "east", "west"):  # another seat's view would tell its hand
        asked = rook(["replay", str(record), "--no-pause", "--speech", "off", "--seat", seat], tmp_path)
        assert asked.stdout == "" and "is not finished" in one_line(asked)
    mine = rook(["replay", str(record), "--no-pause", "--speech", "off", "--seat", "south"], tmp_path)
    assert mine.returncode == 0 and "Your hand. " in mine.stdout
    # A game over, then one still being played: the first is told as the seat asked, the other as
    # the player heard it; the whole record was refused (the rare-presets sweep of session 30).
    both = tmp_path / "both.jsonl"
    assert rook(["simulate", "--games", "1", "--record", str(both)], tmp_path).returncode == 0
    assert rook(["play", "--speech", "off", "--seed", "12", "--record", str(both)], tmp_path,
                stdin="pass\nquit\n").returncode == 0
    told = rook(["replay", str(both), "--no-pause", "--speech", "off", "--seat", "north"], tmp_path)
    assert told.returncode == 0, told.stderr
    notes = [line for line in told.stdout.splitlines() if line.startswith("You hear the game as")]
    assert notes == ["You hear the game as north did.", "You hear the game as south did. It is not finished and may "
                     "still be played on, so it is told only as you heard it."], notes
    # Whatever seats the game still being played has: "the seats of the game from line 637 are
    # north, east, south, west" refused a six-player record's northeast (the re-check of session 31).
    six = tmp_path / "six.jsonl"
    assert rook(["simulate", "--rules", "six-player", "--games", "1", "--seed", "2", "--record", str(six)],
                tmp_path).returncode == 0
    assert rook(["play", "--speech", "off", "--seed", "12", "--record", str(six)], tmp_path,
                stdin="pass\nquit\n").returncode == 0
    told = rook(["replay", str(six), "--no-pause", "--speech", "off", "--seat", "northeast"], tmp_path)
    assert told.returncode == 0, told.stderr
    assert "You hear the game as northeast did." in told.stdout and "as south did. It has no northeast." in told.stdout
    assert "--seat nrth: " in one_line(rook(["replay", str(six), "--no-pause", "--seat", "nrth"], tmp_path))
    # A game over without the seat, after one with it, is told as without --seat (the re-check of
    # session 31: the six-player game was refused for the hasbro game after it).
    assert rook(["simulate", "--games", "1", "--seed", "2", "--record", str(six)], tmp_path).returncode == 0
    told = rook(["replay", str(six), "--no-pause", "--speech", "off", "--seat", "northeast"], tmp_path)
    assert told.returncode == 0 and "You hear the game as north did. It has no northeast." in told.stdout, told.stderr
    # So is a game entered at a real table beside a game over: told as its entrant heard it.
    from rook_access.core.table_record import enter_lines
    from tests.test_table_core import full_record

    game, _ = enter_lines(full_record("hasbro", 3, hands=1), 2)
    with both.open("a", encoding="utf-8") as record:
        record.writelines(json.dumps(line) + "\n" for line in [game.game_line(), *game.record])
    told = rook(["replay", str(both), "--no-pause", "--speech", "off", "--seat", "east"], tmp_path)
    assert told.returncode == 0, told.stderr
    assert "You hear the game as south did. It was entered at a real table, so only your own cards are known." \
        in told.stdout, told.stdout[-600:]


def test_replay_reads_every_hand_only_of_a_finished_game_when_asked(tmp_path: Path) -> None:
    record = tmp_path / "sim.jsonl"
    assert rook(["simulate", "--games", "1", "--seed", "3", "--record", str(record)], tmp_path).returncode == 0
    seat_view = rook(["replay", str(record), "--no-pause", "--speech", "off", "--seat", "east"], tmp_path).stdout
    assert seat_view.startswith("You hear the game as east did.")
    assert "North's hand" not in seat_view and "Your hand. " in seat_view
    every = rook(["replay", str(record), "--no-pause", "--speech", "off", "--all-hands"], tmp_path).stdout
    assert every.startswith("Every hand is read out: the game is over.") and "North's hand" in every


@pytest.mark.parametrize(("args", "message"), [
    (["simulate", "--games", "２"], "argument --games: not a whole number in digits: '２'"),
    (["simulate", "--games", "99999999999999999999"], "99999999999999999999 is too large"),
    (["simulate", "--games", "2000000"], "--games must be 1 to 1,000,000, not 2000000"),
    (["simulate", "--seed", "５"], "argument --seed: not a whole number in digits"),
    (["labels", "--width", "1_0"], "argument --width: not a whole number in digits: '1_0'"),
    (["simulate", "--games", "1", "--record", ""], "argument --record: give a file name, not an empty one"),
    (["play", "--record", " "], "argument --record: give a file name"),
    (["labels", "--output", ""], "argument --output: give a file name"),
    (["rules", "--option", "target=250"], "--option changes a preset: name it"),
    (["rules", "--save", "", "--option", "target=250"], "a name for your rules is one word"),
    (["rules", "--save", "long", "--description", "a" * 400], "the description is 400 characters"),
    (["saves", "delete", "nosuch", "nosuch"], "there is no saved game named nosuch: "),
    (["play", "--bogus"], "unrecognized arguments: --bogus (try: rook-access play --help)"),
    # PEF's XML in a .brf would be embossed character by character (found by a helper).
    (["labels", "--format", "pef", "--output", "x.brf"], "--output x.brf names a brf file, but --format pef "
                                                         "writes pef: name it x.pef, or leave out --format"),
    # Empty names and a seed of 0 were taken as "not given" (found by a helper).
    (["play", "--rules", ""], "argument --rules: give a name, not an empty one"),
    (["table", "--rules", " "], "argument --rules: give a name, not an empty one"),
    (["labels", "--rules", ""], "argument --rules: give a name, not an empty one"),
    (["play", "--name", ""], "argument --name: give a name, not an empty one"),
    (["play", "--resume", "--seed", "0"], "--resume goes on with the saved game as it was; leave out --seed"),
    # A voice says "--resume" as "resume": what the listener typed gets the option named.
    (["play", "level=hard"], "unrecognized arguments: level=hard; did you mean --level hard? Options start "
                             "with two dashes"),
    (["play", "--resume="], "argument --resume: give a name, not an empty one"),
    # "game-1" is read "game one" by a voice, and typed as heard (found by the voice sweep).
    (["play", "--resume", "game", "1"], "unrecognized arguments: 1; did you mean --resume game-1? A saved game's "
                                        "name is one word"),
    (["table", "--resume", "table", "2"], "did you mean --resume table-2?"),
    # "--rules kentucky west" unquoted: the shell gave --rules "kentucky" only (session 33 left it out).
    (["play", "--rules", "Kentucky", "West"], "unrecognized arguments: West; did you mean --rules kentucky-west? "
                                              "A name of several words goes in quotes or with dashes"),
    (["table", "--rules", "kentucky", "west"], "did you mean --rules kentucky-west?"),
    (["--rules", "kentucky", "west"], "did you mean --rules kentucky-west?"),
    (["table", "--resume="], "argument --resume: give a name, not an empty one"),
    (["table", "--seat="], "argument --seat: give a name, not an empty one"),
    (["play", "resume", "kw1"], "unrecognized arguments: resume kw1; did you mean --resume? Options start with "
                                "two dashes (try: rook-access play --help)"),
    (["play", "--list", "--option", "target=200"], "--list only lists the saved games; leave out --option"),
    # play's options start a game without its name, so a command after them is said to go first
    # (it was asked "did you mean --rules?": the re-check).
    (["--rules", "georgia", "rules"], "unrecognized arguments: rules; a command goes first: rook-access rules, "
                                      "then its options"),
    # With play typed, "rules" is --rules as a voice reads it (the re-check).
    (["play", "rules", "georgia"], "unrecognized arguments: rules georgia; did you mean --rules? Options start"),
    # The name of rules without --rules was told only "unrecognized arguments: georgia" (the
    # newcomer sweep of session 37); where --rules was typed, the name given there is meant.
    (["play", "georgia"], "unrecognized arguments: georgia; did you mean --rules georgia? A name of rules goes "
                          "after --rules (try: rook-access play --help)"),
    (["table", "Kentucky", "West"], "unrecognized arguments: Kentucky West; did you mean --rules kentucky-west?"),
    (["simulate", "--games", "5", "Georgia"], "did you mean --rules georgia?"),
    (["--level", "hard", "georgia"], "did you mean --rules georgia? A name of rules goes after --rules"),
    (["play", "--rules", "hasbro", "georgia"], "unrecognized arguments: georgia (try: rook-access play --help)"),
    (["georgia"], "unknown command 'georgia': did you mean rook-access play --rules georgia? The commands are "),
])
def test_input_nobody_means_is_refused_not_guessed(args: list[str], message: str, tmp_path: Path) -> None:
    assert message in one_line(rook(args, tmp_path))


@pytest.mark.parametrize("args", [["play", "--resume", "game-1", "georgia"], ["table", "--resume", "x", "georgia"]])
def test_rules_named_with_resume_are_said_to_be_the_saved_games_own(args: list[str], tmp_path: Path) -> None:
    """"play --resume game-1 georgia" was asked "did you mean --rules georgia?", and --resume
    then refused --rules (the re-check of session 38): a resumed game keeps its rules."""
    line = one_line(rook(args, tmp_path))
    assert "unrecognized arguments: georgia; a resumed game keeps the rules it was saved with, so leave out " \
           "georgia (try: rook-access " in line and "--rules" not in line, line


@pytest.mark.parametrize(("args", "message"), [
    (["--", "play"], "rook-access: '--' cannot come before the command: leave it out, as in rook-access play "
                     "(try: rook-access --help)\n"),
    (["play", ""], "rook-access: unrecognized arguments: '' (try: rook-access play --help)\n"),
    (["saves", "georgia"], "rook-access: unknown action 'georgia': the actions are list and delete "
                           "(try: rook-access saves --help)\n"),
    # an option's word no choice: "argument --level: invalid choice: 'x' (choose from 'random', ...)"
    (["play", "--level", "x"], "rook-access: --level 'x' is not a choice: choose random, easy, normal, or hard "
                               "(try: rook-access play --help)\n"),
    (["replay", "--braille", "x", "y"], "rook-access: --braille 'x' is not a choice: choose off, after, or only "
                                        "(try: rook-access replay --help)\n"),
])
def test_small_slips_on_the_command_line_are_said_in_the_programs_words(
        args: list[str], message: str, tmp_path: Path) -> None:
    """'--' before the command was "argument COMMAND: invalid choice: '--' (choose from ...)", an
    empty word "unrecognized arguments:  (try: ...)", naming nothing, and "saves georgia"
    "argument ACTION: invalid choice: 'georgia' (choose from 'list', 'delete')" (the re-check of
    session 38)."""
    assert one_line(rook(args, tmp_path)) == message


def test_a_familys_rules_named_without_rules_are_offered_with_it(tmp_path: Path) -> None:
    """A family's own rules are names --rules takes, so they are offered as the presets are."""
    assert rook(["rules", "--save", "ours", "--from", "georgia"], tmp_path).returncode == 0
    assert "; did you mean --rules ours? " in one_line(rook(["play", "Ours"], tmp_path))


def test_several_settings_may_follow_one_option_as_rules_md_writes_them(tmp_path: Path) -> None:
    """rules.md: "kentucky-discard --option red_one=true max_bid=195". It was refused."""
    done = rook(["rules", "kentucky-discard", "--option", "red_one=true", "max_bid=195"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Changed from the preset: red_one = yes; max_bid = 195." in done.stdout


@pytest.mark.parametrize(("words", "spread"), [
    (["--option", "a=1", "b=2", "c=3"], ["--option", "a=1", "--option", "b=2", "--option", "c=3"]),
    (["--option=a=1", "b=2"], ["--option=a=1", "--option", "b=2"]),
    # a word that is no setting ends the run: a preset's name stays the positional it was
    (["rules", "--option", "a=1", "hasbro", "b=2"], ["rules", "--option", "a=1", "hasbro", "b=2"]),
    # "level=hard" is --level as a voice reads it, said so elsewhere; nothing after "--" is taken
    (["play", "--option", "a=1", "level=hard"], ["play", "--option", "a=1", "level=hard"]),
    (["--option", "a=1", "--", "b=2"], ["--option", "a=1", "--", "b=2"]),
    (["--name", "a=1", "b=2"], ["--name", "a=1", "b=2"]),
    # argparse takes "--opt" for --option: so do the settings after it (the re-check)
    (["--opt", "a=1", "b=2"], ["--opt", "a=1", "--option", "b=2"]),
    (["--opt=a=1", "b=2"], ["--opt=a=1", "--option", "b=2"]),
    (["--o", "a=1", "b=2"], ["--o", "a=1", "--option", "b=2"]),
    # dashes for underscores, as an option's name is read: "target=200" after it was refused
    # (the settings sweep of session 38)
    (["--option", "must-trump=true", "target=200"], ["--option", "must-trump=true", "--option", "target=200"]),
    (["--option", "a=1", "must-trump=true"], ["--option", "a=1", "--option", "must-trump=true"]),
])
def test_settings_after_one_option_are_each_given_one(words: list[str], spread: list[str]) -> None:
    from rook_access.cli import spread_settings
    assert spread_settings(words, {"level", "name"}) == spread


def test_a_seed_copied_from_a_record_is_taken(tmp_path: Path) -> None:
    done = rook(["simulate", "--games", "1", "--seed", "132090772812852", "--json"], tmp_path)
    assert done.returncode == 0 and '"games": 1' in done.stdout


def test_resume_past_a_damaged_newest_save_says_the_way_on(tmp_path: Path) -> None:
    for name in ("older", "newer"):
        assert rook(["play", "--seed", "1", "--name", name], tmp_path, "quit\n").returncode == 0
        os.utime(tmp_path / "saves" / f"{name}.json", (1e9, 1e9) if name == "older" else None)
    (tmp_path / "saves" / "newer.json").write_text('{"x": 1}', "utf-8")
    line = one_line(rook(["play", "--resume"], tmp_path, "quit\n"))
    assert line.endswith("; it is your newest save: rook-access saves lists the others, "
                         "rook-access saves delete newer removes it\n"), line
    named = one_line(rook(["play", "--resume", "newer"], tmp_path, "quit\n"))
    assert "newest" not in named
    assert named.endswith("; rook-access saves delete newer removes it\n"), named  # what works (the saves sweep)


def test_a_record_goes_after_the_games_a_file_holds_and_never_over_other_text(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("Sunday: Grandma 320, us 290\n", "utf-8")
    for args in (["simulate", "--games", "1"], ["play", "--seed", "1"]):
        line = one_line(rook([*args, "--record", str(notes)], tmp_path, "quit\n"))
        assert "already holds something that is not a game record" in line
    assert notes.read_text("utf-8") == "Sunday: Grandma 320, us 290\n"
    record = tmp_path / "games.jsonl"
    assert rook(["simulate", "--games", "2", "--record", str(record)], tmp_path).returncode == 0
    assert rook(["play", "--seed", "1", "--record", str(record)], tmp_path, "quit\n").returncode == 0
    games = [line for line in record.read_text("utf-8").splitlines() if '"type":"game"' in line]
    assert len(games) == 3
    assert rook(["replay", str(record), "--no-pause"], tmp_path).returncode == 0
    line = one_line(rook(["table", "--record", str(record)], tmp_path, ""))
    assert "a table game's record is rewritten as you go; choose a new file" in line
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(record.read_bytes()[:3000])  # a game stopped mid-write
    line = one_line(rook(["simulate", "--games", "1", "--record", str(cut)], tmp_path))
    assert "ends with a line cut short" in line
    # A record cut short is still heard up to its last whole line (it was refused as not JSON).
    heard = rook(["replay", str(cut), "--no-pause", "--speech", "off"], tmp_path)
    assert heard.returncode == 0 and "New game:" in heard.stdout, heard.stderr
    assert heard.stdout.endswith("The record of this game stops here, before the game was over.\n")
    # The same with the newline an editor adds: it was refused whole, "line 15 is not valid JSON",
    # and taken for a whole record to add a game to (the records sweep of session 29).
    edited = tmp_path / "edited.jsonl"
    edited.write_bytes(cut.read_bytes() + b"\n\n")
    assert rook(["replay", str(edited), "--no-pause", "--speech", "off"], tmp_path).stdout == heard.stdout
    assert "ends with a line cut short" in one_line(rook(["simulate", "--games", "1", "--record", str(edited)],
                                                         tmp_path))
    # A game quit unfinished, then another recorded after it: the first says where it stops.
    both = tmp_path / "both.jsonl"
    both.write_bytes(cut.read_bytes()[: cut.read_bytes().rindex(b"\n") + 1] + record.read_bytes())
    told = rook(["replay", str(both), "--no-pause", "--speech", "off"], tmp_path).stdout.splitlines()
    stop = told.index("The record of this game stops here, before the game was over.")
    assert told[stop + 1].startswith("You hear the game as") and told[stop + 2].startswith("New game:"), told[stop:]
    # A game record followed by notes: a game added after them could never be replayed.
    noted = tmp_path / "noted.jsonl"
    noted.write_text(record.read_text("utf-8") + "Grandma's notes: buy milk\n", "utf-8")
    line = one_line(rook(["simulate", "--games", "1", "--record", str(noted)], tmp_path))
    assert "is a game record with a damaged line" in line and "line " in line
    # Without its newline, a note is still a note, not a line a crash cut: it was read past unsaid.
    noted.write_text(record.read_text("utf-8") + "Grandma's notes: buy milk", "utf-8")
    assert "is not valid JSON" in one_line(rook(["replay", str(noted), "--no-pause"], tmp_path))
    # The same for a line that is JSON but that the rules refuse: the record could not be replayed.
    refused = tmp_path / "refused.jsonl"
    refused.write_text(record.read_text("utf-8").replace('"preset":"hasbro"', '"preset":"   "', 1), "utf-8")
    line = one_line(rook(["simulate", "--games", "1", "--record", str(refused)], tmp_path))
    assert "is a game record with a damaged line" in line and "the preset must be a name" in line


def test_a_game_won_whose_game_end_line_a_crash_lost_is_over(tmp_path: Path) -> None:
    """Replay said "The record of this game stops here, before the game was over." just after
    the totals that won it, and --all-hands kept the other hands hidden as of a game that could
    be played on (the records sweep of session 29)."""
    record = tmp_path / "game.jsonl"
    assert rook(["simulate", "--games", "1", "--record", str(record)], tmp_path).returncode == 0
    lost = tmp_path / "lost.jsonl"
    lost.write_bytes(record.read_bytes()[:record.read_bytes().rindex(b'{"type":"game_end"')])
    heard = rook(["replay", str(lost), "--no-pause", "--all-hands", "--speech", "off"], tmp_path)
    assert heard.returncode == 0 and "before the game was over" not in heard.stdout, heard.stdout[-300:]
    assert "not finished" not in heard.stdout and "Hand 2" in heard.stdout
    # Nor in silence, nor without its winner: the lines the rules give are said, after a line
    # saying the record lacks them (the re-checks of session 29).
    whole = rook(["replay", str(record), "--no-pause", "--speech", "off"], tmp_path).stdout.splitlines()
    assert whole[-1].startswith("Game over: ")
    said = heard.stdout.splitlines()
    assert said[-2:] == ["The record of this game stops here, before its last lines; by the rules they are these.",
                         whole[-1]], said[-4:]
    # Its last hand's score lost too: that score, then the winner, as the whole record says them.
    lost.write_bytes(record.read_bytes()[:record.read_bytes().rindex(b'{"type":"hand_end"')])
    said = rook(["replay", str(lost), "--no-pause", "--speech", "off"], tmp_path).stdout.splitlines()
    stop = said.index("The record of this game stops here, before its last lines; by the rules they are these.")
    assert said[stop + 1:] == whole[len(whole) - len(said) + stop + 1:], (said[stop:], whole[-6:])


def test_a_record_line_may_hold_any_character_json_allows(tmp_path: Path) -> None:
    """U+2028, U+2029 and U+0085 are valid unescaped in a JSON string (an unknown field a reader
    ignores); they are no line ends of a JSON Lines file."""
    record = tmp_path / "games.jsonl"
    assert rook(["simulate", "--games", "1", "--record", str(record)], tmp_path).returncode == 0
    lines = record.read_text("utf-8").split("\n")
    lines[3] = lines[3][:-1] + ',"comment":"good\u2028play\u0085!"}'
    record.write_text("\n".join(lines), "utf-8")
    done = rook(["replay", str(record), "--no-pause", "--speech", "off"], tmp_path)
    assert done.returncode == 0, done.stderr


def test_a_file_larger_than_any_the_game_writes_is_refused_unread(tmp_path: Path) -> None:
    for args in (["replay", "/dev/zero", "--no-pause"], ["simulate", "--games", "1", "--deal", "/dev/zero"]):
        line = one_line(rook(args, tmp_path))
        assert "is larger than" in line and "MB" in line, line


def test_resuming_never_cuts_away_a_game_recorded_after_it(tmp_path: Path) -> None:
    record = tmp_path / "games.jsonl"
    assert rook(["play", "--seed", "2", "--name", "first", "--record", str(record)], tmp_path,
                "pass\nquit\n").returncode == 0
    assert rook(["simulate", "--games", "1", "--record", str(record)], tmp_path).returncode == 0
    kept = record.read_bytes()
    done = rook(["play", "--resume", "first"], tmp_path, "quit\n")
    assert done.returncode == 0, done.stderr
    assert "cannot be continued (another game was recorded after it); play goes on without it" in done.stdout
    assert record.read_bytes() == kept


def test_a_label_style_the_labels_refuse_is_refused_at_the_start(tmp_path: Path) -> None:
    """14b is 14 black's label once black is written b, and typed it plays 14 black whatever the
    letter: refused, naming the flag it comes from, as typed. "--rook-label with --black-letter with
    --numeric-indicator" named a flag not given for --no-numeric-indicator, and flags the refusal
    does not depend on (the braille sweep of session 33)."""
    for flags in (["--black-letter", "b"], ["--black-letter", "b", "--no-numeric-indicator"], []):
        line = one_line(rook(["play", "--speech", "off", "--rook-label", "14b", *flags], tmp_path, stdin="quit\n"))
        assert line == ("rook-access: --rook-label: the Rook Bird's label '14b' is what a player "
                        "types for 14 black (x and b both mean black): choose a label that is no card's, such as "
                        "rook or bird\n"), flags
    settings = tmp_path / "settings.toml"  # --speech off is remembered; the labels are not
    assert "14b" not in (settings.read_text("utf-8") if settings.exists() else "")


@pytest.mark.skipif(sys.platform == "win32", reason="Windows locks would stop a replay reading the record")
def test_two_games_cannot_write_one_record_at_once(tmp_path: Path) -> None:
    """The second game opened the record with "w" and cut the first's lines mid-line; then the
    two games' lines interleaved. A record being written is locked while its game runs."""
    from rook_access.core.errors import RuleError
    from rook_access.store.record import RecordWriter

    path = tmp_path / "shared.jsonl"
    first = RecordWriter(path)
    first.write([{"type": "pass", "seat": "north"}])
    with pytest.raises(RuleError, match="is being written by another game now: choose another file"):
        RecordWriter(path)
    assert path.read_text("utf-8") == '{"type":"pass","seat":"north"}\n'  # not cut
    first.close()
    RecordWriter(path).close()  # free again once the first game is done


def test_a_reader_that_had_enough_is_no_error(capsys: pytest.CaptureFixture[str]) -> None:
    """`rook-access rules | head -1` said "cannot write the output: Broken pipe"; a full disk is
    still said (tests/test_full_disk.py)."""
    from rook_access import cli

    assert cli._output_failed(BrokenPipeError(32, "Broken pipe")) == 1
    assert capsys.readouterr().err == ""


def test_a_long_record_is_said_before_its_games_are_checked(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Every game already in a record is checked before one is added: a second and more for a
    long-used record, which was a silence at the start (found by a helper)."""
    import io

    from rook_access.commands.play import CHECK_SAID_FROM, _say_checking
    from rook_access.console.printer import Printer

    said: list[str] = []

    class Voice:  # the line goes through the printer, so the game's own voice says it too
        def say(self, line: str) -> None:
            said.append(line)

        def interrupt(self) -> None: ...

        def poll_notice(self) -> None: ...

    record = tmp_path / "evenings.jsonl"
    with open(record, "wb") as out:
        out.truncate(CHECK_SAID_FROM)
    out_text = io.StringIO()
    _say_checking(Printer(out_text, Voice()), str(record))
    assert out_text.getvalue().startswith(f"Checking the games already in the record {record} (2 MB)")
    assert said and said[0].startswith("Checking the games already in the record")
    with open(record, "wb") as out:
        out.truncate(CHECK_SAID_FROM - 1)
    quiet = io.StringIO()
    _say_checking(Printer(quiet, Voice()), str(record))
    assert quiet.getvalue() == ""


def test_a_real_table_games_record_is_never_added_to(tmp_path: Path) -> None:
    """rook-access table rewrites its record whole as its game goes: a game simulate or play added
    to it was erased at the table's next entry, without a word (found by the re-check)."""

    from rook_access.core.errors import RuleError
    from rook_access.store.record import holds_games

    record = tmp_path / "table.jsonl"
    record.write_text(json.dumps({"type": "game", "format": "rook-table-record/1", "table": "south"}) + "\n", "utf-8")
    with pytest.raises(RuleError, match="the record of a game at a real table, which rook-access table rewrites"):
        holds_games(record)
    done = rook(["simulate", "--games", "1", "--record", str(record)], tmp_path)
    assert done.returncode == 2 and "a game at a real table" in done.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_pipe_as_the_record_nobody_reads_is_refused_and_the_table_takes_only_a_file(tmp_path: Path) -> None:
    """Each of these waited in silence for a reader of the pipe until killed (found by the
    records sweep); the table rewrites its record at every entry, which a pipe cannot take."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for args in (["simulate", "--games", "1"], ["play", "--seed", "1"]):
        line = one_line(rook([*args, "--record", str(pipe)], tmp_path, "quit\n"))
        assert "nothing is reading the pipe" in line, args
    for record in (pipe, tmp_path):
        line = one_line(rook(["table", "--record", str(record)], tmp_path, ""))
        assert "that is not a file, and a table game's record is rewritten as you go" in line


def test_a_record_in_a_folder_that_is_not_there_is_refused_not_made(tmp_path: Path) -> None:
    """play --record said the folder was missing; the table made it, with every folder above it,
    so a mistyped folder name left a tree behind (found by the table sweep)."""
    record = tmp_path / "mistyped" / "deeper" / "game.jsonl"
    line = one_line(rook(["table", "--record", str(record)], tmp_path, "quit\n"))
    assert f"there is no folder {record.parent}" in line
    assert not (tmp_path / "mistyped").exists()
    # Said as the table says it (the saves sweep).
    for command in (["play", "--seed", "1"], ["simulate", "--games", "1"]):
        said = one_line(rook([*command, "--record", str(record)], tmp_path, "quit\n"))
        assert said.endswith(f"there is no folder {record.parent}; give a file in a folder that exists\n"), said
    assert not (tmp_path / "mistyped").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_pipes_where_the_game_keeps_its_own_files_are_said_not_waited_on(tmp_path: Path) -> None:
    """A pipe as settings.toml was read safely but written into at every start, which held the
    game silent until killed; a pipe among the saves held saves, play --resume and table --resume
    (found by the re-check)."""
    home = tmp_path / "home"
    (home / "saves" / "table").mkdir(parents=True)
    # The log too: a settings file that cannot be saved is logged, and that held the game (the
    # second re-check).
    for name in ("settings.toml", "saves/x.json", "saves/table/tx.json", "rook-access.log"):
        os.mkfifo(home / name)
    done = rook(["play", "--rules", "georgia", "--speech", "off"], home, "braille after\nquit\n")
    # Said at the start (--speech is remembered), and not again at "braille after".
    assert done.returncode == 0 and "saving the settings failed (it is not a file)" in done.stdout, done.stdout[-500:]
    listed = rook(["saves"], home)
    assert "x (game on screen): cannot be resumed: " in listed.stdout
    assert "is not a file (a pipe or a device), so not a table save" in listed.stdout
    for args in (["play", "--resume", "x"], ["table", "--resume", "tx"]):
        done = rook(args, home)
        assert done.returncode == 2 and "is not a file (a pipe or a device)" in done.stderr.splitlines()[-1], args


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_resumed_table_game_writes_only_into_its_own_record(tmp_path: Path) -> None:
    """table --resume wrote the whole record into whatever the save named: a pipe put in its
    place held the table silent at the first entry, a save edited to name another file
    overwrote it (found by the re-check), and so did another table game's record from the same
    seat written to that name since (the second re-check). play --resume already went on
    without such a record. Its own record goes on."""
    home, record = tmp_path / "home", tmp_path / "t.jsonl"

    def table(*args: str, typed: str = "quit\n") -> str:
        done = rook(["table", *args, "--speech", "off"], home, typed)
        assert done.returncode == 0, done.stderr
        return done.stdout

    table("--record", str(record), "--name", "tb1")
    assert record.read_text("utf-8").startswith('{"type":"game","format":"rook-table-record/1"')
    assert "cannot be continued" not in table("--resume", "tb1", typed="west\n14r 13r 12r 11r 10r 9r 8r 7r 6r\nquit\n")
    begun = record.read_text("utf-8")
    assert "cannot be continued" not in table("--resume", "tb1", typed="north pass\nquit\n")
    assert record.read_text("utf-8").startswith(begun) and record.read_text("utf-8") != begun
    save = home / "saves" / "table" / "tb1.json"
    kept = save.read_text("utf-8")
    table("--record", str(tmp_path / "b.jsonl"), "--name", "tb2", typed="east\n14g 13g 12g 11g 10g 9g 8g 7g 6g\nquit\n")
    (tmp_path / "b.jsonl").replace(record)
    other = record.read_text("utf-8")
    said = table("--resume", "tb1", typed="east pass\nquit\n")
    assert "cannot be continued (it does not begin as this table game's record)" in said
    assert record.read_text("utf-8") == other
    victim = tmp_path / "notes.txt"
    victim.write_text("my notes\n", "utf-8")
    data = json.loads(kept)
    data["record"] = str(victim)
    save.write_text(json.dumps(data), "utf-8")
    said = table("--resume", "tb1", typed="east pass\nquit\n")
    assert victim.read_text("utf-8") == "my notes\n"  # an entry was made
    assert "cannot be continued (it does not begin as this table game's record)" in said
    record.unlink()
    os.mkfifo(record)
    save.write_text(kept, "utf-8")
    said = table("--resume", "tb1", typed="east pass\nquit\n")
    assert f"Note: the game record {record} cannot be continued (it is not a file); the game goes on without it." \
        in said
    sub = tmp_path / "sub"
    sub.mkdir()
    table("--record", str(sub / "c.jsonl"), "--name", "tb3")
    (sub / "c.jsonl").unlink()
    sub.rmdir()
    said = table("--resume", "tb3", typed="west\nquit\n")
    assert "cannot be continued (its folder is not there)" in said and not sub.exists()
    # A game resumed before its first hand took another's record whose game line matched (the
    # third re-check); a record nested too deep to read stopped the resume with no file named.
    table("--record", str(tmp_path / "r4.jsonl"), "--name", "tb4")
    hand = "west\n14r 13r 12r 11r 10r 9r 8r 7r 6r\nquit\n"
    table("--record", str(tmp_path / "r5.jsonl"), "--name", "tb5", typed=hand)
    (tmp_path / "r5.jsonl").replace(tmp_path / "r4.jsonl")
    other = (tmp_path / "r4.jsonl").read_text("utf-8")
    said = table("--resume", "tb4", typed="north\n14g 13g 12g 11g 10g 9g 8g 7g 6g\nquit\n")
    assert "cannot be continued (it does not begin as this table game's record)" in said
    assert (tmp_path / "r4.jsonl").read_text("utf-8") == other
    table("--record", str(tmp_path / "r6.jsonl"), "--name", "tb6")
    (tmp_path / "r6.jsonl").write_text("[" * 200_000 + "\n", "utf-8")
    assert "cannot be continued (it does not begin as this table game's record)" in table("--resume", "tb6")


def test_a_named_table_game_is_kept_at_once(tmp_path: Path) -> None:
    """Closed before its first line, a table game started with --name left its record but no
    save: the same command then refused the record, and --resume found no game (the fifth
    re-check). An unnamed start already kept table-1 at once."""
    import signal
    import time

    home = tmp_path / "home"
    env = dict(os.environ, ROOK_ACCESS_HOME=str(home))
    game = subprocess.Popen([sys.executable, "-m", "rook_access", "table", "--rules", "hasbro", "--name", "sunday",
                             "--record", str(tmp_path / "n.jsonl"), "--plain", "--speech", "off"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert game.stdout is not None
    while b"Who deals" not in game.stdout.readline():
        time.sleep(0.01)
    game.send_signal(signal.SIGKILL)
    game.wait(timeout=60)
    assert (home / "saves" / "table" / "sunday.json").is_file()
    resumed = rook(["table", "--resume", "sunday", "--speech", "off"], home, "quit\n")
    assert resumed.returncode == 0 and "Resumed the table game sunday." in resumed.stdout


def test_a_long_record_is_said_before_replay_checks_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """replay checks the whole record before it says anything: a 50 MB record was 13 seconds of
    silence (found by the records sweep). A short one starts at once, unsaid."""
    from rook_access.cli import main
    from rook_access.commands.common import CHECK_SAID_FROM

    record = tmp_path / "evenings.jsonl"
    record.write_text("x" * CHECK_SAID_FROM + "\n")
    assert main(["replay", "--no-pause", str(record)]) == 2
    assert capsys.readouterr().out.startswith(f"Checking the record {record} (2 MB) before reading it out.\n")
    record.write_text("x\n")
    assert main(["replay", "--no-pause", str(record)]) == 2
    assert capsys.readouterr().out == ""


def test_settings_a_flag_remembers_are_said_when_they_cannot_be_saved(tmp_path: Path) -> None:
    """--speech and the label style are "remembered" (their help says so): with a settings file
    that cannot be written, they were kept for the game only and the log alone said why (found by
    the eighth re-check). In the game a setting says so already. (A settings folder that cannot
    be made is refused at the start: ROOK_ACCESS_HOME inside a file.)"""
    (tmp_path / "unwritable" / "settings.toml").mkdir(parents=True)  # a folder where the file goes
    done = rook(["play", "--speech", "off", "--plain"], tmp_path / "unwritable",
                stdin="verbosity brief\nbraille after\nverbosity full\nquit\nquit\n")
    assert "Note: what you set holds for this game only; saving the settings failed (it is not a file)." \
        in done.stdout, done.stdout[:500]
    # The reason once: not again at every setting changed in the game (the ninth and eleventh
    # re-checks); but each setting says it is for this game only, as docs/reliability.md has it: a
    # setting changed later sounded saved (the settings sweep of session 31).
    assert done.stdout.count("saving the settings failed") == 1, done.stdout[-800:]
    assert "Note: the setting holds for this game only" not in done.stdout, done.stdout[-800:]
    assert done.stdout.count(f"{UNSAVED_AGAIN}\n") == 3, done.stdout[-800:]
    done = rook(["play", "--speech", "off", "--plain"], tmp_path / "home", stdin="quit\nquit\n")
    assert "saving the settings failed" not in done.stdout


def test_plays_own_options_may_come_without_its_name(tmp_path: Path) -> None:
    """"rook-access" alone plays, so "rook-access --rook-label bird" (the user guide's options for
    the start) plays too; it was "invalid choice: 'bird'" (found by the braille sweep). An option
    no command has is still refused, naming it."""
    done = rook(["--rook-label", "bird", "--braille", "after", "--speech", "off"], tmp_path, "quit\n")
    assert done.returncode == 0 and done.stdout.startswith("New game: "), done.stderr
    assert "unrecognized arguments: --nosuch" in one_line(rook(["--nosuch"], tmp_path))
    # A start of one of play's options, as argparse takes it after "play" (the re-check of 98b5e07).
    for short in ("--opt", "--o"):
        done = rook([short, "target=200", "--seed", "1", "--speech", "off"], tmp_path, "quit\n")
        assert done.returncode == 0 and "New game: hasbro rules, first to 200." in done.stdout, done.stderr
    assert rook(["--vers"], tmp_path).stdout.startswith("rook-access ")  # the top level's own --version


def test_the_opening_says_the_options_remembered_from_the_last_game(tmp_path: Path) -> None:
    """A plain rook-access plays the last game's rules and options: its opening said "hasbro
    rules" over a must_trump the player chose days before, where a sighted family glances at
    the house-rules card. The opening, the resumed game and the replay say the change."""
    said = "Changed from hasbro: must_trump = yes."
    first = rook(["play", "--option", "must_trump=true", "--seed", "1", "--speech", "off"], tmp_path, "quit\n")
    assert f"New game: hasbro rules, first to 300. {said}" in first.stdout, first.stdout
    again = rook(["--seed", "2", "--speech", "off", "--record", str(tmp_path / "g.jsonl")], tmp_path, "quit\n")
    assert f"New game: hasbro rules, first to 300. {said}" in again.stdout, again.stdout
    resumed = rook(["play", "--resume", "game-1", "--speech", "off"], tmp_path, "quit\n")
    assert f"Playing hasbro rules, first to 300. {said}" in resumed.stdout, resumed.stdout
    told = rook(["replay", str(tmp_path / "g.jsonl"), "--speech", "off"], tmp_path)
    assert f"New game: hasbro rules, first to 300. {said}" in told.stdout, told.stdout
    plain = rook(["play", "--rules", "hasbro", "--seed", "1", "--speech", "off"], tmp_path, "quit\n")
    assert "New game: hasbro rules, first to 300.\n" in plain.stdout, plain.stdout


def test_replay_is_told_from_no_seat_at_the_dummy(tmp_path: Path) -> None:
    """Nobody sits at the dummy: '--seat dummy' told a two-player game as if someone did, reading
    its whole hand in the auction (found by the review sweep)."""
    record = Path(__file__).parent / "playthroughs" / "two-player.jsonl"
    said = one_line(rook(["replay", str(record), "--no-pause", "--speech", "off", "--seat", "dummy"], tmp_path))
    assert "--seat dummy: nobody sits at the dummy: the seats of the game from line 1 are south, north" in said, said


@pytest.mark.parametrize("command", ["play --deal", "simulate --games 1 --deal", "replay", "table --record",
                                     "play --record", "simulate --games 1 --record"])
def test_a_path_with_a_newline_or_an_escape_is_said_on_one_printable_line(tmp_path: Path, command: str) -> None:
    """A deal file, a record to replay and a table record named by a path holding a newline and
    an escape sequence split the refusal in two and turned the terminal red (found by the
    re-check of 6366f31, which said these paths were escaped already)."""
    name = "bad\n\x1b[31mred"
    if command == "table --record":
        path = tmp_path / name / "x.jsonl"  # a folder that is not there
    else:  # a deal with no hands; a record that is none; a file that holds something else
        path = tmp_path / f"{name}.json"
        path.write_text('{"dealer": "north"}\n' if "deal" in command else "my notes\n" if "--record" in command
                        else "{}\n", encoding="utf-8")
    args = [*command.split(), str(path)]
    done = rook(args + ["--speech", "off"] if args[0] in ("play", "table") else args, tmp_path)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1 and "\x1b" not in done.stderr, done.stderr


def test_the_named_pipe_line_says_its_path_on_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """"Reading the deal file from the named pipe ..." printed the pipe's path raw (the re-check).
    The file is taken for a pipe by the module's own stat test, so this runs on every system."""
    import types

    from rook_access.commands import common

    path = tmp_path / "bad\n\x1b[31mred.fifo"
    path.write_text("{}", encoding="utf-8")
    monkeypatch.setattr(common, "stat", types.SimpleNamespace(S_ISFIFO=lambda mode: True))
    line = common.pipe_wait_line(str(path), "deal file")
    assert line is not None and line.isprintable() and "\\n" in line, line


def test_replays_checking_line_says_its_path_on_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """A big record's "Checking the record ..." printed its path raw (the re-check)."""
    from rook_access.cli import main
    from rook_access.commands import replay

    record = tmp_path / "bad\n\x1b[31mred.jsonl"
    record.write_text("{}\n", encoding="utf-8")
    monkeypatch.setattr(replay, "CHECK_SAID_FROM", 0)
    main(["replay", str(record), "--speech", "off", "--no-pause"])
    out = capsys.readouterr().out
    assert out.startswith("Checking the record ") and "\x1b" not in out and len(out.splitlines()) == 1, out


def test_replay_says_when_the_remembered_voice_is_held_back(tmp_path: Path) -> None:
    """play and table say it; replay was silent without a word (the re-check)."""
    rook(["play", "--speech", "tts", "--seed", "3"], tmp_path, "quit\n")  # remembers tts
    record = Path(__file__).parent / "playthroughs" / "hasbro.jsonl"
    done = rook(["replay", str(record), "--no-pause"], tmp_path)
    assert done.stdout.startswith("Speech is off for this run: the output goes to a file or another program"), \
        done.stdout[:300]


def test_a_settings_folder_with_a_newline_is_said_on_one_line(tmp_path: Path) -> None:
    """ROOK_ACCESS_HOME holding a newline and an escape sequence: the damaged settings' warning
    was printed in two lines and turned the terminal red (the re-check)."""
    home = tmp_path / "home\n\x1b[31mred"
    home.mkdir()
    (home / "settings.toml").write_text("speech = [\n", encoding="utf-8")
    done = rook(["play", "--speech", "off"], home, "quit\n")
    warned = [line for line in done.stderr.splitlines() if "settings" in line]
    assert done.returncode == 0 and len(done.stderr.splitlines()) == 1 and "\x1b" not in done.stderr, done.stderr
    assert warned and "is damaged" in warned[0], done.stderr
    # A family's rules under it too (the re-check): saved, and read back damaged.
    saved = rook(["rules", "--save", "fam", "--from", "hasbro", "--option", "target=200"], home)
    assert saved.returncode == 0 and len(saved.stdout.splitlines()) == 1 and "\x1b" not in saved.stdout, saved.stdout
    listed = rook(["rules"], home).stdout  # the list names their folder (the re-check of b549853)
    assert "\x1b" not in listed and "Your family's own rules, saved in " in listed, listed
    # A real-table game where older versions kept them: its path and the folder to move it into.
    assert rook(["table", "--speech", "off", "--rules", "hasbro", "--name", "t"], home, "south\n").returncode == 0
    (home / "saves" / "table" / "t.json").rename(home / "saves" / "old-t.json")
    moved = rook(["play", "--speech", "off", "--resume", "old-t"], home).stderr
    assert len(moved.splitlines()) == 1 and "\x1b" not in moved and "is a real-table game" in moved, moved
    (home / "rules" / "fam.toml").write_text("base = [\n", encoding="utf-8")
    said = rook(["rules", "fam"], home).stderr
    assert len(said.splitlines()) == 1 and "\x1b" not in said and "is damaged, not readable as rules" in said, said


def test_a_file_name_too_long_is_one_line_that_says_the_name_once(tmp_path: Path) -> None:
    """Path.exists raises for a name too long: --record gave "cannot write <the whole name>"
    with status 1, and a save naming such a record could not be resumed at all (the saves
    sweep). Now the record is refused as any record that cannot be written, its name shortened
    once, and the resumed game goes on without it."""
    long = str(tmp_path / ("z" * 300))
    spaced = str(tmp_path / ("z" * 170 + " " + "y" * 100))  # cut once, not each part (the re-check)
    for command in (["play", "--speech", "off", "--seed", "1"], ["simulate", "--games", "1"]):
        for name in (long, spaced):
            said = one_line(rook([*command, "--record", name], tmp_path, "quit\n"))
            assert said.count("characters)") == 1 and "File name too long" in said, said
            assert said.startswith("rook-access: cannot write the record "), said
    # Typed input said back in the same line as something shortened is shortened too (the re-check).
    meant = one_line(rook(["play", "--speech", "off", "level=" + "x" * 5000], tmp_path, "quit\n"))
    assert len(meant) < 400 and "did you mean --level x" in meant, meant[:300]
    in_folder = one_line(rook(["table", "--record", str(Path(long) / "r.jsonl")], tmp_path, "quit\n"))
    assert in_folder.count("characters)") == 2 and "there is no folder" in in_folder, in_folder
    assert rook(["play", "--speech", "off", "--seed", "1", "--name", "g", "--record", str(tmp_path / "r.jsonl")],
                tmp_path, "pass\n").returncode == 0
    save = tmp_path / "saves" / "g.json"
    data = json.loads(save.read_text(encoding="utf-8"))
    save.write_text(json.dumps({**data, "record": long, "record_size": 0}), encoding="utf-8")
    resumed = rook(["play", "--resume", "g", "--speech", "off"], tmp_path, "quit\n")
    assert resumed.returncode == 0 and "cannot be continued (File name too long); play goes on without it" in \
        resumed.stdout, resumed.stdout + resumed.stderr


@pytest.mark.parametrize("command", [["play", "--seed", "1"], ["table", "--rules", "hasbro"]])
def test_a_damaged_settings_file_is_said_once_at_the_start(command: list[str], tmp_path: Path) -> None:
    """Its warning says where it will be kept; the start then kept the rules played, set it aside
    and said so again in a second long line with the path (the saves sweep)."""
    (tmp_path / "settings.toml").write_text("[[[", encoding="utf-8")
    done = rook([*command, "--speech", "off"], tmp_path, "quit\n")
    said = done.stdout + done.stderr
    assert said.count("settings.toml") == 2, said  # the file and its copy, in the one warning
    assert "this one is kept as" in done.stderr and "could not be read as settings" not in said, said
    assert (tmp_path / "settings.toml.damaged").read_text(encoding="utf-8") == "[[["


def test_unplayable_rules_last_played_are_said_only_where_they_would_be_played(tmp_path: Path) -> None:
    """The family's rules last played, damaged since: "hasbro is the default" was said before
    --rules refused them, and before replay's own refusal (the saves sweep); and a game without
    --rules stops, saying so, keeping them."""
    assert rook(["rules", "--save", "fam", "--from", "hasbro", "--option", "target=200"], tmp_path).returncode == 0
    assert rook(["play", "--rules", "fam", "--seed", "1", "--speech", "off"], tmp_path, "quit\n").returncode == 0
    family = tmp_path / "rules" / "fam.toml"
    family.write_text(family.read_text(encoding="utf-8").replace("target = 200", 'target = "abc"'), encoding="utf-8")
    refused = one_line(rook(["play", "--rules", "fam", "--seed", "1", "--speech", "off"], tmp_path, "quit\n"))
    assert 'option target must be a whole number, not "abc"' in refused, refused
    empty = one_line(rook(["replay", os.devnull], tmp_path))
    assert empty.endswith("the record is empty; it should start with a game line\n"), empty
    # Played without --rules, they stop the game with what is wrong, and are kept: they fell back
    # to hasbro and were written over, forgotten once the file was mended (the family sweep of
    # session 29).
    for command in (["play", "--seed", "1"], ["table"]):
        stopped = one_line(rook([*command, "--speech", "off"], tmp_path, "quit\n"))
        assert stopped.startswith(f"rook-access: the rules last played, fam, cannot be played: {family}: "), stopped
        assert stopped.endswith("; mend the file, or choose rules with --rules NAME (rook-access rules lists them)\n")
    assert 'rules = "fam"' in (tmp_path / "settings.toml").read_text(encoding="utf-8")
    family.write_text(family.read_text(encoding="utf-8").replace('target = "abc"', "target = 200"), encoding="utf-8")
    started = rook(["play", "--seed", "1", "--speech", "off"], tmp_path, "quit\n")
    assert started.returncode == 0 and "New game: fam rules, first to 200." in started.stdout, started.stdout


@pytest.mark.parametrize("command", [["play", "--seed", "1"], ["table"], ["saves"], ["rules", "hasbro"]])
def test_a_rook_access_home_that_is_a_file_is_one_line_saying_so(command: list[str], tmp_path: Path) -> None:
    """Two lines ("cannot read the settings ...: Not a directory", "the game cannot be saved")
    named neither the cause nor what works, and play went on unsaved (the saves sweep)."""
    home = tmp_path / "home"
    home.write_text("hi\n", encoding="utf-8")
    said = one_line(rook(command, home, "quit\n"))
    assert said == (f"rook-access: ROOK_ACCESS_HOME names {home}, which is not a folder: set it to a folder "
                    "(one not there yet is made), or unset it\n")
    assert home.read_text(encoding="utf-8") == "hi\n"


@pytest.mark.parametrize("command", [["play", "--name", "sunday"], ["play", "--resume", "sunday"],
                                     ["table", "--name", "sunday"], ["rules"]])
def test_a_rook_access_home_named_too_long_or_with_a_tilde_is_read_as_the_game_reads_it(
        command: list[str], tmp_path: Path) -> None:
    """A name too long ended these with "cannot write ...: File name too long" and status 1 (the
    re-check), once the game had been played unsaved; a quoted "~/file" was checked as a folder
    named ~ and then used as the file, unsaved."""
    for long_home in (tmp_path / ("b" * 300), tmp_path / "not-yet" / ("b" * 300)):  # its folder not made yet too
        said = one_line(rook(command, long_home, "quit\n"))
        assert said.startswith("rook-access: ROOK_ACCESS_HOME names "), said
        assert "a name too long for this system" in said, said
    assert not (tmp_path / "not-yet").exists()
    (tmp_path / "file").write_text("hi\n", encoding="utf-8")
    env = dict(os.environ, HOME=str(tmp_path), ROOK_ACCESS_HOME="~/file")
    done = subprocess.run([sys.executable, "-m", "rook_access", *command], input="quit\n", capture_output=True,
                          text=True, env=env, timeout=180)
    assert done.returncode == 2 and done.stderr == (
        f"rook-access: ROOK_ACCESS_HOME names {tmp_path / 'file'}, which is not a folder: set it to a folder "
        "(one not there yet is made), or unset it\n"), done.stderr
    (tmp_path / "~x").mkdir()  # "./~x" names a folder here, not a user's home (the second re-check)
    env["ROOK_ACCESS_HOME"] = "./~x"
    done = subprocess.run([sys.executable, "-m", "rook_access", "saves"], capture_output=True, text=True, env=env,
                          timeout=180, cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    env["ROOK_ACCESS_HOME"] = "~nosuchuser-rook/x"  # was "unexpected error (RuntimeError ...)", status 1
    done = subprocess.run([sys.executable, "-m", "rook_access", *command], input="quit\n", capture_output=True,
                          text=True, env=env, timeout=180)
    assert done.returncode == 2 and done.stderr == (
        "rook-access: ROOK_ACCESS_HOME names ~nosuchuser-rook/x, and its ~ names no user's home here: give the "
        "whole path\n"), done.stderr


def test_rules_save_in_a_home_just_short_of_the_limit_is_one_line(tmp_path: Path) -> None:
    """A home short enough to pass the check leaves no room for rules/NAME.toml: rules --save
    ended with "cannot write ...: File name too long" and status 1 (the re-check of session 28),
    as play and table did before 03a9c29."""
    home = tmp_path
    while len(str(home)) < 4090 - 201:
        home = home / ("c" * 200)
    home = home / ("d" * (4090 - len(str(home)) - 1))
    assert len(str(home)) == 4090
    said = one_line(rook(["rules", "--save", "fam"], home))
    assert said.startswith("rook-access: cannot write ") and said.endswith(": File name too long\n"), said


def test_a_table_record_from_before_the_moons_rename_is_continued(tmp_path: Path) -> None:
    """An older version wrote moon "georgia" for a moon at another top bid, now "on": the table's
    resume compared the record's options raw and dropped the record for good (the re-check)."""
    record = tmp_path / "t.jsonl"
    started = rook(["table", "--rules", "georgia", "--option", "max_bid=175", "--name", "t", "--record", str(record),
                    "--speech", "off"], tmp_path, "south\n")
    assert started.returncode == 0, started.stderr
    lines = [json.loads(line) for line in record.read_text("utf-8").splitlines()]
    assert lines[0]["options"]["moon"] == "on"
    lines[0]["options"]["moon"] = "georgia"  # as the older version wrote it
    record.write_text("".join(json.dumps(line) + "\n" for line in lines), "utf-8")
    resumed = rook(["table", "--resume", "t", "--speech", "off"], tmp_path, "quit\n")
    assert resumed.returncode == 0 and "cannot be continued" not in resumed.stdout, resumed.stdout


def test_what_a_refusal_offers_fits_what_is_there(tmp_path: Path) -> None:
    """A name with no save was told to delete it; a start of several of play's options typed
    first blamed its value as a command; a record's missing folder behind a link was named empty
    (the re-check)."""
    for command in ("play", "table"):
        said = one_line(rook([command, "--resume", "nosuch"], tmp_path, "quit\n"))
        assert "there is no saved" in said and "delete" not in said, said
    said = one_line(rook(["--re", "sunday"], tmp_path))
    assert "ambiguous option: --re could match --record, --resume" in said, said
    (tmp_path / "link.jsonl").symlink_to(tmp_path / "gone" / "r.jsonl")
    said = one_line(rook(["simulate", "--games", "1", "--record", str(tmp_path / "link.jsonl")], tmp_path))
    assert f"there is no folder {tmp_path / 'gone'};" in said, said


@pytest.mark.parametrize("command", ["play", "table", "simulate"])
def test_a_record_where_none_can_be_made_is_refused_alike_by_every_command(command: str, tmp_path: Path) -> None:
    """table named the folder the link sits in (".") for a link to a missing folder, and started
    for a name too long or a loop of links; play said "Not a directory" for a file in a folder's
    place (the re-check)."""
    (tmp_path / "link.jsonl").symlink_to(tmp_path / "gone" / "r.jsonl")
    (tmp_path / "afile").write_text("", encoding="utf-8")
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    args = {"play": ["play", "--speech", "off"], "table": ["table", "--speech", "off"],
            "simulate": ["simulate", "--games", "1"]}[command]
    for record, why in (("link.jsonl", f"there is no folder {tmp_path / 'gone'};"),
                        ("afile/r.jsonl", f"there is no folder {tmp_path / 'afile'};"),
                        ("loop1", "Too many levels of symbolic links"),
                        ("d" * 300 + ".jsonl", "File name too long")):
        said = one_line(rook([*args, "--record", str(tmp_path / record)], tmp_path / "home", "quit\n"))
        assert why in said, said
    # A name ending in / names a folder: play and table wrote a file without the slash, simulate
    # called it a folder that was not there (the re-check).
    for typed in ("fresh/", "fresh/."):  # "fresh/." was taken as the file fresh (the second re-check)
        said = one_line(rook([*args, "--record", f"{tmp_path}/{typed}"], tmp_path / "home", "quit\n"))
        assert f"{typed} names a folder: give a file name, like {tmp_path / 'fresh'}/game.jsonl" in said, said
    assert not (tmp_path / "fresh").exists()
    # The root's example was "//game.jsonl", read aloud "slash slash" (the re-check of session 28).
    assert "/ names a folder: give a file name, like /game.jsonl" in one_line(
        rook([*args, "--record", "/"], tmp_path / "home", "quit\n"))


def test_replay_takes_a_record_whose_options_leave_out_the_tables_shape(tmp_path: Path) -> None:
    """The core took it (3504072), but replay read the options again itself and refused it, and
    without the file or line (the re-check of session 29)."""
    record = tmp_path / "game.jsonl"
    made = rook(["simulate", "--games", "1", "--rules", "two-player", "--record", str(record)], tmp_path)
    assert made.returncode == 0
    lines = record.read_text("utf-8").splitlines()
    game = json.loads(lines[0])
    game["options"] = {k: v for k, v in game["options"].items()
                       if k not in ("seats", "sides", "aside", "auction", "dummy_face_up")}
    record.write_text("\n".join([json.dumps(game), *lines[1:]]) + "\n", "utf-8")
    told = rook(["replay", str(record), "--no-pause", "--speech", "off", "--all-hands"], tmp_path)
    assert told.returncode == 0 and "Game over" in told.stdout, told.stderr


def test_a_crlf_record_cut_in_its_last_lines_first_bytes_is_read_up_to_it(tmp_path: Path) -> None:
    """Its line end was taken for part of the line, so a cut of under eight bytes was refused
    whole, "(line 1, column 3: Invalid control character at)" (the re-check of session 29)."""
    record = tmp_path / "game.jsonl"
    assert rook(["simulate", "--games", "1", "--record", str(record)], tmp_path).returncode == 0
    crlf = tmp_path / "crlf.jsonl"
    whole = record.read_bytes().replace(b"\n", b"\r\n")
    crlf.write_bytes(whole + b'{"t\r\n')
    told = rook(["replay", str(crlf), "--no-pause", "--speech", "off"], tmp_path)
    assert told.returncode == 0 and "Game over" in told.stdout, told.stderr
    crlf.write_bytes(whole + b'x{"t\r\n')  # not the start of a line the game writes
    said = one_line(rook(["replay", str(crlf), "--no-pause"], tmp_path))
    assert said.endswith("is not valid JSON (column 1: Expecting value)\n"), said


def test_a_json_fault_in_a_files_first_line_names_the_line(tmp_path: Path) -> None:
    """A record line's fault is said by its column (its line is named before it); a file of
    several lines lost its line when the fault was on line 1 (the re-check of session 29)."""
    deal = tmp_path / "deal.json"
    deal.write_text('{"dealer": "north",,\n "hands": {}\n}\n', "utf-8")
    said = one_line(rook(["simulate", "--games", "1", "--deal", str(deal)], tmp_path))
    assert "is not valid JSON (line 1, column 20: " in said, said
    deal.write_text('\n\n{"dealer": "north",, "hands": {}}\n', "utf-8")  # blank lines before it count
    said = one_line(rook(["simulate", "--games", "1", "--deal", str(deal)], tmp_path))
    assert "is not valid JSON (line 3, column 20: " in said, said
    # Cut short, with the newline an editor ends it with: "column 1", the start of line 1 (session 30).
    for cut in ('{"dealer": "north"\n', '{"dealer": "north", "hands": {}\n\n\n'):
        deal.write_text(cut, "utf-8")
        said = one_line(rook(["simulate", "--games", "1", "--deal", str(deal)], tmp_path))
        assert "is not valid JSON (at its end: Expecting " in said, said


def test_labels_all_that_could_not_make_its_folder_does_not_say_it_made_it(tmp_path: Path) -> None:
    """"no sheet was written; it made the folder afile/new", where afile is a file (the re-check of
    session 29)."""
    (tmp_path / "afile").write_text("x\n", "utf-8")
    said = one_line(rook(["labels", "--all", "--output-dir", str(tmp_path / "afile" / "new")], tmp_path))
    assert said.endswith("; no sheet was written\n"), said


@pytest.mark.parametrize("mode", ["only", "after"])
def test_a_terminal_that_cannot_show_cells_gets_one_warning_and_card_names(mode: str, tmp_path: Path) -> None:
    """Under a Latin-1 locale, "Your hand. Red: 9 ??, 7 ??." after the warning, with braille
    only or after (the braille sweep of session 33): the names alone, and the setting kept."""
    env = dict(os.environ, ROOK_ACCESS_HOME=str(tmp_path), PYTHONIOENCODING="latin-1")
    done = subprocess.run([sys.executable, "-m", "rook_access", "play", "--seed", "5", "--rules", "hasbro", "--braille",
                           mode, "--plain", "--speech", "off"], input="quit\n", capture_output=True,
                          encoding="latin-1", env=env, timeout=180)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("cannot show braille cells") == 1
    assert "Until then cards are named in words only." in done.stdout.splitlines()[0]
    assert "Your hand. Red: 9, 7. Green: 8. Black: 13, 9. Yellow: 12, 9, 7, 6." in done.stdout.splitlines()
    assert "?" not in done.stdout


@pytest.mark.parametrize(("encoding", "shown"), [
    ("latin-1", "Rules: oma. Zoë's \"best\" rules - 1-2... (not shown)"),
    ("ascii", "Rules: oma. Zoe's \"best\" rules - 1-2... (not shown)"),
    ("utf-8", "Rules: oma. Zoë’s “best” rules — 1–2… 北 ⠗"),
])
def test_text_a_terminal_cannot_show_is_never_a_question_mark(encoding: str, shown: str, tmp_path: Path) -> None:
    """Under a Latin-1 terminal a family's description "Oma’s rules — 北 ⠗" printed as "Oma?s
    rules ? ? ?", and a screen reader said "question mark" four times (found by the files sweep of
    session 37): typographic punctuation is written in ASCII, an accent the terminal lacks is
    dropped, and what cannot be shown at all is said to be there, once for a run of it."""
    saved = rook(["rules", "--save", "oma", "--description", "Zoë’s “best” rules — 1–2… 北 ⠗"], tmp_path)
    assert saved.returncode == 0, saved.stderr
    env = dict(os.environ, ROOK_ACCESS_HOME=str(tmp_path), PYTHONIOENCODING=encoding)
    done = subprocess.run([sys.executable, "-m", "rook_access", "rules", "oma"], capture_output=True,
                          encoding=encoding, env=env, timeout=180)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.splitlines()[0] == shown
    refused = subprocess.run([sys.executable, "-m", "rook_access", "rules", "oma’s"], capture_output=True,
                             encoding=encoding, env=env, timeout=180)  # standard error too: not "\u2019"
    assert "oma's" in refused.stderr or encoding == "utf-8", refused.stderr


def test_what_a_terminal_cannot_show_is_written_as_it_can() -> None:
    """Spaces and unseen characters too; an accent typed apart from its letter; a stream with no
    encoding (a test's) and a text the terminal shows are left as they are."""
    import io

    from rook_access.console.printer import Printer, shown_in

    assert shown_in("a\u00a0b\u202fc\u200bd e\u0301", "ascii") == "a b cd e"
    assert shown_in("‘x’ “y” «z» • \u2212", "ascii") == "'x' \"y\" <<z>> - -"
    assert shown_in("Ελλάδα and 北 ⠗ end", "latin-1") == "(not shown) and (not shown) end"
    assert shown_in("Oma’s ⠗", None) == "Oma’s ⠗" and shown_in("Oma’s ⠗", "utf-8") == "Oma’s ⠗"
    stream = io.TextIOWrapper(io.BytesIO(), encoding="latin-1")  # strict: nothing written as "?"
    Printer(stream).write(["Oma’s rules — 北"])
    stream.seek(0)
    assert stream.read() == "Oma's rules - (not shown)\n"
