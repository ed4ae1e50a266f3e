"""Cold start to the first frame: the app against a minimal Textual app, in one run.

    .venv/bin/python bench/bench_startup.py [--repeat 7] [--before DIR]

Each start is a fresh interpreter, run headless at 80x24 until its first screen has been
laid out and painted; the apps alternate so that a busy machine slows them alike. Figures
are wall-clock milliseconds from starting the process to its exit (the ratio), from
starting it to the app writing its first frame (what the player waits for: the process
ends later, after the test pilot's wait for the app to go idle and the interpreter's own
end), and the processor time (user + system) the process used. `--before DIR`: the app of
an older tree too (extracted with `git archive <commit> | tar -x -C DIR`), started from
that folder in the same rounds.
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
import time as _time
_shown = []
_display = app._display
def _drawn(screen, update):
    _display(screen, update)
    if update is not None and not _shown:
        _shown.append(_time.time())
app._display = _drawn
async def _first_frame(pilot):
    await pilot.pause()
    pilot.app.exit()
app.run(headless=True, size=(80, 24), auto_pilot=_first_frame)
print(_shown[0])
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


def start_ms(code: str, tree: str | None = None) -> tuple[float, float, float]:
    """(wall ms, processor ms, ms to the first frame) of one start; `tree`: the folder to
    import the app from."""
    env = {**os.environ, "PYTHONPATH": tree} if tree else None
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.time()
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True, cwd=tree, env=env).stdout
    wall = (time.perf_counter() - t0) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000
    first = (float(out.split()[-1]) - started) * 1000
    return wall, cpu, first


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
    times: dict[str, list[tuple[float, float, float]]] = {name: [] for name, _c, _t in apps}
    for _ in range(args.repeat):
        for name, code, tree in apps:
            times[name].append(start_ms(code, tree))
    base = [statistics.median(column) for column in zip(*times[apps[0][0]], strict=True)]
    for name, ms in times.items():
        wall, cpu, first = (statistics.median(column) for column in zip(*ms, strict=True))
        walls = [w for w, _c, _f in ms]
        print(f"{name:20s} median {wall:6.0f} ms (range {min(walls):.0f}-{max(walls):.0f}), "
              f"first frame {first:4.0f} ms, processor {cpu:4.0f} ms", end="")
        print("" if name == apps[0][0] else
              f"  ratio {wall / base[0]:.2f} (first frame {first / base[2]:.2f}, "
              f"processor {cpu / base[1]:.2f})")
    print("target: ratio 1.3")


if __name__ == "__main__":
    main()
