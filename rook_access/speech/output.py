"""Choosing the speech channel: ``--speech auto|screen-reader|tts|off``.

Interface (stable; the console builds on it)::

    channel = make_channel(mode, rate, voice)    # never raises for a missing or broken engine
    if channel.notice:
        print(channel.notice)                    # one line: what was picked, or what failed
    channel.say(line)                            # every announced line, after printing it
    channel.interrupt()                          # a new turn: drop lines not yet spoken
    late = channel.poll_notice()                 # a failure after the start, once, or None
    channel.close()

``channel.name`` is what was actually picked: "off", "screen-reader" or "tts".

Speech never doubles. A running screen reader already reads the console, so ``auto`` picks text
only when it finds one, also one the game cannot send lines to (a process named ``orca`` when the
``speechd`` module is missing) (``screen-reader`` sends the lines to it directly, for a player whose
screen reader does not follow the console); with no screen reader, ``auto`` picks text to speech
if the engine starts and can play sound, else text only. A missing or failing engine is one
line in ``notice`` and the game goes on in text; nothing here raises or waits for long.
"""

from __future__ import annotations

import logging

from .channel import Channel, TextChannel
from .screen_reader import Detected, ScreenReaderChannel, detect_screen_reader
from .tts import START_TIMEOUT, TtsChannel

MODES = ("auto", "screen-reader", "tts", "off")
DETECT = "detect"  # make_channel's default: look for a running screen reader itself

__all__ = ["Channel", "DETECT", "MODES", "ScreenReaderChannel", "TextChannel", "TtsChannel", "make_channel"]

log = logging.getLogger(__name__)


def make_channel(mode: str, rate: int | None = None, voice: str | None = None,
                 reader: Detected | None | str = DETECT) -> Channel:
    """The channel for ``mode`` (one of ``MODES``); see the module docstring. ``reader`` is the
    screen reader already detected (or None for none), to save looking twice."""
    if mode not in MODES:
        raise ValueError(f"speech must be auto, screen-reader, tts or off, not {mode!r}")
    if mode == "off":
        return TextChannel()
    found = None
    if mode in ("auto", "screen-reader"):
        found = detect_screen_reader() if isinstance(reader, str) else reader
    if mode == "screen-reader":
        return screen_reader_channel(found)
    if mode == "auto" and found is not None:
        if found.output is not None:
            ScreenReaderChannel(found.output, found.name).close()
        return TextChannel(auto_reader_notice(found.name))
    return start_tts(rate, voice, auto=mode == "auto")


def auto_reader_notice(name: str) -> str:
    return (f"Speech: {name} is running and reads the console, so the game adds no voice of its own "
            "(speech tts to hear the game's voice instead).")


def screen_reader_channel(found: Detected | None) -> Channel:
    """``--speech screen-reader``: lines sent to the reader, or one line saying what is missing."""
    if found is None:
        return TextChannel("Speech: no screen reader is running (NVDA, JAWS, VoiceOver or "
                           "Orca); going on in text.")
    if found.output is None:
        if found.missing:
            return TextChannel(f"Speech: the game cannot send lines to {found.name}, which still reads "
                               "the console.", advice=found.missing)
        return TextChannel(f"Speech: {found.name} is running, but the game cannot send lines to it; "
                           f"{found.name} still reads the console.")
    return ScreenReaderChannel(found.output, found.name, f"Speech: lines go to {found.name}.")


def start_tts(rate: int | None, voice: str | None, auto: bool,
              timeout: float = START_TIMEOUT) -> Channel:
    """A working text-to-speech channel, or text only with one plain sentence saying why (the
    library's own words go to the log). On a full disk no folder for its sound files can be made:
    the game said "cannot write the output" and did not start (the docs sweep)."""
    try:
        channel = TtsChannel(rate, voice)
    except OSError as exc:
        log.warning("text to speech unavailable: %s", exc)
        return TextChannel(f"Speech is off: its sound files cannot be written ({exc.strerror or exc}).")
    if not channel.wait_ready(timeout):
        channel.close()
        log.warning("text to speech unavailable: %s (%s)", channel.failure, channel.detail)
        return TextChannel(f"Speech is off: {channel.failure}.")
    note = f" ({channel.warning})" if channel.warning else ""
    channel.notice = f"Speech: {channel.describe()}{note}."
    return channel
