"""What a restart of the game server leaves in memory, with no client: a copy of a data
folder (a soak's, kept with `bench/soak_server.py --keep`) opened by a GameServer, its tables
restored, then their recent events found again (the restart's recalls, in the computers'
threads); after each step the RSS (after malloc_trim), Python's arenas and glibc's count.
An arena count well above the objects in them is memory a burst left and cannot give back.

    .venv/bin/python bench/restart_memory.py DATA_FOLDER
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from memory_trace import malloc_line, pymalloc_line, rss_kib  # noqa: E402

from tui.net.memory import give_back  # noqa: E402
from tui.net.server import GameServer  # noqa: E402


def show(what: str) -> None:
    give_back()
    print(f"{what}: RSS {rss_kib() / 1024:.1f} MB; {pymalloc_line()}; {malloc_line()}",
          flush=True)


async def main(data: Path) -> None:
    d = Path(tempfile.mkdtemp(prefix="mn-restart-", dir="/tmp"))
    try:
        shutil.copytree(data, d / "data")
        show("before")
        server = GameServer(d / "data")
        show(f"{len(server.tables)} tables restored")
        t = time.monotonic()
        await server.start(d / "s.sock")
        while server._jobs:  # the recalls
            await asyncio.sleep(0.05)
        show(f"their events found again in {time.monotonic() - t:.1f} s")
        await server.close()
    finally:
        shutil.rmtree(d)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("data", type=Path, help="a game server's data folder")
    asyncio.run(main(ap.parse_args().data))
