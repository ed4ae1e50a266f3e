"""The registry's rows as the game server reads them: a table, its seats, its chat
(tui.net.store reads and writes them; tui.net.cluster carries a table row of another host's).
"""

from __future__ import annotations

import msgspec


class ChatRow(msgspec.Struct, kw_only=True):
    """A line said at a table, with the table's version then (-1: said before versions
    were kept): its place among the events in the log."""

    name: str
    text: str
    at: str
    version: int = -1


class SeatRow(msgspec.Struct, kw_only=True):
    seat: int
    kind: str  # "remote" or a computer level (a person's seat handed to a computer keeps
    identity: str | None = None  # its identity, so it can be handed back)


class TableRow(msgspec.Struct, kw_only=True):
    id: int
    created: str
    creator: str
    summary: str  # "rome, greece, egypt; predetermined"
    status: str
    seats: list[SeatRow]
    closed: str = ""  # the host's reason when the host closed it
    hints: bool = False  # its players may ask the hard player for a hint
