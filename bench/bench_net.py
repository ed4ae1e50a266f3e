"""The game server on loopback: 6 seated players and 10 watchers at one table.

    .venv/bin/python bench/bench_net.py [--actions 200] [--watchers 10] [--tables 20]

Reports the time from a player's action to every client having its update (p50, p95,
max; target under 50 ms p95), and the server's memory per table. Server and clients
share one process and event loop (the clients' decoding is counted in the latency).
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path

from memory_trace import rss_kib

from engine.data.board import CIVS
from tui.net import protocol as p
from tui.net.client import Client
from tui.net.server import GameServer


async def wait_version(client: Client, version: int) -> None:
    while True:
        msg = await client.receive()
        if isinstance(msg, p.Update) and msg.version >= version:
            return


async def bench(actions: int, watchers: int, tables: int) -> None:
    data = Path(tempfile.mkdtemp(prefix="mn-bench-", dir="/tmp"))
    server = GameServer(data)
    path = await server.start(data / "s.sock")
    try:
        seats = [await Client.connect(path, server.issue_token(f"p{i}", f"player{i}"))
                 for i in range(6)]
        seats[0].send(p.CreateTable(civs=list(CIVS), seats=["remote"] * 6, sit=0))
        tid = (await seats[0].expect(p.Created)).table
        for i, c in enumerate(seats[1:], 1):
            c.send(p.Sit(table=tid, seat=i))
        lookers = [await Client.connect(path, server.issue_token(f"w{i}", f"watcher{i}"))
                   for i in range(watchers)]
        for c in lookers:
            c.send(p.Watch(table=tid))
        match = server.tables[tid].match
        everyone = seats + lookers
        await asyncio.gather(*(wait_version(c, match.version) for c in everyone))
        times = []
        for _ in range(actions):
            seat = match.pending_seat()
            if seat is None:
                break
            version = match.version
            action = match.legal()[0]
            t0 = time.perf_counter()
            seats[seat].send(p.Act(table=tid, version=version, action=action))
            await asyncio.gather(*(wait_version(c, version + 1) for c in everyone))
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        p95 = times[int(len(times) * 0.95) - 1]
        print(f"{len(times)} actions, {len(everyone)} clients: update to all in "
              f"p50 {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, "
              f"max {times[-1]:.1f} ms (target p95 < 50 ms)")
        for c in everyone:
            c.close()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        maker = await Client.connect(path, server.issue_token("maker", "maker"))
        for _ in range(tables):
            maker.send(p.CreateTable(civs=list(CIVS), seats=["remote"] * 6))
            await maker.expect(p.Created)
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        print(f"memory: {(after - before) / tables / 1024:.0f} KiB per new 6-player table "
              f"({tables} tables; process RSS {rss_kib() / 1024:.0f} MiB)")
        maker.close()
    finally:
        await server.close()
        shutil.rmtree(data, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--actions", type=int, default=200)
    ap.add_argument("--watchers", type=int, default=10)
    ap.add_argument("--tables", type=int, default=20)
    args = ap.parse_args()
    asyncio.run(bench(args.actions, args.watchers, args.tables))


if __name__ == "__main__":
    main()
