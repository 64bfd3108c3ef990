"""The log file: where library errors and bugs go, so the player hears plain sentences instead.

Where: ``platformdirs.user_log_dir("rook-access")`` (``~/.local/state/rook-access/log`` on
Linux, ``~/Library/Logs/rook-access`` on macOS, ``%LOCALAPPDATA%\\rook-access\\Logs`` on
Windows), or the folder named by ``ROOK_ACCESS_HOME``. The file and its folder are made only when
the first line is written, so a game where nothing went wrong leaves no empty log behind.
"""

from __future__ import annotations

import io
import logging
from pathlib import Path

APP = "rook-access"
FILE_NAME = "rook-access.log"
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def log_path() -> Path:
    from .store.settings import chosen_home  # ROOK_ACCESS_HOME read one way, for every file

    home = chosen_home()
    if home is not None:
        return home / FILE_NAME
    from platformdirs import user_log_dir

    return Path(user_log_dir(APP, appauthor=False)) / FILE_NAME


class LazyFileHandler(logging.FileHandler):
    """A file handler that makes its folder and file at the first record, not at start."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, encoding="utf-8", delay=True)

    def _open(self) -> io.TextIOWrapper:
        path = Path(self.baseFilename)
        if path.exists() and not path.is_file():  # a pipe would hold the game until read: the line is lost
            raise OSError(f"{path} is not a file")
        path.parent.mkdir(parents=True, exist_ok=True)
        return super()._open()

    def emit(self, record: logging.LogRecord) -> None:
        try:
            super().emit(record)
        except OSError:  # FileHandler opens the file outside emit's own guard
            self.handleError(record)

    def handleError(self, record: logging.LogRecord) -> None:
        """A log that cannot be written (no folder, full disk) loses the line, never the game;
        logging's default would print a traceback onto the console the player reads."""


def setup_log() -> Path:
    """Send the package's log records to the log file; returns where it is (or would be)."""
    path = log_path()
    handler = LazyFileHandler(path)
    handler.setFormatter(logging.Formatter(FORMAT))
    root = logging.getLogger("rook_access")
    for old in root.handlers:
        old.close()
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)
    root.propagate = False
    return path
