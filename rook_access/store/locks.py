"""One window per saved game: a game holds a lock on its save while it is open.

Two windows on the same save each wrote it and appended to the same record, so the record could
no longer be replayed and the save last written won. The lock is the operating system's own
(``flock`` on Linux and macOS, ``msvcrt.locking`` on Windows), on a small file beside the save
(``.game-1.json.lock``): it goes with the process, so a game killed never leaves a stale lock.
"""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path
from typing import IO


def lock_path(save: Path) -> Path:
    return save.parent / f".{save.name}.lock"


def hold(save: Path) -> IO[bytes] | None:
    """Lock ``save`` for this process; the open lock file (keep it open while the game is), or
    None when another process holds it. A folder where no lock can be made locks nothing: the
    save itself then says what is wrong."""
    try:
        save.parent.mkdir(parents=True, exist_ok=True)
        handle = open(lock_path(save), "a+b")  # noqa: SIM115 - held open for the game's lifetime
    except OSError:
        return _NO_LOCK
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
    return handle


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


class _NoLock:
    """Held where no lock file can be made (a read-only folder): nothing to release."""

    def close(self) -> None:
        pass


_NO_LOCK: IO[bytes] = _NoLock()  # type: ignore[assignment]


def release(handle: IO[bytes] | None, save: Path) -> None:
    """Let the game's lock go; its file goes with the save once the save is gone."""
    if handle is None:
        return
    handle.close()
    if not save.exists():
        try:
            os.unlink(lock_path(save))
        except OSError:
            pass
