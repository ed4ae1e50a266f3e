"""Clocks and votes: a table's clock in its info, the decisions whose time has run out, and
the vote that hands a late seat to a computer when the table's creator is not there."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import msgspec

from .. import protocol as p
from ..conn import Conn
from ..tables import HANDOVER_LEVEL, REMOTE, Table

if TYPE_CHECKING:
    from ..server import GameServer

log = logging.getLogger(__name__)


def late_seat(server: GameServer, table: Table) -> int | None:
    """The seat whose person is out of time for the pending decision."""
    seat = table.match.pending_seat()
    if seat is None or table.over or table.seats[seat].kind != REMOTE \
            or table.seats[seat].identity is None:
        return None
    return seat if server.deadlines.out_of_time(table.id) else None


def creator_present(server: GameServer, table: Table, late: int) -> bool:
    """The creator is here to decide on the late seat (and is not its late player)."""
    if table.seats[late].identity == table.creator:
        return False
    return any(c.identity == table.creator and not c.closed for c in server.conns)


def voters(table: Table, late: int) -> list[str]:
    """Who votes on a late seat: the other people seated, but the (absent) creator."""
    late_id = table.seats[late].identity
    return sorted({r.identity for r in table.seats
                   if r.identity is not None and r.kind == REMOTE
                   and r.identity not in (late_id, table.creator)})


def with_clock(server: GameServer, table: Table, info: p.TableInfo) -> p.TableInfo:
    c = server.deadlines.of(table.id, table.match.version)
    seat = info.pending
    person = seat is not None and not table.over and table.seats[seat].kind == REMOTE
    if not person or c.preset.seconds is None:
        return msgspec.structs.replace(info, clock=c.preset.label())
    late = late_seat(server, table)
    needed = 0
    if late is not None and not creator_present(server, table, late):
        needed = len(voters(table, late)) // 2 + 1
    return msgspec.structs.replace(
        info, clock=c.preset.label(), left=server.deadlines.left(table.id),
        waiting=server.deadlines.waiting(table.id), votes_needed=needed,
        votes=server.deadlines.votes(table.id, late) if late is not None else 0)


def check_clocks(server: GameServer) -> list[int]:
    """Tell every table (and the lobby) of a decision whose time has just run out; the
    tables it happened at."""
    late = []
    for table in server.tables.values():
        c = server.deadlines.of(table.id, table.match.version)
        if not c.told and late_seat(server, table) is not None:
            c.told = True
            late.append(table.id)
            server._broadcast_table(table)
    if late:
        server._broadcast_lobby()
    return late


def vote(server: GameServer, conn: Conn, msg: p.VoteHandOver, table: Table) -> None:
    """Without its creator present, a table's other players vote a late seat over to
    a computer (until its owner comes back); a majority of them carries it."""
    if late_seat(server, table) != msg.seat:
        conn.send(p.Rejected(reason="that seat is not out of time", table=table.id))
        return
    if creator_present(server, table, msg.seat):
        conn.send(p.Rejected(reason="the table's creator is here: the creator decides",
                             table=table.id))
        return
    who = voters(table, msg.seat)
    if conn.identity not in who:
        conn.send(p.Rejected(reason="only the other players at this table vote",
                             table=table.id))
        return
    assert conn.identity is not None
    votes = server.deadlines.vote(table.id, msg.seat, conn.identity)
    if votes >= len(who) // 2 + 1:
        row = table.seats[msg.seat]
        table.bind(msg.seat, row.identity, HANDOVER_LEVEL)
        server.deadlines.keep(table.id, msg.seat)
        log.info("table %s: seat %s handed to a computer (%s) by a vote of %s of %s players, "
                 "its player out of time", table.id, msg.seat + 1, HANDOVER_LEVEL, votes,
                 len(who))
        server._wake_bots(table)
    server._broadcast_table(table)
    server._broadcast_lobby()
