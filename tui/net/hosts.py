"""A game server among several on one PostgreSQL database (tui.net.cluster): the tables
it plays and those it takes over, the lobby of every table, and the clients it carries to
the tables others play (tui.net.peers).

Every RENEW seconds the server renews its leases (a table whose lease another server took
is dropped here: its clients follow it there), takes the tables nobody holds (a server
that died: from their last saves, within LEASE seconds), and reads again what the other
servers' tables look like, for its lobby.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from typing import TYPE_CHECKING

import msgspec

from . import gate
from . import protocol as p
from .cluster import RENEW, Cluster, Elsewhere
from .conn import Conn
from .database import Error
from .peers import Leg, certificate, server_context, split_address

if TYPE_CHECKING:
    from .server import GameServer

log = logging.getLogger(__name__)

_OPENS = (p.Sit, p.Watch, p.CreateTable)  # a client going to a table: any leg it had is over


class Hosts:
    def __init__(self, server: GameServer, cluster: Cluster, listen: str = "",
                 address: str = "") -> None:
        self.server = server
        self.cluster = cluster
        self.listen = listen or "127.0.0.1:0"  # where other servers reach this one
        self.address = address  # as they are told ("": the address listened on)
        self.elsewhere: dict[int, Elsewhere] = {}
        self._listener: asyncio.base_events.Server | None = None
        self._task: asyncio.Task[None] | None = None

    def held_at_start(self) -> set[int]:
        return set(self.cluster.claim())

    async def start(self) -> None:
        cert, cert_path, key_path = certificate(self.server.data)
        host, port = split_address(self.listen)
        self._listener = await asyncio.start_server(
            functools.partial(self.server._serve_client, peer=True), host, port,
            ssl=server_context(cert_path, key_path))
        port = self._listener.sockets[0].getsockname()[1]
        self.address = self.address or f"{host}:{port}"
        await self._in_writer(self.cluster.announce, self.address, cert)
        await self._look_around()
        self._task = asyncio.get_running_loop().create_task(self._watch())
        log.info("one of several game servers on one database: %s, reached by the others "
                 "at %s", self.cluster.server, self.address)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self._listener is not None:
            self._listener.close()
        for conn in list(self.server.conns):
            if conn.leg is not None:
                conn.leg.close()

    def release(self) -> None:
        """After the last save: the tables go to the other servers at once."""
        with contextlib.suppress(*Error):
            self.cluster.release()

    async def _in_writer(self, job: object, *args: object) -> object:
        """Leases and saves go through the server's one writer thread, in order."""
        assert callable(job)
        return await asyncio.get_running_loop().run_in_executor(self.server.saver, job, *args)

    # --- the leases' round ------------------------------------------------------------------
    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(RENEW)
            try:
                await self._round()
            except Error as e:
                log.warning("the leases could not be renewed: %s", " ".join(str(e).split()))

    async def _round(self) -> None:
        before = set(self.server.tables)
        held = await self._in_writer(self.cluster.renew)
        assert isinstance(held, set)
        for tid in before - held:
            self.lose(tid)
        taken = await self._in_writer(self.cluster.claim)
        assert isinstance(taken, list)
        for tid in taken:
            self.adopt(tid)
        await self._look_around()

    def adopt(self, tid: int) -> None:
        """A table this server has just taken over: played from its last save."""
        server = self.server
        row = next((r for r in server.store.tables() if r.id == tid), None)
        if row is None:
            return
        server.deadlines.reload(tid)
        table = server._adopt(row)
        if table is None:
            return
        log.info("table %s taken over at version %s", tid, table.match.version)
        server._wake_bots(table)
        server._later(server._recall(table))
        for conn in list(server.conns):  # its clients here: no more leg, the table is here
            if conn.leg is not None and conn.leg.table == tid:
                conn.leg.cut()
        server._broadcast_lobby()

    def lose(self, tid: int) -> None:
        """Another server holds the table now (this one missed its renewals): its clients
        here follow it there."""
        server = self.server
        table = server.tables.pop(tid, None)
        if table is None:
            return
        log.error("table %s: another server holds it now; its clients follow it there", tid)
        task = server._bot_tasks.pop(tid, None)
        if task is not None:
            task.cancel()
        for conn in list(server.conns):
            if conn.table == tid:
                seat, conn.table, conn.seat = conn.seat, None, None
                opening: p.ClientMsg = p.Sit(table=tid, seat=seat) if seat is not None \
                    else p.Watch(table=tid)
                conn.leg = Leg(self, conn, tid, opening)

    def lost_from_writer(self, tid: int) -> None:
        """A save refused (another server holds the table): told from the writer thread."""
        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(self.lose, tid)

    @functools.cached_property
    def _loop(self) -> asyncio.AbstractEventLoop:
        return asyncio.get_running_loop()

    # --- the lobby of every table -----------------------------------------------------------
    async def _look_around(self) -> None:
        held = set(self.server.tables)
        infos = await asyncio.get_running_loop().run_in_executor(None, self.cluster.infos,
                                                                 held)
        rows = {r.id: r for r in self.server.store.tables()}
        seen = {tid: Elsewhere(id=tid, creator=rows[tid].creator, row=rows[tid], info=info)
                for tid, info in infos.items() if tid in rows and tid not in held}
        changed = seen != self.elsewhere
        self.elsewhere = seen
        if changed:
            self.server._broadcast_lobby()

    def lobby(self, conn: Conn) -> list[p.TableInfo]:
        """The tables the other servers play, as this client may see them."""
        out = []
        for t in self.elsewhere.values():
            if t.id in self.server.tables or not gate.may_see(self.server.audiences, t, conn):
                continue
            info = msgspec.json.decode(t.info, type=p.TableInfo)
            store = self.server.store  # who sits where: the registry's, newer than the save
            info = msgspec.structs.replace(info, seats=[
                msgspec.structs.replace(s, kind=r.kind, name=store.name_of(r.identity),
                                        taken=r.identity is not None,
                                        mine=r.identity is not None and r.identity == conn.identity)
                for s, r in zip(info.seats, t.row.seats, strict=False)])
            out.append(gate.dress(self.server.audiences, info, t, conn.identity))
        return out

    # --- clients at the tables of others ------------------------------------------------
    def relays(self, conn: Conn, msg: p.ClientMsg) -> bool:
        """Carry the message to the server that plays its table (True), or leave it to
        this server (False)."""
        tid = getattr(msg, "table", None)
        leg = conn.leg
        if leg is not None and isinstance(msg, _OPENS) and tid != leg.table:
            leg.close()
            conn.leg = leg = None
        if not isinstance(tid, int) or tid in self.server.tables or conn.peer:
            return False
        if leg is not None and leg.table == tid:
            leg.send(msg)
            return True
        if tid not in self.elsewhere:
            return False  # no such table: refused here, as ever
        conn.leg = Leg(self, conn, tid, msg)
        return True

    def redeem(self, token: str) -> gate.Pass | None:
        entry = self.cluster.redeem(token)
        return None if entry is None else msgspec.json.decode(entry, type=gate.Pass)
