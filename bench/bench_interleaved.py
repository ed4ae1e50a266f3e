"""The engine before and after a change, and Catanatron, one game at a time, interleaved.

    mkdir BEFORE && git archive <commit> | tar -x -C BEFORE
    .venv/bin/python bench/bench_interleaved.py BEFORE [--games 30] [--level random]

On a busy machine the load changes within seconds, so rounds of whole benchmarks compare
badly. Here three worker processes (the code in BEFORE, the code of this tree, and
Catanatron 3.2.1 with random players) wait on their input; each round asks each of them
for one game in turn, so the three share the same moments of load. Only one plays at a
time. Each figure is actions (decisions) per second of wall clock and per second of
processor time (a process waiting for the processor does not count against it).

Each round plays a game of its own (seed 1000 + round): Catanatron's games are not the same
from one process to the next even with the same seed, and its rate moves with the games it
happens to play (three games repeated gave 21,000-27,000 actions/s in one sitting), so the
anchor is the average of as many different games as there are rounds.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
FIRST_SEED = 1000  # bench_catanatron's first game; round r plays seed FIRST_SEED + r


def worker(kind: str) -> None:
    """Play one game for each seed read from stdin; print 'actions cpu wall'."""
    import time
    if kind == "catanatron":
        from catanatron import Color, Game, RandomPlayer

        def one(seed: int) -> int:
            game = Game([RandomPlayer(c) for c in list(Color)[:4]], seed=seed)
            game.play()
            return len(game.state.actions)
    else:
        from engine.data.board import CIVS
        from engine.state import Config
        from tui.commands.simulate import play_game

        def one(seed: int) -> int:
            return play_game(Config(civs=list(CIVS[:4]), seed=seed), [kind], max_turns=120)[1]
    one(999)  # imports and caches warmed up outside the figures
    print("ready", flush=True)
    for line in sys.stdin:
        c0, t0 = time.process_time(), time.perf_counter()
        n = one(int(line))
        print(n, time.process_time() - c0, time.perf_counter() - t0, flush=True)


def _start(kind: str, tree: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    return subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--worker", kind],
                            cwd=tree, env=env, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def _build(tree: Path) -> str:
    """Which build of the engine a tree runs: the source, or the compiled build
    (engine/compiled.py); a tree whose extensions are older than their source is refused."""
    if not (tree / "engine" / "compiled.py").is_file():
        return "source"
    out = subprocess.run([sys.executable, "-c", "from engine import compiled; "
                          "print(len(compiled.built()), len(compiled.stale()))"],
                         cwd=tree, env=dict(os.environ, PYTHONPATH=str(tree)),
                         capture_output=True, text=True, check=True).stdout.split()
    built, stale = int(out[0]), int(out[1])
    if stale:
        sys.exit(f"{tree}: {stale} compiled modules are older than their source: build again")
    return f"compiled build ({built} modules)" if built else "source"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("before", nargs="?", help="a folder holding the code before the change")
    ap.add_argument("--games", type=int, default=30, help="rounds (one game each)")
    ap.add_argument("--level", default="random", help="our players' level")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.worker)
        return
    if not args.before:
        ap.error("name the folder of the code before the change")
    for tree in (HERE, Path(args.before).resolve()):
        print(f"{tree.name}: {_build(tree)}")
    procs = {"before": _start(args.level, Path(args.before).resolve()),
             "now": _start(args.level, HERE),
             "catanatron": _start("catanatron", HERE)}
    totals = {k: [0, 0.0, 0.0] for k in procs}
    for p in procs.values():
        assert p.stdin is not None and p.stdout is not None
        if p.stdout.readline().strip() != "ready":
            sys.exit("a worker did not start")
    for r in range(args.games):
        for k, p in procs.items():
            assert p.stdin is not None and p.stdout is not None
            p.stdin.write(f"{FIRST_SEED + r}\n")
            p.stdin.flush()
            n, cpu, wall = p.stdout.readline().split()
            totals[k][0] += int(n)
            totals[k][1] += float(cpu)
            totals[k][2] += float(wall)
    for p in procs.values():
        assert p.stdin is not None
        p.stdin.close()
        p.wait()
    rate = {k: (n / wall, n / cpu) for k, (n, cpu, wall) in totals.items()}
    for k, (w, c) in rate.items():
        print(f"{k:11s} {totals[k][0]:8,d} actions {w:9,.0f}/s wall {c:9,.0f}/s processor")
    b, a, t = rate["before"], rate["now"], rate["catanatron"]
    print(f"now / before: {a[0] / b[0]:.2f} wall, {a[1] / b[1]:.2f} processor")
    print(f"ours / Catanatron: before {b[0] / t[0]:.2f} wall ({b[1] / t[1]:.2f} processor), "
          f"now {a[0] / t[0]:.2f} wall ({a[1] / t[1]:.2f} processor); target 2.0")


if __name__ == "__main__":
    main()
