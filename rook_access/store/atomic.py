"""Atomic file writes: a crash leaves the old file or the new one, never half of one.

The temporary file sits beside the target and carries the writing process's id in its name, so a
later start can tell the leftovers of a killed writer (``remove_stale_temps``) from a write in
progress in another running game.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import time
from pathlib import Path

STALE_SECONDS = 3600  # a temporary file this old is a leftover whoever wrote it
_TEMP = re.compile(r"^\..+?(?:\.(?P<pid>\d+))?\.[a-z0-9_]{8}\.tmp$")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: str | Path, data: str | bytes, mode: int = 0o666) -> None:
    """Write to a temporary file beside ``path``, then rename it over ``path``. The file gets
    ``mode`` less the umask like any new file (mkstemp alone would leave it 0600, unreadable to
    the embosser's print queue or another user). A symbolic link (a settings file kept by a
    dotfile manager) is written through: its target gets the new text and the link stays."""
    path = Path(path)
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):  # a read-only folder: the temporary file was never made
            Path(tmp).unlink(missing_ok=True)
        raise


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return pid > 0  # another user's process, or no such id at all
    return True


def remove_stale_temps(folder: str | Path, now: float | None = None) -> int:
    """Delete the temporary files of interrupted writes in ``folder``: those whose writer is no
    longer running, and any older than an hour. Returns how many were removed; a folder that
    cannot be read or written is left alone."""
    now = time.time() if now is None else now
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        match = _TEMP.match(entry.name)
        if not match:
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
