"""Atomic file writes: a crash leaves the old file or the new one, never half of one.

The temporary file sits beside the target and carries the writing process's id in its name, so a
later start can tell the leftovers of a killed writer (``remove_stale_temps``) from a write in
progress in another running game.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
import time
from pathlib import Path

STALE_SECONDS = 3600  # a temporary file this old is a leftover whoever wrote it
# The target's name as the temporary file carries it, cut so the whole temporary name (with the
# process id, 8 random characters and ".tmp") stays within the usual 255-byte limit: a name the
# file system takes was refused because its temporary name was too long (the braille sweep).
NAME_KEPT = 200  # bytes, as the limit counts them (200 "é" were 400)


def _kept(name: str) -> str:
    """``name`` cut to ``NAME_KEPT`` bytes of UTF-8, never inside a character."""
    return name.encode("utf-8", "surrogateescape")[:NAME_KEPT].decode("utf-8", "ignore")
_TEMP = re.compile(r"^\..+?(?:\.(?P<pid>\d+))?\.[a-z0-9_]{8}\.tmp$")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def too_long(path: str | Path) -> bool:
    """A path the system refuses for its length, whether or not the folders above it exist yet
    (``stat`` says "no such file" first when they do not: the re-check). Asked before any
    folder is made: labels made the first of the new folders, then failed (session 30)."""
    path = Path(path)
    try:
        most = os.pathconf(path.anchor or "/", "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):  # no pathconf (Windows): its usual limit
        most = 255
    return len(os.fsencode(path)) >= 4096 or any(len(os.fsencode(part)) > most for part in path.parts)


def write_atomic(path: str | Path, data: str | bytes, mode: int = 0o666) -> None:
    """Write ``data`` to ``path``; a crash leaves the old file or the new one, never half of one.

    A regular file, or one not there yet, is written to a temporary file in its own folder,
    synced, and renamed over it. It keeps its permission bits (0600 stays 0600); a new file gets
    ``mode`` less the umask (mkstemp alone would leave it 0600, unreadable to the embosser's print
    queue or another user). A symbolic link (a settings file kept by a dotfile manager) stays a
    link: the file it points to is the one replaced. Anything else (/dev/stdout, /dev/full, a
    FIFO) is written into as a stream: a rename would put a regular file where the device was.
    A folder is an error. An OSError names ``path`` as given, never the temporary file."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        try:
            found: os.stat_result | None = os.stat(path)  # through every link, /dev/stdout's to a pipe too
        except FileNotFoundError:
            found = None
        real = Path(os.path.realpath(path))
        if found is not None and stat.S_ISREG(found.st_mode) and not os.access(real, os.W_OK):
            # A rename needs only the folder: a file made read-only was replaced without a word.
            raise PermissionError(errno.EACCES, "the file is read-only")
        if found is None or (stat.S_ISREG(found.st_mode) and _same(real, found)):
            _replace(real, raw, mode & ~_umask() if found is None else stat.S_IMODE(found.st_mode))
        elif stat.S_ISDIR(found.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        else:  # no O_CREAT: what is written into must already be there
            with os.fdopen(_open_stream(path, found), "wb") as stream:
                stream.write(raw)
    except OSError as exc:
        if exc.errno is None:
            raise
        raise OSError(exc.errno, exc.strerror, str(path)) from exc


def _open_stream(path: str | Path, found: os.stat_result) -> int:
    """Open a pipe or a device to write into. A pipe is opened without waiting: with nobody
    reading it the open would hold the game silent until killed, so that is an error at once."""
    if not stat.S_ISFIFO(found.st_mode):
        return os.open(path, os.O_WRONLY | os.O_TRUNC)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise OSError(errno.ENXIO, "nothing is reading the pipe") from None
        raise
    os.set_blocking(fd, True)  # a reader is there: write at its pace
    return fd


def _same(path: Path, found: os.stat_result) -> bool:
    """Whether ``path`` is the file ``found`` (not so for /dev/stdout to a deleted file)."""
    try:
        return os.path.samestat(os.stat(path), found)
    except OSError:
        return False


def _written_beside(path: Path, raw: bytes, mode: int) -> str:
    """A temporary file beside ``path`` holding ``raw``, synced: an atomic write's first half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{_kept(path.name)}.{os.getpid()}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
            handle.flush()
            os.fchmod(handle.fileno(), mode)
            os.fsync(handle.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return tmp


def _replace(path: Path, raw: bytes, mode: int) -> None:
    tmp = _written_beside(path, raw, mode)
    try:
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_new(path: str | Path, data: str | bytes, mode: int = 0o666) -> bool:
    """Write ``data`` to ``path`` whole, only if nothing has that name yet: False when something
    has. The claim and the write are one step (a hard link), so of two writers only one takes
    the name; where the file system has no hard links, it is claimed as well as it allows."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    target = Path(path)
    tmp = _written_beside(target, raw, mode & ~_umask())
    try:
        try:
            os.link(tmp, target)
        except FileExistsError:
            return False
        except OSError:
            if target.exists():
                return False
            os.replace(tmp, target)
        return True
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if os.name == "nt":
        # os.kill(pid, 0) on Windows is no probe: 0 is CTRL_C_EVENT, sent to that process group
        # (any other number kills the process). Only a leftover's age tells it there.
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return pid > 0  # another user's process, or no such id at all
    return True


def remove_stale_temps(folder: str | Path, now: float | None = None, of: str | None = None) -> int:
    """Delete the temporary files of interrupted writes in ``folder``: those whose writer is no
    longer running, and any older than an hour; with ``of``, only those of that file (a record in
    the player's own folder, among other programs' files). Returns how many were removed; a
    folder that cannot be read or written is left alone."""
    now = time.time() if now is None else now
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        match = _TEMP.match(entry.name)
        if not match or of is not None and not entry.name.startswith(f".{_kept(of)}."):
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            old = now - entry.stat(follow_symlinks=False).st_mtime > STALE_SECONDS
            pid = match.group("pid")
            if old or (pid is not None and not _alive(int(pid))):
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed
