"""Benchmark of a seated session's processor time per table update: another player's
decision arriving over the protocol, until the game screen has drawn it.

    .venv/bin/python bench/bench_table_update.py [--updates 120] [--profile 25]
    PYTHONPATH=OTHER_CHECKOUT .venv/bin/python bench/bench_table_update.py   # its code

A six-player game is played by greedy computer players (seeded); after each decision the
server's update for one seat (tui/net/updates.py: as the game server builds it) is framed
and encoded as it goes over the wire. The session's app runs headless on the real game
screen of a server's table (the lobby's path: `RemoteSession` under `GameScreen`); each
update is decoded (`protocol.decode_server`) and given to the session as the lobby's
receiver does, and the time is the process's processor time from the frame's bytes until
no frame has been drawn for 0.1 s of the loop running on time (the update's last frame and
whatever followed it), less what the app uses idle in as long (its timers, measured
before). The seat's own decisions are left out of the first streams (their dialog is
bench_tui.py's round trip): what is measured is what every other client of a table pays
for each decision.

Sizes 80x24 and 160x50; a seated player and a watcher. Then, at 80x24, the seated player
with its own decisions in the stream as bench_capacity.py makes them (the player's
protocol client decides for the session's seat): the update that opens the seat's dialog
and the next one, which closes it, each kind's median apart. With `--dialogs`, only that
stream, at each of `--sizes`: the medians of a dialog opened (after another seat's
decision), closed, and both (the seat's decision again: the stale dialog closed and the
next opened in one update). With `--profile N`, the N functions with the most own time,
then the 2N of most time inside (cProfile, in processor time), over a seated player's run
(`--profile-size`, 80x24 by default); with `--profile-kinds own` (or after, again,
other), over those updates of the stream with the seat's own decisions only.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import pstats
import statistics
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # after PYTHONPATH: another checkout's code may be measured

from engine.bots import make_bot  # noqa: E402
from engine.game import apply, new_game, seat_of, view  # noqa: E402
from engine.state import Config  # noqa: E402
from tui.net import protocol as p  # noqa: E402
from tui.net.updates import seat_update  # noqa: E402

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.screen import Screen

CIVS = ["rome", "carthage", "greece", "egypt", "babylon", "atlantis"]
NAMES = ["anna", "bruno", "carla", "dario", "elena", "fabio"]
QUIET = 0.1  # seconds without a frame after which an update's work is done
STEP = 0.01  # the quiet is waited for in steps: a step the loop ran late in is not quiet


class Spread(NamedTuple):
    median: float
    p90: float
    mean: float
    undrawn: int  # updates after which no frame was drawn
    frames: float  # frames drawn per update


def stream(seat: int | None, count: int, seed: int = 7, own: list[str] | None = None
           ) -> list[bytes]:
    """The frames' bodies the server sends `seat` (None: a watcher) for `count` decisions
    of the other seats (the events of the seat's own decisions ride on the next one).
    With `own` (a list to fill: what each update is), the seat's own decisions come too:
    an update that opens its dialog ("own"), and the next, which closes it ("after"), as
    when the seat's decision is made elsewhere (bench_capacity.py: the player's protocol
    client decides for the session's seat)."""
    state, held = new_game(Config(civs=CIVS, seed=seed))
    bots = [make_bot("greedy", seed + i) for i in range(len(CIVS))]
    out: list[bytes] = []

    version = 0
    while len(out) < count and state.prompt is not None and state.phase != "over":
        who = seat_of(state, state.prompt.civ)
        action = bots[who].choose(view(state, who))
        held += apply(state, action)
        version += 1
        pending = seat_of(state, state.prompt.civ) if state.prompt is not None else None
        mine = seat is not None and pending == seat
        if mine and own is None:
            continue  # its own decision: a dialog, not measured here
        info = p.TableInfo(id=1, creator="anna", setup=state.config.setup, turn=state.turn,
                           phase=state.phase, pending=pending, seats=[
                               p.SeatInfo(civ=pl.civ, kind="remote", name=NAMES[pl.seat],
                                          taken=True, connected=True, mine=pl.seat == seat)
                               for pl in state.players])
        up = seat_update(1, version, state, seat, held, info, decides=mine)
        held = []
        out.append(p.frame(up)[4:])
        if own is not None:
            own.append("own" if mine else "after" if own and own[-1] == "own" else "other")
    return out


async def settle(drawn: asyncio.Event, quiet: float = QUIET) -> None:
    """Until `quiet` seconds pass without a frame, in steps that the loop ran on time.
    Why steps: on a machine shared with other work the process may wait for a core for
    longer than `quiet`; once it runs again the timeout would end the window before the
    work that was waiting (a dialog's layout) is done, and count it in the next update."""
    clean = 0.0
    end = time.monotonic() + 20 * quiet  # late steps count after all past this
    give_up = time.monotonic() + 100 * quiet  # frames that never stop: not this update's
    while clean < quiet and time.monotonic() < give_up:
        start = time.monotonic()
        try:
            await asyncio.wait_for(drawn.wait(), STEP)
        except TimeoutError:
            took = time.monotonic() - start
            if took < 3 * STEP or start > end:
                clean += took
            continue
        drawn.clear()
        clean = 0.0


async def run(size: tuple[int, int], seat: int | None, bodies: list[bytes],
              profile: cProfile.Profile | None = None, kinds: list[str] | None = None,
              profiled: tuple[str, ...] = ("other", "own", "after", "again"),
              medians: dict[str, float] | None = None) -> Spread:
    from tui.app import MareNostrumApp
    from tui.screens.game import GameScreen
    from tui.sessions.remote import RemoteSession

    first = p.decode_server(bodies[0])
    assert isinstance(first, p.Update)
    remote = RemoteSession(1, lambda m: None, first, me=NAMES[seat or 0])
    frames = [0]
    undrawn = [0]
    drawn = asyncio.Event()

    class App(MareNostrumApp):
        def _display(self, screen: Screen[Any], renderable: RenderableType | None) -> None:
            super()._display(screen, renderable)
            if renderable is not None and not self._batch_count:
                frames[0] += 1
                drawn.set()

    app = App(first_screen=GameScreen(remote, bot_delay=0.0), autosave=False)
    times: list[float] = []
    frames_after: list[int] = []
    # notifications and tooltips as in a real session (run_test leaves both out)
    async with app.run_test(size=size, notifications=True, tooltips=True) as pilot:
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, GameScreen) and frames[0]:
                break
        await pilot.pause(0.3)
        # what the app costs idle (its timers), taken off each update's window: the
        # test pilot's own waiting (`pause`) costs more than drawing, and is not used
        w, c = time.monotonic(), time.process_time()
        await settle(drawn, 1.0)  # (waiting as for an update's frames costs too)
        idle = (time.process_time() - c) / (time.monotonic() - w)
        for i, body in enumerate(bodies[1:], 1):
            drawn.clear()
            mark = frames[0]
            profiling = profile is not None and (kinds is None or kinds[i] in profiled)
            if profile is not None and profiling:
                profile.enable()
            w, t = time.monotonic(), time.process_time()
            msg = p.decode_server(body)
            assert isinstance(msg, p.Update)
            remote.update(msg)  # what the lobby's receiver does with an Update
            await settle(drawn)  # until no frame for QUIET: all the update's work done
            cpu = time.process_time() - t - idle * (time.monotonic() - w)
            if profile is not None and profiling:
                profile.disable()
            times.append(cpu)
            frames_after.append(frames[0] - mark)
            if frames[0] == mark:
                undrawn[0] += 1
    if kinds is not None:  # each kind's median apart
        for kind in ("other", "own", "after", "again"):
            mine = sorted(t for t, k in zip(times, kinds[1:], strict=True) if k == kind)
            if mine:
                if medians is not None:
                    medians[kind] = statistics.median(mine)
                print(f"  {kind:6}: {len(mine)} updates, median "
                      f"{statistics.median(mine) * 1000:.1f} ms", flush=True)
    times.sort()
    return Spread(statistics.median(times), times[int(len(times) * 0.9)],
                  statistics.mean(times), undrawn[0], statistics.mean(frames_after))


