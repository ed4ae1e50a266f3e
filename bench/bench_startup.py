"""Cold start to the first frame: the app against a minimal Textual app, in one run.

    .venv/bin/python bench/bench_startup.py [--repeat 7]

Each start is a fresh interpreter, run headless at 80x24 until its first screen has been
laid out and painted; the two apps alternate so that a busy machine slows both alike.
Figures are wall-clock milliseconds from starting the process to its exit.
"""

from __future__ import annotations

import argparse
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


def start_ms(code: str) -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, stdout=subprocess.DEVNULL)
    return (time.perf_counter() - t0) * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    start_ms(MINIMAL)  # warm the disk cache and the bytecode of both
    start_ms(OURS)
    minimal: list[float] = []
    ours: list[float] = []
    for _ in range(args.repeat):
        minimal.append(start_ms(MINIMAL))
        ours.append(start_ms(OURS))
    for name, ms in (("minimal Textual app", minimal), ("Mare Nostrum title", ours)):
        print(f"{name:20s} median {statistics.median(ms):6.0f} ms "
              f"(range {min(ms):.0f}-{max(ms):.0f})")
    print(f"ratio {statistics.median(ours) / statistics.median(minimal):.2f} (target 1.3)")


if __name__ == "__main__":
    main()
