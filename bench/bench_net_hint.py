"""A hint at a table of the game server, measured: from the RequestHint sent to the Hint
received, at the computer seats' budget (1 s), over a real Unix socket.

    .venv/bin/python bench/bench_net_hint.py --hints 10

A real server (in this process, its bot pool of two threads) and a protocol client: a
table that offers hints, the client at seat 1 against normal players. At each of its
decisions with two or more moves the client asks for a hint, waits for it, then plays the
hint's choice. Prints each hint's wall time, the median and the worst, and the machine's load
(a busy machine stretches the wall time: the budget counts the hard player's own clock).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from tui.net import protocol as p
from tui.net.client import Client
from tui.net.server import GameServer


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min), {os.cpu_count()} cores"


async def measure(count: int) -> list[tuple[float, int, int]]:
    """(seconds, legal moves, rounds) per hint."""
    data = Path(tempfile.mkdtemp(prefix="mn-", dir="/tmp"))
    server = GameServer(data)
    await server.start(data / "s.sock")
    out: list[tuple[float, int, int]] = []
    try:
        assert server.socket_path is not None
        me = await Client.connect(server.socket_path,
                                  server.issue_token("SHA256:bench", "bench"))
        me.send(p.CreateTable(civs=["rome", "carthage", "greece", "egypt"],
                              seats=["normal", "remote", "normal", "normal"], sit=1,
                              hints=True))
        while len(out) < count:
            up = await me.expect(p.Update, timeout=120)
            if up.info.status == "over":
                break
            if not up.legal or up.info.pending != up.seat:
                continue
            action = up.legal[0]
            if len(up.legal) > 1:
                t0 = time.perf_counter()
                me.send(p.RequestHint(table=up.info.id, version=up.version))
                hint = await me.expect(p.Hint, timeout=120)
                seconds = time.perf_counter() - t0
                out.append((seconds, len(up.legal), hint.advice.rounds))
                print(f"hint {len(out):3}: {seconds:.2f} s, {len(up.legal)} moves, "
                      f"{hint.advice.rounds} deals", flush=True)
                action = hint.advice.choice
            me.send(p.Act(table=up.info.id, version=up.version, action=action))
        me.close()
    finally:
        await server.close()
        shutil.rmtree(data, ignore_errors=True)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hints", type=int, default=10)
    args = ap.parse_args()
    print(_load())
    got = asyncio.run(measure(args.hints))
    times = [t for t, _, _ in got]
    if times:
        print(f"{len(times)} hints at the computer seats' budget (1 s): median "
              f"{statistics.median(times):.2f} s, worst {max(times):.2f} s, best "
              f"{min(times):.2f} s")
    print(_load())


if __name__ == "__main__":
    main()