def apart(kinds: list[str]) -> list[str]:
    """The kinds with a dialog opened over a closed one apart: "own" after "own" (the
    stale dialog closed, the next opened, in one update) becomes "again"."""
    return [("again" if k == "own" and i and kinds[i - 1] == "own" else k)
            for i, k in enumerate(kinds)]


def dialogs(updates: int, sizes: list[tuple[int, int]]) -> None:
    """The seat's own decisions in the stream: each size's median per dialog opened (the
    update that makes the decision the seat's, after another seat's), closed (the next
    update) and both (a decision of the seat's again: one closed, the next opened)."""
    kinds: list[str] = []
    bodies = stream(0, updates + 1, own=kinds)
    kinds = apart(kinds)
    for w, h in sizes:
        print(f"seated player, its own decisions too, {w}x{h}:", flush=True)
        medians: dict[str, float] = {}
        asyncio.run(run((w, h), 0, bodies, kinds=kinds, medians=medians))
        print(f"dialogs {w}x{h}: open {medians.get('own', 0) * 1000:.1f} ms, close "
              f"{medians.get('after', 0) * 1000:.1f} ms, both "
              f"{medians.get('again', 0) * 1000:.1f} ms, another seat's decision "
              f"{medians.get('other', 0) * 1000:.1f} ms (medians of processor per update)",
              flush=True)


