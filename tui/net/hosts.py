"""A game server among several on one PostgreSQL database (tui.net.cluster): the tables
it plays and those it takes over, the lobby of every table, and the clients it carries to
the tables others play (tui.net.peers).

Every RENEW seconds the server renews its leases (a table whose lease another server took
is dropped here: its clients follow it there), takes the tables nobody holds (a server
that died: from their last saves, within LEASE seconds), writes what its own tables look
like now when that changed (who is connected, watchers), and reads again what the other
servers' tables look like, for its lobby: so a lobby shows a table another server plays
as it was at most two rounds ago (docs/architecture.md, several hosts).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from typing import TYPE_CHECKING

import msgspec

from engine.saves import SaveError

from . import gate, memory
from . import protocol as p
from .cluster import RENEW, Cluster, Elsewhere
from .conn import Conn
from .database import Error
from .peers import Leg, certificate, server_context, split_address
from .rows import TableRow

if TYPE_CHECKING:
    from engine.saves import SaveFile

    from .server import GameServer
    from .tables import Table

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
        self._shown: dict[int, bytes] = {}  # what the others were last told of our tables
        self._loop: asyncio.AbstractEventLoop | None = None
        self._listener: asyncio.base_events.Server | None = None
        self._task: asyncio.Task[None] | None = None

    def held_at_start(self) -> set[int]:
        return set(self.cluster.claim())

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()  # where the writer thread's news go
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
        # those taken now, and any whose lease is ours but which are not played here (the
        # lease was handed to this server in the database)
        for tid in sorted(set(taken) | held - set(self.server.tables)):
            self.adopt(tid)
        await self._show()
        await self._look_around()

    def attach(self, table: Table) -> None:
        """A table played here from now on: its refused saves and its public info."""
        table.lost = self.lost_from_writer
        table.shown = self.public

    def public(self, table: Table) -> bytes:
        """What the other servers' lobbies show of a table played here: its seats and who
        is connected, turn, phase, whose decision, watchers; its clock's name but not its
        seconds (they move on at every look)."""
        info = self.server._info(table, None)
        return msgspec.json.encode(msgspec.structs.replace(info, left=None, waiting=0.0))

    async def _show(self) -> None:
        """Tell the others what changed at our tables since the last save or round."""
        now = {tid: self.public(t) for tid, t in self.server.tables.items()}
        changed = {tid: info for tid, info in now.items() if self._shown.get(tid) != info}
        if changed:
            await self._in_writer(self.cluster.show, changed)
        self._shown = now

    def adopt(self, tid: int) -> None:
        """A table this server has just taken over: played from its last save."""
        server = self.server
        if tid in server.tables:
            return
        row = next((r for r in server.store.tables() if r.id == tid), None)
        if row is None:
            return
        server.deadlines.reload(tid)
        table = server._adopt(row)
        if table is None:
            return
        log.info("table %s taken over at version %s", tid, table.match.version)
        server._wake_bots(table)
        server._later(memory.recall(server, table))
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
        """A save refused (another server holds the table): told from the writer thread,
        so the table stops here at once rather than at the next round."""
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):  # (the loop is closing)
                self._loop.call_soon_threadsafe(self.lose, tid)

    def saved(self, tid: int) -> tuple[TableRow, bytes, SaveFile] | None:
        """A table another server plays: its row and its last save, as bytes and read
        (None: no such table, or no save of it that reads)."""
        row = next((r for r in self.server.store.tables() if r.id == tid), None)
        if row is None:
            return None
        try:
            body, save = self.server.store.saved(tid)
        except SaveError as e:
            log.warning("table %s: its last save cannot be read: %s", tid, e)
            return None
        return row, body, save

    # --- the lobby of every table -----------------------------------------------------------
    async def _look_around(self) -> None:
        held = set(self.server.tables)
        infos = await asyncio.get_running_loop().run_in_executor(None, self.cluster.infos,
                                                                 held)
        rows = {r.id: r for r in self.server.store.tables()}
        seen = {tid: Elsewhere(id=tid, creator=rows[tid].creator, row=rows[tid], info=info)
                for tid, info in infos.items()
                if tid in rows and tid not in held and _readable(tid, info)}
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
        if conn.peer and isinstance(tid, int) and tid not in self.server.tables:
            self._take_up(tid)  # carried here before this server's round took the table
            return False
        if not isinstance(tid, int) or tid in self.server.tables or conn.peer \
                or gate.host_tool(msg):  # the host's tools speak for this server alone
            return False
        if leg is not None and leg.table == tid:
            leg.send(msg)
            return True
        if tid not in self.elsewhere:
            return False  # no such table: refused here, as ever
        conn.leg = Leg(self, conn, tid, msg)
        return True

    def _take_up(self, tid: int) -> None:
        """A table whose lease this server holds but does not play yet (its round has not
        come): played here now, so the client carried here finds it."""
        with contextlib.suppress(*Error):
            holder = self.cluster.holder(tid)
            if holder is not None and holder.server == self.cluster.server:
                self.adopt(tid)

    def redeem(self, token: str) -> gate.Pass | None:
        entry = self.cluster.redeem(token)
        return None if entry is None else msgspec.json.decode(entry, type=gate.Pass)


def _readable(tid: int, info: bytes) -> bool:
    """Another server's word on its table (from the database) reads as a table's info;
    one that does not is left out of the lobby, not shown half."""
    try:
        msgspec.json.decode(info, type=p.TableInfo)
    except msgspec.DecodeError as e:
        log.warning("table %s: its public info in the database does not read: %s", tid, e)
        return False
    return True
