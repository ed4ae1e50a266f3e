"""Benchmark of the game screen: start-up time to the first frame, and the time to redraw
the main screen after a key press.

    .venv/bin/python bench/bench_tui.py            # all measurements
    .venv/bin/python bench/bench_tui.py --quick    # fewer repetitions

Start-up is measured twice: in a fresh process (the wall time from starting Python until
the app has drawn its first frame, imports included), and inside one process (building the
app and drawing its first frame, modules already imported). The app runs headless: what is
measured is the work of the program, not of a terminal.

Redraw after a key press: the main game screen (80 x 24 and 160 x 50), the map cursor moved
with an arrow key; the time from sending the key until the screen has processed it and
drawn the new frame. Also the round trip of a decision: Enter in a dialog until the next
decision of yours is drawn on the screen (the computer players' moves in between included):
its first frame, and its last before the app goes idle.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.pilot import Pilot
    from textual.screen import Screen

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


# The figures are named tuples: typing is loaded already when the child starts its clock,
# where msgspec or dataclasses would move their own import out of the imports measured.
class FirstFrame(NamedTuple):
    """A fresh process's seconds, from importing the app to its first frame drawn."""
    first_frame: float
    imports: float


class StartUp(NamedTuple):
    """Medians over fresh processes, in seconds."""
    wall: float  # starting Python until the process ends
    in_process: float  # importing the app until its first frame
    imports: float


class Spread(NamedTuple):
    """Median and 90th percentile of a time, in seconds."""
    median: float
    p90: float


class RoundTrip(NamedTuple):
    """Enter in a dialog until the next dialog of yours is drawn."""
    first: Spread  # its first frame
    settled: Spread  # its last frame before the app goes idle
    cpu: Spread  # processor time to its first frame
    pilot: Spread  # until the test pilot sees it
    layouts: float  # mean layouts in between


def child(kind: str) -> None:
    """Run in a fresh process: print the in-process times once the first frame is drawn."""
    t0 = time.perf_counter()
    from tui.app import MareNostrumApp
    t_import = time.perf_counter() - t0

    class App(MareNostrumApp):
        frame: FirstFrame | None = None

        def on_ready(self) -> None:
            self.call_after_refresh(self._first_frame)

        def _first_frame(self) -> None:
            self.frame = FirstFrame(time.perf_counter() - t0, t_import)
            self.exit()

    session = None
    if kind == "game":
        from engine.state import Config
        from tui.sessions.local import LocalSession
        session = LocalSession.new(Config(civs=["rome", "carthage", "greece", "egypt",
                                                "babylon", "atlantis"], seed=7),
                                   ["human"] + ["greedy"] * 5, autosave=False)
    app = App(autosave=False, bot_delay=0, session=session)
    app.run(headless=True, size=(80, 24))
    assert app.frame is not None, "the app ended before its first frame"
    print(json.dumps(app.frame._asdict()), flush=True)


def fresh_process(kind: str, runs: int) -> StartUp:
    walls: list[float] = []
    frames: list[float] = []
    imports: list[float] = []
    for _ in range(runs):
        t = time.perf_counter()
        out = subprocess.run([sys.executable, __file__, "--child", kind], capture_output=True,
                             text=True, check=True, cwd=ROOT).stdout
        walls.append(time.perf_counter() - t)
        data = FirstFrame(**json.loads(out.strip().splitlines()[-1]))
        frames.append(data.first_frame)
        imports.append(data.imports)
    return StartUp(wall=statistics.median(walls), in_process=statistics.median(frames),
                   imports=statistics.median(imports))


