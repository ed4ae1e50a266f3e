"""Nothing is told before it is saved: a message that may show a decision (an update, a
your-turn note) leaves the server only once every save queued before it is on disk.

The saves are written by one thread, in order (tui.net.server), so that the event loop never
waits on the disk; without this, a player could see their decision taken and the server be
killed before the save landed: a decision acknowledged, then lost. Each message is marked
with the number of saves queued when it was sent and held until that many are written
(about a millisecond; the order of one connection's messages is kept).
"""

from __future__ import annotations

from typing import Protocol


class Holder(Protocol):
    def release(self, written: int) -> None: ...


class Saves:
    """How many saves were queued and how many written; who holds messages for them."""

    def __init__(self) -> None:
        self.queued = 0
        self.written = 0
        self.waiting: set[Holder] = set()

    def pending(self) -> bool:
        return self.queued > self.written

    def one_written(self) -> None:
        """On the event loop, after the writer thread finished a save."""
        self.written += 1
        for holder in list(self.waiting):
            holder.release(self.written)
