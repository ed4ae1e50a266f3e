"""How many players one machine holds: real SSH sessions with a pty through the real door,
each session's process forked from the warm parent, beside the process-per-session way
(`--spawn fresh`), in the same run.

    .venv/bin/python bench/bench_capacity.py [--tables 50] [--watchers 100] [--lobby 20]
        [--more 50] [--max-sessions 1000] [--window 30] [--think 1.0] [--ways warm,fresh]

For each way, a door of its own (bench/capacity_door.py: the real SSHFront, game server and
asyncssh listener in a process of its own) and, from this process, asyncssh clients that
ask for a pty (xterm-256color, 80x24), as `ssh` does:
1. `--lobby` sessions one after another into the lobby: the time from starting to connect
   to the lobby drawn on the client's terminal (p50/p95), and the proportional set size
   (PSS) of each session's process in the lobby;
2. `--tables` tables of six seats, each seat an SSH session (`join T`), and `--watchers`
   watchers (`watch T`, spread over the tables); the players decide through the protocol
   as their session would (capacity_door.py), each after `--think` seconds; over `--window`
   seconds: the time from each decision to every SSH client of its table having received
   its screen's change (p50/p95/p99 over decisions), the PSS per seated session, and the
   processor time of the door, the warm parent and the sessions' processes;
3. then `--more` lobby sessions at a time, each step measured the same way, until
   `--max-sessions`, a session that cannot start, the p95 over `--break-ms`, or less than
   `--keep-free-mb` of memory available: where it breaks.

Figures are wall-clock and processor time on a machine the run may share: PSS does not
depend on load, the times do.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar, cast

import asyncssh
import msgspec

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from capacity_messages import (  # noqa: E402  (beside this file)
    Decision,
    MakeTables,
    Measure,
    Measured,
    Play,
    Playing,
    Quit,
    Ready,
    Reply,
    Request,
    TablesMade,
    encoder,
    reply_decoder,
)

R = TypeVar("R", bound=Reply)

LOBBY = b"tables of this server"


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q / 100 * (len(values) - 1))))]


def mem_available_mb() -> int:
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) // 1024
    return 0


class Screen(asyncssh.SSHClientSession[bytes]):
    """One client's terminal: when its screen changed, and whether the lobby is drawn."""

    def __init__(self) -> None:
        self.arrivals: list[float] = []
        self.head = b""
        self.drawn = asyncio.Event()
        self.closed = asyncio.Event()
        self.wanted = LOBBY

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        now = time.monotonic()
        self.arrivals.append(now)
        if not self.drawn.is_set():
            seen = self.head[-256:] + data  # a frame may be longer than any window
            if self.wanted in seen:
                self.drawn.set()
            self.head = seen[-4096:]

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()


class Player:
    def __init__(self, key: asyncssh.SSHKey, name: str, table: int | None = None) -> None:
        self.key = key
        self.name = name
        self.table = table
        self.conn: asyncssh.SSHClientConnection | None = None
        self.connected = 0.0
        self.screen: Screen | None = None

    async def open(self, port: int, command: str | None, wanted: bytes = LOBBY,
                   timeout: float = 120.0) -> float:
        """Connect and wait for `wanted` on the screen: the seconds it took."""
        t0 = time.monotonic()
        self.conn = await asyncssh.connect(
            "127.0.0.1", port, username=self.name, client_keys=[self.key], known_hosts=None,
            agent_path=None, preferred_auth="publickey")
        self.connected = time.monotonic() - t0  # key exchange and authentication
        chan, session = await self.conn.create_session(
            Screen, command, term_type="xterm-256color", term_size=(80, 24), encoding=None)
        screen = cast(Screen, session)  # the session `Screen` made
        screen.wanted = wanted
        self.screen = screen
        try:
            await asyncio.wait_for(screen.drawn.wait(), timeout)
        except TimeoutError:
            raise TimeoutError(f"{self.name}: {wanted!r} not drawn in {timeout:g} s; the "
                               f"screen's last bytes: {screen.head[-300:]!r}") from None
        return time.monotonic() - t0

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()


