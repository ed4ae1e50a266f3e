"""Where a process's memory goes (capacity_door.py's `--tracemalloc`): tracemalloc from the
start, a snapshot every `every` seconds (and on SIGUSR1) compared with the first one, the
RSS before and after malloc_trim(0), glibc's arenas, Python's own arenas (pymalloc), the
game server's saves waiting for the writer thread, and gc's object counts by type; appended
to a file. Between two snapshots the RSS and the saves waiting are sampled every second:
their highest and when, so a jump can be put beside what happened then."""

from __future__ import annotations

import asyncio
import collections
import ctypes
import ctypes.util
import gc
import os
import re
import signal
import sys
import tempfile
import threading
import time
import tracemalloc
from pathlib import Path
from typing import TYPE_CHECKING

from tui.net.memory import give_back

if TYPE_CHECKING:
    from tui.net.server import GameServer

FRAMES = 12
TOP_LINES = 25
TOP_TRACES = 10


def rss_kib() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class MallInfo2(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]


_libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
_libc.mallinfo2.restype = MallInfo2


def malloc_line() -> str:
    """glibc's count (all arenas): bytes from the system, in use, free inside."""
    m = _libc.mallinfo2()
    mb = 2 ** 20
    return (f"malloc: arenas {m.arena / mb:.1f} MB + mmapped {m.hblkhd / mb:.1f} MB, in use "
            f"{m.uordblks / mb:.1f} MB, free inside {m.fordblks / mb:.1f} MB")


_PYMALLOC = {"# arenas allocated current": "arenas", "# arenas highwater mark": "highwater",
             "# bytes in allocated blocks": "used", "# bytes in available blocks": "free"}


def pymalloc_stats() -> dict[str, int]:
    """Python's own allocator (sys._debugmallocstats, printed by C to fd 2): its 1 MiB
    arenas now and at most, the bytes of the objects in them and free in their pools."""
    with tempfile.TemporaryFile("w+") as out:
        sys.stderr.flush()
        saved = os.dup(2)
        try:
            os.dup2(out.fileno(), 2)
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        out.seek(0)
        got = dict.fromkeys(_PYMALLOC.values(), 0)
        for line in out:
            name, _, value = line.partition("=")
            key = _PYMALLOC.get(name.strip())
            if key is not None:
                got[key] = int(re.sub(r"\D", "", value))
    return got


def pymalloc_line() -> str:
    got, mb = pymalloc_stats(), 2 ** 20
    return (f"pymalloc: arenas {got['arenas']} (highest {got['highwater']}), objects "
            f"{got['used'] / mb:.1f} MB, free in pools {got['free'] / mb:.1f} MB")


def type_counts() -> collections.Counter[str]:
    return collections.Counter(type(o).__qualname__ for o in gc.get_objects())


