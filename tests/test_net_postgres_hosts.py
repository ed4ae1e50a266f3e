"""Several hosts on one PostgreSQL database, the game servers in this process (each on its
own socket, the servers between them over TCP with TLS as ever): a server whose renewals
stall loses its table and its save is refused, its clients following the table to the
server that took it; a server that shows another certificate than the one published, and a
token unknown, used or for another server, are refused; another server's lobby follows a
table's turn and who is connected there.

The PostgreSQL server is the machine's own (tests/conftest.py, tests/postgres_server.py):
without it these tests are skipped, saying why.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path

import msgspec
import pytest

from engine.saves import decode_save
from tui.net import gate
from tui.net import protocol as p
from tui.net.client import Client
from tui.net.peers import certificate, client_context, server_context, split_address
from tui.net.server import GameServer

from .net_helpers import cleanup, player, run, short_dir
from .postgres_server import fresh
from .waiting import eventually

CIVS = ["rome", "carthage", "greece"]


@pytest.fixture
def place(database):
    fresh(database)
    d = short_dir()
    yield d, database
    cleanup(d)


@contextlib.asynccontextmanager
async def servers(d: Path, url: str, *names: str) -> AsyncIterator[list[GameServer]]:
    started: list[GameServer] = []
    try:
        for name in names:
            server = GameServer(d / name, database=url)
            await server.start(d / name / "s.sock")
            started.append(server)
        yield started
    finally:
        for server in reversed(started):
            await server.close()


def _sql(url: str, sql: str, *args: object) -> list[tuple]:
    import psycopg
    with psycopg.connect(url, autocommit=True) as db:
        cur = db.execute(sql, args)
        return cur.fetchall() if cur.description else []


def _saved(url: str, tid: int) -> int:
    """How many decisions the table's save in the database holds."""
    body = _sql(url, "SELECT body FROM table_saves WHERE table_id = %s", tid)[0][0]
    return len(decode_save(bytes(body)).record.actions)


def _holder(url: str, tid: int) -> str:
    return str(_sql(url, "SELECT server FROM table_leases WHERE table_id = %s", tid)[0][0])


def _name(server: GameServer) -> str:
    assert server.store.cluster is not None
    return server.store.cluster.server


