"""The door side of bench/bench_capacity.py: the real SSH door (tui.net.ssh's SSHFront and
its game server) in a process of its own, and the players' hands.

Each seated player acts "through the protocol as their session would": a protocol client of
the same identity as the player's SSH key sits at the player's seat and sends the
decision (the first legal action) when the seat's update says it decides, after a
thinking pause; the moment of sending is logged, so that bench_capacity.py can time how
long every SSH client of that table takes to see its screen change.

Driven by bench_capacity.py over stdin/stdout, one JSON object per line
(bench/capacity_messages.py): it says `Ready` at start; `MakeTables` (a key fingerprint
per seat) -> `TablesMade`; `Play` -> `Playing` (the decisions begin); `Measure` ->
`Measured` (the sessions' memory, the processor time of the door, the warm parent and the
sessions, the decisions sent since the last one); `IssueToken` -> `TokenIssued` (for a
client of the soak, bench/soak_server.py); `Quit`.

bench/soak_server.py runs it with `--data` (kept across its SIGKILLs), `--log-file` (the
server's log, searched for tracebacks), `--bot-delay` and `--slow-disk SECONDS` (every save
takes that much longer in the writer thread: a disk others are busy on).

`--tracemalloc FILE` (or the environment's MN_DOOR_TRACEMALLOC=FILE; off by default): where
this process's memory goes. tracemalloc runs from the start; every `--trace-every` seconds
and on SIGUSR1 a snapshot is compared with the first one (taken one interval in) and the
top 25 growths by line and the top 10 by traceback are appended to FILE.<pid>, with the
RSS before and after malloc_trim(0) (what the C allocator holds but does not use) and the
growth of gc's object counts by type (bench/memory_trace.py).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import time
from pathlib import Path

from capacity_messages import (
    Decision,
    IssueToken,
    MakeTables,
    Measure,
    Measured,
    Play,
    Playing,
    Quit,
    Ready,
    Reply,
    TablesMade,
    TokenIssued,
    encoder,
    request_decoder,
)

from engine.data.board import CIVS
from tui.net import limits as lim
from tui.net import protocol as p
from tui.net.client import Client, RemoteError
from tui.net.server import GameServer
from tui.net.spawn import WarmParent, become_subreaper
from tui.net.ssh import SSHFront, load_host_key

TICKS = os.sysconf("SC_CLK_TCK")


def pss_kib(pid: int) -> tuple[int, int]:
    """(Pss, Rss) of a process in KiB, (0, 0) if it is gone."""
    pss = rss = 0
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    pss = int(line.split()[1])
                elif line.startswith("Rss:"):
                    rss = int(line.split()[1])
    except OSError:
        pass
    return pss, rss


def cpu_seconds(pid: int) -> float:
    """User + system time of a process (its reaped children not counted)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


class Hand:
    """A seated player's protocol client: decides when its update says so."""

    def __init__(self, client: Client, table: int, seat: int, log: list[Decision]) -> None:
        self.client = client
        self.table = table
        self.seat = seat
        self.log = log
        self.think: float | None = None  # None: not playing yet
        self.pending: p.Update | None = None

    async def run(self) -> None:
        while True:
            try:
                msg = await self.client.receive()
            except RemoteError:
                return  # the server is closing
            if isinstance(msg, p.Update) and msg.table == self.table:
                self.pending = msg if msg.legal else None
                await self.maybe_act()

    async def maybe_act(self) -> None:
        up = self.pending
        if up is None or self.think is None:
            return
        await asyncio.sleep(self.think * random.uniform(0.7, 1.3))
        if self.pending is not up:
            return
        self.pending = None
        self.log.append(Decision(self.table, asyncio.get_running_loop().time()))
        self.client.send(p.Act(table=self.table, version=up.version, action=up.legal[0]))


