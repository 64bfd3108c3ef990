"""A screen reader running gets the accessible path without asking: plain input, and no voice of
the game's own. Orca here is a real process named ``orca`` (a copy of ``sleep``), with no
``speechd`` module, as in a virtualenv or pipx install on Linux; nothing in the game is faked.

The game and the fake Orca run in a PID namespace of their own (``unshare``) when the system
allows it. A process in a child namespace is still listed in the parent's /proc, so it is the
game that leaves out processes of another PID namespace (``screen_reader._pid_namespace``): this
Orca put every other game of a test run in plain mode until it did (the full suite of session 36).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from tests.e2e.driver import rook_command
from tests.test_speech_output import need_espeak

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="processes via /proc: Linux")

ESCAPE = re.compile(r"\x1b")
NO_VOICE_MARK = "pyttsx3-imported"


def unshare_prefix() -> list[str]:
    """A private PID namespace with its own /proc, or [] where the system refuses one."""
    exe = shutil.which("unshare")
    if exe is None:
        return []
    for extra in ([], ["--user", "--map-root-user"]):
        cmd = [exe, *extra, "--pid", "--fork", "--mount-proc"]
        if subprocess.run([*cmd, "true"], capture_output=True).returncode == 0:
            return cmd
    return []


@pytest.fixture(scope="module")
def isolation() -> list[str]:
    return unshare_prefix()


@pytest.fixture
def shims(tmp_path: Path) -> Path:
    """A ``pyttsx3`` that leaves a mark when the game imports it (the game's own voice starting)
    and a ``speechd`` that cannot be imported (as in a virtualenv), first on PYTHONPATH."""
    root = tmp_path / "shims"
    (root / "pyttsx3").mkdir(parents=True)
    (root / "pyttsx3" / "__init__.py").write_text(
        "import os, pathlib\n"
        f"pathlib.Path(os.environ['ROOK_ACCESS_HOME'], {NO_VOICE_MARK!r}).touch()\n"
        "raise ImportError('the test stands in for pyttsx3')\n", encoding="utf-8")
    (root / "speechd").mkdir()
    (root / "speechd" / "__init__.py").write_text("raise ImportError('no speechd here')\n", encoding="utf-8")
    return root


def start(tmp_path: Path, shims: Path, isolation: list[str], orca: bool, args: list[str],
          path_first: Path | None = None, command: tuple[str, ...] = ("play", "--seed", "5")) -> pexpect.spawn:
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    fake = tmp_path / "bin" / "orca"
    fake.parent.mkdir(exist_ok=True)
    if not fake.exists():
        shutil.copy(shutil.which("sleep") or "/bin/sleep", fake)
    env = dict(os.environ, ROOK_ACCESS_HOME=str(home), TERM="xterm-256color", PYTHONPATH=str(shims),
               PROMPT_TOOLKIT_NO_CPR="1", PYTHONUNBUFFERED="1")
    for name in ("ACCESSIBLE", "NO_COLOR"):
        env.pop(name, None)
    if path_first is not None:
        env["PATH"] = f"{path_first}{os.pathsep}{env['PATH']}"
    game = " ".join(map(shlex.quote, [*rook_command(), *command, *args]))
    # Without a namespace of its own, the fake Orca is stopped as soon as the game ends.
    script = (f"{shlex.quote(str(fake))} 120 & trap 'kill $!' EXIT; " if orca else "") + game
    argv = [*isolation, "/bin/sh", "-c", script]
    # Wide: the game breaks a line longer than the terminal at spaces, and these read whole lines.
    child = pexpect.spawn(argv[0], argv[1:], env=env, encoding="utf-8", timeout=60, dimensions=(40, 500))
    return child


def first_screen(child: pexpect.spawn) -> str:
    child.expect_exact("Type help for the commands.")
    text = child.before or ""
    child.expect([pexpect.TIMEOUT], timeout=0.5)  # whatever the prompt draws
    return text + (child.before or "")


def finish(child: pexpect.spawn) -> None:
    child.send("quit\r")
    child.expect(pexpect.EOF)
    child.close()


def test_orca_running_means_plain_input_and_no_voice_of_our_own(
        tmp_path: Path, shims: Path, isolation: list[str]) -> None:
    child = start(tmp_path, shims, isolation, orca=True, args=[])
    screen = first_screen(child)
    finish(child)
    lines = [line.strip() for line in screen.splitlines()]
    assert any(line.startswith("Orca is running, so the game uses plain input and adds no voice of its own")
               and "--no-plain" in line and "speech tts" in line for line in lines), screen
    # Orca reads the console: how to reach it directly is for --speech screen-reader (below), not
    # 11 seconds said at every start (found by a helper listening).
    assert "speechd" not in screen, screen
    assert not ESCAPE.search(screen), "plain input: no escape sequences at all"
    assert screen.rstrip().endswith(">"), "the plain prompt"
    assert not (tmp_path / "home" / NO_VOICE_MARK).exists(), "the game started a voice of its own"


def test_speech_screen_reader_says_what_is_missing_in_one_line(
        tmp_path: Path, shims: Path, isolation: list[str]) -> None:
    child = start(tmp_path, shims, isolation, orca=True, args=["--speech", "screen-reader"])
    screen = first_screen(child)
    finish(child)
    said = [line for line in screen.splitlines() if "speechd" in line]
    assert len(said) == 1, screen
    assert said[0].strip().startswith("Speech: the game cannot send lines to Orca, which still reads the console.")
    assert "sudo apt install python3-speechd" in said[0]
    assert not (tmp_path / "home" / NO_VOICE_MARK).exists()


def test_speech_with_the_screen_reader_setting_says_why_and_the_install_apart(
        tmp_path: Path, shims: Path, isolation: list[str]) -> None:
    """`speech` answered in one line of five rows with "Speech:" twice: "Speech: off (the setting
    is screen-reader). Speech: the game cannot send lines to Orca, ... (pipx: ...)." (the
    accessibility sweep of session 36): the reason once, the install advice on its own line."""
    child = start(tmp_path, shims, isolation, orca=True, args=["--speech", "screen-reader"])
    first_screen(child)
    child.send("speech\r")
    child.expect_exact("Change: speech auto, screen-reader, tts or off.")
    answer = [line.strip() for line in (child.before or "").splitlines() if line.strip()][-2:]
    # Typed in the game, it says the same in two lines (the re-check of session 36), the setting
    # kept first (the newcomer sweep of session 37).
    child.send("speech screen-reader\r")
    child.expect_exact("pipx install --system-site-packages).")
    typed = [line.strip() for line in (child.before or "").splitlines() if line.strip()][-2:]
    finish(child)
    assert typed[0] == answer[0].replace("off (the setting is screen-reader)", "screen-reader, kept for later games")
    assert f"{typed[1]} pipx install --system-site-packages)." == answer[1], typed
    assert answer == ["Speech: off (the setting is screen-reader). The game cannot send lines to Orca, which "
                      "still reads the console.",
                      "To send each line to Orca as well, install the speechd module: sudo apt install "
                      "python3-speechd, in a virtual environment made with --system-site-packages (pipx: pipx "
                      "install --system-site-packages)."], answer


def test_no_plain_keeps_the_line_editor_with_orca(tmp_path: Path, shims: Path, isolation: list[str]) -> None:
    child = start(tmp_path, shims, isolation, orca=True, args=["--no-plain", "--speech", "off"])
    screen = first_screen(child)
    finish(child)
    assert "\x1b[?25h" in screen, "prompt_toolkit's line editor drew its prompt"
    assert "uses plain input" not in screen


def test_without_orca_the_same_start_is_the_editor_and_tries_a_voice(
        tmp_path: Path, shims: Path, isolation: list[str]) -> None:
    """The control: the checks above can fail. No screen reader: the line editor, and auto
    speech tries the game's own voice (here the stand-in pyttsx3, which refuses)."""
    child = start(tmp_path, shims, isolation, orca=False, args=[])
    screen = first_screen(child)
    finish(child)
    assert "\x1b[?25h" in screen
    assert "Speech is off: the speech library pyttsx3 is not installed. Type speech to hear the choices." in screen
    assert (tmp_path / "home" / NO_VOICE_MARK).exists()


