"""The server's log: `mare-nostrum serve` and `serve-ssh` write what happens (logins, tables
created, finished or handed to a computer, refused frames, errors with their tracebacks)
to a file that is rotated by size (`--log-file`, `--log-size`, `--log-keep`).

The console says only one line per start (printed by the commands) and one line per error,
never a traceback: a traceback goes to the file alone. Each module writes through its own
logger (`logging.getLogger(__name__)`); this module only sets where their lines go, in the
server's process (the sessions' processes are fresh interpreters and log nothing here).

What is never written: a hand or any part of a game's state, the seed, a token, an invite
or link code, a key (only its fingerprint).
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
import threading
from io import TextIOWrapper
from pathlib import Path
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from .conn import Conn

LOG_NAME = "server.log"  # in the server's data directory unless --log-file says otherwise
LOG_SIZE_MB = 10  # a log file is rotated when it reaches this size
LOG_KEEP = 5  # rotated files kept beside the current one
FILE_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
QUIET = ("asyncssh", "apprise")  # libraries whose own chatter below a warning stays out


class PrivateRotatingFile(logging.handlers.RotatingFileHandler):
    """A rotated log file created 0600, like the rest of the server's data (it names keys'
    fingerprints and addresses)."""

    def _open(self) -> TextIOWrapper:
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        return open(fd, "a", encoding=self.encoding, errors=self.errors)


class OneLine(logging.Formatter):
    """The console's words for a record: one line, its traceback left to the file."""

    def __init__(self, log_file: Path | None) -> None:
        super().__init__()
        self.log_file = log_file

    def format(self, record: logging.LogRecord) -> str:
        text = " ".join(record.getMessage().split())
        if record.exc_info and record.exc_info[1] is not None:
            e = record.exc_info[1]
            text += f": {type(e).__name__}: {' '.join(str(e).split())}"
            if self.log_file is not None:
                text += f" (the traceback is in {self.log_file})"
        return f"mare-nostrum: {text}"


def start_log(path: Path, *, size_mb: float = LOG_SIZE_MB, keep: int = LOG_KEEP,
              console: IO[str] | None = None) -> logging.Handler:
    """Send the process's log lines to the rotated file at `path` (its folder made if
    missing) and its errors, one line each, to the console; the file's handler."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    to_file = PrivateRotatingFile(path, maxBytes=max(1, int(size_mb * 1024 * 1024)),
                                  backupCount=max(0, keep), encoding="utf-8", delay=False)
    to_file.setFormatter(logging.Formatter(FILE_FORMAT))
    to_file.setLevel(logging.INFO)
    to_console = logging.StreamHandler(console or sys.stderr)
    to_console.setFormatter(OneLine(path))
    to_console.setLevel(logging.ERROR)
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(to_file)
    root.addHandler(to_console)
    root.setLevel(logging.INFO)
    for name in QUIET:
        logging.getLogger(name).setLevel(logging.WARNING)
    logging.captureWarnings(True)
    threading.excepthook = _thread_failed  # a thread's traceback: to the file too
    return to_file


def _thread_failed(args: threading.ExceptHookArgs) -> None:
    if issubclass(args.exc_type, SystemExit):
        return
    name = args.thread.name if args.thread is not None else "?"
    logging.getLogger(__name__).error(
        "thread %s failed", name, exc_info=args.exc_value)  # (its traceback is the thread's)


def who(conn: Conn) -> str:
    """A connection in the log: its identity (a key's fingerprint, `local:user` or a
    guest), its name and the address the SSH door saw; before its hello, only that."""
    if conn.identity is None:
        return "a client before its hello"
    name = f" ({conn.name})" if conn.name and conn.name != conn.identity else ""
    at = f" from {conn.address}" if conn.address else ""
    return f"{conn.identity}{name}{at}"