class Door:
    def __init__(self, front: SSHFront, server: GameServer, warm: WarmParent | None) -> None:
        self.front = front
        self.server = server
        self.warm = warm
        self.hands: list[Hand] = []
        self.decisions: list[Decision] = []
        self.tasks: list[asyncio.Task[None]] = []

    async def hand(self, fingerprint: str) -> Client:
        assert self.server.socket_path is not None
        token = self.server.issue_token(fingerprint, fingerprint[-8:], key=fingerprint)
        return await Client.connect(self.server.socket_path, token)

    async def tables(self, seats: list[list[str]]) -> list[int]:
        ids = []
        for fps in seats:
            first = await self.hand(fps[0])
            first.send(p.CreateTable(civs=list(CIVS), seats=["remote"] * len(fps), sit=0))
            tid = (await first.expect(p.Created)).table
            clients = [first]
            for i, fp in enumerate(fps[1:], 1):
                c = await self.hand(fp)
                c.send(p.Sit(table=tid, seat=i))
                clients.append(c)
            for i, c in enumerate(clients):
                h = Hand(c, tid, i, self.decisions)
                self.hands.append(h)
                self.tasks.append(asyncio.get_running_loop().create_task(h.run()))
            ids.append(tid)
        return ids

    async def play(self, think: float) -> None:
        for h in self.hands:
            h.think = think
            if h.pending is not None:
                self.tasks.append(asyncio.get_running_loop().create_task(h.maybe_act()))

    def measure(self) -> Measured:
        pids = [s.child.pid for s in self.front.sessions if s.child is not None]
        mem = [pss_kib(pid) for pid in pids]
        cpu = cpu_seconds(os.getpid()) + sum(cpu_seconds(pid) for pid in pids)
        if self.warm is not None and self.warm.proc is not None:
            cpu += cpu_seconds(self.warm.proc.pid)
        out = Measured(sessions=len(pids), pss_kib=[m[0] for m in mem],
                       rss_kib=[m[1] for m in mem], cpu_s=cpu, decisions=self.decisions,
                       now=asyncio.get_running_loop().time())
        self.decisions = []
        for h in self.hands:
            h.log = self.decisions
        return out


def slow_disk(server: GameServer, seconds: float) -> None:
    """Every save takes `seconds` more in the writer thread: a disk others are busy on."""
    put_save = server.store.put_save

    def slowly(table: int, version: int, data: bytes, info: bytes) -> bool:
        time.sleep(seconds)
        return put_save(table, version, data, info)
    server.store.put_save = slowly  # type: ignore[method-assign]


async def main(args: argparse.Namespace) -> None:
    d = Path(args.dir)
    trace = None
    if args.tracemalloc:
        from memory_trace import MemoryTrace
        trace = MemoryTrace(Path(f"{args.tracemalloc}.{os.getpid()}"), args.trace_every,
                            args.trace_frames)
        trace.start()
    warm = None
    if args.spawn == "warm":
        become_subreaper()
        warm = WarmParent()
        warm.start()
    if args.log_file:
        from tui.net.logs import start_log
        start_log(Path(args.log_file), console=sys.stderr)
    server = GameServer(Path(args.data) if args.data else d / f"data-{args.spawn}",
                        bot_delay=args.bot_delay)
    if trace is not None:
        trace.watch(server)
    if args.slow_disk:
        slow_disk(server, args.slow_disk)
    path = await server.start(d / f"s-{args.spawn}.sock")
    limits = lim.Limits(per_key=0, per_address=0, idle=0, processes=0)
    front = SSHFront(server, path, server.data, d / "authorized", limits=limits, warm=warm)
    listener = await front.listen("127.0.0.1", args.port, load_host_key(d / "hostkey"))
    door = Door(front, server, warm)
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)

    def say(reply: Reply) -> None:
        sys.stdout.write(encoder.encode(reply).decode() + "\n")
        sys.stdout.flush()

    say(Ready(clock=loop.time(),
              warm=warm.proc.pid if warm is not None and warm.proc is not None else 0))
    while line := await reader.readline():
        req = request_decoder.decode(line)  # a line of another shape stops the run
        if isinstance(req, MakeTables):
            say(TablesMade(tables=await door.tables(req.seats)))
        elif isinstance(req, Play):
            await door.play(req.think)
            say(Playing())
        elif isinstance(req, IssueToken):
            say(TokenIssued(token=server.issue_token(req.key, req.key[-8:], key=req.key)))
        elif isinstance(req, Measure):
            say(door.measure())
        elif isinstance(req, Quit):
            break
    listener.close()
    front.close()
    await server.close()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--spawn", choices=("warm", "fresh"), required=True)
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--data", default="", help="the game server's data (default DIR/data-WAY)")
    ap.add_argument("--log-file", default="", help="the server's log (default: none)")
    ap.add_argument("--bot-delay", type=float, default=0.0)
    ap.add_argument("--tracemalloc", default=os.environ.get("MN_DOOR_TRACEMALLOC", ""),
                    metavar="FILE", help="trace the memory into FILE.<pid> (default: off)")
    ap.add_argument("--trace-every", type=float, default=60.0, metavar="SECONDS")
    ap.add_argument("--slow-disk", type=float, default=0.0, metavar="SECONDS",
                    help="every save takes this much longer (default: 0)")
    ap.add_argument("--trace-frames", type=int,
                    default=int(os.environ.get("MN_DOOR_TRACE_FRAMES", "12")),
                    help="frames per traceback (0: no tracemalloc, the allocator's figures only)")
    asyncio.run(main(ap.parse_args()))
