"""A save either happens or the player is told it did not: full disks (RLIMIT_FSIZE with SIGXFSZ
ignored, so every write past the limit fails with EFBIG), folders that cannot be written, a
record on /dev/full, output to /dev/full or a closed stream; files written through symbolic
links; temporary files of interrupted saves removed at the next start."""

from __future__ import annotations

import os
import re
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rook_access.core import cards as C
from rook_access.store.atomic import remove_stale_temps, write_atomic

# Pipe input that plays a whole hasbro game without reading its state: pass every auction, then
# offer every card code in turn at each prompt (the illegal ones are refused and change
# nothing, the first legal one is played).
DRIVE = "\n".join((["pass"] * 3 + [C.code(c) for c in range(C.CARD_COUNT)]) * 25)


def rook(args: list[str], home: Path, stdin: str = "", limit: int | None = None,
         stdout: int | None = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    def cap() -> None:
        if limit is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    env = dict(os.environ, ROOK_ACCESS_HOME=str(home), LANG="en_US.UTF-8", LC_ALL="en_US.UTF-8")
    return subprocess.run([sys.executable, "-m", "rook_access", *args], input=stdin, stdout=stdout,
                          stderr=subprocess.PIPE, text=True, env=env, timeout=300, preexec_fn=cap)


def no_trace(done: subprocess.CompletedProcess[str]) -> None:
    text = (done.stdout or "") + done.stderr
    for bad in ("Traceback", "Logging error", "Exception ignored"):
        assert bad not in text, text[-2000:]


def start_a_game(home: Path) -> Path:
    done = rook(["play", "--speech", "off", "--seed", "7"], home, stdin="pass\nquit\n")
    assert done.returncode == 0 and "Saved." in done.stdout
    return home / "saves" / "game-1.json"


def test_a_full_disk_is_said_once_and_never_called_saved(tmp_path: Path) -> None:
    save = start_a_game(tmp_path)
    good = save.read_bytes()
    log = tmp_path / "rook-access.log"
    log_before = log.read_bytes() if log.exists() else b""
    # A move made (the first legal card code plays): a save with no move since it would lose nothing.
    done = rook(["play", "--speech", "off", "--resume"], tmp_path, limit=0,
                stdin="\n".join(C.code(c) for c in range(C.CARD_COUNT)) + "\nsave\nquit\nstatus\nquit\n")
    no_trace(done)
    assert done.returncode == 0 and done.stderr == ""
    out = done.stdout
    assert len(re.findall(r"Note: the game cannot be saved \(File too large, writing \S+\.json\); play goes on\.",
                          out)) == 1
    assert re.search(r"Not saved: File too large, writing \S+game-\d+\.json\. Play goes on; type save again once it "
                     r"can be written\.", out), out
    assert re.search(r"Not saved: File too large, writing \S+\. Type quit again to leave anyway", out)
    assert "Left without saving the last moves. rook-access play --resume game-1 goes on from the last save" in out
    assert "Saved." not in out and "the game is saved" not in out
    assert save.read_bytes() == good, "the last good save is intact"
    assert not list(save.parent.glob(".*.tmp")), "a failed save leaves no temporary file"
    assert (log.read_bytes() if log.exists() else b"") == log_before  # nothing written, nothing said


def test_a_disk_that_fills_mid_game_with_a_record(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    done = rook(["play", "--speech", "off", "--seed", "3", "--record", str(record)], tmp_path,
                limit=6000, stdin=DRIVE + "\nquit\nquit\n")
    no_trace(done)
    assert done.returncode == 0 and done.stderr == ""
    assert f"Note: the game record {record} cannot be written (File too large); play goes on without it." \
        in done.stdout
    assert done.stdout.count("cannot be written") == 1
    assert re.search(r"Note: the game cannot be saved \(File too large, writing \S+\); play goes on\.", done.stdout)
    assert "plays" in done.stdout.split("cannot be saved")[-1], "play went on after the failure"
    assert record.stat().st_size <= 6000


def test_a_record_on_dev_full(tmp_path: Path) -> None:
    done = rook(["play", "--speech", "off", "--seed", "3", "--record", "/dev/full"], tmp_path,
                stdin="pass\nquit\n")
    no_trace(done)
    assert done.returncode == 0 and done.stderr == ""
    assert "Note: the game record /dev/full cannot be written (No space left on device)" in done.stdout
    assert "Saved." in done.stdout  # the save itself is on a disk with room
    simulated = rook(["simulate", "--games", "1", "--record", "/dev/full"], tmp_path)
    no_trace(simulated)
    assert simulated.returncode == 2
    assert simulated.stderr == "rook-access: cannot write the record /dev/full: No space left on device\n"


def test_files_that_cannot_be_written_end_alike(tmp_path: Path) -> None:
    """A rules file, a labels file and a record that cannot be written: one line and exit 2 each
    (rules --save ended with exit 1; found by a helper's command-line sweep)."""
    blocker = tmp_path / "blocker"
    blocker.write_text("a file, not a folder", "utf-8")
    for args in (["rules", "--save", "fam", "--from", "hasbro", "--option", "target=250"],
                 ["labels", "--output", str(blocker / "x.brf")],
                 ["simulate", "--games", "1", "--record", str(blocker / "x.jsonl")]):
        done = rook(args, blocker / "home")
        no_trace(done)
        assert done.returncode == 2 and done.stderr.startswith("rook-access: cannot write "), (args, done.stderr)
        assert done.stderr.count("\n") == 1


def test_a_folder_that_cannot_be_written(tmp_path: Path) -> None:
    """As an ordinary user: the data and settings folder, holding a save and settings, is made
    read-only (chmod 0500). As root, whom chmod stops from nothing: the folder lies under a
    regular file, so no write (a temporary file, a folder) can happen, not even by root."""
    if os.geteuid() != 0:
        home = tmp_path / "home"
        save = start_a_game(home)
        good = save.read_bytes()
        (home / "settings.toml").write_text('verbosity = "normal"\n', "utf-8")
        for folder in (home / "saves", home):
            folder.chmod(0o500)
        try:
            done = rook(["play", "--speech", "tts", "--resume"], home, stdin="pass\nverbosity brief\nquit\nquit\n")
        finally:
            for folder in (home, home / "saves"):
                folder.chmod(0o700)
        assert save.read_bytes() == good
    else:
        blocker = tmp_path / "blocker"
        blocker.write_text("a file, not a folder", "utf-8")
        home = blocker / "home"
        done = rook(["play", "--speech", "tts", "--seed", "2"], home, stdin="pass\nverbosity brief\nquit\nquit\n")
    no_trace(done)
    assert done.returncode == 0
    assert done.stdout.count("Note: the game cannot be saved") == 1
    assert "Saved." not in done.stdout and "Left without saving" in done.stdout
    if os.geteuid() == 0:  # no save of this game was ever written: no resume is offered
        assert "Left without saving: nothing of this game could be saved." in done.stdout
        assert "--resume" not in done.stdout
    assert all(line.startswith("rook-access: ") for line in done.stderr.splitlines())


@pytest.mark.parametrize(("args", "stdin"), [(["play", "--seed", "3"], "pass\n"), (["table"], "east\n")])
def test_input_ended_where_nothing_could_be_saved_offers_no_resume(args: list[str], stdin: str,
                                                                    tmp_path: Path) -> None:
    """Input ended with no save ever written: it said the game was saved (table) or that
    --resume goes on (play), and the resume then found nothing (found by a helper)."""
    blocker = tmp_path / "blocker"
    blocker.write_text("a file, not a folder", "utf-8")
    done = rook(args, blocker / "home", stdin=stdin)
    no_trace(done)
    last = done.stdout.splitlines()[-1]
    assert done.returncode == 0 and last.startswith("Input ended, and the game could not be saved (")
    assert last.endswith("nothing of it was kept.") and "--resume" not in last


@pytest.mark.parametrize("args", [["--help"], ["rules"], ["rules", "hasbro"], ["simulate", "--games", "1"],
                                  ["play", "--help"], ["saves"]])
def test_output_to_a_full_or_closed_stream(args: list[str], tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        done = rook(args, tmp_path, stdout=full.fileno())
    no_trace(done)
    assert done.returncode == 1
    assert done.stderr == "rook-access: cannot write the output: No space left on device\n"
    closed = subprocess.run(f"{sys.executable} -m rook_access {' '.join(args)} >&-", shell=True,
                            capture_output=True, text=True, env=dict(os.environ, ROOK_ACCESS_HOME=str(tmp_path)),
                            timeout=120)
    assert closed.returncode != 0 and "Traceback" not in closed.stderr and "Exception ignored" not in closed.stderr
    assert closed.stderr.count("\n") == 1 and closed.stderr.startswith("rook-access: ")


@pytest.mark.parametrize("args", [["play", "--seed", "1"], ["play", "--plain", "--seed", "1"], ["table"]])
def test_input_closed_is_input_ended(args: list[str], tmp_path: Path) -> None:
    """Started with standard input closed (<&-): the game is saved as at the end of input."""
    done = subprocess.run(f"{sys.executable} -m rook_access {' '.join(args)} --name closed <&-", shell=True,
                          capture_output=True, text=True, env=dict(os.environ, ROOK_ACCESS_HOME=str(tmp_path)),
                          timeout=120)
    no_trace(done)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.splitlines()[-1].startswith("Input ended: the game is saved.")


@pytest.mark.parametrize("args", [["play", "--seed", "1"], ["table"], ["play", "--rules", "nosuch"]])
def test_error_stream_closed_still_plays_and_says_errors_on_the_output(args: list[str], tmp_path: Path) -> None:
    """Started with standard error closed (2>&-, or a windowed Python): the game crashed with
    "unexpected error (AttributeError ...)" flushing it; now the game runs and an error's one
    line goes to standard output (found by a helper's command-line sweep)."""
    done = subprocess.run(f"{sys.executable} -m rook_access {' '.join(args)} --name shut <&- 2>&-", shell=True,
                          capture_output=True, text=True, env=dict(os.environ, ROOK_ACCESS_HOME=str(tmp_path)),
                          timeout=120)
    assert "unexpected error" not in done.stdout and "Traceback" not in done.stdout, done.stdout
    if "nosuch" in args:
        assert done.returncode == 2 and done.stdout.startswith("rook-access: unknown preset 'nosuch'")
    else:
        assert done.returncode == 0 and done.stdout.splitlines()[-1].startswith("Input ended: the game is saved.")


def test_write_atomic_writes_through_a_symbolic_link(tmp_path: Path) -> None:
    kept = tmp_path / "dotfiles" / "settings.toml"
    kept.parent.mkdir()
    kept.write_text("old\n", "utf-8")
    link = tmp_path / "settings.toml"
    link.symlink_to(kept)
    write_atomic(link, "new\n")
    assert link.is_symlink() and kept.read_text("utf-8") == "new\n"
    dangling = tmp_path / "out.brf"
    dangling.symlink_to(tmp_path / "dotfiles" / "made.brf")
    write_atomic(dangling, "cells")
    assert dangling.is_symlink() and (tmp_path / "dotfiles" / "made.brf").read_text("utf-8") == "cells"
    assert not list(tmp_path.rglob(".*.tmp"))


def test_settings_kept_by_a_dotfile_manager_stay_a_link(tmp_path: Path) -> None:
    kept = tmp_path / "dotfiles" / "rook.toml"
    kept.parent.mkdir()
    kept.write_text('verbosity = "normal"\n', "utf-8")
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.toml").symlink_to(kept)
    done = rook(["play", "--speech", "off", "--seed", "1", "--rules", "georgia"], home, stdin="quit\n")
    assert done.returncode == 0, done.stderr
    assert (home / "settings.toml").is_symlink() and 'rules = "georgia"' in kept.read_text("utf-8")


def dead_pid() -> int:
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


def test_stale_temporary_files_are_removed_at_start(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    hour_old = time.time() - 2 * 3600
    old = [saves / ".game-1.json.abcd1234.tmp", saves / ".game-1.json.99.efgh5678.tmp",
           tmp_path / ".settings.toml.zz9yy8xx.tmp"]
    for path in old:
        path.write_text("half", "utf-8")
        os.utime(path, (hour_old, hour_old))
    killed = saves / f".game-2.json.{dead_pid()}.k1ll3d00.tmp"  # a writer killed a moment ago
    killed.write_text("half", "utf-8")
    live = saves / f".game-3.json.{os.getpid()}.l1ve0000.tmp"  # a write in progress elsewhere
    live.write_text("half", "utf-8")
    other = saves / ".notes.tmp.txt"
    other.write_text("mine", "utf-8")
    assert remove_stale_temps(saves, now=time.time()) == 3
    assert live.exists() and other.exists() and not killed.exists()
    done = rook(["play", "--speech", "off", "--seed", "1"], tmp_path, stdin="quit\n")
    assert done.returncode == 0
    assert not (tmp_path / ".settings.toml.zz9yy8xx.tmp").exists()
    assert live.exists(), "a temporary file of a running writer is left alone"


def test_a_table_records_leftover_is_removed_when_its_game_resumes(tmp_path: Path) -> None:
    """A table record is rewritten whole after each entry; killed mid-write, its temporary file
    stayed beside it for good. Only that record's leftovers go: the folder is the player's."""
    folder = tmp_path / "records"
    folder.mkdir()
    record = folder / "tonight.jsonl"
    done = rook(["table", "--rules", "hasbro", "--speech", "off", "--name", "t", "--record", str(record)], tmp_path,
                stdin="south\n")
    assert done.returncode == 0, done.stderr
    leftover = folder / f".tonight.jsonl.{dead_pid()}.k1ll3d00.tmp"
    theirs = folder / f".notes.txt.{dead_pid()}.abcd1234.tmp"
    for path in (leftover, theirs):
        path.write_text("half", "utf-8")
    assert rook(["table", "--resume", "t", "--speech", "off"], tmp_path, stdin="").returncode == 0
    assert not leftover.exists() and theirs.exists()


def test_no_signal_is_sent_to_probe_a_writer_on_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    """On Windows os.kill(pid, 0) sends CTRL_C_EVENT to the process group (0 is its number):
    a leftover there is judged by its age alone, and no process is signalled."""
    from rook_access.store import atomic

    sent: list[tuple[int, int]] = []
    monkeypatch.setattr(atomic.os, "name", "nt")
    monkeypatch.setattr(atomic.os, "kill", lambda pid, sig: sent.append((pid, sig)))
    assert atomic._alive(dead_pid()) and sent == []


def test_a_save_that_works_again_is_said_and_a_later_failure_is_said_again() -> None:
    """The disk freed, then full once more: the second failure was silent, and the player never
    heard the game was safe in between."""
    import io
    from types import SimpleNamespace

    from rook_access.commands.startup import autosaver
    from rook_access.console.printer import Printer

    out = io.StringIO()
    session = SimpleNamespace(printer=Printer(out, None), save_error=None, unchanged=lambda: False)
    full = [True]

    def write(_session: object) -> None:
        if full[0]:
            raise OSError(28, "No space left on device")

    save = autosaver(write, lambda: None, lambda _s: False, "saves/game-1.json")
    said = []
    for is_full in (True, True, False, False, True, False):
        full[0] = is_full
        assert save(session) is not is_full  # type: ignore[arg-type]
        said.append(out.getvalue().splitlines()[-1:] if out.getvalue() else [])
        out.truncate(0)
        out.seek(0)
    failed = ["Note: the game cannot be saved (No space left on device, writing saves/game-1.json); play goes on."]
    again = ["Note: the game is saved again."]
    assert said == [failed, [], again, [], failed, again]


def test_labels_all_stopped_by_a_full_disk_says_what_it_wrote_before(tmp_path: Path) -> None:
    """It said only "cannot write atom/kentucky-west.pef: File too large", though 21 sheets had
    been written and their folder made, perhaps over older sheets (the braille sweep of session 29)."""
    done = rook(["labels", "--all", "--output-dir", str(tmp_path / "sheets")], tmp_path, limit=2048)
    no_trace(done)
    written = sorted((tmp_path / "sheets").iterdir())
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and 0 < len(written) < 38, done.stderr
    assert f"; {len(written)} sheets were written before it, " in done.stderr, done.stderr
    assert done.stderr.endswith(f"the others left as they were; it made the folder {tmp_path / 'sheets'}\n")
