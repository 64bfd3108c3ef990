"""The standalone program (packaging/rook-access.spec): PyInstaller builds the one-folder program
on this system, and the built program, with no Python of ours on its path, lists the rules,
plays the stored hasbro playthrough fed from a pipe (the same transcript and record, line for
line, as the installed game gives), writes a label sheet, and starts its speech engine.

The build takes a minute or more: one test builds once and checks the built program step by
step. This folder sorts before the others, so the build starts first and the other tests run
beside it on the other cores.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.playthroughs.driver import Case
from tests.referee import check_record

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "packaging" / "rook-access.spec"
PLAYTHROUGH = ROOT / "tests" / "playthroughs" / "hasbro"
EXE = "rook-access.exe" if sys.platform == "win32" else "rook-access"

pytestmark = pytest.mark.build


def build(work: Path) -> Path:
    work.mkdir()
    result = subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
                             "--distpath", str(work / "dist"), "--workpath", str(work / "build"), str(SPEC)],
                            capture_output=True, text=True, timeout=900, cwd=work)
    assert result.returncode == 0, result.stderr[-3000:]
    exe = work / "dist" / "rook-access" / EXE
    assert exe.is_file()
    return exe


def run(program: Path, home: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """The built program, in an empty folder, with a PATH and no PYTHONPATH that reach our Python."""
    env = {"PATH": "/usr/bin:/bin", "ROOK_ACCESS_HOME": str(home), "LANG": os.environ.get("LANG", "C.UTF-8"),
           "HOME": str(home)}
    return subprocess.run([str(program), *args], capture_output=True, text=True, timeout=300, cwd=home,
                          env=env, input=stdin)


def test_standalone_program_builds_and_runs(tmp_path: Path) -> None:
    pytest.importorskip("PyInstaller", reason="PyInstaller is in the test extra: pip install -e '.[test]'")
    program = build(tmp_path / "pyinstaller")
    home = tmp_path / "home"
    home.mkdir()
    lists_and_explains_the_rules(program, home)
    plays_a_game_fed_from_a_pipe(program, home)
    writes_label_sheets(program, home)
    carries_its_speech_engine(program, home)


def lists_and_explains_the_rules(program: Path, home: Path) -> None:
    out = run(program, home, "rules")
    assert out.returncode == 0, out.stderr
    assert "\nbeginner: " in "\n" + out.stdout and "\nhasbro: " in out.stdout
    out = run(program, home, "rules", "georgia")
    assert out.returncode == 0 and "Counters:" in out.stdout
    out = run(program, home, "--version")
    assert out.stdout.startswith("rook-access ")


def plays_a_game_fed_from_a_pipe(program: Path, home: Path) -> None:
    stored = PLAYTHROUGH.with_suffix(".txt").read_text(encoding="utf-8")
    typed = "".join(line[2:] + "\n" for line in stored.splitlines() if line.startswith("> "))
    record = home / "game.jsonl"
    out = run(program, home, "play", "--rules", "hasbro", "--seed", str(Case("hasbro").seed), "--level", "normal",
              "--speech", "off", "--record", str(record), stdin=typed)
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    shown = "".join(line + "\n" for line in out.stdout.splitlines() if line != "Type help for the commands.")
    assert shown == stored, "the built program plays the stored playthrough differently"
    assert record.read_text(encoding="utf-8") == PLAYTHROUGH.with_suffix(".jsonl").read_text(encoding="utf-8")
    assert check_record([json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]) == 1


def writes_label_sheets(program: Path, home: Path) -> None:
    for fmt in ("brf", "pef"):
        target = home / f"hasbro.{fmt}"
        out = run(program, home, "labels", "--rules", "hasbro", "--output", str(target))
        assert out.returncode == 0, out.stderr
        assert target.read_bytes() == (ROOT / "braille" / f"hasbro.{fmt}").read_bytes()


def carries_its_speech_engine(program: Path, home: Path) -> None:
    """pyttsx3 and its espeak driver are in the folder: text to speech gets as far as the sound
    device (this machine may have none), never 'not installed' or 'no speech engine'. Without
    espeak-ng (allowed only outside CI) 'no speech engine' is the right answer."""
    out = run(program, home, "play", "--speech", "tts", "--seed", "1", stdin="quit\n")
    assert out.returncode == 0, out.stderr
    first = out.stdout.splitlines()[0]
    if shutil.which("espeak-ng") is None and os.environ.get("CI", "") != "true":
        assert first.startswith("Speech is off: no speech engine was found"), first
        return
    assert first.startswith(("Speech: text to speech", "Speech is off: no sound player was found",
                             "Speech is off: no sound device")), first
