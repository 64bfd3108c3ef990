"""Speech channels: what auto picks, screen readers only (never system voices), failing engines
reported once in one line, the tts worker, and real audio from espeak-ng."""

from __future__ import annotations

import os
import shutil
import sys
import textwrap
import threading
import time
import wave
from array import array
from pathlib import Path
from typing import Any

import pytest

from rook_access.speech import output, screen_reader, tts
from rook_access.speech.channel import TextChannel
from rook_access.speech.output import make_channel, start_tts
from rook_access.speech.quiet import quiet
from rook_access.speech.screen_reader import Detected, ScreenReaderChannel, find_screen_reader

CI = os.environ.get("CI", "").lower() == "true"
CI_PACKAGES = "apt-get install espeak-ng libespeak-ng1"


def espeak_available() -> bool:
    """pyttsx3's espeak driver can start (libespeak-ng is installed)."""
    if shutil.which("espeak-ng") is None:
        return False
    try:
        tts.init_engine(None, None)
    except tts.SpeechFailure:
        return False
    return True


def need_espeak() -> None:
    if espeak_available():
        return
    if CI:
        pytest.fail(f"espeak-ng is missing on CI: {CI_PACKAGES}")
    pytest.skip(f"espeak-ng is not installed here ({CI_PACKAGES})")


# ----- fakes ------------------------------------------------------------------------------
class FakeReader:
    """An accessible_output2 output: records what it was asked to say, prints like the real ones."""

    name = "NVDA"
    system_output = False
    active = True

    def __init__(self) -> None:
        self.spoken: list[tuple[str, bool]] = []
        self.closed = False
        print("Cannot find Speech Dispatcher. Please install python-speechd.")

    def is_active(self) -> bool:
        return self.active

    def speak(self, text: str, interrupt: bool = False) -> None:
        print("stray print from the output")
        self.spoken.append((text, interrupt))

    def close(self) -> None:
        self.closed = True


def fake_class(name: str, system_output: bool = False, active: bool = True) -> type:
    return type(name, (FakeReader,), {"name": name, "system_output": system_output, "active": active})


def one_line(text: str | None) -> str:
    assert text is not None
    assert "\n" not in text and text.strip() == text and text
    return text


# ----- choosing ---------------------------------------------------------------------------
def test_off_is_text_only_and_quiet() -> None:
    channel = make_channel("off", None, None)
    assert channel.name == "off" and channel.notice is None
    channel.say("North plays 14 red.")
    channel.interrupt()
    assert channel.poll_notice() is None
    channel.close()


def test_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="auto, screen-reader, tts or off"):
        make_channel("loud", None, None)


def test_auto_with_a_running_screen_reader_adds_no_voice(monkeypatch: pytest.MonkeyPatch) -> None:
    reader = FakeReader()
    monkeypatch.setattr(output, "detect_screen_reader", lambda: Detected("NVDA", reader))
    monkeypatch.setattr(output, "TtsChannel", None)  # auto must not even try text to speech
    channel = make_channel("auto", None, None)
    assert channel.name == "off"
    assert "NVDA" in one_line(channel.notice) and "reads the console" in channel.notice
    assert reader.closed


def test_auto_with_a_reader_the_game_cannot_reach_adds_no_voice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Orca seen as a process while the speechd module is missing: still no second voice."""
    monkeypatch.setattr(screen_reader, "output_classes", lambda: [])
    monkeypatch.setattr(screen_reader, "running_process_names", lambda uid=None: {"bash", "orca"})
    monkeypatch.setattr(screen_reader, "speechd_importable", lambda: False)
    monkeypatch.setattr(output, "TtsChannel", None)
    found = screen_reader.detect_screen_reader()
    assert found is not None and found.name == "Orca" and found.output is None
    assert "python3-speechd" in one_line(found.missing)
    channel = make_channel("auto", None, None)
    assert channel.name == "off" and "Orca is running" in one_line(channel.notice)
    channel = make_channel("screen-reader", None, None)
    assert channel.name == "off"
    assert one_line(channel.notice).startswith("Speech: the game cannot send lines to Orca")


def test_console_screen_readers_on_linux_are_seen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Fenrir and TDSR run as processes, Speakup in the kernel: each reads the terminal, so the
    game must not start a voice of its own on top (found by an accessibility audit)."""
    monkeypatch.setattr(screen_reader, "running_process_names", lambda uid=None: {"bash", "fenrir"})
    assert screen_reader.running_reader_processes(str(tmp_path / "none")) == ["Fenrir"]
    monkeypatch.setattr(screen_reader, "running_process_names", lambda uid=None: {"bash"})
    assert screen_reader.running_reader_processes(str(tmp_path)) == ["Speakup"]


def test_processes_from_proc_by_comm_and_script_name(tmp_path: Path) -> None:
    for pid, comm, cmdline in (("1", "sh", b"/bin/sh\0-c\0orca"), ("20", "python3", b"python3\0/usr/bin/orca\0"),
                               ("31", "brltty", b"/sbin/brltty\0-n\0")):
        (tmp_path / pid).mkdir()
        (tmp_path / pid / "comm").write_text(comm + "\n")
        (tmp_path / pid / "cmdline").write_bytes(cmdline)
    (tmp_path / "self").mkdir()
    (tmp_path / "42").mkdir()  # a process that ended while being read
    names = screen_reader.linux_process_names(str(tmp_path))
    assert {"sh", "python3", "orca", "brltty"} <= names
    assert "-c" not in names and "-n" not in names
    # Another user's processes are told apart: their Orca left the game without a voice (the
    # first-run sweep of session 28).
    assert screen_reader.linux_process_names(str(tmp_path), uid=os.getuid() + 1) == set()
    assert "orca" in screen_reader.linux_process_names(str(tmp_path), uid=os.getuid())



