"""Nothing is told before it is saved: a message that may show a decision (an update, a
your-turn note) leaves the server only once every save queued before it is on disk.

The saves are written by one thread, in order (tui.net.server), so that the event loop never
waits on the disk; without this, a player could see their decision taken and the server be
killed before the save landed: a decision acknowledged, then lost. Each message is marked
with the number of saves queued when it was sent and held until that many are written
(about a millisecond; the order of one connection's messages is kept).

Only a table's newest save is kept for the writer: a save replaces the one of its table the
writer has not taken yet (each is the whole table), and the writer, at a table's turn in
its queue, writes the newest it has. So when the disk is slow the writer falls behind by at
most one save a table, not by every decision (docs/performance.md, Where the memory went:
each waiting save held hundreds of KiB). Still, every save queued counts once written: a
turn whose save was written earlier, with a newer one, counts then, and the messages held
for it go, since what they show is on disk.
"""

from __future__ import annotations

from asyncio import AbstractEventLoop
from collections.abc import Callable
from concurrent.futures import Executor
from contextlib import suppress
from typing import Protocol

Write = Callable[[], None]  # writes one save of a table (in the writer thread)


class Holder(Protocol):
    def release(self, written: int) -> None: ...


class Saves:
    """How many saves were queued and how many written; who holds messages for them; each
    table's newest save not yet taken by the writer."""

    def __init__(self) -> None:
        self.queued = 0
        self.written = 0
        self.waiting: set[Holder] = set()
        self.newest: dict[int, Write] = {}
        self.replaced = 0  # saves never written: a newer one of their table went instead

    def pending(self) -> bool:
        return self.queued > self.written

    def later(self, writer: Executor, loop: AbstractEventLoop | None, table: int,
              write: Write) -> None:
        """On the event loop: `write` (a save of `table`) for the `writer` thread. Before
        the server serves (`loop` None) nobody is told, so nothing is counted."""
        if self.newest.get(table) is not None:
            self.replaced += 1
        self.newest[table] = write
        if loop is None:
            writer.submit(self._write_newest, table)
            return
        self.queued += 1

        def turn() -> None:
            try:
                self._write_newest(table)
            finally:
                with suppress(RuntimeError):  # the loop closed at shutdown
                    loop.call_soon_threadsafe(self.one_written)

        writer.submit(turn)

    def _write_newest(self, table: int) -> None:
        """In the writer thread: the table's newest save; none when an earlier turn of the
        table took it (the writer works in order: it is on disk already)."""
        write = self.newest.pop(table, None)
        if write is not None:
            write()

    def one_written(self) -> None:
        """On the event loop, after the writer thread finished a save."""
        self.written += 1
        for holder in list(self.waiting):
            holder.release(self.written)
