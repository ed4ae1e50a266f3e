"""Chat at a table: the players' channel, kept with the table, and the spectators' own."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import protocol as p
from ..audience import SPECTATORS
from ..conn import Conn, clean_chat
from ..tables import Table

if TYPE_CHECKING:
    from ..server import GameServer


def say(server: GameServer, conn: Conn, msg: p.Chat, table: Table) -> None:
    text = clean_chat(msg.text)
    if not text:
        return
    if not conn.chat_allowed():
        conn.send(p.Rejected(reason="chatting too fast: wait a few seconds",
                             table=table.id))
        return
    assert conn.identity is not None
    version = table.match.version  # its place among the events, after a restart too
    if conn.seat is None:  # a spectator: their own channel
        at = server.audiences.add_chat(table.id, conn.name, text, version)
        line = p.ChatLine(table=table.id, name=conn.name, text=text, at=at,
                          channel=SPECTATORS, version=version)
    else:
        at = server.store.add_chat(table.id, conn.identity, conn.name, text, version)
        line = p.ChatLine(table=table.id, name=conn.name, text=text, at=at,
                          version=version)
    for c in list(server.conns):
        if c.table == table.id:
            c.send(line)
