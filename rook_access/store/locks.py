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
    """The lock beside the file the save's name leads to: two names linked to one save were two
    locks, and two windows wrote one game, the last to quit losing the other's moves (the saves
    sweep of session 31). A link to a folder that is not there keeps the lock beside the link."""
    real = Path(os.path.realpath(save))
    kept = real if real.parent.is_dir() else save
    return kept.parent / f".{kept.name}.lock"


@dataclass
class Lock:
    """A game's hold on its save: the open lock file, kept open while the game is; None where no
    lock file can be made (a read-only folder: the save itself then says what is wrong)."""

    save: Path
    handle: IO[bytes] | None
    path: Path | None = None  # the lock file, named when taken: the save's link may be gone by release

    def release(self) -> None:
        """Let the lock go; its file goes with the save once the save is gone (a game over)."""
        if self.handle is not None:
            self.handle.close()
        if self.path is not None and not is_there(self.save):  # exists() raises for a name too long
            with contextlib.suppress(OSError):
                os.unlink(self.path)


def hold(save: Path) -> Lock | None:
    """Lock ``save`` for this process, or None when another process holds it."""
    try:
        save.parent.mkdir(parents=True, exist_ok=True)
        path = lock_path(save)
        handle = open(path, "a+b")  # noqa: SIM115 - held open for the game's lifetime
    except OSError:
        return Lock(save, None)
    if not _locked(handle):
        handle.close()
        return None
    return Lock(save, handle, path)


def _locked(handle: IO[bytes]) -> bool:
    """Take the lock on an open lock file: False when another process holds it."""
    try:
        if sys.platform == "win32":
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def held_in_other_capitals(save: Path) -> str | None:
    """The file name of a save that ``save``'s name is, capitals aside, whose lock another process
    holds now, or None. Locks are on exact names, so two new games started at the same moment as
    Sunday and sunday each held their own and both were kept (session 36's note); a game that
    only probes a lock lets it go at once."""
    prefix, suffix = ".", ".lock"
    try:
        names = [entry.name for entry in os.scandir(save.parent)]
    except OSError:
        return None
    for name in names:
        kept = name[len(prefix):-len(suffix)] if name.startswith(prefix) and name.endswith(suffix) else None
        if kept is None or kept == save.name or kept.casefold() != save.name.casefold():
            continue
        if _held(save.parent / name):
            return kept
    return None


def held_elsewhere(save: Path) -> bool:
    """Whether a game in another window holds ``save`` now, asked without keeping its lock: a new
    game advised resuming or deleting a game open elsewhere, which both refuse (session 39). Not
    for a save this process holds: its own lock answers held too."""
    return _held(lock_path(save))


def _held(lock_file: Path) -> bool:
    """Another process holds this lock file's lock: probed, and let go at once."""
    try:
        with open(lock_file, "r+b") as handle:  # not "a": a lock file gone meanwhile stays gone
            return not _locked(handle)
    except OSError:
        return False


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