class Seat:
    """A person at a table: the updates the client got, read as they come."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.last: p.Update | None = None
        self.tables: p.Tables | None = None
        self.refused: list[str] = []
        self.task = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            while True:
                msg = await self.client.receive()
                if isinstance(msg, p.Update):
                    self.last = msg
                elif isinstance(msg, p.Tables):
                    self.tables = msg
                elif isinstance(msg, p.Rejected):
                    self.refused.append(msg.reason)

    def close(self) -> None:
        self.task.cancel()
        self.client.close()


async def _decide(people: list[Seat]) -> tuple[Seat, int]:
    """The one whose decision it is decides (the first legal action); who, and at which
    version."""
    who = await eventually(lambda: next((s for s in people if s.last and s.last.legal), None),
                           what="someone's decision")
    up = who.last
    assert up is not None
    who.client.send(p.Act(table=up.table, version=up.version, action=up.legal[0]))
    return who, up.version


async def _annas_table(server: GameServer) -> tuple[Seat, int]:
    """Anna at a new table of `server`, at its first seat (a second for a person, the third
    a computer's): her seat and the table."""
    anna = Seat(await player(server, "SHA256:anna", "anna"))
    anna.client.send(p.CreateTable(civs=CIVS, seats=["remote", "remote", "greedy"], sit=0))
    await eventually(lambda: anna.last, what="anna at her new table")
    assert anna.last is not None
    return anna, anna.last.table


async def _decided(people: list[Seat], url: str, tid: int) -> None:
    """A decision made, saved, and everyone told of it."""
    _who, version = await _decide(people)
    await eventually(lambda: _saved(url, tid) > version, what="the decision saved")
    await eventually(lambda: all(s.last and s.last.version > version for s in people),
                     what="everyone told of it")


def test_a_server_whose_renewals_stall_loses_its_table_to_another_and_its_clients_follow(
        place, caplog):
    d, url = place

    async def go() -> None:
        async with servers(d, url, "one", "two") as (one, two):
            assert one.hosts is not None and one.hosts._task is not None
            anna, tid = await _annas_table(one)
            bruno = Seat(await player(one, "SHA256:bruno", "bruno"))
            bruno.client.send(p.Sit(table=tid, seat=1))
            await eventually(lambda: bruno.last, what="bruno at the table")
            people = [anna, bruno]
            await _decided(people, url, tid)
            # the table waits for a person (the computer has moved), all told, all saved
            v0 = await eventually(lambda: (n := _saved(url, tid)) and all(
                s.last and s.last.version == n for s in people) and any(
                s.last and s.last.legal for s in people) and n, what="a person's decision")

            one.hosts._task.cancel()  # server one's renewals stall (it is alive otherwise)
            _sql(url, "UPDATE table_leases SET expires = 0 WHERE table_id = %s", tid)
            await eventually(lambda: tid in two.tables, what="server two to take the table")
            assert tid in one.tables  # one does not know yet: no round of its own since

            # a decision made at server one: its save is refused there (fenced), the table
            # stops there, and both people follow it to server two
            with caplog.at_level(logging.ERROR, logger="tui.net.hosts"):
                await _decide(people)
                await eventually(lambda: tid not in one.tables, what="one to drop the table")
            assert "another server holds it now" in caplog.text
            assert _saved(url, tid) == v0 and _holder(url, tid) == _name(two)
            for s in people:  # back at their seats, as the last save left the table
                await eventually(lambda s=s: s.last and s.last.version == v0 and
                                 s.last.seat is not None and s.last.info.seats[s.last.seat].mine,
                                 what="the table as its last save left it")

            for _ in range(2):  # the game goes on through server one, played at two
                await _decided(people, url, tid)
            assert _saved(url, tid) >= v0 + 2 and tid not in one.tables
            for s in people:
                s.close()

    run(go())


def test_a_lease_handed_to_another_server_in_the_database_moves_the_table_there(place):
    d, url = place

    async def go() -> None:
        async with servers(d, url, "one", "two") as (one, two):
            anna, tid = await _annas_table(one)
            assert anna.last is not None
            version = anna.last.version
            # the lease runs on, but is two's now: one drops the table at its next round,
            # two takes it up at its own, and anna follows it there from one's door
            _sql(url, "UPDATE table_leases SET server = %s WHERE table_id = %s", _name(two),
                 tid)
            await eventually(lambda: tid in two.tables and tid not in one.tables,
                             what="the table to move to two")
            await eventually(lambda: any(c.peer and c.table == tid and c.seat == 0
                                         for c in two.conns), what="anna seated at two")
            await eventually(lambda: anna.last and anna.last.seat == 0 and
                             anna.last.version >= version, what="anna at her seat again")
            assert _holder(url, tid) == _name(two)
            anna.close()

    run(go())


async def _hello(address: str, cert: str, token: str) -> p.ServerMsg | None:
    """Another server's hello: TLS trusting `cert` alone, then the token."""
    host, port = split_address(address)
    reader, writer = await asyncio.open_connection(host, port, ssl=client_context(cert),
                                                   server_hostname="mare-nostrum")
    try:
        writer.write(p.frame(p.Hello(version=p.VERSION, token=token)))
        body = await asyncio.wait_for(p.read_frame(reader, p.MAX_SERVER_FRAME), 10)
        return None if body is None else p.decode_server(body)
    finally:
        writer.close()


def test_tokens_between_servers_are_one_time_and_for_one_server(place):
    d, url = place

    async def go() -> None:
        async with servers(d, url, "one", "two") as (one, two):
            assert one.hosts is not None and two.store.cluster is not None
            ((address, cert),) = _sql(url, "SELECT address, cert FROM servers WHERE id = %s",
                                      _name(one))
            entry = msgspec.json.encode(gate.Pass(identity="SHA256:anna", name="anna",
                                                  expires=0.0))
            said = await _hello(address, cert, "a-token-nobody-wrote")
            assert isinstance(said, p.Rejected) and said.reason.startswith("bad token")
            token = two.store.cluster.issue(_name(one), entry)  # two's, for server one
            said = await _hello(address, cert, token)
            assert isinstance(said, p.Welcome) and said.identity == "SHA256:anna"
            said = await _hello(address, cert, token)  # used up
            assert isinstance(said, p.Rejected) and said.reason.startswith("bad token")
            other = two.store.cluster.issue(_name(two), entry)  # for another server
            said = await _hello(address, cert, other)
            assert isinstance(said, p.Rejected) and said.reason.startswith("bad token")
            assert _sql(url, "SELECT count(*) FROM peer_tokens") == [(0,)]  # none kept

    run(go())


def test_a_server_showing_another_certificate_than_the_published_one_gets_nothing(
        place, caplog):
    d, url = place
    reached: list[str] = []  # what the impostor was told: the handshakes, and any bytes

    async def impostor(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        _cert, cert_path, key_path = certificate(d)  # a certificate of its own
        try:
            await writer.start_tls(server_context(cert_path, key_path))
            reached.append("handshake")
            reached.append(repr(await reader.read(100)))
        except (OSError, ConnectionError) as e:
            reached.append(f"refused: {type(e).__name__}")
        finally:
            writer.close()

    async def go() -> None:
        async with servers(d, url, "one", "two") as (one, two):
            assert two.hosts is not None
            anna, tid = await _annas_table(one)
            await eventually(lambda: tid in two.hosts.elsewhere, what="two's lobby")
            fake = await asyncio.start_server(impostor, "127.0.0.1", 0)
            where = f"127.0.0.1:{fake.sockets[0].getsockname()[1]}"
            (real,) = _sql(url, "SELECT address FROM servers WHERE id = %s", _name(one))
            # the address of server one in the database leads to another server now
            _sql(url, "UPDATE servers SET address = %s WHERE id = %s", where, _name(one))
            bruno = Seat(await player(two, "SHA256:bruno", "bruno"))
            with caplog.at_level(logging.WARNING, logger="tui.net.peers"):
                bruno.client.send(p.Sit(table=tid, seat=1))
                await eventually(lambda: reached, what="server two to try the impostor")
                await eventually(lambda: "certificate verify failed" in caplog.text,
                                 what="two to refuse the impostor's certificate")
            assert "handshake" not in reached  # so it never heard the token
            assert bruno.last is None  # and he is not seated anywhere
            _sql(url, "UPDATE servers SET address = %s WHERE id = %s", real[0], _name(one))
            await eventually(lambda: bruno.last, what="bruno seated through the real one")
            assert bruno.last is not None and bruno.last.seat == 1
            fake.close()
            for s in (anna, bruno):
                s.close()

    run(go())


def test_another_servers_lobby_follows_the_turn_and_who_is_connected(place):
    d, url = place

    async def go() -> None:
        async with servers(d, url, "one", "two") as (one, two):
            anna, tid = await _annas_table(one)
            bruno = Seat(await player(one, "SHA256:bruno", "bruno"))
            carla = Seat(await player(two, "SHA256:carla", "carla"))  # in two's lobby
            carla.client.send(p.ListTables())

            def listed() -> p.TableInfo | None:
                shown = carla.tables
                return next((t for t in shown.tables if t.id == tid), None) if shown else None

            info = await eventually(listed, what="carla's lobby to list the table")
            assert info.seats[0].name == "anna" and not info.seats[1].taken
            bruno.client.send(p.Sit(table=tid, seat=1))  # a seat taken, no decision made
            await eventually(lambda: (t := listed()) and t.seats[1].taken and
                             t.seats[1].connected and t.seats[0].connected,
                             what="two's lobby to show bruno seated and both connected")
            people = [anna, bruno]
            for _ in range(2):  # each decision: whose it is now, in the other lobby too
                await _decided(people, url, tid)
                await eventually(lambda: (s := anna.last) and (t := listed()) and
                                 s.version == _saved(url, tid) and
                                 (t.turn, t.phase, t.pending) ==
                                 (s.info.turn, s.info.phase, s.info.pending),
                                 what="two's lobby to show the turn and whose decision")
            anna.close()  # she leaves: the other lobby shows it within a round or two
            await eventually(lambda: (t := listed()) and not t.seats[0].connected and
                             t.seats[1].connected, what="two's lobby to show anna gone")
            for s in (bruno, carla):
                s.close()

    run(go())
