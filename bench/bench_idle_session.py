"""What a session nobody touches costs: the app idle in a real pseudo-terminal, with
Textual's own terminal driver and with ours (tui/textual_seams.py, QuietInputDriver), in
the same rounds.

    .venv/bin/python bench/bench_idle_session.py [--seconds 10] [--rounds 3]

A game server holds hundreds of sessions, most of them waiting for their player: what each
costs while nothing happens is paid by all of them (docs/performance.md, How the server
scales). Each round starts the app twice on each screen (Textual's driver chosen through
its own TEXTUAL_DRIVER variable, then ours), waits for its first frame and a few seconds
more, then reads, over `--seconds`, the processor time of all its threads
(/proc/PID/task/*/schedstat) and how many times they were woken (voluntary context
switches). Screens: the title screen, and a game waiting for the player's decision with
its dialog open (saves/phases/military.json, every other seat a computer).
"""

from __future__ import annotations

import argparse
import os
import pty
import select
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

import msgspec

ROOT = Path(__file__).resolve().parent.parent
TEXTUALS = "textual.drivers.linux_driver:LinuxDriver"
SCREENS = {
    "title": ["play"],
    "decision": ["resume", str(ROOT / "saves" / "phases" / "military.json"),
                 "--no-autosave", "--seats", "human,greedy,greedy,greedy,greedy,greedy"],
}


class Idle(msgspec.Struct, frozen=True):
    """One app's figures over the measured seconds."""

    cpu_ms_per_s: float
    wakeups_per_s: float


def _threads(pid: int) -> tuple[int, int]:
    """Processor nanoseconds and voluntary context switches of every thread of `pid`."""
    cpu = woken = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            cpu += int((task / "schedstat").read_text().split()[0])
            for line in (task / "status").read_text().splitlines():
                if line.startswith("voluntary_ctxt_switches:"):
                    woken += int(line.split()[1])
        except (OSError, IndexError):  # a thread that ended meanwhile
            pass
    return cpu, woken


def _drain(fd: int, seconds: float) -> bytes:
    """Read what the app draws for `seconds` (a terminal that is not read blocks it); the
    last of it."""
    end = time.monotonic() + seconds
    drawn = b""
    while (left := end - time.monotonic()) > 0:
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                drawn = (drawn + os.read(fd, 65536))[-2000:]
            except OSError:  # the app has ended
                break
    return drawn


def idle(argv: list[str], textuals: bool, settle: float, seconds: float, home: str) -> Idle:
    env = dict(os.environ, TERM="xterm-256color", MARE_NOSTRUM_HOME=home)
    env.pop("TEXTUAL_DRIVER", None)
    if textuals:
        env["TEXTUAL_DRIVER"] = TEXTUALS
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(ROOT)
        os.execve(sys.executable, [sys.executable, "-m", "tui", *argv], env)
    try:
        drawn = _drain(fd, settle)
        if os.waitpid(pid, os.WNOHANG)[0]:
            raise SystemExit(f"the app ended: {drawn.decode(errors='replace')}")
        cpu0, woken0 = _threads(pid)
        t0 = time.monotonic()
        _drain(fd, seconds)
        cpu1, woken1 = _threads(pid)
        took = time.monotonic() - t0
        return Idle(cpu_ms_per_s=(cpu1 - cpu0) / 1e6 / took,
                    wakeups_per_s=(woken1 - woken0) / took)
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(fd)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0, help="measured, per app")
    ap.add_argument("--settle", type=float, default=5.0, help="after the start, not measured")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    got: dict[tuple[str, bool], list[Idle]] = {}
    home = tempfile.mkdtemp(prefix="idle-bench-")  # the apps' saves and settings
    for r in range(args.rounds):
        for screen, argv in SCREENS.items():
            for textuals in (True, False):
                one = idle(argv, textuals, args.settle, args.seconds, home)
                got.setdefault((screen, textuals), []).append(one)
                way = "Textual's driver" if textuals else "ours"
                print(f"round {r + 1}, {screen}, {way}: {one.cpu_ms_per_s:.2f} ms of "
                      f"processor a second, woken {one.wakeups_per_s:.1f} times a second",
                      flush=True)
    print(f"\nmedians of {args.rounds} rounds, {args.seconds:g} s each, idle after "
          f"{args.settle:g} s")
    print(f"{'screen':10} {'driver':17} {'processor ms/s':>15} {'woken /s':>9}")
    for (screen, textuals), runs in got.items():
        way = "Textual's" if textuals else "ours (quiet)"
        print(f"{screen:10} {way:17} {statistics.median(i.cpu_ms_per_s for i in runs):15.2f} "
              f"{statistics.median(i.wakeups_per_s for i in runs):9.1f}")


if __name__ == "__main__":
    main()