@pytest.fixture
def voice(tmp_path: Path) -> tuple[Path, Path]:
    """The game's own voice as it starts for real (pyttsx3 and espeak-ng), playing into a sound
    player that plays nothing; ``speechd`` still cannot be imported. The shims' folder, then the
    player's."""
    need_espeak()
    root = tmp_path / "voice-shims"
    (root / "speechd").mkdir(parents=True)
    (root / "speechd" / "__init__.py").write_text("raise ImportError('no speechd here')\n", encoding="utf-8")
    player = tmp_path / "player" / "paplay"
    player.parent.mkdir()
    player.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    player.chmod(0o755)
    return root, player.parent


def test_a_remembered_voice_with_orca_running_says_both_are_heard_and_how_to_stop_it(
        tmp_path: Path, voice: tuple[Path, Path], isolation: list[str]) -> None:
    """Speech tts kept from an earlier game said every line while Orca read them too, and
    nothing said so, nor that speech auto stops it (the accessibility sweep of session 36). Said
    only where the voice is on from the settings while a screen reader runs."""
    shims, player = voice
    (tmp_path / "home").mkdir()
    (tmp_path / "home" / "settings.toml").write_text('speech = "tts"\n', encoding="utf-8")
    doubled = ("The game's voice is on, as your settings keep it, and Orca reads every line too; to hear "
               "each line once, type speech auto.")
    screens = {}
    for case, orca, args in (("kept", True, []), ("typed", True, ["--speech", "tts"]), ("alone", False, [])):
        child = start(tmp_path, shims, isolation, orca=orca, args=["--plain", *args], path_first=player)
        screens[case] = [line.strip() for line in first_screen(child).splitlines()]
        finish(child)
    assert any(line.startswith("Speech: text to speech") for line in screens["kept"]), screens["kept"]
    assert doubled in screens["kept"], screens["kept"]
    assert doubled not in screens["typed"], "--speech tts typed now is the player's choice of the moment"
    assert not any("reads every line too" in line for line in screens["alone"]), screens["alone"]


