"""Keeping speech libraries' stray prints off the console.

accessible_output2 prints "Cannot find Speech Dispatcher..." when an output is missing, and
pyttsx3 prints "Audio saved to ..." for every line it synthesises; on a console that a screen
reader or a braille display follows, every stray line is read out and loses the player's place.

Two tools, because the prints come from two places:
- ``quiet()`` silences everything (Python streams and, optionally, file descriptors 1 and 2)
  for a short call made while nothing else prints: importing and probing outputs at start.
- ``mute_thread()`` drops writes made from one thread (the speech worker) while the game goes
  on printing from its own thread; swapping ``sys.stdout`` for the worker's whole life would
  swallow the game's lines too. Writes from threads Python did not start are dropped as well:
  espeak-ng calls pyttsx3 back (and so prints "Audio saved") on a thread of its own, and no
  game code ever runs on such a thread.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import threading
from collections.abc import Iterator
from typing import Any, TextIO


@contextlib.contextmanager
def quiet(fds: bool = False) -> Iterator[None]:
    """Drop everything printed inside the block; ``fds`` also silences C-level writes."""
    sink = io.StringIO()
    saved: list[tuple[int, int]] = []
    if fds:
        # Without descriptors 1 and 2 (a windowed Python) only Python-level output is muted;
        # that is the best available, not an error worth stopping the game for.
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, AttributeError, ValueError):  # None, or closed
                stream.flush()
        devnull = os.open(os.devnull, os.O_WRONLY)
        for fd in (1, 2):
            with contextlib.suppress(OSError):  # a descriptor the process was started without
                copy = os.dup(fd)
                os.dup2(devnull, fd)
                saved.append((fd, copy))
        os.close(devnull)
    try:
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            yield
    finally:
        for fd, copy in saved:
            os.dup2(copy, fd)
            os.close(copy)


class ThreadMute:
    """A stand-in for ``sys.stdout`` / ``sys.stderr`` that drops writes from muted threads and
    passes everything else, attributes included (``fileno``, ``isatty``, ``encoding``), to the
    real stream."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self._muted: set[int] = set()

    def mute(self, ident: int) -> None:
        self._muted.add(ident)

    def unmute(self, ident: int) -> None:
        self._muted.discard(ident)

    def _silent(self) -> bool:
        return threading.get_ident() in self._muted or isinstance(threading.current_thread(),
                                                                    _FOREIGN)

    def write(self, text: str) -> int:
        if self._silent():
            return len(text)
        return self._stream.write(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if not self._silent():
            self._stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


_lock = threading.Lock()
# The class threading gives threads it did not start (C libraries calling back into Python).
_FOREIGN: type = getattr(threading, "_DummyThread", type(None))


def mute_thread() -> None:
    """Drop the calling thread's writes to ``sys.stdout`` and ``sys.stderr`` from now on."""
    ident = threading.get_ident()
    with _lock:
        for attr in ("stdout", "stderr"):
            stream = getattr(sys, attr)
            if not isinstance(stream, ThreadMute):
                stream = ThreadMute(stream)
                setattr(sys, attr, stream)
            stream.mute(ident)


def unmute_thread(ident: int) -> None:
    with _lock:
        for attr in ("stdout", "stderr"):
            stream = getattr(sys, attr)
            if isinstance(stream, ThreadMute):
                stream.unmute(ident)
