"""One client connection of the game server: its identity and table, and the limits that
cut off a client that floods or stops reading (without touching anyone else)."""

from __future__ import annotations

import asyncio
import time
import unicodedata
from typing import TYPE_CHECKING

from . import protocol as p
from .durable import Saves

if TYPE_CHECKING:
    from .peers import Leg

MAX_CHAT = 200  # characters in a chat line
CHAT_BURST, CHAT_WINDOW = 5, 10.0  # at most 5 lines in 10 seconds
MSG_RATE, MSG_BURST = 30.0, 60.0  # messages per second a client may send (token bucket)
MAX_BUFFER = 16 * 1024 * 1024  # unsent bytes before a client that does not read is cut off


def clean_chat(text: str) -> str:
    """One line of chat: every separator (tab, line and paragraph separators such as U+2028,
    odd spaces) a plain space, no control or format characters, at most MAX_CHAT long."""
    kept = (" " if unicodedata.category(ch)[0] == "Z" or ch in "\t\n\r" else ch for ch in text)
    return "".join(ch for ch in kept if unicodedata.category(ch)[0] != "C").strip()[:MAX_CHAT]


class Conn:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 saves: Saves | None = None, *, number: int = 0) -> None:
        self.number = number  # how the host's tools name it (`admin sessions`, `kick`)
        self.since = time.monotonic()
        self.host = False  # the local token: the host, whose tools these are
        self.reader = reader
        self.writer = writer
        self.saves = saves  # messages wait for the saves queued before them (tui.net.durable)
        self.held: list[tuple[int, bytes]] = []  # (saves to wait for, frame)
        self.held_bytes = 0
        self.identity: str | None = None
        self.name = ""
        self.key = ""  # the fingerprint of the SSH key (settings are kept per key)
        self.session = ""  # the SSH door's session, which asks whether we hold a seat
        self.address = ""  # the client's address, as the SSH door saw it ("" when local)
        self.guest = False  # keyless: may only watch
        self.unnamed = False  # a new key on an open server: no name claimed yet
        self.invited: set[int] = set()  # private tables a keyless watcher has the code of
        self.table: int | None = None
        self.seat: int | None = None
        self.strikes = 0
        self.allowance = MSG_BURST
        self.stamp = time.monotonic()
        self.chat_times: list[float] = []
        self.closed = False
        self.peer = False  # came from another game server (tui.net.peers), on its token
        self.leg: Leg | None = None  # at a table another server plays (tui.net.peers)

    def flooding(self) -> bool:
        t = time.monotonic()
        self.allowance = min(MSG_BURST, self.allowance + (t - self.stamp) * MSG_RATE)
        self.stamp = t
        self.allowance -= 1
        return self.allowance < 0

    def chat_allowed(self) -> bool:
        t = time.monotonic()
        self.chat_times = [x for x in self.chat_times if t - x < CHAT_WINDOW]
        if len(self.chat_times) >= CHAT_BURST:
            return False
        self.chat_times.append(t)
        return True

    def send(self, msg: p.Msg) -> None:
        if not self.closed:
            self.send_frame(p.frame(msg))

    def send_frame(self, data: bytes) -> None:
        if self.closed:
            return
        transport = self.writer.transport
        if transport.is_closing() or \
                transport.get_write_buffer_size() + self.held_bytes + len(data) > MAX_BUFFER:
            self.close()
            return
        saves = self.saves
        if saves is not None and (self.held or saves.pending()):
            self.held.append((saves.queued, data))
            self.held_bytes += len(data)
            saves.waiting.add(self)
            self.release(saves.written)
            return
        self.writer.write(data)

    def release(self, written: int) -> None:
        """Send the held messages whose saves are all written (`written` of them)."""
        while self.held and self.held[0][0] <= written:
            _, data = self.held.pop(0)
            self.held_bytes -= len(data)
            if not self.closed:
                self.writer.write(data)
        if not self.held and self.saves is not None:
            self.saves.waiting.discard(self)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.held.clear()
            self.held_bytes = 0
            if self.saves is not None:
                self.saves.waiting.discard(self)
            self.writer.close()