def test_a_reader_in_another_pid_namespace_is_not_of_this_session(tmp_path: Path) -> None:
    """A fake Orca a test ran in a PID namespace of its own was seen from outside it, and every
    other game on the machine started in plain mode (the full suite of session 36): a process
    in another namespace is not counted; one whose namespace may not be read still is."""
    for pid, comm, ns in (("self", "python3", "pid:[1]"), ("7", "orca", "pid:[2]"), ("8", "brltty", None),
                          ("9", "tdsr", "pid:[1]")):
        (tmp_path / pid / "ns").mkdir(parents=True)
        (tmp_path / pid / "comm").write_text(comm + "\n")
        (tmp_path / pid / "cmdline").write_bytes(comm.encode() + b"\0")
        if ns is not None:
            (tmp_path / pid / "ns" / "pid").symlink_to(ns)
    names = screen_reader.linux_process_names(str(tmp_path))
    assert "orca" not in names and {"brltty", "tdsr"} <= names
    (tmp_path / "self" / "ns" / "pid").unlink()  # our own namespace unknown: every process counts
    assert "orca" in screen_reader.linux_process_names(str(tmp_path))


def test_another_users_orca_is_not_the_players_but_a_system_brltty_is(monkeypatch: pytest.MonkeyPatch,
                                                                      tmp_path: Path) -> None:
    mine = {"bash"}
    monkeypatch.setattr(screen_reader, "running_process_names",
                        lambda uid=None: {"orca", "brltty", "tdsr", "bash"} if uid is None else mine)
    assert screen_reader.running_reader_processes(str(tmp_path / "none")) == ["BRLTTY"]
    mine.update({"orca", "tdsr"})
    assert screen_reader.running_reader_processes(str(tmp_path / "none")) == ["Orca", "BRLTTY", "TDSR"]


