"""``rook-access replay``: a simulated record announced straight through, paused on a terminal,
and damaged records reported in one line naming the line."""

from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from rook_access.store.record import read_record
from tests.core_helpers import make_deal

PAUSE = "Enter for more, r to repeat, q to stop: "


def run(*args: str, home: Path, stdin: str | None = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, ROOK_ACCESS_HOME=str(home))
    return subprocess.run([sys.executable, "-m", "rook_access", *args], capture_output=True,
                          text=True, timeout=120, env=env, input=stdin)


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("replay") / "game.jsonl"
    out = run("simulate", "--rules", "hasbro", "--games", "1", "--seed", "4", "--record", str(path),
              home=path.parent)
    assert out.returncode == 0, out.stderr
    return path


def test_replay_names_cards_as_the_players_games_do(record: Path, tmp_path: Path) -> None:
    """With braille labels after the names, a game replayed had names only: "as you heard it"
    (found by a helper's settings sweep). In the player's label style, black as b here."""
    (tmp_path / "settings.toml").write_text('braille = "after"\nblack_letter = "b"\n', "utf-8")
    out = run("replay", str(record), "--no-pause", "--speech", "off", home=tmp_path)
    assert out.returncode == 0, out.stderr
    hand = next(line for line in out.stdout.splitlines() if line.startswith("Your hand."))
    assert re.search("[\u2801-\u28ff]", hand), hand
    assert "⠃" in hand or "Black: none" in hand, hand  # b (dots 1-2) marks black in this style


def test_replay_takes_the_braille_a_game_was_played_with_for_this_replay(record: Path, tmp_path: Path) -> None:
    """A game played with --braille only (not kept) was told with names, and replay had no
    --braille to ask for the cells (the braille-only sweep of session 31)."""
    out = run("replay", str(record), "--no-pause", "--speech", "off", "--braille", "only", home=tmp_path)
    assert out.returncode == 0, out.stderr
    hand = next(line for line in out.stdout.splitlines() if line.startswith("Your hand."))
    assert re.search("[\u2801-\u28ff]", hand) and not re.search(r"\d", hand.removeprefix("Your hand.")), hand
    assert not (tmp_path / "settings.toml").exists() or "only" not in (tmp_path / "settings.toml").read_text()


def test_replay_straight_through_tells_every_event(record: Path, tmp_path: Path) -> None:
    out = run("replay", str(record), "--no-pause", "--speech", "off", "--all-hands", home=tmp_path)
    assert out.returncode == 0 and out.stderr == ""
    lines = out.stdout.splitlines()
    events = read_record(record)
    assert lines[0] == "Every hand is read out: the game is over."
    assert lines[1] == "New game: hasbro rules, first to 300."
    plays = [line for line in lines if " leads " in line or " plays " in line]
    assert len(plays) == sum(e["type"] == "play" for e in events)
    tricks = [line for line in lines if " wins trick " in line]
    assert len(tricks) == sum(e["type"] == "trick" for e in events)
    hands = [line for line in lines if line.startswith("Hand ") and (" made " in line or " set, " in line)]
    assert len(hands) == sum(e["type"] == "hand_end" for e in events)
    deals = [e for e in events if e["type"] == "deal"]
    assert sum(line.endswith("deals.") for line in lines) == len(deals)
    assert sum("'s hand. " in line for line in lines) == 4 * len(deals)  # a record is for review
    assert lines[-1].startswith("Game over: ")
    assert "Traceback" not in out.stdout


def test_verbosity_option_and_the_saved_setting(record: Path, tmp_path: Path) -> None:
    brief = run("replay", str(record), "--no-pause", "--verbosity", "brief", home=tmp_path).stdout
    full = run("replay", str(record), "--no-pause", "--verbosity", "full", home=tmp_path).stdout
    assert re.search(r" wins?, ", brief) and "Points this hand:" not in brief
    assert "Points this hand:" in full and len(full) > len(brief)
    (tmp_path / "settings.toml").write_text('verbosity = "brief"\nbids = false\n', "utf-8")
    saved = run("replay", str(record), "--no-pause", home=tmp_path).stdout
    assert re.search(r" wins?, ", saved) and " bids " not in saved and " passes." not in saved