def size_of(text: str) -> tuple[int, int]:
    w, h = (int(n) for n in text.split("x"))
    return w, h


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--updates", type=int, default=120)
    ap.add_argument("--profile", type=int, default=0, help="top N functions (own time)")
    ap.add_argument("--profile-size", default="80x24", help="the profiled run's size")
    ap.add_argument("--profile-kinds", default="",
                    help="profile the stream with the seat's own decisions, only these "
                         "updates: own (its dialog opened), after (closed), again (both), "
                         "other; e.g. own,after")
    ap.add_argument("--profile-out", default="", help="also save the profile to this file")
    ap.add_argument("--only-profile", action="store_true")
    ap.add_argument("--dialogs", action="store_true",
                    help="only the seat's dialogs: open and close medians per size")
    ap.add_argument("--sizes", default="80x24,160x50", help="--dialogs' sizes")
    args = ap.parse_args()
    ms = 1000
    # warm up (Textual's first screen, the caches of text measurement) before measuring
    asyncio.run(run((80, 24), 0, stream(0, 6)))
    if args.dialogs:
        dialogs(args.updates, [size_of(s) for s in args.sizes.split(",")])
        args.only_profile = True
    for who, seat in (("seated player", 0), ("watcher", None)):
        if args.only_profile:
            break
        bodies = stream(seat, args.updates + 1)
        for size in ((80, 24), (160, 50)):
            r = asyncio.run(run(size, seat, bodies))
            print(f"{who}, {size[0]}x{size[1]}: processor per update median "
                  f"{r.median * ms:.1f} ms, p90 {r.p90 * ms:.1f} ms, mean {r.mean * ms:.1f} ms "
                  f"({len(bodies) - 1} updates, {r.frames:.2f} frames each, {r.undrawn} drew nothing)", flush=True)
    if not args.only_profile:
        kinds: list[str] = []
        bodies = stream(0, args.updates + 1, own=kinds)
        r = asyncio.run(run((80, 24), 0, bodies, kinds=kinds))
        print(f"seated player, its own decisions too (its dialog opened, then closed by the "
              f"next update), 80x24: processor per update median {r.median * ms:.1f} ms, "
              f"p90 {r.p90 * ms:.1f} ms, mean {r.mean * ms:.1f} ms ({len(bodies) - 1} "
              f"updates, {r.frames:.2f} frames each)", flush=True)
    if args.profile:
        # processor time, not wall time: on a shared machine the process waiting for a
        # core would be charged to whatever function it was in
        prof = cProfile.Profile(time.process_time)
        size = size_of(args.profile_size)
        if args.profile_kinds:
            kinds = []
            bodies = stream(0, args.updates + 1, own=kinds)
            kinds = apart(kinds)
            asyncio.run(run(size, 0, bodies, prof, kinds=kinds,
                            profiled=tuple(args.profile_kinds.split(","))))
        else:
            asyncio.run(run(size, 0, stream(0, args.updates + 1), prof))
        if args.profile_out:
            prof.dump_stats(args.profile_out)
        out = io.StringIO()
        stats = pstats.Stats(prof, stream=out)
        stats.sort_stats("tottime").print_stats(args.profile)
        stats.sort_stats("cumulative").print_stats(args.profile * 2)
        print(out.getvalue())


if __name__ == "__main__":
    main()
