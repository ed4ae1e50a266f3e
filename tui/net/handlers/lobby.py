"""The lobby: the list of tables, a new table, and the replay of a finished one."""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import TYPE_CHECKING

from engine.data.board import CIVS
from engine.errors import IllegalAction
from engine.game import check_config
from engine.replay import ReplayError
from engine.saves import SaveError
from engine.state import Config

from .. import protocol as p
from .. import replays
from ..clock import PresetError, check_preset
from ..conn import Conn
from ..logs import who
from ..tables import REMOTE, Table, bot_levels
from . import seats

if TYPE_CHECKING:
    from ..server import GameServer

log = logging.getLogger(__name__)


def hello_again(server: GameServer, conn: Conn, msg: p.Hello) -> None:
    conn.send(p.Rejected(reason="already said hello"))


def list_tables(server: GameServer, conn: Conn, msg: p.ListTables) -> None:
    conn.send(server._tables_for(conn))


def create(server: GameServer, conn: Conn, msg: p.CreateTable) -> None:
    mine = sum(1 for t in server.tables.values()
               if t.creator == conn.identity and not t.over)
    if server.max_tables and mine >= server.max_tables:
        conn.send(p.Rejected(reason=f"you have {mine} unfinished tables of your own, the "
                                    f"most this server allows: finish one first"))
        return
    if len(msg.seats) != len(msg.civs):
        conn.send(p.Rejected(reason=f"{len(msg.civs)} civilizations but "
                                    f"{len(msg.seats)} seats"))
        return
    bad = [k for k in msg.seats if k != REMOTE and k not in bot_levels()]
    if bad:
        conn.send(p.Rejected(reason=f"unknown player kind {bad[0]!r}"))
        return
    unknown = [c for c in msg.civs if c not in CIVS]
    if unknown:
        conn.send(p.Rejected(reason=f"unknown civilization {unknown[0]!r}"))
        return
    if msg.sit is not None and not (0 <= msg.sit < len(msg.seats)
                                    and msg.seats[msg.sit] == REMOTE):
        conn.send(p.Rejected(reason="the creator can only sit at a seat for a person"))
        return
    try:
        preset = check_preset(msg.clock)
    except PresetError as e:
        conn.send(p.Rejected(reason=str(e)))
        return
    # the seed is the server's secret: random, never sent to anyone while the game runs
    config = Config(civs=list(msg.civs), seed=secrets.randbits(62), setup=msg.setup,
                    long_game=msg.long_game, three_roles_win=msg.three_roles_win,
                    no_take_back=msg.no_take_back)
    try:
        check_config(config)
    except IllegalAction as e:
        conn.send(p.Rejected(reason=e.reason))
        return
    assert conn.identity is not None
    table = Table.create(server.store, conn.identity, config, list(msg.seats),
                         hints=msg.hints)
    table.writer = server.writer_of(table.id)
    server.tables[table.id] = table
    if server.hosts is not None:  # its refused saves, what the other lobbies show of it
        server.hosts.attach(table)
    invite = ""
    if msg.private or not msg.spectators:
        invite = server.audiences.set(table.id, private=msg.private,
                                      spectators=msg.spectators).invite
    server.deadlines.start(table.id, preset, table.match.version)
    server._pending[table.id] = table.match.pending_seat()
    conn.send(p.Created(table=table.id, invite=invite))
    # what the table is, never its seed or its invite code
    log.info("table %s created by %s: %s; seats %s; setup %s; clock %s%s%s%s", table.id,
             who(conn), ", ".join(config.civs), ", ".join(msg.seats), config.setup,
             preset.label() or "none", "; private" if msg.private else "",
             "; no spectators" if not msg.spectators else "", "; hints" if msg.hints else "")
    if msg.sit is not None:
        table.bind(msg.sit, conn.identity)
        seats.join(server, conn, table, msg.sit)
    server._broadcast_lobby()
    server._wake_bots(table)


def replay(server: GameServer, conn: Conn, msg: p.GetReplay, table: Table) -> None:
    seat = table.seat_of(conn.identity or "")
    record = table.record_now()

    async def build() -> None:
        loop = asyncio.get_running_loop()
        try:
            data = await loop.run_in_executor(server.pool,
                                              lambda: replays.frames(record(), seat))
        except ReplayError as e:
            conn.send(p.Rejected(reason=f"the replay cannot be made: {e.message}",
                                 table=table.id))
            return
        except SaveError as e:  # its save is where a finished table's record is read
            conn.send(p.Rejected(reason=f"the replay cannot be made: {e}", table=table.id))
            return
        conn.send(p.ReplayFrames(table=table.id, seat=seat, data=data))

    server._later(build())
