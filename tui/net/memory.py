"""What the game server keeps in memory of its tables, and what it gives back, so that its
memory does not grow with every game played (docs/performance.md, the soak):

- a table brought back by a restart finds its recent events again in its record, in a
  thread (`recall`);
- a finished table retires once its last save is written: its record stays in the save
  only, its recent events are kept packed (`retire_when_saved`, tui.net.tables);
- the free memory the C allocator holds after a burst of work (records replayed at a
  restart, computers thinking in their threads, every client coming back at once) is given
  back to the system every TRIM_EVERY seconds (`give_back`: glibc's malloc_trim, a few
  milliseconds; elsewhere nothing): else the process stays at each burst's peak.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.replay import ReplayError

from .digest import replayed
from .tables import RECENT_EVENTS, Table

if TYPE_CHECKING:
    from .server import GameServer

log = logging.getLogger(__name__)

TRIM_EVERY = 30.0  # seconds between two returns of free memory to the system


async def recall(server: GameServer, table: Table) -> None:
    """A table brought back by a restart: its recent events (the log of those who come
    back, the digest) found again in its record, in a thread; a finished one then retires."""
    version = table.match.version
    record = table.record_now()
    try:
        earlier = await asyncio.get_running_loop().run_in_executor(
            server.pool, lambda: replayed(record(), RECENT_EVENTS))
    except ReplayError as e:
        log.error("table %s: its events cannot be found again: %s", table.id, e.message)
    else:
        table.recall(earlier, version, whole=len(earlier) < RECENT_EVENTS)
    table.retire()


def retire_when_saved(server: GameServer, table: Table) -> None:
    """A finished table retires once its last save is written (the one writer thread
    writes in order: a job queued after the save runs after it)."""
    loop = server._loop
    if loop is None:
        table.retire()
        return
    with contextlib.suppress(RuntimeError):  # the writer has stopped: the server closes
        loop.run_in_executor(server.saver, _nothing).add_done_callback(
            lambda _: table.retire())


def _nothing() -> None:
    """A job for the writer thread that marks a point in its queue."""


def _malloc_trim() -> Callable[[int], int] | None:
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim: Callable[[int], int] = libc.malloc_trim
    except (OSError, AttributeError):  # not glibc
        return None
    return trim


_trim = _malloc_trim()


async def giving_back() -> None:
    """The server's task: `give_back` every TRIM_EVERY seconds."""
    while True:
        await asyncio.sleep(TRIM_EVERY)
        give_back()


def give_back() -> bool:
    """Return the C allocator's free pages to the system; False where it cannot."""
    if _trim is None:
        return False
    _trim(0)
    return True