async def in_process_start(runs: int) -> float:
    from tui.app import MareNostrumApp
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        app = MareNostrumApp(autosave=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            times.append(time.perf_counter() - t)
    return statistics.median(times)


async def redraw(size: tuple[int, int], presses: int) -> Spread:
    from tests.test_tui_fixtures import phase_session, settle
    from tui.app import MareNostrumApp
    from tui.decisions import DecisionScreen
    from tui.screens.game import GameScreen
    app = MareNostrumApp(session=phase_session("ConstructionTurn"), bot_delay=0,
                         autosave=False)
    out: list[float] = []
    async with app.run_test(size=size) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DecisionScreen))
        await pilot.press("v")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        from textual import events
        screen = app.screen
        assert isinstance(screen, GameScreen), screen
        driver = app._driver
        assert driver is not None  # running: run_test gave it its headless driver
        game_map = screen.map
        keys = ["right", "down", "left", "up"]
        i = 0
        while len(out) < presses and i < presses * 4:
            key = keys[(i // 3) % 4]
            i += 1
            before = game_map.cursor
            detail = screen.detail.markup
            t = time.perf_counter()
            event = events.Key(key, None)
            event.set_sender(app)
            driver.send_message(event)
            # until the key is handled: the cursor moved and the detail line followed
            deadline = t + 2
            while (game_map.cursor == before or screen.detail.markup == detail) and \
                    time.perf_counter() < deadline:
                await asyncio.sleep(0)
            if game_map.cursor == before:
                continue  # at the edge of the map: nothing to redraw
            screen._on_timer_update()  # draw the frame now (what the refresh timer does)
            out.append(time.perf_counter() - t)
            await pilot.pause()
    out.sort()
    return Spread(statistics.median(out), out[int(len(out) * 0.9)])


async def decision_round_trip(decisions: int, players: int = 3) -> RoundTrip:
    """Enter in a dialog until the next dialog of yours is drawn. The keys are the test
    pilot's (tests/test_tui_fixtures.KeyPlayer), but the time is taken from the app's own
    frames: the pilot waits for the app to go idle in steps of 20 ms after every key, and
    that wait is the pilot's, not the player's (it is given apart, as "the pilot sees")."""
    from textual.screen import Screen

    from engine.data.board import CIVS
    from engine.state import Config
    from tests.test_tui_fixtures import KeyPlayer, _ready, settle
    from tui.app import MareNostrumApp
    from tui.sessions.local import LocalSession
    s = LocalSession.new(Config(civs=list(CIVS[:players]), seed=16),
                        ["human"] + ["greedy"] * (players - 1), autosave=False)
    frames: list[tuple[float, float, Screen[Any]]] = []  # (wall, processor time, screen drawn)

    class Drawn(MareNostrumApp):
        def _display(self, screen: Screen[Any], renderable: RenderableType | None) -> None:
            super()._display(screen, renderable)
            # a frame written to the terminal (none while the app holds its updates back)
            if renderable is not None and not self._batch_count:
                frames.append((time.perf_counter(), time.process_time(), screen))

    app = Drawn(session=s, bot_delay=0, autosave=False)
    if (ROOT / "tui" / "collector.py").exists():
        from tui.collector import settle_imports
        settle_imports()  # as run_app does (the player's program runs one app)
    layouts = [0]
    refresh_layout = Screen._refresh_layout

    def counted(self: Screen[Any], *a: Any, **kw: Any) -> None:
        layouts[0] += 1
        refresh_layout(self, *a, **kw)

    Screen._refresh_layout = counted  # type: ignore[method-assign]
    first: list[float] = []
    settled: list[float] = []
    cpu: list[float] = []
    pilot_sees: list[float] = []
    laid_out: list[int] = []

    class LastKey(KeyPlayer):
        """Times from the last key of a decision (the Enter that sends it), not from the
        keys that fill the dialog before it."""

        sent: float  # when its last key was sent: the wall clock
        sent_cpu: float  # and the processor's
        screen: Screen[Any]  # the screen it was sent to
        mark: int  # the frames drawn before it
        layouts: int  # the layouts done before it

        async def press(self, pilot: Pilot[Any], *keys: str) -> None:
            self.sent = time.perf_counter()
            self.sent_cpu = time.process_time()
            self.screen = pilot.app.screen
            self.mark = len(frames)
            self.layouts = layouts[0]
            await super().press(pilot, *keys)

    try:
        async with app.run_test(size=(80, 24)) as pilot:
            kp = LastKey()
            await settle(pilot, lambda: _ready(app), 30)
            for _ in range(decisions):
                await kp.step(pilot)
                await settle(pilot, lambda: _ready(app), 30)
                pilot_sees.append(time.perf_counter() - kp.sent)
                new = app.screen
                mine = [(t, c) for t, c, scr in frames[kp.mark:] if scr is new]
                if new is kp.screen or not mine:
                    continue  # the same dialog (a refusal shown in it)
                first.append(mine[0][0] - kp.sent)
                cpu.append(mine[0][1] - kp.sent_cpu)
                settled.append(mine[-1][0] - kp.sent)
                laid_out.append(layouts[0] - kp.layouts)
    finally:
        Screen._refresh_layout = refresh_layout  # type: ignore[method-assign]

    def median_p90(xs: list[float]) -> Spread:
        xs = sorted(xs)
        return Spread(statistics.median(xs), xs[int(len(xs) * 0.9)])

    return RoundTrip(first=median_p90(first), settled=median_p90(settled),
                     cpu=median_p90(cpu), pilot=median_p90(pilot_sees),
                     layouts=statistics.mean(laid_out))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--child", default=None)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--round-trip", action="store_true",
                    help="only the decision round trip (3 and 6 players)")
    args = ap.parse_args()
    if args.child:
        child(args.child)
        return
    if args.round_trip:
        round_trips(15 if args.quick else 40)
        return
    runs = 3 if args.quick else 7
    ms = 1000
    for kind in ("title", "game"):
        r = fresh_process(kind, runs)
        print(f"start-up, {kind} screen, fresh process: {r.wall * ms:.0f} ms wall "
              f"(of which imports {r.imports * ms:.0f} ms, app to first frame "
              f"{(r.in_process - r.imports) * ms:.0f} ms)")
    print(f"start-up, title screen, in process (modules loaded): "
          f"{asyncio.run(in_process_start(runs)) * ms:.0f} ms")
    for size in ((80, 24), (160, 50)):
        spread = asyncio.run(redraw(size, 20 if args.quick else 60))
        print(f"redraw after a key press (map cursor), {size[0]}x{size[1]}: median "
              f"{spread.median * ms:.1f} ms, p90 {spread.p90 * ms:.1f} ms")
    round_trips(15 if args.quick else 40)


def round_trips(decisions: int) -> None:
    ms = 1000
    for players in (3, 6):
        r = asyncio.run(decision_round_trip(decisions, players))
        (fm, f90), (sm, s90), (cm, c90), (pm, p90) = r.first, r.settled, r.cpu, r.pilot
        print(f"decision round trip at 80x24, {players} players (Enter to your next dialog "
              f"drawn, greedy computer players between): median {fm * ms:.0f} ms, "
              f"p90 {f90 * ms:.0f} ms (target p90 < 100 ms); processor time median "
              f"{cm * ms:.0f} ms, p90 {c90 * ms:.0f} ms; its last frame median "
              f"{sm * ms:.0f} ms, p90 {s90 * ms:.0f} ms; {r.layouts:.1f} layouts; "
              f"the test pilot sees median {pm * ms:.0f} ms, p90 {p90 * ms:.0f} ms")


if __name__ == "__main__":
    main()
