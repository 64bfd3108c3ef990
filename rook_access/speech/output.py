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
only when it finds one (``screen-reader`` sends the lines to it directly, for a player whose
screen reader does not follow the console); with no screen reader, ``auto`` picks text to speech
if the engine starts and can play sound, else text only. A missing or failing engine is one
line in ``notice`` and the game goes on in text; nothing here raises or waits for long.
"""

from __future__ import annotations

from .channel import Channel, TextChannel
from .screen_reader import ScreenReaderChannel, find_screen_reader
from .tts import START_TIMEOUT, TtsChannel

MODES = ("auto", "screen-reader", "tts", "off")

__all__ = ["Channel", "MODES", "ScreenReaderChannel", "TextChannel", "TtsChannel", "make_channel"]


def make_channel(mode: str, rate: int | None = None, voice: str | None = None) -> Channel:
    """The channel for ``mode`` (one of ``MODES``); see the module docstring."""
    if mode not in MODES:
        raise ValueError(f"speech must be auto, screen-reader, tts or off, not {mode!r}")
    if mode == "off":
        return TextChannel()
    if mode == "screen-reader":
        found = find_screen_reader()
        if found is None:
            return TextChannel("Speech: no screen reader is running (NVDA, JAWS, VoiceOver or "
                               "Orca); going on in text.")
        output, reader = found
        return ScreenReaderChannel(output, reader, f"Speech: lines go to {reader}.")
    if mode == "auto":
        found = find_screen_reader()
        if found is not None:
            output, reader = found
            ScreenReaderChannel(output, reader).close()
            return TextChannel(f"Speech: {reader} is running and reads the console, so the game "
                               "adds no voice of its own (--speech tts or screen-reader to change).")
    return start_tts(rate, voice, auto=mode == "auto")


def start_tts(rate: int | None, voice: str | None, auto: bool,
              timeout: float = START_TIMEOUT) -> Channel:
    """A working text-to-speech channel, or text only with one line saying why."""
    channel = TtsChannel(rate, voice)
    if not channel.wait_ready(timeout):
        channel.close()
        if auto:
            return TextChannel(f"Speech: off, text to speech is not available: {channel.failure}.")
        return TextChannel(f"Speech: text to speech is not available: {channel.failure}; "
                           "going on in text.")
    note = f" ({channel.warning})" if channel.warning else ""
    channel.notice = f"Speech: {channel.describe()}{note}."
    return channel
