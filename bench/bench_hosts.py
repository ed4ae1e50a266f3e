"""Several hosts on one PostgreSQL database: what sharing costs.

    .venv/bin/python bench/bench_hosts.py [--database URL] [--kills 5] [--decisions 60]
                                          [--saves 200]

Prints:
- takeover: from SIGKILL of the server playing a table of computers (`mare-nostrum serve`
  in a process of its own, `--bot-delay 0.5`) to the other server holding its lease, and
  to the other's first decision there saved (both read in the database every 10 ms); the
  median of `--kills` rounds, the two servers killed in turn (and started again);
- a decision's round trip (a person's Act to that person's Update) when the person's
  server plays the table, and when another does (the relay: TLS between the servers),
  servers and clients in this process;
- a table's save, per decision: SQLite (a file written atomically) and PostgreSQL (the row
  in `table_saves`, under the lease), the same save of a six-player game.

Without `--database` it starts a PostgreSQL server of the machine's own (initdb, pg_ctl:
tests/postgres_server.py), with fsync on, as SQLite's saves are.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.saves import encode_save, load_save  # noqa: E402
from tui.net import protocol as p  # noqa: E402
from tui.net.client import Client, local_token  # noqa: E402
from tui.net.server import GameServer  # noqa: E402
from tui.net.store import SeatRow, Store  # noqa: E402

GAME = ROOT / "saves" / "games" / "six-player-greedy.json"


def fresh(url: str) -> None:
    import psycopg
    with psycopg.connect(url, autocommit=True) as db:
        db.execute("DROP SCHEMA public CASCADE")
        db.execute("CREATE SCHEMA public")


def spread(xs: list[float]) -> str:
    xs = sorted(xs)
    p90 = xs[min(len(xs) - 1, math.ceil(len(xs) * 0.9) - 1)]
    return (f"median {statistics.median(xs) * 1000:.1f} ms, p90 {p90 * 1000:.1f} ms, "
            f"min {xs[0] * 1000:.1f}, max {xs[-1] * 1000:.1f} (n={len(xs)})")


# --- saves: SQLite vs PostgreSQL -----------------------------------------------------------
def bench_saves(url: str, rounds: int) -> None:
    body = encode_save(load_save(GAME))
    info = b'{"id":1,"seats":[],"creator":"x","setup":"predetermined"}'
    for name, database in (("SQLite", None), ("PostgreSQL", url)):
        d = Path(tempfile.mkdtemp(prefix="mn-bench-", dir="/tmp"))
        if database:
            fresh(database)
        store = Store(d, database)
        try:
            tid = store.create_table("x", "bench", [SeatRow(seat=0, kind="remote")])
            times = []
            for i in range(rounds):
                t = time.perf_counter()
                assert store.put_save(tid, i, body, info)
                times.append(time.perf_counter() - t)
            print(f"save of a {len(body) // 1024} KiB table, {name}: {spread(times)}")
        finally:
            store.close()
            shutil.rmtree(d, ignore_errors=True)


# --- a decision's round trip, here and through the relay ------------------------------------
class Person:
    def __init__(self, client: Client) -> None:
        self.client = client
        self.last: p.Update | None = None
        self.moved = asyncio.Event()
        self.task = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            while True:
                msg = await self.client.receive()
                if isinstance(msg, p.Update):
                    self.last = msg
                    self.moved.set()


async def _round_trips(url: str, decisions: int) -> dict[str, list[float]]:
    fresh(url)
    d = Path(tempfile.mkdtemp(prefix="mn-bench-", dir="/tmp"))
    one = GameServer(d / "one", database=url)
    two = GameServer(d / "two", database=url)
    await one.start(d / "one" / "s.sock")
    await two.start(d / "two" / "s.sock")
    out: dict[str, list[float]] = {}
    try:
        creator = await Client.connect(one.socket_path or "", one.issue_token("c", "c"))
        for where, server in (("same host", one), ("other host (relay)", two)):
            creator.send(p.CreateTable(civs=["rome", "greece", "egypt"], seats=["remote"] * 3))
            tid = (await creator.expect(p.Created)).table  # played by one
            while server is two and tid not in (two.hosts.elsewhere if two.hosts else {}):
                await asyncio.sleep(0.05)  # two's lobby lists it: two relays to one
            people = [Person(await Client.connect(server.socket_path or "",
                                                  server.issue_token(f"{where}{i}", f"p{i}")))
                      for i in range(3)]
            for i in range(3):
                people[i].client.send(p.Sit(table=tid, seat=i))
            times = []
            for _ in range(decisions):
                while True:
                    who = next((s for s in people if s.last and s.last.legal), None)
                    if who is not None:
                        break
                    await asyncio.sleep(0.005)
                assert who.last is not None
                up = who.last
                who.moved.clear()
                for s in people:
                    s.last = None if s is who else s.last
                t = time.perf_counter()
                who.client.send(p.Act(table=tid, version=up.version, action=up.legal[0]))
                while who.last is None or who.last.version <= up.version:
                    await who.moved.wait()
                    who.moved.clear()
                times.append(time.perf_counter() - t)
                while any(s.last is None or s.last.version < who.last.version for s in people):
                    await asyncio.sleep(0.005)  # every update through before the next one
            out[where] = times
            for s in people:
                s.task.cancel()
                s.client.close()
        creator.close()
    finally:
        await two.close()
        await one.close()
        shutil.rmtree(d, ignore_errors=True)
    return out


# --- takeover after SIGKILL ---------------------------------------------------------------
@contextlib.contextmanager
def serving(d: Path, name: str, url: str) -> Iterator[subprocess.Popen[bytes]]:
    data = d / name
    shutil.rmtree(data, ignore_errors=True)
    proc = subprocess.Popen([sys.executable, "-m", "tui", "serve", "--data", str(data),
                             "--database", url, "--bot-delay", "0.5"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    assert proc.stdout is not None
    line = proc.stdout.readline().decode()
    assert "game server on" in line, line
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=30)


async def _made(data: Path) -> int:
    """A table of computers, made (and so played) at this server."""
    client = await Client.connect(data / "server.sock", local_token(data))
    client.send(p.CreateTable(civs=["rome", "greece", "egypt"], seats=["greedy"] * 3,
                              long_game=True))
    tid = (await client.expect(p.Created)).table
    client.close()
    return tid


def _lease(url: str, tid: int) -> tuple[str, int]:
    """Who holds the table's lease now (its server's name, or ""), and its last save's
    number of decisions."""
    import psycopg
    with psycopg.connect(url, autocommit=True) as db:
        row = db.execute("SELECT l.server, s.version FROM table_leases l JOIN table_saves s "
                         "ON s.table_id = l.table_id WHERE l.table_id = %s AND l.expires > "
                         "EXTRACT(EPOCH FROM clock_timestamp())", (tid,)).fetchone()
    return ("", -1) if row is None else (str(row[0]), int(row[1]))


def _after_kill(url: str, tid: int, proc: subprocess.Popen[bytes]) -> tuple[float, float]:
    """SIGKILL the table's server; the time until another holds the table, and until that
    one has saved its next decision (looked at every 10 ms)."""
    time.sleep(1.0)  # a decision or two: the table plays
    was, version = _lease(url, tid)
    t = time.perf_counter()
    proc.send_signal(signal.SIGKILL)
    taken = 0.0
    while True:
        now, saved = _lease(url, tid)
        if now and now != was and not taken:
            taken = time.perf_counter() - t
        if taken and saved > version:
            return taken, time.perf_counter() - t
        time.sleep(0.01)


def bench_kills(url: str, kills: int) -> None:
    fresh(url)
    d = Path(tempfile.mkdtemp(prefix="mn-bench-", dir="/tmp"))
    taken: list[float] = []
    played: list[float] = []
    try:
        with contextlib.ExitStack() as stack:
            procs = {n: stack.enter_context(serving(d, n, url)) for n in ("a", "b")}
            holder = "a"
            tid = asyncio.run(_made(d / holder))  # made, so played, at a
            for _ in range(kills):
                took, next_played = _after_kill(url, tid, procs[holder])
                taken.append(took)
                played.append(next_played)
                procs[holder].wait(timeout=30)
                procs[holder] = stack.enter_context(serving(d, holder, url))  # back, empty
                holder = "b" if holder == "a" else "a"  # the table is at the other now
    finally:
        shutil.rmtree(d, ignore_errors=True)
    print(f"SIGKILL to the table's lease taken by the other server: {spread(taken)}")
    print(f"SIGKILL to its next decision saved there: {spread(played)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--database", default=os.environ.get("MARE_NOSTRUM_DATABASE"))
    ap.add_argument("--kills", type=int, default=5)
    ap.add_argument("--decisions", type=int, default=60)
    ap.add_argument("--saves", type=int, default=200)
    args = ap.parse_args()
    with contextlib.ExitStack() as stack:
        url = args.database
        if not url:
            from tests.postgres_server import postgres
            root = Path(tempfile.mkdtemp(prefix="mn-pg-", dir="/tmp"))
            stack.callback(shutil.rmtree, root, True)
            url = stack.enter_context(postgres(root, durable=True))  # fsync on
        print(f"cores: {os.cpu_count()}, load: {os.getloadavg()[0]:.2f}")
        bench_saves(url, args.saves)
        for where, times in asyncio.run(_round_trips(url, args.decisions)).items():
            print(f"a decision's round trip, the table on the {where}: {spread(times)}")
        bench_kills(url, args.kills)


if __name__ == "__main__":
    main()