def test_auto_without_screen_reader_falls_back_to_text_when_tts_fails(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(output, "detect_screen_reader", lambda: None)

    def broken(rate: int | None, voice: str | None) -> Any:
        raise tts.SpeechFailure("no speech engine was found", "libespeak.so: no such file")

    monkeypatch.setattr(tts, "init_engine", broken)
    channel = make_channel("auto", 180, None)
    assert channel.name == "off"
    assert one_line(channel.notice) == "Speech is off: no speech engine was found."


def test_no_room_for_the_voices_sound_files_is_text_with_a_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a full disk no temporary folder can be made: the game did not start ("cannot write the
    output: No usable temporary directory found"), where the user guide promises "If speech
    cannot start, the game says so once and goes on in text" (the docs sweep)."""
    monkeypatch.setattr(output, "detect_screen_reader", lambda: None)

    def full(*args: Any, **kwargs: Any) -> str:
        raise FileNotFoundError(2, "No usable temporary directory found in ['/tmp']")

    monkeypatch.setattr(tts, "mkdtemp", full)
    channel = make_channel("auto", 180, None)
    assert channel.name == "off"
    assert one_line(channel.notice) == ("Speech is off: its sound files cannot be written (No usable temporary "
                                        "directory found in ['/tmp']).")


def test_tts_engine_raising_anything_is_one_line(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
                                                 capfd: pytest.CaptureFixture[str]) -> None:
    import pyttsx3

    def crash(*args: Any, **kwargs: Any) -> Any:
        print("noise from the engine")
        raise OSError("libespeak-ng.so.1: cannot open shared object file")

    monkeypatch.setattr(pyttsx3, "init", crash)
    channel = make_channel("tts", None, None)
    assert isinstance(channel, TextChannel)
    notice = one_line(channel.notice)
    assert notice.startswith("Speech is off: no speech engine was found")
    assert "shared object" not in notice, "the library's words go to the log, not to the player"
    assert "libespeak-ng.so.1: cannot open shared object file" in caplog.text
    out, err = capfd.readouterr()
    assert out == "" and err == ""


def test_tts_engine_that_hangs_does_not_hang_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()

    def hang(rate: int | None, voice: str | None) -> Any:
        release.wait(10)
        raise tts.SpeechFailure("late")

    monkeypatch.setattr(tts, "init_engine", hang)
    started = time.monotonic()
    channel = start_tts(None, None, auto=False, timeout=0.3)
    assert time.monotonic() - started < 2
    assert channel.name == "off"
    assert one_line(channel.notice) == "Speech is off: the speech engine did not start in time."
    release.set()


def test_tts_without_a_sound_player_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tts, "init_engine", lambda rate, voice: (object(), None))
    monkeypatch.setattr(tts, "uses_wav_player", lambda: True)
    monkeypatch.setattr(tts, "find_player", lambda: None)
    channel = make_channel("tts", None, None)
    assert channel.name == "off"
    assert one_line(channel.notice) == ("Speech is off: no sound player was found (install pulseaudio-utils "
                                        "or alsa-utils).")


# ----- screen readers ---------------------------------------------------------------------
def test_screen_readers_only_never_system_voices(monkeypatch: pytest.MonkeyPatch) -> None:
    sapi = fake_class("sapi5", system_output=True)
    espeak = fake_class("Linux ESpeak")
    nvda = fake_class("NVDA")
    monkeypatch.setattr(screen_reader, "output_classes", lambda: [sapi, espeak, nvda])
    found = find_screen_reader()
    assert found is not None and isinstance(found[0], nvda) and found[1] == "NVDA"
    monkeypatch.setattr(screen_reader, "output_classes", lambda: [sapi, espeak])
    assert find_screen_reader() is None


def test_speech_dispatcher_counts_only_with_orca(monkeypatch: pytest.MonkeyPatch) -> None:
    speechd = fake_class("Linux Speech Dispatcher")
    monkeypatch.setattr(screen_reader, "output_classes", lambda: [speechd])
    monkeypatch.setattr(screen_reader, "orca_running", lambda: False)
    assert find_screen_reader() is None
    monkeypatch.setattr(screen_reader, "orca_running", lambda: True)
    found = find_screen_reader()
    assert found is not None and found[1] == "Orca"


def test_inactive_or_broken_readers_are_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken(FakeReader):
        name = "jaws"

        def __init__(self) -> None:
            raise RuntimeError("no JAWS COM object")

    idle = fake_class("NVDA", active=False)
    voiceover = fake_class("VoiceOver")
    monkeypatch.setattr(screen_reader, "output_classes", lambda: [Broken, idle, voiceover])
    found = find_screen_reader()
    assert found is not None and found[1] == "VoiceOver"


def test_screen_reader_channel_speaks_without_stray_prints(
        monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(screen_reader, "output_classes", lambda: [fake_class("NVDA")])
    channel = make_channel("screen-reader", None, None)
    assert isinstance(channel, ScreenReaderChannel)
    assert one_line(channel.notice) == "Speech: lines go to NVDA."
    channel.say("North bids 80.")
    channel.interrupt()
    channel.say("Your turn.")
    channel.say("Again.")
    assert channel.output.spoken == [("North bids 80.", False), ("Your turn.", True), ("Again.", False)]
    out, err = capfd.readouterr()
    assert out == "" and err == ""


def test_screen_reader_failing_mid_game_is_reported_once(monkeypatch: pytest.MonkeyPatch) -> None:
    class Dying(FakeReader):
        def speak(self, text: str, interrupt: bool = False) -> None:
            raise OSError("NVDA went away")

    channel = ScreenReaderChannel(Dying(), "NVDA")
    channel.say("one")
    notice = one_line(channel.poll_notice())
    assert notice.startswith("Speech stopped: NVDA") and notice.endswith("going on in text.")
    channel.say("two")
    assert channel.poll_notice() is None


def test_no_screen_reader_here_gives_text_with_one_line(monkeypatch: pytest.MonkeyPatch,
                                                        capfd: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(screen_reader, "running_process_names", lambda uid=None: set())
    channel = make_channel("screen-reader", None, None)  # the real accessible_output2
    assert channel.name == "off"
    assert "no screen reader is running" in one_line(channel.notice)
    out, err = capfd.readouterr()
    assert out == "" and err == ""


def test_quiet_silences_python_and_c_level_writes(capfd: pytest.CaptureFixture[str]) -> None:
    with quiet(fds=True):
        print("python print")
        print("to stderr", file=sys.stderr)
        os.write(1, b"C-level write\n")
        os.write(2, b"C-level error\n")
    print("after")
    out, err = capfd.readouterr()
    assert out == "after\n" and err == ""


# ----- the tts worker with a real engine and a stand-in sound player ----------------------
def fake_player(tmp_path: Path, delay: float = 0.0, fail_after: int | None = None,
                stall_after: int | None = None) -> Path:
    """A sound player that logs each WAV's length and (after ``fail_after`` files) fails, or
    (after ``stall_after``) never ends."""
    log = tmp_path / "played.log"
    script = tmp_path / "player"
    script.write_text(textwrap.dedent(f"""\
        #!{sys.executable}
        import sys, time, wave
        log = {str(log)!r}
        lines = open(log).read().splitlines()
        if {fail_after!r} is not None and len(lines) >= {fail_after!r}:
            sys.stderr.write("player: main:831: audio open error: device went away\\n")
            sys.exit(1)
        if {stall_after!r} is not None and len(lines) >= {stall_after!r}:
            time.sleep(600)
        with wave.open(sys.argv[1]) as w:
            frames = w.getnframes()
        with open(log, "a") as out:
            out.write(str(frames) + "\\n")
        time.sleep({delay!r})
    """))
    script.chmod(0o755)
    log.write_text("")
    return script


def played(tmp_path: Path) -> list[int]:
    return [int(n) for n in (tmp_path / "played.log").read_text().split()]


@pytest.fixture
def linux_player(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    need_espeak()
    monkeypatch.setattr(tts, "uses_wav_player", lambda: True)
    return tmp_path


def test_tts_speaks_each_line_in_the_background(linux_player: Path, monkeypatch: pytest.MonkeyPatch,
                                                capfd: pytest.CaptureFixture[str]) -> None:
    player = fake_player(linux_player)
    monkeypatch.setattr(tts, "find_player", lambda: str(player))
    channel = make_channel("tts", 220, "en")
    try:
        assert channel.name == "tts", channel.notice
        assert one_line(channel.notice).startswith("Speech: text to speech, voice ")
        assert "rate 220" in channel.notice
        started = time.monotonic()
        channel.say("North plays 14 red.")
        channel.say("You win the trick, 25 points.")
        assert time.monotonic() - started < 0.1  # say never waits on speech
        channel.flush(20)
    finally:
        channel.close()
    frames = played(linux_player)
    assert len(frames) == 3  # the silent probe, then the two lines
    assert frames[1] > 22050 * 0.5 and frames[2] > 22050 * 0.5
    out, err = capfd.readouterr()
    assert "Audio saved" not in out + err and out == "" and err == ""


def test_a_blank_line_does_not_stop_the_voice(linux_player: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The blank line printed before "Saved..." at Ctrl+C or Ctrl+D failed pyttsx3's assert: the
    engine stopped, and the save's name after it was never said (found by the voice sweep)."""
    player = fake_player(linux_player)
    monkeypatch.setattr(tts, "find_player", lambda: str(player))
    channel = make_channel("tts", 220, "en")
    try:
        assert channel.name == "tts", channel.notice
        channel.say("")
        channel.say("  ")
        channel.say("Saved. To go on later, type: rook-access play --resume game-1")
        channel.flush(20)
        assert channel.failure is None
    finally:
        channel.close()
    assert len(played(linux_player)) == 2  # the silent probe, then the last words


def test_tts_speaks_every_line_at_the_rate_set(linux_player: Path) -> None:
    """tts_rate was set once when the engine started, and pyttsx3's espeak driver lost it: in a
    fresh process whose engine starts in the speech thread, as a game's does, every line was
    spoken at the default 200 whatever the rate (a helper heard 120 spoken at 200 in four games
    of five). Now set again before each line: at once or after a pause, 90 is slow and 300 fast.
    (Run in a new process: an engine started earlier in this one hides the fault.)"""
    import subprocess

    player = fake_player(linux_player)
    script = linux_player / "speak.py"
    script.write_text(textwrap.dedent(f"""\
        import sys, time
        from rook_access.speech import tts
        from rook_access.speech.output import make_channel
        tts.uses_wav_player = lambda: True
        tts.find_player = lambda: {str(player)!r}
        channel = make_channel("tts", int(sys.argv[1]), None)
        assert channel.name == "tts", channel.notice
        for pause in (0.0, 0.6, 0.6):  # the first line at once, as a game's opening is said
            time.sleep(pause)
            channel.say("Hand 3: north-south made 95 with 110, now 245.")
            channel.flush(20)
        channel.close()
    """))
    lengths = {}
    for rate in (90, 300):
        (linux_player / "played.log").write_text("")
        done = subprocess.run([sys.executable, str(script), str(rate)], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        lengths[rate] = played(linux_player)[1:]
        assert len(lengths[rate]) == 3, lengths
    assert min(lengths[90]) > 2.2 * max(lengths[300]), lengths


def test_a_line_synthesised_without_sound_is_synthesised_again(linux_player: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """pyttsx3's espeak driver now and then writes a WAV with no frames (a helper lost "Resumed:
    hand 1." so; here, one line in six with tts_rate set); the line is synthesised again."""
    player = fake_player(linux_player)
    monkeypatch.setattr(tts, "find_player", lambda: str(player))
    tries: list[str] = []
    real = tts.save_wav

    def flaky(engine: Any, text: str, path: Path, timeout: float = tts.SYNTH_TIMEOUT) -> None:
        tries.append(text)
        if tries.count(text) == 1:
            with wave.open(str(path), "wb") as out:  # the driver's empty file
                out.setnchannels(1)
                out.setsampwidth(2)
                out.setframerate(22050)
            return
        real(engine, text, path, timeout)

    monkeypatch.setattr(tts, "save_wav", flaky)
    channel = make_channel("tts", 150, None)
    try:
        assert channel.name == "tts", channel.notice
        channel.say("Saved. To go on later, type: rook-access play --resume game-1")
        channel.flush(20)
    finally:
        channel.close()
    assert len(tries) == 2 and played(linux_player)[1] > 22050 * 2


def test_tts_interrupt_drops_stale_lines(linux_player: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    player = fake_player(linux_player, delay=0.4)
    monkeypatch.setattr(tts, "find_player", lambda: str(player))
    channel = make_channel("tts", None, None)
    try:
        assert channel.name == "tts", channel.notice
        for n in range(10):
            channel.say(f"Stale line {n}.")
        time.sleep(0.3)
        channel.interrupt()
        channel.say("Your turn.")
        channel.flush(20)
    finally:
        channel.close()
    assert len(played(linux_player)) <= 4  # probe, at most a line or two, then "Your turn."


def test_tts_without_a_sound_device_says_so_plainly(linux_player: Path, monkeypatch: pytest.MonkeyPatch,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    player = fake_player(linux_player, fail_after=0)
    monkeypatch.setattr(tts, "find_player", lambda: str(player))
    channel = make_channel("tts", None, None)
    assert channel.name == "off"
    assert one_line(channel.notice) == "Speech is off: no sound device was found."
    assert "audio open error: device went away" in caplog.text


def test_tts_player_failing_later_is_reported_once(linux_player: Path, caplog: pytest.LogCaptureFixture,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    player = fake_player(linux_player, fail_after=2)
    monkeypatch.setattr(tts, "find_player", lambda: str(player))
    channel = make_channel("tts", None, None)
    try:
        assert channel.name == "tts", channel.notice
        for line in ("One.", "Two.", "Three."):
            channel.say(line)
        channel.flush(20)
        notice = one_line(channel.poll_notice())
        assert notice == "Speech stopped: the sound device stopped working. The game goes on in text."
        assert "player: audio open error: device went away" in caplog.text
        channel.say("Four.")
        assert channel.poll_notice() is None
    finally:
        channel.close()


def test_a_player_that_never_ends_a_line_stops_the_voice_with_a_notice(linux_player: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A player that answered the test sound, then never ended a line: silence, no notice, and
    quitting held 20 seconds for the last words (the speech sweep of session 31)."""
    player = fake_player(linux_player, stall_after=1)
    monkeypatch.setattr(tts, "find_player", lambda: str(player))
    monkeypatch.setattr(tts, "PLAY_SLACK", 1.0)
    channel = make_channel("tts", None, None)
    try:
        assert channel.name == "tts", channel.notice
        channel.say("One.")
        channel.say("Two.")
        channel.flush(20)  # ends when the voice stops, not when the 20 seconds of the last words are up
        notice = one_line(channel.poll_notice())
        assert notice == "Speech stopped: the sound device stopped answering. The game goes on in text."
    finally:
        channel.close()


def test_a_player_stopped_at_every_line_typed_while_it_plays_on_is_reported(linux_player: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Typing every few seconds, each line typed stopped the stalled player before its time ran
    out: never reported, and quitting waited 14 seconds (the re-check of session 31). A player
    still playing well past each line's length, three lines in a row, has stopped answering."""
    player = fake_player(linux_player, stall_after=1)
    monkeypatch.setattr(tts, "find_player", lambda: str(player))
    monkeypatch.setattr(tts, "PLAY_SLACK", 60.0)
    monkeypatch.setattr(tts, "OVERRUN_SECONDS", 0.1, raising=False)
    channel = make_channel("tts", None, None)
    try:
        assert channel.name == "tts", channel.notice
        for _ in range(3):
            channel.say("One.")
            time.sleep(2.5)  # longer than the line: a player that works has ended it
            assert channel.poll_notice() is None
            channel.interrupt()  # the next line typed
            channel.say("Two, three, four, five, six, seven.")
            time.sleep(0.3)  # stopped within its length: says nothing either way (it reset the count)
            channel.interrupt()
        channel.say("Two.")
        channel.flush(20)
        assert one_line(channel.poll_notice()) == ("Speech stopped: the sound device stopped answering. The game "
                                                   "goes on in text.")
    finally:
        channel.close()


def test_unknown_voice_is_said_and_the_default_used(linux_player: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    player = fake_player(linux_player)
    monkeypatch.setattr(tts, "find_player", lambda: str(player))
    channel = make_channel("tts", None, "no-such-voice")
    channel.close()
    assert "no voice called 'no-such-voice', using the default" in one_line(channel.notice)


# ----- real audio -------------------------------------------------------------------------
def test_tts_really_makes_audio_with_espeak(tmp_path: Path) -> None:
    """pyttsx3 with espeak-ng writes a WAV of speech: long enough, and not silence. On CI
    (CI=true) a missing espeak-ng fails this test instead of skipping it."""
    need_espeak()
    engine, _ = tts.init_engine(175, None)
    path = tmp_path / "line.wav"
    with quiet():
        tts.save_wav(engine, "Hand 3: north-south made 95 with 110, now 245.", path)
    with wave.open(str(path)) as wav:
        assert wav.getsampwidth() == 2 and wav.getnchannels() == 1
        seconds = wav.getnframes() / wav.getframerate()
        samples = array("h", wav.readframes(wav.getnframes()))
    assert seconds > 1.5, seconds
    peak = max(abs(s) for s in samples)
    loud = sum(1 for s in samples if abs(s) > 1000) / len(samples)
    assert peak > 5000 and loud > 0.05, (peak, loud)


# ----- macOS: the system's say command, here a stand-in on the PATH --------------------------
def fake_say(tmp_path: Path) -> Path:
    """A ``say`` that lists two voices for ``-v ?`` and logs each line it is given (args | text),
    then "done" once it has finished speaking; a line with "long" in it takes 30 seconds."""
    log = tmp_path / "said.log"
    script = tmp_path / "say"
    script.write_text(textwrap.dedent(f"""\
        #!{sys.executable}
        import sys, time
        if sys.argv[1:] == ["-v", "?"]:
            print("Alex                en_US    # Most people recognize me by my voice.")
            print("Bad News            en_US    # The light you see at the end of the tunnel...")
            sys.exit(0)
        text = sys.stdin.read()
        with open({str(log)!r}, "a") as out:
            out.write(" ".join(sys.argv[1:]) + "|" + text + "\\n")
        time.sleep(30 if "long" in text else 0)
        with open({str(log)!r}, "a") as out:
            out.write("done\\n")
    """))
    script.chmod(0o755)
    log.write_text("")
    return log


@pytest.fixture
def mac(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setattr(tts, "uses_say", lambda: True)
    monkeypatch.setattr(tts, "uses_wav_player", lambda: False)
    monkeypatch.setattr(tts, "init_engine", None)  # no pyttsx3 on macOS
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    return tmp_path


def test_macos_speaks_with_say(mac: Path) -> None:
    log = fake_say(mac)
    channel = make_channel("tts", 210, "bad")
    try:
        assert channel.name == "tts", channel.notice
        assert one_line(channel.notice) == "Speech: text to speech, voice Bad News, rate 210."
        channel.say("North plays 14 red.")
        channel.say("You win the trick.")
        channel.flush(20)
    finally:
        channel.close()
    assert log.read_text().splitlines() == ["-v Bad News -r 210|North plays 14 red.", "done",
                                            "-v Bad News -r 210|You win the trick.", "done"]


def test_macos_say_is_cut_off_at_a_new_turn_and_unknown_voices_are_said(mac: Path) -> None:
    log = fake_say(mac)
    channel = make_channel("tts", None, "nobody")
    try:
        assert "no voice called 'nobody', using the default" in one_line(channel.notice)
        channel.say("A long line.")
        deadline = time.monotonic() + 20
        while not log.read_text() and time.monotonic() < deadline:
            time.sleep(0.02)
        channel.interrupt()
        channel.say("Your turn.")
        channel.flush(20)
    finally:
        channel.close()
    # The long line was stopped (no "done" after it); the new turn's line was spoken whole.
    assert log.read_text().splitlines() == ["|A long line.", "|Your turn.", "done"]


def test_quitting_lets_the_saved_line_be_heard_to_its_end(tmp_path: Path) -> None:
    """The game waited 3 seconds for its last words, and "Saved. To go on later, type:
    rook-access play --resume ..." takes 4 at the default rate (7 at 120): the save's name, the
    one thing the player needs, was cut off (found by a helper listening through a stand-in
    player that plays each WAV for as long as it lasts)."""
    import subprocess

    need_espeak()
    fakebin = tmp_path / "bin"
    fakebin.mkdir()
    log = tmp_path / "played.log"
    player = fakebin / "aplay"
    player.write_text(textwrap.dedent(f"""\
        #!{sys.executable}
        import sys, time, wave
        with wave.open(sys.argv[1]) as w:
            seconds = w.getnframes() / w.getframerate()
        with open({str(log)!r}, "a") as out:
            out.write(f"start {{seconds:.2f}}\\n")
        time.sleep(seconds)
        with open({str(log)!r}, "a") as out:
            out.write("end\\n")
    """))
    player.chmod(0o755)
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.toml").write_text("tts_rate = 150\n", "utf-8")
    env = dict(os.environ, ROOK_ACCESS_HOME=str(home), PATH=f"{fakebin}{os.pathsep}{os.environ['PATH']}",
               LANG="en_US.UTF-8", LC_ALL="en_US.UTF-8")
    done = subprocess.run([sys.executable, "-m", "rook_access", "play", "--plain", "--speech", "tts", "--seed", "1"],
                          input="quit\n", capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0 and "Saved. To go on later" in done.stdout, done.stdout + done.stderr
    events = log.read_text().split("\n")
    last_start = max(i for i, line in enumerate(events) if line.startswith("start"))
    assert float(events[last_start].split()[1]) > 3.0  # the saved line, longer than the old wait
    assert "end" in events[last_start + 1:], events


def test_the_voice_is_described_by_its_name_not_its_id() -> None:
    """"Speech: text to speech, voice gmw/en, rate 200." was read "G M double-u slash en" (found by
    the sound sweep): the voice's name, or its id only when it has none and was asked for."""
    from types import SimpleNamespace

    from rook_access.speech.tts import describe_engine

    voices = [SimpleNamespace(id="gmw/en", name="English (Great Britain)"), SimpleNamespace(id="fr", name=None)]
    engine = SimpleNamespace(getProperty=lambda key: {"voices": voices, "voice": "gmw/en", "rate": 200}[key])
    assert describe_engine(engine, None, None) == "text to speech, voice English (Great Britain), rate 200"
    assert describe_engine(engine, 150, "fr") == "text to speech, voice fr, rate 150"
    nameless = SimpleNamespace(getProperty=lambda key: {"voices": [], "voice": "gmw/en", "rate": 200}[key])
    assert describe_engine(nameless, None, None) == "text to speech, rate 200"


# The voices pyttsx3 lists with espeak-ng, in its order (a part of them).
ESPEAK_VOICES = [("zle/be", "Belarusian"), ("inc/bn", "Bengali"),
                 ("sit/cmn", "Chinese (Mandarin, latin as English)"), ("gmw/en-029", "English (Caribbean)"),
                 ("gmw/en", "English (Great Britain)"), ("gmw/en-gb-scotland", "English (Scotland)"),
                 ("gmw/en-us", "English (America)"), ("gmw/en-us-nyc", "English (America, New York City)")]


@pytest.mark.parametrize(("wanted", "chosen"), [
    ("english", "gmw/en"), ("English", "gmw/en"), ("en", "gmw/en"), ("us", "gmw/en-us"), ("en-us", "gmw/en-us"),
    ("English (America)", "gmw/en-us"), ("america", "gmw/en-us"), ("scot", "gmw/en-gb-scotland"),
    ("no-such-voice", None)])
def test_a_voice_is_chosen_by_the_closest_match_not_the_first_holding_the_text(wanted: str,
                                                                               chosen: str | None) -> None:
    """tts_voice = "english" spoke Chinese (Mandarin, latin as English), "en" Bengali and "us"
    Belarusian: the first voice whose id or name held the text (the speech sweep of session 37)."""
    from types import SimpleNamespace

    voices = [SimpleNamespace(id=vid, name=name) for vid, name in ESPEAK_VOICES]
    assert tts.pick_voice(voices, wanted, "gmw/en") == chosen
    engine = SimpleNamespace(getProperty=lambda key: {"voices": voices, "voice": "gmw/en", "rate": 200}[key])
    if chosen is not None:
        named = dict(ESPEAK_VOICES)[chosen]
        assert tts.describe_engine(engine, None, wanted) == f"text to speech, voice {named}, rate 200"


def test_a_word_of_the_voice_finds_the_systems_english_voice(linux_player: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """With espeak-ng itself: "english" is said and spoken as English, not Mandarin."""
    need_espeak()
    player = fake_player(linux_player)
    monkeypatch.setattr(tts, "find_player", lambda: str(player))
    channel = make_channel("tts", None, "english")
    channel.close()
    assert "voice English" in one_line(channel.notice) and "Chinese" not in str(channel.notice), channel.notice


@pytest.mark.parametrize("command", [["play", "--seed", "3"], ["table"]])
def test_speech_that_stops_mid_game_is_said_once_and_speech_says_so(
        linux_player: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        command: list[str]) -> None:
    """At the table the notice was never said; in both, `speech` still answered "Speech: tts."
    once the sound device had gone (the voice sweep of session 29)."""
    import io

    from rook_access.cli import main

    player = fake_player(linux_player, fail_after=1)  # the probe plays; the first line fails
    monkeypatch.setattr(tts, "find_player", lambda: str(player))
    monkeypatch.setenv("ROOK_ACCESS_HOME", str(linux_player / "home"))
    lines = iter(["west" if command == ["table"] else "hand", "status", "speech", "speak", "quit"])

    class Slow(io.StringIO):
        """The first line comes once the voice has had time to fail on what was said before it."""
        started = False

        def readline(self, *args: object) -> str:
            if not Slow.started:
                Slow.started = True
                time.sleep(3.0)
            line = next(lines, "")
            return line + "\n" if line else ""

    monkeypatch.setattr(sys, "stdin", Slow())
    assert main([*command, "--speech", "tts", "--plain"]) == 0
    out = capsys.readouterr().out
    assert out.count("Speech stopped: the sound device stopped working. The game goes on in text.") == 1, out
    assert "Speech: off since it stopped: the sound device stopped working (the setting is tts)." in out, out
    lines = out.splitlines()
    assert lines[lines.index("> speak") + 1:][:2] == [  # and speak says so: the setting, not "speech tts"
        "Speech: off since it stopped: the sound device stopped working (the setting is tts).",
        "These apply once a voice speaks."], out


def test_the_rate_said_is_the_rate_spoken_with_a_voice_chosen(linux_player: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """With tts_voice set and no tts_rate, the notice said "rate 175" while the lines were spoken
    at 200 (the voice sweep of session 29)."""
    player = fake_player(linux_player)
    monkeypatch.setattr(tts, "find_player", lambda: str(player))
    lengths = []
    for rate in (None, 200, 120):
        channel = make_channel("tts", rate, "en-us")
        try:
            assert f"rate {rate or 200}" in one_line(channel.notice), channel.notice
            channel.say("New game: hasbro rules, first to 300.")
            channel.flush(20)
        finally:
            channel.close()
        lengths.append(played(linux_player)[-1])
    assert abs(lengths[0] - lengths[1]) < lengths[1] * 0.05 and lengths[2] > lengths[1] * 1.3, lengths


def test_speech_says_why_it_is_off_after_it_failed_at_the_start(linux_player: Path,
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Speech that could not start said why in the first line only; `speech` then answered "Speech:
    off (the setting is tts)." with no reason, once that line had scrolled away (the pty sweep of
    session 30). The reason is given without a second "Speech is off" (left out by session 37)."""
    import io

    from rook_access.cli import main

    monkeypatch.setattr(tts, "find_player", lambda: None)
    monkeypatch.setenv("ROOK_ACCESS_HOME", str(linux_player / "home"))
    monkeypatch.setattr(sys, "stdin", io.StringIO("speech\nquit\n"))
    assert main(["play", "--speech", "tts", "--plain", "--seed", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    started = next(line for line in out if line.startswith("Speech is off: "))
    answer = next(line for line in out if line.startswith("Speech: off (the setting is tts)."))
    why = answer.removeprefix("Speech: off (the setting is tts). ")
    assert why.startswith("No sound player was found") and "Speech is off" not in answer, out
    assert started.removeprefix("Speech is off: n").startswith(why.removeprefix("N")), out


def voiced_game(monkeypatch: pytest.MonkeyPatch, home: Path, settings: str, typed: str,
                command: tuple[str, ...] = ("play", "--plain", "--speech", "tts", "--seed", "3"),
                ) -> tuple[str, str, list[str]]:
    """A game run with ``settings`` in its settings file and a voice that records what it is
    asked to say: standard output, standard error and the lines said."""
    import io

    from rook_access.cli import main
    from rook_access.speech import output as speech_output

    said: list[str] = []

    class Voice(TextChannel):
        name = "tts"

        def say(self, line: str) -> None:
            said.append(line)

    monkeypatch.setenv("ROOK_ACCESS_HOME", str(home))
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.toml").write_text(settings, "utf-8")
    monkeypatch.setattr(speech_output, "make_channel", lambda *args: Voice("Speech: a test voice."))
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "stdout", io.StringIO())
        patch.setattr(sys, "stderr", io.StringIO())
        assert main(list(command)) == 0
        return sys.stdout.getvalue(), sys.stderr.getvalue(), said


@pytest.mark.parametrize("command", [("play", "--plain", "--speech", "tts", "--seed", "3"),
                                     ("table", "--plain", "--speech", "tts", "--rules", "hasbro")])
def test_a_warning_about_the_settings_is_said_as_well_as_printed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 command: tuple[str, ...]) -> None:
    """tts_rate = "fast" was printed on standard error before the voice was there, and never said
    (the speech sweep of session 37): said first, and printed once, not again on the game's lines."""
    out, err, said = voiced_game(monkeypatch, tmp_path, 'tts_rate = "fast"\n', "quit\n", command)
    assert err.count("tts_rate must be a whole number") == 1 and "tts_rate" not in out, (out, err)
    assert said[0].startswith("In the settings ") and "tts_rate must be a whole number" in said[0], said
    assert said[1] == "Speech: a test voice.", said
    assert sum("tts_rate" in line for line in said) == 1, said


NEST_LEFT_OUT = "The voice does not say nest, trump and partner calls: speak nest always brings them back."


@pytest.mark.parametrize("command", [("play", "--plain", "--speech", "tts", "--seed", "3"),
                                     ("table", "--plain", "--speech", "tts", "--rules", "hasbro")])
def test_a_kind_the_voice_leaves_out_is_said_at_the_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          command: tuple[str, ...]) -> None:
    """speak = ["nest=never"] kept from a game before: trump was never heard, and nothing said why
    (the speech sweep of session 37). The start says it, and how to bring the kind back."""
    out, _err, said = voiced_game(monkeypatch, tmp_path, 'speak = ["nest=never"]\n', "pass\nquit\n", command)
    assert NEST_LEFT_OUT in out.splitlines() and NEST_LEFT_OUT in said, (out, said)
    assert said.index(NEST_LEFT_OUT) < next(i for i, line in enumerate(said) if line.startswith("New game")
                                            or line.startswith("Who deals")), said


def test_what_the_voice_leaves_out_is_not_said_with_no_voice(tmp_path: Path) -> None:
    """With speech off the speak setting changes nothing heard: no line about it."""
    from rook_access.commands.startup import Startup
    from rook_access.speech.speaking import left_out_line

    startup = Startup([tmp_path])
    startup.settings.speak = ["nest=never"]
    startup.channel = TextChannel()
    assert not any("The voice" in line for line in startup.opening())
    assert left_out_line(["plays=turn", "bids=always"]) == (
        "The voice says cards played only on your turn: speak plays always says them every time.")
    assert left_out_line(["bids=never", "nest=never"]) == (
        "The voice does not say 2 kinds of lines: speak bids always brings bids back; speak nest always brings "
        "nest, trump and partner calls back.")
    assert left_out_line(["bids=always"]) is None


@pytest.mark.parametrize("command", [("play", "--plain", "--speech", "tts", "--seed", "3"),
                                     ("table", "--plain", "--speech", "tts", "--rules", "hasbro")])
def test_refusals_and_the_last_words_are_said_under_speak_replies_never(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch,
                                                                        command: tuple[str, ...]) -> None:
    """With speak replies never, "200", "bid 65" and "xyzzy" were refused in silence, and the save
    at quit was never heard (the speech sweep of session 37): a refusal answers what was typed,
    as the player's own move is, and the quit line is the last word. Other answers stay unsaid."""
    typed = "speak replies never\nspeak\n200\nbid 65\nxyzzy\nquit\n"
    out, _err, said = voiced_game(monkeypatch, tmp_path, "", typed, command)
    lines = out.splitlines()
    for typed_line in ("> 200", "> bid 65", "> xyzzy"):
        answer = lines[lines.index(typed_line) + 1]
        assert answer in said, (typed_line, answer, said)
    assert lines[-1].startswith("Saved. To go on later, type: rook-access "), lines[-1]
    assert said[-1].startswith("Saved. To go on later, type: rook-access "), said  # "dash dash resume"
    listed = lines[lines.index("> speak") + 1]
    assert listed == "Spoken: bids, always." and listed not in said, listed


@pytest.mark.parametrize("command", [("play", "--plain", "--speech", "tts", "--seed", "3"),
                                     ("table", "--plain", "--speech", "tts", "--rules", "hasbro")])
def test_a_blank_line_says_what_is_expected_as_a_prompt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        command: tuple[str, ...]) -> None:
    """A blank line says again what is expected; spoken as an answer, speak replies never left it
    silent (the ear and braille display sweep of session 39). It is a prompt: speak prompts says it,
    but never silences what the table companion asks (who deals), as its prompt is always said."""
    for setting in ("replies never", "prompts never"):
        out, _err, said = voiced_game(monkeypatch, tmp_path / setting.split()[0], "",
                                      f"speak {setting}\n\nquit\n", command)
        lines = out.splitlines()
        again = lines[lines.index("> ") + 1]
        heard = setting == "replies never" or command[0] == "table"
        assert again.endswith(".") and lines.count(again) == 2, lines  # the prompt, then the blank line's
        assert said.count(again) == (2 if heard else 1), (setting, again, said)