class MemoryTrace:
    def __init__(self, path: Path, every: float, frames: int = FRAMES) -> None:
        self.path = path
        self.every = every
        self.frames = frames  # 0: no tracemalloc, only the allocator's figures
        self.first: tracemalloc.Snapshot | None = None
        self.first_types: collections.Counter[str] = collections.Counter()
        self.t0 = time.monotonic()
        self.filters = [tracemalloc.Filter(False, tracemalloc.__file__),
                        tracemalloc.Filter(False, "<frozen importlib._bootstrap>"),
                        tracemalloc.Filter(False, "<frozen importlib._bootstrap_external>"),
                        tracemalloc.Filter(False, "<unknown>")]
        self.server: GameServer | None = None  # `watch`: its saves waiting are counted
        self.top_rss = (0, 0.0)  # since the last snapshot: highest RSS (KiB), at minute
        self.top_waiting = (0, 0.0)  # the most saves waiting for the writer, at minute
        self.arenas = 0  # Python's arenas at the last line about them

    def watch(self, server: GameServer) -> None:
        self.server = server

    def held_line(self) -> str:
        """What the connections hold: messages waiting for their saves, and what their
        transports have not sent yet."""
        conns = [] if self.server is None else list(self.server.conns)
        held = sum(c.held_bytes for c in conns)
        unsent = sum(c.writer.transport.get_write_buffer_size() for c in conns
                      if not c.writer.transport.is_closing())
        replaced = 0 if self.server is None else self.server.saves.replaced
        return (f"saves replaced by a newer one before written {replaced}; "
                f"{len(conns)} connections hold {held / 2**20:.1f} MB of messages waiting for "
                f"their saves, {unsent / 2**20:.1f} MB unsent")

    def waiting(self) -> int:
        """Saves queued for the writer thread and not yet written."""
        s = self.server
        return 0 if s is None else s.saves.queued - s.saves.written

    def start(self) -> None:
        if self.frames:
            tracemalloc.start(self.frames)
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGUSR1, self.take)
        loop.create_task(self.every_while())
        loop.create_task(self.sampling())

    async def sampling(self) -> None:
        while True:
            await asyncio.sleep(1.0)
            minute = (time.monotonic() - self.t0) / 60
            self.top_rss = max(self.top_rss, (rss_kib(), minute))
            self.top_waiting = max(self.top_waiting, (self.waiting(), minute))
            got = pymalloc_stats()
            if abs(got["arenas"] - self.arenas) >= 2:  # a burst: what was going on
                s = self.server
                self.write([f"--- minute {minute:.2f}: pymalloc arenas {self.arenas} -> "
                            f"{got['arenas']}, objects {got['used'] / 2**20:.1f} MB; the "
                            f"server's jobs (a restart's recalls) {len(s._jobs) if s else 0}, "
                            f"computers thinking {len(s._bot_tasks) if s else 0}; "
                            f"{self.held_line()}; saves waiting {self.waiting()}"])
                self.arenas = got["arenas"]

    async def every_while(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            self.take()

    def take(self) -> None:
        before = rss_kib()
        mall = malloc_line()
        give_back()  # what the server does every TRIM_EVERY seconds
        after = rss_kib()
        types = type_counts()
        minute = (time.monotonic() - self.t0) / 60
        (top, top_at), (most, most_at) = self.top_rss, self.top_waiting
        self.top_rss = self.top_waiting = (0, 0.0)
        out = [f"=== minute {minute:.1f}: RSS {before / 1024:.1f} MB, after malloc_trim "
               f"{after / 1024:.1f} MB; {mall}; {pymalloc_line()}; saves waiting "
               f"{self.waiting()} (most {most} at minute {most_at:.1f}); {self.held_line()}; RSS highest "
               f"{top / 1024:.1f} MB at minute {top_at:.1f}; threads "
               f"{threading.active_count()}; gc objects {sum(types.values())}"]
        if not self.frames:
            self.write(out)
            return
        snap = tracemalloc.take_snapshot().filter_traces(self.filters)
        cur, peak = tracemalloc.get_traced_memory()
        out.append(f"traced {cur / 2**20:.1f} MB (peak {peak / 2**20:.1f}), tracemalloc's own "
                   f"{tracemalloc.get_tracemalloc_memory() / 2**20:.1f} MB")
        if self.first is None:
            self.first, self.first_types = snap, types
            out.append("(the first snapshot: later ones are compared with it)")
        else:
            out.append(f"--- top {TOP_LINES} growths by line since the first snapshot")
            out += [str(s) for s in snap.compare_to(self.first, "lineno")[:TOP_LINES]]
            out.append(f"--- top {TOP_TRACES} growths by traceback")
            for s in snap.compare_to(self.first, "traceback")[:TOP_TRACES]:
                out.append(f"{s.size_diff / 1024:+.1f} KiB, {s.count_diff:+d} blocks "
                           f"(now {s.size / 1024:.1f} KiB):")
                out += ["    " + line for line in s.traceback.format(most_recent_first=True)]
            out.append("--- gc objects by type: growth since the first snapshot")
            grown = types.copy()
            grown.subtract(self.first_types)
            out += [f"  {n:+d} {t} (now {types[t]})" for t, n in grown.most_common(20)]
        self.write(out)

    def write(self, lines: list[str]) -> None:
        with self.path.open("a") as f:
            f.write("\n".join(lines) + "\n")
