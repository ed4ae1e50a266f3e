"""Nothing is told before it is saved: a message that may show a decision (an update, a
your-turn note) leaves the server only once every save queued before it is on disk.

The saves are written by one thread, in order (tui.net.server), so that the event loop never
waits on the disk; without this, a player could see their decision taken and the server be
killed before the save landed: a decision acknowledged, then lost. Each message is marked
with the number of the writer's turns queued when it was sent and held until that many are
done (about a millisecond; the order of one connection's messages is kept).

Only a table's newest save is kept for the writer, and at most one turn of each table waits
in its queue: a save of a table whose turn is still waiting replaces the save that turn
will write (each is the whole table), else it queues a turn. So when the disk is slow the
writer falls behind by at most one save a table, not by every decision (docs/performance.md,
Where the memory went: each waiting save held hundreds of KiB, and every message showing
those decisions waited with them). The messages still count turns: one sent after a save
waits for every turn queued so far, among them the one that writes that save.
"""

from __future__ import annotations

from asyncio import AbstractEventLoop
from collections.abc import Callable
from concurrent.futures import Executor
from contextlib import suppress
from threading import Lock
from typing import Protocol

Write = Callable[[], None]  # writes one save of a table (in the writer thread)


def _submit(writer: Executor, job: Write) -> None:
    """`job` for the writer thread; once the writer has stopped (the server is closing and
    a decision came in the meantime), done here and now: a decision taken is saved."""
    try:
        writer.submit(job)
    except RuntimeError:  # "cannot schedule new futures after shutdown"
        job()


class Holder(Protocol):
    def release(self, written: int) -> None: ...


class Saves:
    """How many of the writer's turns were queued and how many done; who holds messages
    for them; the newest save of each table whose turn waits."""

    def __init__(self) -> None:
        self.queued = 0
        self.written = 0
        self.waiting: set[Holder] = set()
        self.newest: dict[int, Write] = {}  # the save each waiting turn will write
        self.taking = Lock()  # a save is put in, or a turn takes it out, one at a time
        self.replaced = 0  # saves never written: a newer one of their table went instead

    def pending(self) -> bool:
        return self.queued > self.written

    def later(self, writer: Executor, loop: AbstractEventLoop | None, table: int,
              write: Write) -> None:
        """On the event loop: `write` (a save of `table`) for the `writer` thread. Before
        the server serves (`loop` None) nobody is told: nothing is counted or replaced."""
        if loop is None:
            _submit(writer, write)
            return
        with self.taking:
            waiting = table in self.newest  # its turn has not begun: it will write this
            self.newest[table] = write
        if waiting:
            self.replaced += 1
            return
        self.queued += 1

        def turn() -> None:
            try:
                self._write_newest(table)
            finally:
                with suppress(RuntimeError):  # the loop closed at shutdown
                    loop.call_soon_threadsafe(self.one_written)

        _submit(writer, turn)

    def _write_newest(self, table: int) -> None:
        """In the writer thread: the table's turn, with its newest save."""
        with self.taking:
            write = self.newest.pop(table)
        write()

    def one_written(self) -> None:
        """On the event loop, after the writer thread finished a save."""
        self.written += 1
        for holder in list(self.waiting):
            holder.release(self.written)