class DoorProcess:
    """capacity_door.py for one way of spawning, driven line by line."""

    def __init__(self, way: str, port: int, folder: Path, extra: tuple[str, ...] = ()) -> None:
        env = dict(os.environ, PYTHONPATH=str(HERE.parent))
        self.proc = subprocess.Popen(
            [sys.executable, str(HERE / "capacity_door.py"), "--spawn", way, "--port",
             str(port), "--dir", str(folder), *extra], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, env=env, text=True)

    def ask(self, req: Request | None, kind: type[R]) -> R:
        """Send `req` (None: only read) and read the door's answer, of `kind`."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        if req is not None:
            self.proc.stdin.write(encoder.encode(req).decode() + "\n")
            self.proc.stdin.flush()
        while line := self.proc.stdout.readline():
            if line.startswith("{"):  # not the door's own lines (a created host key)
                reply = reply_decoder.decode(line)
                if not isinstance(reply, kind):
                    raise RuntimeError(f"the door answered {reply!r}, not a {kind.__name__}")
                return reply
        raise RuntimeError("the bench's door ended")

    async def aask(self, req: Request | None, kind: type[R]) -> R:
        return await asyncio.to_thread(self.ask, req, kind)

    def close(self) -> None:
        stdin = self.proc.stdin
        if stdin is not None:  # the door may have ended already
            with contextlib.suppress(BrokenPipeError, OSError, ValueError):
                stdin.write(encoder.encode(Quit()).decode() + "\n")
                stdin.flush()
        try:
            self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def latencies(decisions: list[Decision], players: list[Player], end: float
              ) -> tuple[list[float], int]:
    """Per decision, the ms until the last client of its table received output (and how
    many decisions some client of the table never showed before the next one)."""
    by_table: dict[int, list[float]] = {}
    for d in decisions:
        by_table.setdefault(d.table, []).append(d.at)
    clients: dict[int, list[Player]] = {}
    for pl in players:
        if pl.table is not None:
            clients.setdefault(pl.table, []).append(pl)
    out: list[float] = []
    missed = 0
    for table, times in by_table.items():
        times.sort()
        for i, t0 in enumerate(times):
            t1 = times[i + 1] if i + 1 < len(times) else end
            worst = 0.0
            for pl in clients.get(table, []):
                assert pl.screen is not None
                seen = next((t for t in pl.screen.arrivals if t0 <= t < t1), None)
                if seen is None:
                    worst = float("inf")
                    break
                worst = max(worst, seen - t0)
            if worst == float("inf"):
                missed += 1
            else:
                out.append(worst * 1000)
    return out, missed


def cpu_self() -> float:
    t = os.times()
    return t.user + t.system


class Window(msgspec.Struct, kw_only=True):
    """What a window of play measured."""
    sessions: int
    pss_kib: list[int]
    door_cpu: float  # % of a core: the door, its warm parent and the sessions
    clients_cpu: float  # % of a core: this process's SSH clients
    latency: list[float]  # ms from each decision to every client of its table updated
    missed: int  # decisions some client of the table never showed before the next one
    decisions: int


class WayResult(msgspec.Struct, kw_only=True):
    """One way of starting sessions (warm or fresh), measured."""
    way: str
    start_ms: list[float] = msgspec.field(default_factory=list)  # ssh to the lobby drawn
    lobby_pss: float = 0.0  # MB per session in the lobby
    lobby_rss: float = 0.0
    table_pss: float = 0.0  # MB per seated session
    tables: Window | None = None  # the tables' window of play
    steps: list[Window] = msgspec.field(default_factory=list)  # each step of --more
    held: int = 0
    broke: str = ""


async def window(door: DoorProcess, players: list[Player], seconds: float) -> Window:
    """Measure over `seconds` of play."""
    start = await door.aask(Measure(), Measured)
    me0 = cpu_self()
    t0 = time.monotonic()
    await asyncio.sleep(seconds)
    end = await door.aask(Measure(), Measured)
    wall = time.monotonic() - t0
    lat, missed = latencies(end.decisions, players, end.now - 0.5)
    return Window(sessions=end.sessions, pss_kib=end.pss_kib,
                  door_cpu=(end.cpu_s - start.cpu_s) / wall * 100,
                  clients_cpu=(cpu_self() - me0) / wall * 100, latency=lat,
                  missed=missed, decisions=len(end.decisions))


def figures(w: Window) -> str:
    lat = w.latency
    return (f"{w.decisions} decisions: screens updated p50 {pct(lat, 50):.0f} ms, "
            f"p95 {pct(lat, 95):.0f} ms, p99 {pct(lat, 99):.0f} ms"
            f"{', ' + str(w.missed) + ' not seen by all' if w.missed else ''}; "
            f"processor: door+sessions {w.door_cpu:.0f}% of a core, "
            f"clients {w.clients_cpu:.0f}%")


async def open_many(players: list[Player], port: int, commands: Sequence[str | None],
                    wanted: list[bytes], at_once: int) -> list[float]:
    gate = asyncio.Semaphore(at_once)

    async def one(pl: Player, command: str | None, want: bytes) -> float:
        async with gate:
            return await pl.open(port, command, want)

    return list(await asyncio.gather(*(one(pl, c, w) for pl, c, w in
                                       zip(players, commands, wanted, strict=True))))


async def run_way(way: str, args: argparse.Namespace, folder: Path,
                  keys: list[asyncssh.SSHKey]) -> WayResult:
    port = args.port + (0 if way == "warm" else 1)
    door = DoorProcess(way, port, folder)
    players: list[Player] = []
    result = WayResult(way=way)
    used = iter(range(len(keys)))
    try:
        await door.aask(None, Ready)
        # 1. the lobby, one session after another
        lobby = [Player(keys[next(used)], f"lobby{i}") for i in range(args.lobby)]
        starts: list[float] = []
        connected: list[float] = []
        for pl in lobby:
            starts.append(await pl.open(port, None) * 1000)
            connected.append(pl.connected * 1000)
            players.append(pl)
        await asyncio.sleep(1.0)
        m = await door.aask(Measure(), Measured)
        result.start_ms = starts
        result.lobby_pss = statistics.mean(m.pss_kib) / 1024
        result.lobby_rss = statistics.mean(m.rss_kib) / 1024
        print(f"[{way}] {args.lobby} sessions to the lobby: ssh to lobby drawn p50 "
              f"{pct(starts, 50):.0f} ms, p95 {pct(starts, 95):.0f} ms (of which SSH's key "
              f"exchange and authentication p50 {pct(connected, 50):.0f} ms, then the "
              f"session to the lobby drawn p50 "
              f"{pct([s - c for s, c in zip(starts, connected, strict=True)], 50):.0f} ms); PSS "
              f"{result.lobby_pss:.1f} MB per session (RSS {result.lobby_rss:.1f})",
              flush=True)
        # 2. the tables and their watchers
        seated = [[Player(keys[next(used)], f"t{t}s{s}") for s in range(6)]
                  for t in range(args.tables)]
        fps = [[pl.key.get_fingerprint("sha256") for pl in row] for row in seated]
        tids = (await door.aask(MakeTables(seats=fps), TablesMade)).tables
        at_table = []
        for tid, row in zip(tids, seated, strict=True):
            for pl in row:
                pl.table = tid
                at_table.append(pl)
        lookers = [Player(keys[next(used)], f"w{i}", tids[i % len(tids)])
                   for i in range(args.watchers)]
        t0 = time.monotonic()
        await open_many(at_table + lookers, port,
                        [f"join {pl.table}" for pl in at_table]
                        + [f"watch {pl.table}" for pl in lookers],
                        [b"(you)"] * len(at_table) + [b"watching"] * len(lookers),
                        args.at_once)
        players += at_table + lookers
        opened = time.monotonic() - t0
        await asyncio.sleep(2.0)
        m = await door.aask(Measure(), Measured)
        pss = sorted(m.pss_kib)
        result.table_pss = statistics.mean(pss[-len(at_table):]) / 1024 if at_table else 0
        print(f"[{way}] {len(at_table)} seated and {len(lookers)} watching opened in "
              f"{opened:.0f} s; {m.sessions} sessions, PSS at a table "
              f"{result.table_pss:.1f} MB per seated session "
              f"(all sessions {sum(m.pss_kib) / 1024:.0f} MB)", flush=True)
        await door.aask(Play(think=args.think), Playing)
        w = await window(door, players, args.window)
        result.tables = w
        print(f"[{way}] {w.sessions} sessions: {figures(w)}", flush=True)
        # 3. more, until it breaks
        held, broke = w.sessions, f"--max-sessions {args.max_sessions} reached"
        while held + args.more <= args.max_sessions:
            if mem_available_mb() < args.keep_free_mb:
                broke = f"less than {args.keep_free_mb} MB of memory available"
                break
            extra = [Player(keys[next(used)], f"more{len(players) + i}")
                     for i in range(args.more)]
            try:
                await open_many(extra, port, [None] * len(extra), [LOBBY] * len(extra),
                                args.at_once)
            except (OSError, asyncssh.Error, TimeoutError) as e:
                broke = f"a session could not start ({type(e).__name__}: {e})"
                break
            players += extra
            w = await window(door, players, args.window_more)
            held = w.sessions
            print(f"[{way}] {held} sessions: {figures(w)}; "
                  f"{mem_available_mb()} MB available", flush=True)
            result.steps.append(w)
            if pct(w.latency, 95) > args.break_ms:
                broke = f"p95 over {args.break_ms:g} ms"
                break
        result.held, result.broke = held, broke
        print(f"[{way}] held {held} sessions; stopped: {broke}", flush=True)
    finally:
        for pl in players:
            pl.close()
        await asyncio.sleep(1.0)
        await asyncio.to_thread(door.close)
    return result


async def bench(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="mn-cap-", dir="/tmp"))
    try:
        need = args.lobby + args.tables * 6 + args.watchers + args.max_sessions
        keys = [asyncssh.generate_private_key("ssh-ed25519", comment=f"p{i}")
                for i in range(need)]
        (folder / "authorized").write_text("".join(
            k.export_public_key().decode() for k in keys))
        results = [await run_way(way, args, folder, keys) for way in args.ways.split(",")]
        print("\nway    ssh->lobby p95  PSS lobby  PSS table  decision->all p50/p95/p99  "
              "door+sessions cpu  held")
        for r in results:
            w = r.tables
            lat = w.latency if w is not None else []
            print(f"{r.way:6} {pct(r.start_ms, 95):10.0f} ms {r.lobby_pss:7.1f} MB "
                  f"{r.table_pss:7.1f} MB   {pct(lat, 50):5.0f}/{pct(lat, 95):.0f}/"
                  f"{pct(lat, 99):.0f} ms {w.door_cpu if w else 0:12.0f}%   {r.held} "
                  f"({r.broke})")
        print("targets: ssh->lobby p95 <= 150 ms, PSS <= 12 MB in the lobby and <= 20 MB at "
              "a six-player table, 300 sessions with decision->all p95 <= 100 ms")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--watchers", type=int, default=100)
    ap.add_argument("--lobby", type=int, default=20)
    ap.add_argument("--more", type=int, default=50)
    ap.add_argument("--max-sessions", type=int, default=1000)
    ap.add_argument("--window", type=float, default=30.0)
    ap.add_argument("--window-more", type=float, default=15.0)
    ap.add_argument("--think", type=float, default=1.0)
    ap.add_argument("--break-ms", type=float, default=1000.0)
    ap.add_argument("--keep-free-mb", type=int, default=3000)
    ap.add_argument("--at-once", type=int, default=8, help="sessions opening at once")
    ap.add_argument("--ways", default="warm,fresh")
    ap.add_argument("--port", type=int, default=42220)
    asyncio.run(bench(ap.parse_args()))


if __name__ == "__main__":
    main()