def test_not_a_terminal_never_waits(record: Path, tmp_path: Path) -> None:
    """Without --no-pause, input that is not a terminal runs straight through (no prompt)."""
    out = run("replay", str(record), home=tmp_path, stdin="")
    assert out.returncode == 0
    assert "Enter for more" not in out.stdout
    assert out.stdout.splitlines()[-1].startswith("Game over: ")


def test_pauses_after_each_trick_on_a_terminal(record: Path, tmp_path: Path) -> None:
    env = dict(os.environ, ROOK_ACCESS_HOME=str(tmp_path), TERM="dumb")
    child = pexpect.spawn(sys.executable, ["-m", "rook_access", "replay", str(record), "--speech",
                                           "off"], env=env, encoding="utf-8", timeout=20)
    try:
        child.expect(r"wins? trick 1, [^\r\n]+\r\n")
        child.expect_exact(PAUSE)
        assert "trick 2" not in child.before
        child.sendline("")
        child.expect(r"wins? trick 2, [^\r\n]+\r\n")
        child.expect_exact(PAUSE)
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert "trick 3" not in (child.before or "")


def test_a_terminal_written_to_a_file_runs_straight_through(record: Path, tmp_path: Path) -> None:
    """`replay sim.jsonl > game.txt` at a terminal waited unseen at the first trick, and the file
    held "Enter for more, r to repeat, q to stop: " glued to the next line (the shell-commands
    sweep of session 38): output to a file gets the whole replay, with no question in it."""
    env = dict(os.environ, ROOK_ACCESS_HOME=str(tmp_path), TERM="dumb")
    told = tmp_path / "game.txt"
    command = f"{sys.executable} -m rook_access replay {record} --speech off > {told}"
    child = pexpect.spawn("/bin/sh", ["-c", command], env=env, encoding="utf-8", timeout=20)
    try:
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0 and child.before == ""  # nothing asked on the screen
    text = told.read_text(encoding="utf-8")
    assert "Enter for more" not in text and text.splitlines()[-1].startswith("Game over: ")


