"""Soak of the game server: the real server and its SSH door (bench/capacity_door.py, the
door of bench_capacity.py) in a process of its own, for `--minutes`, with `--tables`
tables and `--watchers` watchers, random disconnects and reconnects, and a SIGKILL of the
server and a restart every `--kill-every` minutes.

    .venv/bin/python bench/soak_server.py [--minutes 30] [--tables 50] [--watchers 100]
        [--kill-every 5] [--think 1.0] [--ssh-watchers 4] [--seed 1]

- The players are protocol clients of keys the door issues tokens for (as it does for an
  SSH session's child): each sits at its seat and, when its update says it decides, sends
  a random legal decision after a thinking pause. Every fifth table is of computers only
  (played only while watched); of the others, every second one has a computer seat. A
  finished table is replaced by a new one of the same seats. The watchers are protocol
  clients too, and `--ssh-watchers` of them real SSH sessions (`watch T`) through the door.
- Every client drops its connection now and then (on average every `--drop-every` seconds)
  and comes back after a moment, with a new token.
- Every `--kill-every` minutes the server gets SIGKILL (no clean close); the saves are then
  checked on disk before it starts again on the same data, and the clients come back.

What is counted (the run exits 1 if any is not 0):
- lost decision: a decision acknowledged to its player (an update of its table past the
  version it was sent at) that is not in the table's record on disk after the SIGKILL (or
  at the end): the record's action at that version is not the one sent;
- broken record: a table's save that does not load, or whose record does not replay to its
  saved state (engine.replay.verify against the state's hash);
- traceback: a "Traceback" in the server's log file (and its rotated files), or an exception
  in this process's clients.
Memory: the server process's RSS and PSS (and the warm parent's) just before each SIGKILL
and at the end, each after `--kill-every` minutes of life: the growth from the first (minute
5) to the last (minute 30) is the figure (target: under 10%). Also printed: the server's
processor time while every table is unwatched (before any client connects), then in play.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh
import msgspec

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from bench_capacity import DoorProcess, Player  # noqa: E402
from capacity_door import cpu_seconds, pss_kib  # noqa: E402
from capacity_messages import IssueToken, Ready, TokenIssued  # noqa: E402

from engine.data.board import CIVS  # noqa: E402
from engine.game import state_hash  # noqa: E402
from engine.replay import verify  # noqa: E402
from engine.saves import SaveError, load_save  # noqa: E402
from tui.net import protocol as p  # noqa: E402
from tui.net.client import Client, RemoteError  # noqa: E402

_enc = msgspec.msgpack.Encoder()


class Memory(msgspec.Struct, kw_only=True):
    """The server's memory (and its warm parent's) at a moment of the soak."""
    minute: float
    pss_mb: float
    rss_mb: float
    warm_pss_mb: float
    warm_rss_mb: float


@dataclass
class Acked:
    table: int
    version: int
    seat: int
    action: bytes  # msgpack of the Action sent


@dataclass
class Slot:
    """One of the `--tables` places: the table playing there now, replaced when over."""
    index: int
    kinds: list[str]  # "remote" or a computer level, per seat
    creator: str  # the key that creates its tables
    table: int = 0
    games: int = 0
    renewing: bool = False
    moved: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass
class Figures:
    acked: list[Acked] = field(default_factory=list)
    decisions: int = 0  # sent
    drops: int = 0  # connections dropped on purpose
    reconnects: int = 0
    lost: list[str] = field(default_factory=list)
    broken: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # exceptions in this process
    memory: list[Memory] = field(default_factory=list)  # before each kill and at the end
    samples: list[str] = field(default_factory=list)
    games_over: int = 0
    kills: int = 0
    rejected: dict[str, int] = field(default_factory=dict)


class Soak:
    def __init__(self, args: argparse.Namespace, folder: Path) -> None:
        self.args = args
        self.folder = folder
        self.data = folder / "data"
        self.log_file = folder / "server.log"
        self.socket = folder / "s-warm.sock"
        self.rng = random.Random(args.seed)
        self.fig = Figures()
        self.door: DoorProcess | None = None
        self.warm_pid = 0
        self.asking = asyncio.Lock()
        self.up = asyncio.Event()  # the server is running
        self.stopping = False
        self.slots: list[Slot] = []
        self.clients: list[Client] = []  # connected now (the chaos drops some)
        self.t0 = time.monotonic()
        self.checked = 0  # acknowledged decisions looked for on disk so far

    # --- the server process ----------------------------------------------------------------
    def start_door(self) -> None:
        self.door = DoorProcess("warm", self.args.port, self.folder, (
            "--data", str(self.data), "--log-file", str(self.log_file),
            "--bot-delay", str(self.args.bot_delay), "--slow-disk", str(self.args.slow_disk),
            *(("--tracemalloc", self.args.tracemalloc, "--trace-frames",
               str(self.args.trace_frames), "--trace-every", str(self.args.trace_every))
              if self.args.tracemalloc else ())))
        self.warm_pid = self.door.ask(None, Ready).warm
        self.up.set()

    async def token(self, fp: str) -> str:
        await self.up.wait()
        async with self.asking:
            assert self.door is not None
            return (await self.door.aask(IssueToken(key=fp), TokenIssued)).token

    def memory(self) -> Memory:
        assert self.door is not None
        pss, rss = pss_kib(self.door.proc.pid)
        wpss, wrss = pss_kib(self.warm_pid) if self.warm_pid else (0, 0)
        return Memory(minute=round((time.monotonic() - self.t0) / 60, 1), pss_mb=pss / 1024,
                      rss_mb=rss / 1024, warm_pss_mb=wpss / 1024, warm_rss_mb=wrss / 1024)

    async def kill_and_restart(self) -> None:
        async with self.asking:
            self.up.clear()
            assert self.door is not None
            self.fig.memory.append(self.memory())
            os.kill(self.door.proc.pid, signal.SIGKILL)
            await asyncio.to_thread(self.door.proc.wait)
            self.fig.kills += 1
            t0 = time.monotonic()
            await asyncio.to_thread(self.check_records)
            t1 = time.monotonic()
            await asyncio.to_thread(self.start_door)
            self.say(f"SIGKILL {self.fig.kills}: {len(self.fig.acked)} decisions acknowledged "
                     f"so far, lost {len(self.fig.lost)}, broken records "
                     f"{len(self.fig.broken)}; records checked in {t1 - t0:.1f} s, server "
                     f"up again in {time.monotonic() - t1:.1f} s; memory before: "
                     f"RSS {self.fig.memory[-1].rss_mb:.1f} MB, PSS "
                     f"{self.fig.memory[-1].pss_mb:.1f} MB")

    def check_records(self) -> None:
        """Every table's save loads and replays to its state; every acknowledged decision
        is in its table's record."""
        records = {}
        for path in sorted((self.data / "tables").glob("table-*.json")):
            tid = int(path.stem.split("-")[1])
            try:
                save = load_save(path)
            except SaveError as e:
                self.fig.broken.append(f"table {tid}: {e}")
                continue
            verdict = verify(save.record, final_hash=state_hash(save.state))
            if not verdict.ok:
                self.fig.broken.append(f"table {tid}: {verdict.message}")
            records[tid] = save.record
        upto = len(self.fig.acked)
        for a in self.fig.acked[self.checked:upto]:  # each checked after the next kill
            rec = records.get(a.table)
            if rec is None or len(rec.actions) <= a.version \
                    or _enc.encode(rec.actions[a.version]) != a.action:
                self.fig.lost.append(f"table {a.table} version {a.version} seat {a.seat + 1}")
        self.checked = upto

    # --- tables ----------------------------------------------------------------------------
    def plan(self) -> None:
        for i in range(self.args.tables):
            n = 3 + i % 4
            if i % 5 == 4:
                kinds = [("random", "easy", "normal")[j % 3] for j in range(n)]
            else:
                kinds = ["remote"] * n
                if i % 2:
                    kinds[-1] = "easy"
            self.slots.append(Slot(i, kinds, f"SHA256:soak-t{i}-creator"))

    async def create(self, slot: Slot) -> None:
        while not self.stopping:
            try:
                c = await Client.connect(self.socket, await self.token(slot.creator))
            except (RemoteError, OSError, RuntimeError):
                await asyncio.sleep(1.0)
                continue
            try:
                c.send(p.CreateTable(civs=list(CIVS[:len(slot.kinds)]), seats=slot.kinds))
                slot.table = (await c.expect(p.Created, timeout=30)).table
                slot.games += 1
                slot.moved.set()
                slot.moved = asyncio.Event()
                return
            except (RemoteError, OSError, TimeoutError):
                await asyncio.sleep(1.0)
            finally:
                c.close()

    async def renew(self, slot: Slot, table: int) -> None:
        if slot.renewing or slot.table != table:
            return
        slot.renewing = True
        self.fig.games_over += 1
        try:
            await self.create(slot)
        finally:
            slot.renewing = False

    # --- the clients -----------------------------------------------------------------------
    async def hand(self, fp: str, slot: Slot, seat: int | None) -> None:
        """A player at `seat` of the slot's table (None: a watcher), for the whole run."""
        rng = random.Random(f"{self.args.seed}:{fp}")
        first = True
        while not self.stopping:
            try:
                client = await Client.connect(self.socket, await self.token(fp))
            except (RemoteError, OSError, RuntimeError, TimeoutError):
                await asyncio.sleep(rng.uniform(0.5, 2.0))
                continue
            if not first:
                self.fig.reconnects += 1
            first = False
            self.clients.append(client)
            try:
                await self.play(client, fp, slot, seat, rng)
            except (RemoteError, OSError, TimeoutError):
                pass
            except Exception:  # noqa: BLE001  (counted and shown: the run fails)
                self.fig.errors.append(traceback.format_exc(limit=5))
            finally:
                client.close()
                if client in self.clients:
                    self.clients.remove(client)
            await asyncio.sleep(rng.uniform(0.2, 3.0))

    async def play(self, client: Client, fp: str, slot: Slot, seat: int | None,
                   rng: random.Random) -> None:
        table = slot.table

        def go_to(tid: int) -> None:
            client.send(p.Watch(table=tid) if seat is None else p.Sit(table=tid, seat=seat))

        go_to(table)
        sent: dict[int, tuple[int, bytes]] = {}  # table -> (version, action) unacknowledged
        deciding: list[asyncio.Task[None]] = []

        async def decide(up: p.Update) -> None:
            await asyncio.sleep(self.args.think * rng.uniform(0.3, 1.7))
            if self.stopping or up.table != slot.table:
                return
            action = rng.choice(up.legal)
            sent[up.table] = (up.version, _enc.encode(action))
            self.fig.decisions += 1
            client.send(p.Act(table=up.table, version=up.version, action=action))

        async def follow() -> None:  # a finished table's slot gets a new table
            nonlocal table
            while True:
                await slot.moved.wait()
                table = slot.table
                go_to(table)

        follower = asyncio.get_running_loop().create_task(follow())
        try:
            while True:
                msg = await client.receive()
                if isinstance(msg, p.Rejected):
                    key = msg.reason.split(":")[0][:60]
                    self.fig.rejected[key] = self.fig.rejected.get(key, 0) + 1
                    continue
                if not isinstance(msg, p.Update) or msg.table != table:
                    continue
                mine = sent.get(msg.table)
                if mine is not None and msg.version > mine[0]:
                    assert seat is not None
                    self.fig.acked.append(Acked(msg.table, mine[0], seat, mine[1]))
                    del sent[msg.table]
                if msg.info.status == "over":
                    asyncio.get_running_loop().create_task(self.renew(slot, msg.table))
                    continue
                done = sent.get(msg.table)
                if seat is not None and msg.legal and msg.seat == seat and \
                        (done is None or done[0] != msg.version):  # once per version
                    for t in deciding:
                        t.cancel()
                    deciding[:] = [asyncio.get_running_loop().create_task(decide(msg))]
        finally:
            follower.cancel()
            for t in deciding:
                t.cancel()

    async def chaos(self) -> None:
        """Drop connections at random: each about every `--drop-every` seconds."""
        while not self.stopping:
            await asyncio.sleep(1.0)
            for c in list(self.clients):
                if self.rng.random() < 1.0 / self.args.drop_every:
                    self.fig.drops += 1
                    c.writer.transport.abort()

    async def ssh_watcher(self, key: asyncssh.SSHKey, slot: Slot, i: int) -> None:
        while not self.stopping:
            await self.up.wait()
            pl = Player(key, f"sshw{i}", slot.table)
            try:
                await pl.open(self.args.port, f"watch {slot.table}", b"watching", timeout=60)
                assert pl.screen is not None
                await pl.screen.closed.wait()
            except (OSError, asyncssh.Error, TimeoutError):
                pass
            finally:
                pl.close()
            await asyncio.sleep(1.0 + self.rng.random() * 2)

    def say(self, text: str) -> None:
        print(f"[{(time.monotonic() - self.t0) / 60:5.1f} min] {text}", flush=True)

    # --- the run ---------------------------------------------------------------------------
    async def run(self) -> int:
        a = self.args
        keys = [asyncssh.generate_private_key("ssh-ed25519", comment=f"w{i}")
                for i in range(a.ssh_watchers)]
        (self.folder / "authorized").write_text(
            "".join(k.export_public_key().decode() for k in keys))
        await asyncio.to_thread(self.start_door)
        self.plan()
        for slot in self.slots:
            await self.create(slot)
        assert self.door is not None
        # every table unwatched (no client yet): what the server costs
        cpu0, w0 = cpu_seconds(self.door.proc.pid), time.monotonic()
        await asyncio.sleep(a.idle_window)
        idle = (cpu_seconds(self.door.proc.pid) - cpu0) / (time.monotonic() - w0) * 100
        computers = sum(1 for s in self.slots if "remote" not in s.kinds)
        self.say(f"{len(self.slots)} tables ({computers} of computers only), nobody "
                 f"connected: server {idle:.1f}% of a core over {a.idle_window:g} s")
        self.t0 = time.monotonic()
        tasks: list[asyncio.Task[None]] = []
        loop = asyncio.get_running_loop()
        for slot in self.slots:
            for s, kind in enumerate(slot.kinds):
                if kind == "remote":
                    tasks.append(loop.create_task(
                        self.hand(f"SHA256:soak-t{slot.index}-s{s}", slot, s)))
        # the watchers: the tables of computers first (they play only while watched)
        order = [s for s in self.slots if "remote" not in s.kinds] + \
            [s for s in self.slots if "remote" in s.kinds]
        for i in range(a.watchers):
            tasks.append(loop.create_task(
                self.hand(f"SHA256:soak-w{i}", order[i % len(order)], None)))
        for i, key in enumerate(keys):
            tasks.append(loop.create_task(self.ssh_watcher(key, order[i % len(order)], i)))
        tasks.append(loop.create_task(self.chaos()))
        end = self.t0 + a.minutes * 60
        next_kill = self.t0 + a.kill_every * 60
        next_sample = self.t0 + 30
        cpu_mark = (cpu_seconds(self.door.proc.pid), time.monotonic(), self.fig.decisions)
        while (now := time.monotonic()) < end:
            await asyncio.sleep(max(0.1, min(next_kill, next_sample, end) - now))
            now = time.monotonic()
            if now >= next_sample:
                next_sample += 30
                m = self.memory()
                cpu = cpu_seconds(self.door.proc.pid)
                rate = (cpu - cpu_mark[0]) / max(0.1, now - cpu_mark[1]) * 100
                made = self.fig.decisions - cpu_mark[2]
                cpu_mark = (cpu, now, self.fig.decisions)
                line = (f"server RSS {m.rss_mb:.0f} MB PSS {m.pss_mb:.0f} MB, warm "
                        f"{m.warm_pss_mb:.0f} MB; cpu {rate:.0f}% of a core; {made} "
                        f"decisions in 30 s; {len(self.clients)} connected; games over "
                        f"{self.fig.games_over}; drops {self.fig.drops}")
                self.fig.samples.append(line)
                self.say(line)
            if now >= next_kill and now < end - 10:
                next_kill += a.kill_every * 60
                await self.kill_and_restart()
                cpu_mark = (cpu_seconds(self.door.proc.pid), time.monotonic(),
                            self.fig.decisions)
        self.fig.memory.append(self.memory())
        self.stopping = True
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for c in list(self.clients):
            c.close()
        await asyncio.sleep(0.5)
        assert self.door is not None
        await asyncio.to_thread(self.door.close)
        await asyncio.to_thread(self.check_records)
        return self.report()

    def report(self) -> int:
        f = self.fig
        logs = sorted(self.folder.glob("server.log*"))
        text = "".join(p.read_text(errors="replace") for p in logs)
        tracebacks = text.count("Traceback (most recent call last)")
        errors = [line for line in text.splitlines() if " ERROR " in line]
        for line in errors[:10]:
            print("log:", line)
        if tracebacks:
            i = text.index("Traceback (most recent call last)")
            print(text[max(0, i - 300):i + 3000])
        for e in f.errors[:3]:
            print("--- exception in the soak's clients\n" + e)
        for what, items in (("lost decision", f.lost), ("broken record", f.broken)):
            for x in items[:10]:
                print(f"{what}: {x}")
        mem = f.memory
        growth_rss = (mem[-1].rss_mb / mem[0].rss_mb - 1) * 100 if mem else 0.0
        growth_pss = (mem[-1].pss_mb / mem[0].pss_mb - 1) * 100 if mem else 0.0
        print("memory of the server before each SIGKILL and at the end:")
        for m in mem:
            print(f"  minute {m.minute:5.1f}: RSS {m.rss_mb:.1f} MB, PSS "
                  f"{m.pss_mb:.1f} MB; warm parent RSS {m.warm_rss_mb:.1f} MB")
        print(f"rejected (reasons, counted): {json.dumps(f.rejected)}")
        a = self.args
        print(f"SOAK {a.minutes:g} min, {a.tables} tables, {a.watchers} watchers "
              f"(+{a.ssh_watchers} over SSH), SIGKILL every {a.kill_every:g} min: "
              f"{f.kills} kills; decisions sent {f.decisions}, acknowledged {len(f.acked)}; "
              f"games finished {f.games_over}; drops {f.drops}, reconnects {f.reconnects}; "
              f"lost decisions {len(f.lost)}, broken records {len(f.broken)}, tracebacks "
              f"{tracebacks} in the server's log ({len(errors)} error lines), "
              f"{len(f.errors)} in the clients; memory growth first to last: RSS "
              f"{growth_rss:+.1f}%, PSS {growth_pss:+.1f}%")
        bad = f.lost or f.broken or tracebacks or f.errors or max(growth_rss, growth_pss) >= 10
        return 1 if bad else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=30.0)
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--watchers", type=int, default=100)
    ap.add_argument("--kill-every", type=float, default=5.0, metavar="MINUTES")
    ap.add_argument("--think", type=float, default=1.0, metavar="SECONDS")
    ap.add_argument("--drop-every", type=float, default=120.0, metavar="SECONDS",
                    help="how often, on average, each client drops its connection")
    ap.add_argument("--ssh-watchers", type=int, default=4)
    ap.add_argument("--bot-delay", type=float, default=0.3)
    ap.add_argument("--idle-window", type=float, default=20.0, metavar="SECONDS")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--port", type=int, default=42330)
    ap.add_argument("--keep", action="store_true", help="keep the data folder")
    ap.add_argument("--tracemalloc", default="", metavar="FILE",
                    help="the server traces its memory into FILE.<pid> every minute "
                    "(bench/memory_trace.py; default: off)")
    ap.add_argument("--trace-every", type=float, default=60.0, metavar="SECONDS")
    ap.add_argument("--slow-disk", type=float, default=0.0, metavar="SECONDS",
                    help="every save takes this much longer in the server (default: 0)")
    ap.add_argument("--trace-frames", type=int, default=12,
                    help="frames per traceback (0: no tracemalloc, the allocator's figures only)")
    args = ap.parse_args()
    if args.tables < 1 or args.watchers < 0 or args.minutes <= 0 or args.kill_every <= 0:
        ap.error("--tables at least 1, --watchers at least 0, --minutes and --kill-every > 0")
    folder = Path(tempfile.mkdtemp(prefix="mn-soak-", dir="/tmp"))
    try:
        return asyncio.run(Soak(args, folder).run())
    finally:
        if args.keep:
            print(f"data kept in {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
