"""Text to speech with pyttsx3, in a background worker thread so the game never waits on speech.

The worker owns the engine (SAPI 5 objects must stay in the thread that made them) and speaks
queued lines one by one. ``interrupt()`` drops what is queued and cuts the current line, so at a
new turn the player hears the present, not a backlog.

On macOS the system's ``say`` command speaks each line (see ``uses_say``).

On Linux pyttsx3's espeak driver plays sound by running ``aplay`` through ``os.system``: that
cannot be stopped, blocks the worker and prints aplay's errors straight onto the console. So on
Linux the worker asks pyttsx3 for a WAV (``save_to_file``) and plays it with a player process of
its own (``paplay``, ``pw-play`` or ``aplay``) with its output discarded, which ``interrupt()``
can kill. A player is tried once at start with a short silence, so a machine with no sound
device is reported at once, in one line, instead of failing on the first real line.
"""

from __future__ import annotations

import collections
import contextlib
import logging
import re
import shutil
import subprocess
import sys
import threading
import time
import wave
from collections.abc import Callable
from pathlib import Path
from tempfile import mkdtemp
from types import SimpleNamespace
from typing import Any

from .channel import Channel
from .quiet import mute_thread, unmute_thread

log = logging.getLogger(__name__)

PLAYERS = ("paplay", "pw-play", "aplay")
START_TIMEOUT = 5.0  # seconds make_channel waits for the engine before going on in text
PROBE_TIMEOUT = 3.0
# A player that never ends a line: silence, no notice, and quitting held for the last words (the
# speech sweep of session 31). A line may take this much longer than its own length to play.
PLAY_SLACK = 10.0
# A player stopped by the next line typed is not known to hang; one still playing past a line's
# length each time, this many lines in a row, is (the re-check of session 31: typing every few
# seconds, a stalled player was never reported, and quitting waited 14 seconds).
OVERRUN_SECONDS = 1.0  # a working player ends its line well within this of the line's length
OVERRUNS = 3
SAY_SECONDS_A_CHARACTER = 0.25  # ``say`` is given text: four characters a second is slower than any rate
SYNTH_TIMEOUT = 30.0  # seconds to synthesise one line into a WAV
# pyttsx3's espeak driver now and then writes a line's WAV with no sound (espeak runs apart from
# it, and a line can end before its samples are counted): such a line is synthesised again.
SYNTH_TRIES = 3


class SpeechFailure(Exception):
    """The engine cannot speak. ``str(exc)`` is said to the player: a plain reason, such as "no
    sound device was found"; ``detail`` is the library's own words, for the log file only."""

    def __init__(self, reason: str, detail: str | None = None) -> None:
        super().__init__(reason)
        self.detail = detail


def find_player() -> str | None:
    """A command-line WAV player (Linux), or None."""
    for name in PLAYERS:
        path = shutil.which(name)
        if path:
            return path
    return None


def uses_wav_player() -> bool:
    return sys.platform.startswith("linux")


def uses_say() -> bool:
    """macOS speaks with its own ``say`` command: no pyttsx3 there, because pyttsx3 requires all
    of pyobjc (some 160 packages) for one speech class, and ``say`` can be stopped mid-line."""
    return sys.platform == "darwin"


