"""What a table of computers only costs while nobody watches it, and while someone does:
the game server's processor time over a window, with `--tables` such tables (the server's
default pause of 0.3 s before each computer's move).

    .venv/bin/python bench/bench_unwatched.py [--tables 10] [--window 20]
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tui.net import protocol as p  # noqa: E402
from tui.net.client import Client  # noqa: E402
from tui.net.server import GameServer  # noqa: E402


def cpu() -> float:
    return time.process_time()  # the server runs in this process (and its bots' threads)


async def window(seconds: float) -> float:
    c0, t0 = cpu(), time.monotonic()
    await asyncio.sleep(seconds)
    return (cpu() - c0) / (time.monotonic() - t0) * 100


async def main(args: argparse.Namespace) -> None:
    d = Path(tempfile.mkdtemp(prefix="mn-unw-", dir="/tmp"))
    server = GameServer(d / "data", bot_delay=0.3)
    try:
        path = await server.start(d / "s.sock")
        host = await Client.connect(path, server.issue_token("SHA256:host", "host"))
        tids = []
        for _ in range(args.tables):
            host.send(p.CreateTable(civs=["rome", "greece", "egypt", "carthage"],
                                    seats=["normal"] * 4))
            tids.append((await host.expect(p.Created)).table)
        idle = await window(args.window)
        moves0 = sum(server.tables[t].match.version for t in tids)
        print(f"{args.tables} tables of computers, nobody watching: {idle:.1f}% of a core, "
              f"{moves0} moves in all", flush=True)
        watchers = []
        for t in tids:
            w = await Client.connect(path, server.issue_token(f"SHA256:w{t}", f"w{t}"))
            w.send(p.Watch(table=t))
            watchers.append(w)
        watched = await window(args.window)
        moves = sum(server.tables[t].match.version for t in tids) - moves0
        print(f"the same, one watcher each: {watched:.1f}% of a core, {moves} moves in "
              f"{args.window:g} s")
        for w in watchers:
            w.close()
        host.close()
    finally:
        await server.close()
        shutil.rmtree(d, ignore_errors=True)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=10)
    ap.add_argument("--window", type=float, default=20.0)
    asyncio.run(main(ap.parse_args()))