def test_ctrl_c_at_the_pause_stops_on_a_line_of_its_own(record: Path, tmp_path: Path) -> None:
    """"Enter for more, q to stop: ^Crook-access: stopped." ran the stop into the prompt's line
    (found by a helper's command-line sweep)."""
    env = dict(os.environ, ROOK_ACCESS_HOME=str(tmp_path), TERM="dumb")
    # The game as a player starts it, Ctrl+C doing its default. A test run started in the
    # background (`.ci/run &`, nohup) ignores SIGINT, and a child inherits that, so the replay
    # never heard the Ctrl+C and the test hung: that, not a race, was its flakiness (found this
    # session). Pressed the instant the prompt shows, five times over.
    for _ in range(5):
        child = pexpect.spawn(sys.executable, ["-m", "rook_access", "replay", str(record), "--speech",
                                               "off"], env=env, encoding="utf-8", timeout=20,
                              preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        try:
            child.expect_exact(PAUSE)
            child.sendintr()
            child.expect(pexpect.EOF)
        finally:
            child.close()
        assert child.exitstatus == 130 or child.signalstatus is not None
        stop = next(line for line in (child.before or "").splitlines() if "stopped" in line)
        assert stop.strip() == "rook-access: stopped.", child.before


def damaged(tmp_path: Path, record: Path, number: int, text: str) -> Path:
    lines = record.read_text("utf-8").splitlines()
    lines[number - 1] = text
    path = tmp_path / "damaged.jsonl"
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path


def test_a_file_that_is_no_record_is_said_so_with_where_records_come_from(tmp_path: Path) -> None:
    """A text file was "line 1 is not valid JSON (column 1: Expecting value)", and a saved game
    "line 1 is not a record line: it needs a "type"" (the shell-commands sweep of session 38)."""
    notes = tmp_path / "notes.txt"
    notes.write_text("Grandma's notes: buy milk\n", "utf-8")
    out = run("replay", str(notes), "--no-pause", home=tmp_path)
    assert out.returncode == 2 and out.stderr == (f"rook-access: {notes} is not a game record (records are written "
                                                  "by play --record or simulate --record)\n"), out.stderr
    assert run("play", "--speech", "off", "--name", "sunday", home=tmp_path, stdin="quit\n").returncode == 0
    save = tmp_path / "saves" / "sunday.json"
    out = run("replay", str(save), "--no-pause", home=tmp_path)
    assert out.returncode == 2 and out.stderr == (f"rook-access: {save} is a saved game, not a game record: "
                                                  "rook-access play --resume sunday goes on with it; records come "
                                                  "from play --record\n"), out.stderr
    # JSON begun by hand keeps where it went wrong, after the plain reason.
    notes.write_text('{ "type": "game",, }\n', "utf-8")
    out = run("replay", str(notes), "--no-pause", home=tmp_path)
    assert out.stderr.endswith("simulate --record); its line 1 is not valid JSON (column 18: Expecting property "
                               "name enclosed in double quotes)\n"), out.stderr


@pytest.mark.parametrize(("text", "expected"), [
    ('{"type": "play", "seat": "north", "card": "14', "line 7 is not valid JSON"),
    ('{"type": "play", "seat": "north"}', "line 7 (a play line): the card is missing"),
    ('{"type": "play", "seat": "north", "card": "15q"}', "line 7 (a play line): \"15q\" is not a card code"),
    ('{"type": "trick", "number": 1}', "line 7 (a trick line): a \"trick\" line cannot come here"),
    ('{"type": "chat", "seat": "north"}', "line 7 (a chat line): a \"chat\" line is not a line of rook-record/1"),
    ('["not", "an", "object"]', "line 7 is not a record line"),
    ('{"type": "bid", "seat": "north", "amount": 80}', "line 7 (a bid line): north moves out of turn"),
    # "line 7: NaN is not a number a file of this game holds" read garbled (the replay sweep of session 38).
    ('{"type": "play", "seat": "north", "card": NaN}',
     "line 7 holds NaN, which JSON does not allow as a number (this game never writes it)"),
])
def test_damaged_record_is_one_line_naming_the_line(record: Path, tmp_path: Path, text: str,
                                                    expected: str) -> None:
    out = run("replay", str(damaged(tmp_path, record, 7, text)), "--no-pause", home=tmp_path)
    assert out.returncode == 2
    assert out.stdout == ""  # nothing is announced from a record that cannot be read through
    assert out.stderr.count("\n") == 1 and expected in out.stderr, out.stderr


@pytest.mark.parametrize(("deleted", "expected"), [
    (8, "line 8 (a play line): the rules expect north to name trump next"),
    (7, "line 7 (a trump line): the rules expect north to discard 5 more cards next"),
    (4, 'line 4 (a contract line): a "contract" line cannot come here: the rules expect south to bid or pass'),
])
def test_a_record_missing_a_line_says_what_the_rules_expect(tmp_path: Path, deleted: int, expected: str) -> None:
    """A line deleted from a record was "dummy moves out of turn: it is north's turn" (the trump
    line), "north cannot name trump now: Not now: it is time to discard 5 more cards." (the
    discard line), "the rules expect south to auction" (the pass line): the sweeps of session 34."""
    path = tmp_path / "g.jsonl"
    out = run("play", "--rules", "two-player", "--seed", "1", "--record", str(path), "--plain", "--speech", "off",
              home=tmp_path, stdin="pass\n5y\nquit\n")
    assert out.returncode == 0, out.stderr
    lines = path.read_text("utf-8").splitlines()
    assert [json.loads(line)["type"] for line in lines[2:8]] == ["bid", "pass", "contract", "take_nest", "discard",
                                                                  "trump"]
    short = tmp_path / "short.jsonl"
    short.write_text("\n".join(lines[:deleted - 1] + lines[deleted:]) + "\n", "utf-8")
    out = run("replay", str(short), "--no-pause", home=tmp_path)
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and expected in out.stderr, out.stderr


def test_missing_file_and_empty_record(tmp_path: Path) -> None:
    out = run("replay", str(tmp_path / "nothing.jsonl"), home=tmp_path)
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "there is no record" in out.stderr
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", "utf-8")
    out = run("replay", str(empty), home=tmp_path)
    assert out.returncode == 2 and "empty" in out.stderr and out.stderr.count("\n") == 1


def test_game_line_without_seats(tmp_path: Path) -> None:
    path = tmp_path / "bare.jsonl"
    path.write_text(json.dumps({"type": "game", "format": "rook-record/1"}) + "\n", "utf-8")
    out = run("replay", str(path), home=tmp_path)
    assert out.returncode == 2 and "line 1 (a game line): the game line's preset is missing" in out.stderr


def test_the_voice_says_the_pause_and_the_speech_notice(record: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """With the game's own voice, replay printed "Enter for more, q to stop" and its speech notice
    but never said them: a listener by the voice alone heard a trick, then silence (found by the
    listening sweep)."""
    import io

    import rook_access.commands.replay as replay
    from rook_access.cli import main
    from rook_access.speech.channel import TextChannel

    said: list[str] = []

    class Voice(TextChannel):
        def say(self, line: str) -> None:
            said.append(line)

    monkeypatch.setenv("ROOK_ACCESS_HOME", str(tmp_path))
    monkeypatch.setattr(replay, "make_channel", lambda *args: Voice("Speech: a test voice."))
    stdin = io.StringIO("\nq\n")
    stdin.isatty = lambda: True  # type: ignore[method-assign]
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(replay, "paused", lambda: True)  # the output too at a terminal
    assert main(["replay", str(record), "--speech", "tts"]) == 0
    assert said[0] == "Speech: a test voice."
    pause = "Enter for more, r to repeat, q to stop."
    assert said.count(pause) == 2 and said[-1] == pause
    # A large record's check is said too, not a silence by the voice (found by the re-check).
    monkeypatch.setattr(replay, "CHECK_SAID_FROM", 1)
    said.clear()
    assert main(["replay", str(record), "--speech", "tts", "--no-pause"]) == 0
    assert said[0] == "Speech: a test voice." and said[1].startswith("Checking the record ")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_said_before_it_is_waited_on(record: Path, tmp_path: Path) -> None:
    """replay and --deal given a named pipe waited in silence until a program wrote into it
    (session 21's left-out list): now one line says what it waits for first; for a deal file on
    the error stream, so simulate --json still prints one JSON object (found by the re-check)."""
    pipe = tmp_path / "pipe"
    for args, what, content in ((["replay", str(pipe), "--no-pause", "--speech", "off"], "record",
                                 record.read_text("utf-8")),
                                (["simulate", "--games", "1", "--deal", str(pipe), "--json"], "deal file",
                                 json.dumps(make_deal("hasbro", "west", {})))):
        os.mkfifo(pipe)
        env = dict(os.environ, ROOK_ACCESS_HOME=str(tmp_path))
        with subprocess.Popen([sys.executable, "-m", "rook_access", *args], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=env) as proc:
            assert proc.stdout is not None and proc.stderr is not None
            stream = proc.stdout if what == "record" else proc.stderr
            # Said before anything is written into the pipe; written in any case, so a command
            # that says nothing is not left waiting.
            said = select.select([stream], [], [], 20)[0]
            first = stream.readline() if said else ""
            pipe.write_text(content, "utf-8")
            rest = proc.stdout.read()
            assert first == (f"{'' if what == 'record' else 'rook-access: '}Reading the {what} from the named pipe "
                             f"{pipe}: waiting for a program to write into it; Ctrl+C stops.\n")
            assert proc.wait(timeout=120) == 0
        assert rest, what
        if what == "deal file":
            assert json.loads(rest)["games"] == 1  # one JSON object, the pipe's line not in it
        pipe.unlink()


def test_braille_cells_the_output_cannot_show_are_said_so(record: Path, tmp_path: Path) -> None:
    """With braille labels on and an output that cannot show the cells, replay printed "??" where
    each label goes, without a word of why, as play says it (found by the settings sweep)."""
    (tmp_path / "settings.toml").write_text('braille = "only"\n', "utf-8")
    env = dict(os.environ, ROOK_ACCESS_HOME=str(tmp_path), PYTHONIOENCODING="ascii")
    done = subprocess.run([sys.executable, "-m", "rook_access", "replay", str(record), "--no-pause"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0
    assert done.stdout.splitlines()[0].startswith("This terminal's encoding, ascii, cannot show braille cells."), \
        done.stdout[:300]


def test_a_line_the_announcer_cannot_read_is_named_in_one_printable_line() -> None:
    """The record's path and the line's own type come from outside: said with their escapes,
    not raw (the re-check found the path printed raw there)."""
    from rook_access.commands.replay import announce
    from rook_access.core.errors import RuleError

    class Unreadable:
        def lines(self, event: object, view: object) -> list[str]:
            raise KeyError("winner")

    with pytest.raises(RuleError) as said:
        announce(Unreadable(), {"type": "trick\n\x1b[31m"}, None, "/tmp/a\nb.jsonl", 7)  # type: ignore[arg-type]
    text = str(said.value)
    assert text.isprintable() and "line 7" in text and "the field 'winner' is missing" in text, text


def _paused_replay(record: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, typed: str) -> list[str]:
    """``replay`` of ``record`` at a terminal, ``typed`` at its pauses: what it said, split at
    each pause."""
    import io

    from rook_access.cli import main

    monkeypatch.setenv("ROOK_ACCESS_HOME", str(tmp_path))
    stdin = io.StringIO(typed)
    stdin.isatty = lambda: True  # type: ignore[method-assign]
    monkeypatch.setattr(sys, "stdin", stdin)
    out = io.StringIO()
    out.isatty = lambda: True  # type: ignore[method-assign]
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["replay", str(record), "--speech", "off"]) == 0
    return out.getvalue().split(PAUSE)


def test_the_pause_goes_on_only_for_enter_and_repeats_for_r(record: Path, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """At "Enter for more, q to stop:", "help" or "back" played the next trick without a word
    (the replay sweep of session 34): now a word the pause does not know is told what works and
    changes nothing, r says the last trick again, and only Enter goes on."""
    lines = _paused_replay(record, tmp_path, monkeypatch, "help\nr\nBack\n\nq\n")
    assert len(lines) == 6 and lines[5] == "", lines  # the prompt again after each of help, r and back
    first = lines[0].splitlines()
    assert lines[1] == '"help" is not an answer here: Enter for more, r to repeat, q to stop.\n'
    assert lines[2].splitlines() == first  # r: the lines since the last pause again
    assert lines[3] == '"Back" is not an answer here: Enter for more, r to repeat, q to stop.\n'
    assert "trick 1" in first[-1] and "trick 2" in lines[4].splitlines()[-1] and "trick 3" not in lines[4]


def test_a_key_at_the_pause_is_taken_as_the_game_takes_it_and_a_word_quoted_once(
        record: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The up arrow and Enter was refused as ""\\u001b[A"": quoted twice, its escape code read
    aloud, where a game drops the key's code from a typed line; and the pause left out r, which
    the refusal offered (the accessibility sweep of session 36). The code is dropped (the up
    arrow and Enter is Enter; an arrow before r is r), and what is not an answer is quoted once,
    printable or not."""
    lines = _paused_replay(record, tmp_path, monkeypatch, "\x1b[Ar\n\x1b[Ahelp\nx\ue000\n\x1b[A\nq\n")
    assert len(lines) == 6 and lines[5] == "", lines
    assert lines[1].splitlines() == lines[0].splitlines()[-len(lines[1].splitlines()):]  # r said the trick again
    assert lines[2] == '"help" is not an answer here: Enter for more, r to repeat, q to stop.\n'
    assert lines[3] == '"x\\ue000" is not an answer here: Enter for more, r to repeat, q to stop.\n'
    assert "trick 2" in lines[4].splitlines()[-1]  # the up arrow and Enter went on