def say_voices(say: str) -> list[str]:
    """The voice names ``say -v ?`` lists ("Alex   en_US   # Most people...")."""
    try:
        out = subprocess.run([say, "-v", "?"], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return [m.group(1) for m in re.finditer(r"^(\S.*?)\s{2,}\w\w[_-]", out, re.M)]


def say_arguments(say: str, rate: int | None, voice: str | None) -> tuple[list[str], str, str | None]:
    """``say``'s options, a description for the player, and a warning for an unknown voice."""
    args: list[str] = []
    warning = None
    if voice:
        # Chosen as pyttsx3's voices are: "en" took the first name holding the letters.
        match = pick_voice([SimpleNamespace(id=name, name=name) for name in say_voices(say)], voice)
        if match is None:
            warning = f"no voice called {voice!r}, using the default"
        else:
            args += ["-v", match]
            voice = match
    if rate:
        args += ["-r", str(rate)]
    parts = ["text to speech"] + ([f"voice {voice}"] if voice and not warning else []) + (
        [f"rate {rate}"] if rate else [])
    return args, ", ".join(parts), warning


PYTTSX3_RATE = 200  # the rate pyttsx3's espeak and SAPI5 drivers start at, in words a minute


def init_engine(rate: int | None, voice: str | None) -> tuple[Any, str | None]:
    """A pyttsx3 engine with the rate and voice set; also a warning if the voice is unknown."""
    try:
        import pyttsx3
    except ImportError as exc:
        raise SpeechFailure("the speech library pyttsx3 is not installed", str(exc)) from None
    try:
        engine = pyttsx3.init()
    except Exception as exc:
        hint = " (on Linux, install espeak-ng)" if uses_wav_player() else ""
        raise SpeechFailure(f"no speech engine was found{hint}",
                            f"pyttsx3.init: {type(exc).__name__}: {exc}") from None
    warning = None
    if rate is not None:
        engine.setProperty("rate", rate)
    if voice:
        match = pick_voice(engine.getProperty("voices") or [], voice, engine.getProperty("voice"))
        if match is None:
            warning = f"no voice called {voice!r}, using the default"
        else:
            engine.setProperty("voice", match)
    return engine, warning


def pick_voice(voices: list[Any], wanted: str, default: str | None = None) -> str | None:
    """A voice id for ``wanted`` (case ignored), the closest match first: the id, or its last
    part ("en" is gmw/en); the name; a name that starts with it as a word ("english" is "English
    (Great Britain)"); a whole word of either; any part of either. Among equals, the engine's own
    ``default`` voice, then the first listed. A part alone took the first voice holding the text:
    "english" chose Chinese (Mandarin, latin as English), "en" Bengali, "us" Belarusian (the
    speech sweep of session 37)."""
    want = wanted.strip().lower()
    if not want:
        return None
    word = re.compile(rf"(?<![a-z0-9]){re.escape(want)}(?![a-z0-9])")
    tests: tuple[Callable[[str, str], bool], ...] = (
        lambda vid, name: want in (vid, vid.rsplit("/", 1)[-1]),
        lambda vid, name: name == want,
        lambda vid, name: word.match(name) is not None,
        lambda vid, name: word.search(vid) is not None or word.search(name) is not None,
        lambda vid, name: want in vid or want in name,
    )
    for test in tests:
        found = [str(v.id) for v in voices if test(str(v.id).lower(), str(v.name or "").lower())]
        if found:
            return default if default in found else found[0]
    return None


def save_wav(engine: Any, text: str, path: Path, timeout: float = SYNTH_TIMEOUT) -> None:
    """Synthesise ``text`` into the WAV file ``path`` and return once the file is written.

    pyttsx3 2.99's espeak driver may return from ``runAndWait`` before the file exists: its loop
    ends when its command queue is empty, while espeak is still synthesising a longer line; the
    file is written, and "finished-utterance" sent, a moment later. So wait for that event."""
    done = threading.Event()
    token = engine.connect("finished-utterance", lambda **_: done.set())
    try:
        engine.save_to_file(text, str(path))
        engine.runAndWait()
        if not done.wait(timeout):
            raise SpeechFailure("the speech engine stopped answering",
                                f"no finished-utterance within {timeout:g} seconds")
    finally:
        engine.disconnect(token)


def wav_frames(path: Path) -> int:
    """The WAV file's length in frames; 0 for one without sound or not readable."""
    try:
        with wave.open(str(path), "rb") as wav:
            return wav.getnframes()
    except (OSError, EOFError, wave.Error):
        return 0


def write_silence(path: Path, seconds: float = 0.05) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(22050)
        out.writeframes(b"\0\0" * int(22050 * seconds))


class TtsChannel(Channel):
    """pyttsx3 in a worker thread. Construct, then ``wait_ready()`` to learn if it works.

    pyttsx3 keeps one engine per process, so close a channel before making the next one."""

    name = "tts"

    def __init__(self, rate: int | None = None, voice: str | None = None) -> None:
        super().__init__()
        self.rate, self.voice = rate, voice
        self.failure: str | None = None  # why the engine cannot speak, once known, for the player
        self.detail: str | None = None  # the library's words for it, for the log
        self.warning: str | None = None  # a problem that does not stop speech (unknown voice)
        self._queue: collections.deque[str] = collections.deque()
        self._cond = threading.Condition()
        self._closed = False
        self._busy = False  # a line is being spoken
        self._generation = 0
        self._overruns = 0  # lines in a row the player was still playing past their length when stopped
        self._player: str | None = None  # the WAV player (Linux) or say (macOS)
        self._say_args: list[str] = []
        self._proc: subprocess.Popen[bytes] | None = None
        self._engine: Any = None
        self._voice_id: str | None = None  # the voice the setting chose, set again before each line
        self._describe = "text to speech"
        self._ready = threading.Event()
        self._dir = Path(mkdtemp(prefix="rook-access-tts-"))
        self._thread = threading.Thread(target=self._run, name="rook-access-tts", daemon=True)
        self._thread.start()

    # ----- the game's side -------------------------------------------------------------
    def wait_ready(self, timeout: float = START_TIMEOUT) -> bool:
        """True if the engine started and can play sound; else ``failure`` says why."""
        if not self._ready.wait(timeout):
            self.failure = "the speech engine did not start in time"
            self.detail = f"no answer from the engine within {timeout:g} seconds"
            self.close()
        return self.failure is None

    def say(self, line: str) -> None:
        # A blank line (printed before "Saved..." at Ctrl+C or Ctrl+D) has nothing to say, and
        # pyttsx3's save_to_file('') fails an assert: the engine stopped, and the save's name
        # after it was never said (found by the voice sweep).
        if not line.strip():
            return
        with self._cond:
            if self._closed or self.failure:
                return
            self._queue.append(line)
            self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> None:
        """Wait until every queued line is spoken (or the engine failed or closed)."""
        with self._cond:
            self._cond.wait_for(lambda: (not self._queue and not self._busy) or self._closed
                                or self.failure is not None, timeout)

    def interrupt(self) -> None:
        with self._cond:
            self._generation += 1
            self._queue.clear()
            proc = self._proc
        if proc is not None and proc.poll() is None:
            proc.kill()
        elif self._engine is not None and not uses_wav_player():
            # If the engine cannot stop, the stale line plays to its end: a nuisance, not a
            # failure, and the queue is already cleared so nothing older follows it.
            with contextlib.suppress(Exception):
                self._engine.stop()

    def close(self) -> None:
        with self._cond:
            if self._closed:
                return
            self._closed = True
            self._cond.notify_all()
        self.interrupt()
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout=1.0)
        shutil.rmtree(self._dir, ignore_errors=True)

    # ----- the worker ------------------------------------------------------------------
    def _run(self) -> None:
        mute_thread()
        try:
            self._start()
        except SpeechFailure as exc:
            self.failure, self.detail = str(exc), exc.detail
        except Exception as exc:  # an engine bug must not reach the console as a traceback
            self.failure = "the speech engine failed"
            self.detail = f"{type(exc).__name__}: {exc}"
        finally:
            self._ready.set()
        try:
            if self.failure is None:
                self._loop()
        finally:
            unmute_thread(threading.get_ident())

    def _start(self) -> None:
        if uses_say():
            self._player = shutil.which("say")
            if self._player is None:
                raise SpeechFailure("the say command was not found", "no say on the PATH")
            self._say_args, self._describe, self.warning = say_arguments(self._player, self.rate, self.voice)
            return
        # The rate set, always: the engine's reading of its own rate changed with the voice chosen
        # (175 or 200), and the notice said one it did not speak at (the voice sweep of session 29).
        self.rate = self.rate or PYTTSX3_RATE
        self._engine, self.warning = init_engine(self.rate, self.voice)
        self._voice_id = self._engine.getProperty("voice") if self.voice and not self.warning else None
        self._describe = describe_engine(self._engine, self.rate, self.voice)
        if uses_wav_player():
            self._player = find_player()
            if self._player is None:
                raise SpeechFailure("no sound player was found (install pulseaudio-utils or alsa-utils)",
                                    f"none of {', '.join(PLAYERS)} is on the PATH")
            probe = self._dir / "probe.wav"
            write_silence(probe)
            self._play(probe, probing=True)

    def _next(self) -> tuple[str, int] | None:
        with self._cond:
            while not self._queue and not self._closed:
                self._cond.wait()
            if self._closed:
                return None
            self._busy = True
            return self._queue.popleft(), self._generation

    def _done(self) -> None:
        with self._cond:
            self._busy = False
            self._cond.notify_all()

    def _loop(self) -> None:
        while True:
            item = self._next()
            if item is None:
                return
            line, generation = item
            try:
                self._speak(line, generation)
                self._done()
            except Exception as exc:
                with self._cond:
                    if isinstance(exc, SpeechFailure):
                        self.failure, self.detail = str(exc), exc.detail
                    else:
                        self.failure, self.detail = "the speech engine failed", f"{type(exc).__name__}: {exc}"
                    log.error("text to speech stopped: %s (%s)", self.failure, self.detail)
                    self.stopped = self.failure
                    self._late_notice = f"Speech stopped: {self.failure}. The game goes on in text."
                    self._queue.clear()
                    self._busy = False
                    self._cond.notify_all()
                return

    def _speak(self, line: str, generation: int) -> None:
        engine = self._engine
        if uses_say():
            assert self._player is not None
            self._run_sound([self._player, *self._say_args], line.encode("utf-8"),
                            seconds=len(line) * SAY_SECONDS_A_CHARACTER)
            return
        self._settle(engine)
        if not uses_wav_player():
            engine.say(line)
            engine.runAndWait()
            return
        path = self._dir / "line.wav"
        for _ in range(SYNTH_TRIES):
            save_wav(engine, line, path)
            if wav_frames(path):
                break
            log.info("text to speech wrote no sound for a line; synthesising it again")
        if generation == self._generation and not self._closed:
            self._play(path)

    def _settle(self, engine: Any) -> None:
        """The rate and voice, set again before every line: pyttsx3's espeak driver can lose a
        rate set a while before the first line is spoken (with tts_rate = 120, four games in
        five under load spoke at the default 200, and the line then spoken came out silent)."""
        if self.rate is not None:
            engine.setProperty("rate", self.rate)
        if self._voice_id:
            engine.setProperty("voice", self._voice_id)

    def _play(self, path: Path, probing: bool = False) -> None:
        assert self._player is not None
        seconds = 0.0  # a file it cannot read: the player says why
        with contextlib.suppress(OSError, EOFError, wave.Error):
            with wave.open(str(path), "rb") as wav:
                seconds = wav.getnframes() / (wav.getframerate() or 1)
        self._run_sound([self._player, str(path)], None, probing, seconds)

    def _run_sound(self, command: list[str], text: bytes | None, probing: bool = False,
                   seconds: float = 0.0) -> None:
        """Run the sound player (or ``say``) until it ends or ``interrupt()`` kills it; a line of
        ``seconds`` given ``PLAY_SLACK`` more, the silent test sound ``PROBE_TIMEOUT``."""
        assert self._player is not None
        proc = subprocess.Popen(command, stdin=subprocess.DEVNULL if text is None else subprocess.PIPE,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        with self._cond:
            self._proc = proc
        allowed = PROBE_TIMEOUT if probing else seconds + PLAY_SLACK
        started = time.monotonic()
        try:
            _, err = proc.communicate(text, timeout=allowed)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            what = "a test sound" if probing else f"a line of {seconds:.0f} seconds"
            raise SpeechFailure("no sound device answered" if probing else "the sound device stopped answering",
                                f"{Path(self._player).name} did not play {what} within {allowed:g} seconds") from None
        finally:
            with self._cond:
                self._proc = None
        if proc.returncode >= 0:  # it ended the line itself: it answers
            self._overruns = 0
        elif time.monotonic() - started > seconds + OVERRUN_SECONDS:  # stopped, still playing past it
            self._overruns += 1
        # Stopped within the line's length says nothing either way (typing every 3 seconds reset
        # the count at each short line: the re-check of session 31).
        if self._overruns >= OVERRUNS:
            raise SpeechFailure("the sound device stopped answering",
                                f"{Path(self._player).name} played on past {OVERRUNS} lines' length, each stopped")
        if proc.returncode > 0 or (probing and proc.returncode != 0):
            detail = err.decode("utf-8", "replace").strip().splitlines()
            reason = re.sub(r"^[\w.-]+:( \w+:\d+:)? ", "", detail[-1]) if detail else (
                f"exit status {proc.returncode}")
            raise SpeechFailure("no sound device was found" if probing else "the sound device stopped working",
                                f"{Path(self._player).name}: {reason}")

    def describe(self) -> str:
        """"text to speech, voice gmw/en, rate 200", read in the worker when the engine started."""
        return self._describe


def describe_engine(engine: Any, rate: int | None, voice: str | None) -> str:
    """What the player will hear. pyttsx3 applies property changes only when its loop next runs,
    so the values asked for are reported, and the engine's own for the rest."""
    parts = ["text to speech"]
    try:
        voices = engine.getProperty("voices") or []
        default = engine.getProperty("voice")
        chosen = (pick_voice(voices, voice, default) if voice else None) or default
        # By its name ("English (Great Britain)"): its id ("gmw/en") was read out letter by
        # letter and slash (found by the sound sweep); the id only when it has no name.
        named = next((str(v.name) for v in voices if v.id == chosen and getattr(v, "name", None)), None)
        voice = named or (chosen if voice else None)
        rate = rate or engine.getProperty("rate")
    except Exception:
        voice = rate = None
    if voice:
        parts.append(f"voice {voice}")
    if rate:
        parts.append(f"rate {rate}")
    return ", ".join(parts)
