"""Cold start to the first frame: the app against a minimal Textual app, in one run.

    .venv/bin/python bench/bench_startup.py [--repeat 7] [--before DIR]

Each start is a fresh interpreter, run headless at 80x24 until its first screen has been
laid out and painted; the apps alternate so that a busy machine slows them alike. Figures
are wall-clock milliseconds from starting the process to its exit, and the processor time
(user + system) the process used. `--before DIR`: the app of an older tree too (extracted
with `git archive <commit> | tar -x -C DIR`), started from that folder in the same rounds.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

_DONE = """
async def _first_frame(pilot):
    await pilot.pause()
    pilot.app.exit()
app.run(headless=True, size=(80, 24), auto_pilot=_first_frame)
"""

MINIMAL = """
from textual.app import App
from textual.widgets import Static
class Hello(App):
    def compose(self):
        yield Static("Hello")
app = Hello()
""" + _DONE

OURS = """
from tui.app import MareNostrumApp
app = MareNostrumApp()
""" + _DONE


def start_ms(code: str, tree: str | None = None) -> tuple[float, float]:
    """(wall ms, processor ms) of one start; `tree`: the folder to import the app from."""
    env = {**os.environ, "PYTHONPATH": tree} if tree else None
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, stdout=subprocess.DEVNULL,
                   cwd=tree, env=env)
    wall = (time.perf_counter() - t0) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000
    return wall, cpu


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--before", help="an older tree whose app starts in the same rounds")
    args = ap.parse_args()
    apps = [("minimal Textual app", MINIMAL, None), ("Mare Nostrum title", OURS, None)]
    if args.before:
        apps.append(("the same, before", OURS, os.path.abspath(args.before)))
    for _name, code, tree in apps:  # warm the disk cache and the bytecode of each
        start_ms(code, tree)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name, _c, _t in apps}
    for _ in range(args.repeat):
        for name, code, tree in apps:
            times[name].append(start_ms(code, tree))
    base_wall = statistics.median(w for w, _c in times[apps[0][0]])
    base_cpu = statistics.median(c for _w, c in times[apps[0][0]])
    for name, ms in times.items():
        wall = [w for w, _c in ms]
        cpu = statistics.median(c for _w, c in ms)
        print(f"{name:20s} median {statistics.median(wall):6.0f} ms "
              f"(range {min(wall):.0f}-{max(wall):.0f}), processor {cpu:4.0f} ms", end="")
        print("" if name == apps[0][0] else
              f"  ratio {statistics.median(wall) / base_wall:.2f} "
              f"(processor {cpu / base_cpu:.2f})")
    print("target: ratio 1.3")


if __name__ == "__main__":
    main()
