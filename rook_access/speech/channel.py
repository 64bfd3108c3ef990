"""The speech channel interface every engine implements, and the text-only channel.

A channel takes each announced line exactly once. The console prints every line itself; a
channel only decides whether the line is also voiced and by what. Speech never doubles: there is
one channel per game.
"""

from __future__ import annotations

# How long a program about to end waits for its last words ("Saved. To go on later, type: ...",
# seven seconds at 120 words a minute): three seconds cut the save's name, the one thing needed.
LAST_WORDS_SECONDS = 20.0


class Channel:
    """Where spoken lines go.

    - ``name``: "off", "screen-reader" or "tts" (what was actually picked).
    - ``notice``: one line saying what was picked or what failed at start, or None; the console
      prints it once.
    - ``advice``: the sentence the notice ends with that says what would make the speech chosen
      work (a module to install), or None; ``speech`` says it on a line of its own.
    - ``say(line)``: voice one line; never blocks the game on speech and never raises.
    - ``interrupt()``: a new turn starts: drop lines not yet spoken (and cut the current one
      where the engine allows), so the player hears the present, not a backlog.
    - ``poll_notice()``: a failure that happened after the start (a sound device that went
      away), as one line, returned once; afterwards the channel is silent and the game goes on
      in text.
    - ``flush(timeout)``: wait until queued lines are spoken (at most ``timeout`` seconds), for
      a program about to end (a replay run straight through).
    - ``close()``: stop the engine; safe to call twice.
    """

    name = "off"

    def __init__(self, notice: str | None = None, advice: str | None = None) -> None:
        self.notice = f"{notice} {advice}" if notice and advice else notice
        self.advice = advice
        self._late_notice: str | None = None
        self.stopped: str | None = None  # why speech stopped during the game, for ``speech`` to say

    def say(self, line: str) -> None:
        """Text only: the console has printed the line already."""

    def interrupt(self) -> None:
        """Nothing queued, nothing to drop."""

    def poll_notice(self) -> str | None:
        notice, self._late_notice = self._late_notice, None
        return notice

    def flush(self, timeout: float | None = None) -> None:
        """Nothing queued."""

    def close(self) -> None:
        """Nothing to stop."""


class TextChannel(Channel):
    """``--speech off``, and where a chosen engine is missing or failed."""

    name = "off"