def test_replay_with_a_remembered_voice_and_orca_running_says_both_are_heard(
        tmp_path: Path, voice: tuple[Path, Path], isolation: list[str]) -> None:
    """Replay spoke with the voice kept in the settings over Orca, every line twice, and said
    nothing of it, where play warns (session 36's note). Replay takes no typed commands, so it
    says how to start it instead."""
    shims, player = voice
    (tmp_path / "home").mkdir()
    (tmp_path / "home" / "settings.toml").write_text('speech = "tts"\n', encoding="utf-8")
    record = Path(__file__).parents[1] / "corpus" / "records" / "good-unfinished.jsonl"  # short: every line is spoken
    screens = {}
    for case, orca, args in (("kept", True, []), ("typed", True, ["--speech", "tts"]), ("alone", False, [])):
        child = start(tmp_path, shims, isolation, orca=orca, args=args, path_first=player,
                      command=("replay", "--no-pause", str(record)))
        child.expect(pexpect.EOF)
        child.close()
        screens[case] = [line.strip() for line in (child.before or "").splitlines()]
    doubled = ("The game's voice is on, as your settings keep it, and Orca reads every line too; to hear each "
               "line once, replay with --speech auto, or type speech auto in a game.")
    assert any(line.startswith("Speech: text to speech") for line in screens["kept"]), screens["kept"][:5]
    assert doubled in screens["kept"], screens["kept"][:5]
    assert doubled not in screens["typed"], "--speech tts typed now is the player's choice of the moment"
    assert not any("reads every line too" in line for line in screens["alone"]), screens["alone"][:5]
