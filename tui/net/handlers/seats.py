"""Tables and seats: sitting down (or coming back), watching, deciding, taking back, and
handing a seat to a computer player and back."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from engine.errors import IllegalAction
from engine.events import Event
from engine.replay import ReplayError
from engine.saves import SaveError

from .. import gate
from .. import protocol as p
from ..audience import SPECTATORS
from ..conn import Conn
from ..digest import digest, replayed_since
from ..logs import who
from ..tables import HANDOVER_LEVEL, REMOTE, Table, bot_levels
from ..updates import Broadcast
from . import clocks

if TYPE_CHECKING:
    from ..server import GameServer

log = logging.getLogger(__name__)


def sit(server: GameServer, conn: Conn, msg: p.Sit, table: Table) -> None:
    row = table.seats[msg.seat]
    mine = table.seat_of(conn.identity or "")
    back = row.identity == conn.identity
    if back:
        # back at one's own seat: a computer that kept it for the clock gives it back
        # (one the creator handed it to for an absence keeps it until handed back)
        if row.kind != REMOTE and server.deadlines.give_back(table.id, msg.seat):
            table.bind(msg.seat, conn.identity, REMOTE)
            log.info("table %s: seat %s taken back from a computer by its player %s",
                     table.id, msg.seat + 1, who(conn))
            server._broadcast_table(table)
            server._wake_bots(table)
    elif row.identity is not None:
        conn.send(p.Rejected(reason=f"that seat is taken by "
                                    f"{server.store.name_of(row.identity)}", table=table.id))
        return
    elif row.kind != REMOTE:
        conn.send(p.Rejected(reason="that seat is a computer player's", table=table.id))
        return
    elif mine is not None:
        conn.send(p.Rejected(reason=f"you already sit at seat {mine + 1} of this table",
                             table=table.id))
        return
    else:
        table.bind(msg.seat, conn.identity)
    join(server, conn, table, msg.seat)
    if back:
        send_digest(server, conn, table, msg.seat)
    server._broadcast_lobby()


def watch(server: GameServer, conn: Conn, msg: p.Watch, table: Table) -> None:
    refusal = gate.watch_refusal(server.audiences, table, conn)
    if refusal:
        conn.send(p.Rejected(reason=refusal, table=msg.table))
    else:
        join(server, conn, table, None)


def send_digest(server: GameServer, conn: Conn, table: Table, seat: int) -> None:
    """'Since your last decision': for a player back at their seat after deciding."""
    mark = server.deadlines.mark(table.id, seat)
    if mark is None:
        return
    civ = table.match.state.players[seat].civ

    def send(events: list[Event]) -> None:
        lines = digest(events, civ)
        if lines:
            conn.send(p.Digest(table=table.id, lines=lines))

    recent = table.events_since(mark)
    if recent is not None:
        send(recent)
        return
    # older than the table's recent events (a long wait, a restart): the record has them
    record = table.record_now()

    async def from_record() -> None:
        try:
            events = await asyncio.get_running_loop().run_in_executor(
                server.pool, lambda: replayed_since(record(), mark))
        except (ReplayError, SaveError) as e:
            log.error("table %s: no digest for seat %s: %s", table.id, seat + 1,
                      e.message if isinstance(e, ReplayError) else e)
            return
        send(events)

    server._later(from_record())


def join(server: GameServer, conn: Conn, table: Table, seat: int | None) -> None:
    """The connection goes to the table (at `seat`, or watching): the table's chat, then
    its first update; everyone else at the table sees it come."""
    old = server.tables.get(conn.table) if conn.table is not None else None
    conn.table, conn.seat = table.id, seat
    lines = [p.ChatLine(table=table.id, name=r.name, text=r.text, at=r.at,
                        version=r.version) for r in server.store.chat_rows(table.id, 20)]
    lines += [p.ChatLine(table=table.id, name=r.name, text=r.text, at=r.at,
                         version=r.version, channel=SPECTATORS)
              for r in server.audiences.chat_rows(table.id, 20)]
    for line in sorted(lines, key=lambda line: (line.at, line.version)):
        conn.send(line)
    if old is not None and old is not table:
        server._broadcast_table(old)
    # the newcomer's first update carries the recent events it may see, for its log
    events, versions = table.log()
    server._send_update(conn, table, events, versions=versions)
    cache = Broadcast()
    for c in list(server.conns):
        if c.table == table.id and c is not conn:
            server._send_update(c, table, [], cache)
    server._wake_bots(table)  # a table of computers only plays while watched


def act(server: GameServer, conn: Conn, msg: p.Act, table: Table) -> None:
    assert conn.seat is not None
    match = table.match
    if msg.version != match.version:
        conn.send(p.Resync(table=table.id, version=match.version,
                           reason=f"stale version {msg.version}: the game is at "
                                  f"{match.version}"))
        conn.send(p.Rejected(reason=f"stale version {msg.version}: the game is at "
                                    f"{match.version}", table=table.id))
        server._send_update(conn, table, [])
        return
    pending = match.pending_seat()
    if pending != conn.seat or table.seats[conn.seat].kind != REMOTE:
        whose = "nobody's (the game is over)" if pending is None else \
            table.match.state.players[pending].civ
        conn.send(p.Rejected(reason=f"not your decision: it is {whose}'s",
                             table=table.id))
        return
    try:
        step = match.act(conn.seat, msg.action, msg.version)
    except IllegalAction as e:
        conn.send(p.Rejected(reason=e.reason, table=table.id, rule=e.rule))
        return
    server._after_step(table, step)


def take_back(server: GameServer, conn: Conn, msg: p.TakeBack, table: Table) -> None:
    """Undo: the seat's last decision, when the engine allows it; everyone at the table
    gets the position before it and the log without its events."""
    seat = conn.seat
    assert seat is not None
    if table.seats[seat].kind != REMOTE:
        conn.send(p.Rejected(reason="this seat is not yours", table=table.id))
        return
    match = table.match
    if msg.version != match.version:
        conn.send(p.Rejected(reason="No undo: the game moved on since you asked",
                             table=table.id))
        server._send_update(conn, table, [])
        return
    try:
        match.undo(seat)
    except IllegalAction as e:
        conn.send(p.Rejected(reason=e.reason, table=table.id, rule=e.rule))
        return
    civ = match.state.players[seat].civ
    cache = Broadcast()
    events, versions = table.log()
    for c in list(server.conns):
        if c.table == table.id:
            server._send_update(c, table, events, cache, taken_back=civ, versions=versions)
    server._broadcast_lobby()
    server._wake_bots(table)


def hand_over(server: GameServer, conn: Conn, msg: p.HandOver, table: Table) -> None:
    row = table.seats[msg.seat]
    own = not msg.to_bot and row.identity == conn.identity  # one's own seat, taken back
    if conn.identity != table.creator and not own:
        conn.send(p.Rejected(reason="only the table's creator hands seats over "
                                    "(a player takes back only their own seat)",
                             table=table.id))
        return
    if row.identity is None and row.kind == REMOTE and msg.to_bot:
        conn.send(p.Rejected(reason="nobody sits there: it is free for anyone",
                             table=table.id))
        return
    level = msg.level or HANDOVER_LEVEL
    if msg.to_bot and level not in bot_levels():
        conn.send(p.Rejected(reason=f"unknown computer level {level!r}", table=table.id))
        return
    if msg.to_bot:
        late = clocks.late_seat(server, table) == msg.seat
        if row.identity in server._connected(table) and not late:
            conn.send(p.Rejected(reason="that player is here: only an absent player's "
                                        "or a late player's seat goes to a computer",
                                 table=table.id))
            return
        if row.kind == REMOTE:
            table.bind(msg.seat, row.identity, level)
            if late:  # until its owner comes back to it
                server.deadlines.keep(table.id, msg.seat)
            log.info("table %s: seat %s handed to a computer (%s) by %s, its player %s",
                     table.id, msg.seat + 1, level, who(conn),
                     "out of time" if late else "away")
    else:
        if own and row.kind == REMOTE:
            conn.send(p.Rejected(reason="you already play your seat", table=table.id))
            return
        if row.kind == REMOTE or row.identity is None:
            conn.send(p.Rejected(reason="that seat was never a person's",
                                 table=table.id))
            return
        table.bind(msg.seat, row.identity, REMOTE)
        server.deadlines.give_back(table.id, msg.seat)  # given back: nothing kept
        log.info("table %s: seat %s given back to its player by %s", table.id, msg.seat + 1,
                 who(conn))
    server._broadcast_table(table)
    server._broadcast_lobby()
    server._wake_bots(table)
