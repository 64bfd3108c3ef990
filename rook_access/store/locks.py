"""One window per saved game: a game holds a lock on its save while it is open.

Two windows on the same save each wrote it and appended to the same record, so the record could
no longer be replayed and the save last written won. The lock is the operating system's own
(``flock`` on Linux and macOS, ``msvcrt.locking`` on Windows), on a small file beside the save
(``.game-1.json.lock``): it goes with the process, so a game killed never leaves a stale lock.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from .untrusted import is_there


def lock_path(save: Path) -> Path:
    return save.parent / f".{save.name}.lock"


@dataclass
class Lock:
    """A game's hold on its save: the open lock file, kept open while the game is; None where no
    lock file can be made (a read-only folder: the save itself then says what is wrong)."""

    save: Path
    handle: IO[bytes] | None

    def release(self) -> None:
        """Let the lock go; its file goes with the save once the save is gone (a game over)."""
        if self.handle is not None:
            self.handle.close()
        if not is_there(self.save):  # exists() raises for a name too long (the re-check)
            with contextlib.suppress(OSError):
                os.unlink(lock_path(self.save))


def hold(save: Path) -> Lock | None:
    """Lock ``save`` for this process, or None when another process holds it."""
    try:
        save.parent.mkdir(parents=True, exist_ok=True)
        handle = open(lock_path(save), "a+b")  # noqa: SIM115 - held open for the game's lifetime
    except OSError:
        return Lock(save, None)
    try:
        if sys.platform == "win32":
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return None
    return Lock(save, handle)


def lock_record(handle: IO[str]) -> bool:
    """Lock a record file a game writes, for as long as it is open: False when another game
    writes it now (their lines would interleave). Only where the lock cannot stop others reading
    it (``flock``: Linux and macOS; Windows locks block readers, so there it is not taken)."""
    if sys.platform == "win32":
        return True
    import fcntl

    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        return exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN)  # a device or a pipe: no lock needed
    return True
