"""The host's tools (`mare-nostrum admin`, through the local socket and `local.token`): the
sessions and tables, a session ended, bans, a table closed with a reason its players see,
a notice to everyone, and a table's save exported. The gate lets only the host's
connection send these (tui.net.gate); each action is one line in the log."""

from __future__ import annotations

import logging
import time
import unicodedata
from typing import TYPE_CHECKING

from .. import gate
from .. import protocol as p
from ..bans import MAX_REASON, BanError, refusal
from ..conn import Conn
from ..logs import who
from ..tables import Table

if TYPE_CHECKING:
    from ..server import GameServer

log = logging.getLogger(__name__)

MAX_NOTICE = 300  # characters of a broadcast notice


def one_line(text: str, limit: int) -> str:
    """A host's words as one line: separators a space, no control characters."""
    kept = (" " if unicodedata.category(ch)[0] == "Z" or ch in "\t\n\r" else ch for ch in text)
    words = "".join(ch for ch in kept if unicodedata.category(ch)[0] != "C")
    return " ".join(words.split())[:limit]


def _where(conn: Conn) -> str:
    if conn.table is None:
        return "lobby"
    if conn.seat is None:
        return f"watching table {conn.table}"
    return f"table {conn.table}, seat {conn.seat + 1}"


def _people(server: GameServer, asker: Conn) -> list[Conn]:
    """Every connection that said hello, but the host's tool asking."""
    return sorted((c for c in server.conns
                   if c.identity is not None and not c.closed and c is not asker),
                  key=lambda c: c.number)


def sessions(server: GameServer, conn: Conn, msg: p.ListSessions) -> None:
    t = time.monotonic()
    conn.send(p.Sessions(sessions=[
        p.SessionInfo(number=c.number, identity=c.identity or "", name=c.name,
                      address=c.address, where=_where(c), since=t - c.since, guest=c.guest)
        for c in _people(server, conn)]))


def tables(server: GameServer, conn: Conn, msg: p.ListAllTables) -> None:
    conn.send(p.AllTables(tables=[gate.dress(server.audiences, server._info(t, None), t, None)
                               for t in server.tables.values()]))


def drop(server: GameServer, conn: Conn, line: str) -> None:
    """End a connection, its player told `line` on the screen and, through the SSH door,
    in the terminal the session leaves."""
    conn.send(p.Notice(text=line))
    if conn.session and server.door is not None:
        server.door.drop(conn.session, f"mare-nostrum: {line}")
    conn.close()


def kick(server: GameServer, conn: Conn, msg: p.Kick) -> None:
    target = next((c for c in _people(server, conn) if c.number == msg.session), None)
    if target is None:
        conn.send(p.Rejected(reason=f"no session {msg.session} (admin sessions lists them)"))
        return
    reason = one_line(msg.reason, MAX_REASON)
    drop(server, target, "the host ended your session" + (f": {reason}" if reason else ""))
    log.info("the host ended session %s of %s%s", target.number, who(target),
             f": {reason}" if reason else "")
    conn.send(p.Done(text=f"session {target.number} of {target.name or target.identity} "
                          "ended"))


def _banned_now(server: GameServer) -> list[Conn]:
    return [c for c in server.conns if not c.host and not c.closed
            and c.identity is not None and server.banned(c.key, c.name) is not None]


def ban(server: GameServer, conn: Conn, msg: p.BanTarget) -> None:
    reason = one_line(msg.reason, MAX_REASON)
    try:
        added = server.bans.add(one_line(msg.target, 100), reason)
    except BanError as e:
        conn.send(p.Rejected(reason=str(e)))
        return
    dropped = _banned_now(server)
    for c in dropped:
        drop(server, c, refusal(added))
    log.info("the host banned %s %s%s; %s sessions dropped", added.kind, added.shown,
             f" ({reason})" if reason else "", len(dropped))
    conn.send(p.Done(text=f"{added.kind} {added.shown} banned; {len(dropped)} sessions "
                          "dropped"))


def unban(server: GameServer, conn: Conn, msg: p.Unban) -> None:
    try:
        gone = server.bans.remove(msg.target)
    except BanError as e:
        conn.send(p.Rejected(reason=str(e)))
        return
    log.info("the host lifted the ban of %s %s", gone.kind, gone.shown)
    conn.send(p.Done(text=f"{gone.kind} {gone.shown} is no longer banned"))


def list_bans(server: GameServer, conn: Conn, msg: p.ListBans) -> None:
    conn.send(p.Bans(bans=[p.BanInfo(kind=b.kind, target=b.shown, reason=b.reason, at=b.at)
                           for b in server.bans.all()]))


def _table(server: GameServer, conn: Conn, tid: int) -> Table | None:
    table = server.tables.get(tid)
    if table is None:
        conn.send(p.Rejected(reason=f"no table {tid}", table=tid))
    return table


def close(server: GameServer, conn: Conn, msg: p.CloseTable) -> None:
    """The table ends where it stands: nobody decides any more, computers stop, its save
    and record stay; its people are told why, at the table and in the lobby."""
    table = _table(server, conn, msg.table)
    if table is None:
        return
    reason = one_line(msg.reason, MAX_REASON)
    if not reason:
        conn.send(p.Rejected(reason="closing a table needs a reason its players will read",
                             table=table.id))
        return
    if table.over:
        conn.send(p.Rejected(reason=f"table {table.id} is already over", table=table.id))
        return
    table.close(reason)
    task = server._bot_tasks.pop(table.id, None)
    if task is not None:
        task.cancel()
    seated = {r.identity for r in table.seats if r.identity is not None}
    note = p.Notice(text=f"The host closed table {table.id}: {reason}", table=table.id)
    for c in _people(server, conn):
        if c.table == table.id or c.identity in seated:
            c.send(note)
    server._broadcast_table(table)
    server._broadcast_lobby()
    log.info("table %s closed by the host at turn %s: %s", table.id,
             table.match.state.turn, reason)
    conn.send(p.Done(text=f"table {table.id} closed"))


def broadcast(server: GameServer, conn: Conn, msg: p.Broadcast) -> None:
    text = one_line(msg.text, MAX_NOTICE)
    if not text:
        conn.send(p.Rejected(reason="a notice needs some words"))
        return
    people = _people(server, conn)
    note = p.Notice(text=text)
    for c in people:
        c.send(note)
    log.info("the host said to %s sessions: %s", len(people), text)
    conn.send(p.Done(text=f"said to {len(people)} sessions"))


def export(server: GameServer, conn: Conn, msg: p.ExportTable) -> None:
    """The table's save as it stands; one another server plays (several hosts): its last
    save in the database."""
    if msg.table not in server.tables and server.hosts is not None:
        elsewhere = server.hosts.saved(msg.table)
        if elsewhere is not None:
            log.info("table %s exported by the host from its last save, at decision %s",
                     msg.table, len(elsewhere[2].record.actions))
            conn.send(p.SaveData(table=msg.table, data=elsewhere[1]))
            return
    table = _table(server, conn, msg.table)
    if table is None:
        return
    log.info("table %s exported by the host at decision %s", table.id, table.match.version)
    conn.send(p.SaveData(table=table.id, data=table.encoded()))
