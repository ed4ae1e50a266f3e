"""`mare-nostrum arena`: computer players of different levels play each other.

    mare-nostrum arena --seats planner,greedy,greedy --games 60 --seed 1 [--budget 1.0]

Game g uses seed S+g (with --paired S+g//2: every deal twice) and rotates the seats by g
places, so every level plays every seat (and civilization) in turn. With --cpu-clock the
budget is processor time (what a quiet machine gives, on a busy one). Prints each level's win rate with a 95% confidence interval
(Wilson), the average number of turns, and each level's decision times; then two tables,
per civilization and per level: wins, average turns of the games won, gods bought and
battles fought (counted from the events of every step).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

from engine.bots import LEVELS
from engine.data.board import CIVS
from engine.events import BattleStarted, GodTaken
from engine.match import Match, Step
from engine.state import Config

from .checks import count, seconds
from .progress import games_progress

if TYPE_CHECKING:
    from rich.table import Table

# one game's result as the arena reports it (a failed game: its seed, levels, error)
GameResult = dict[str, Any]

# Bots are seeded from the game seed and this secret (engine.match), so a run is repeatable.
SECRET = b"arena"


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def seed_for(seed: int, g: int, paired: bool) -> int:
    """The seed of game g: S+g, or with `paired` S+g//2 (each deal played twice, the
    second time with the seats rotated by one: levels that alternate swap seats)."""
    return seed + (g // 2 if paired else g)


def seats_for(levels: list[str], g: int) -> list[str]:
    """The levels of game g: rotated by g seats."""
    k = g % len(levels)
    return levels[-k:] + levels[:-k] if k else list(levels)


class Tally:
    """A match observer counting, per civilization, the gods bought and battles fought."""

    def __init__(self) -> None:
        self.gods: dict[str, int] = {}
        self.battles: dict[str, int] = {}

    def on_step(self, match: Match, step: Step) -> None:
        for e in step.events:
            if isinstance(e, GodTaken) and not e.free:
                self.gods[e.civ] = self.gods.get(e.civ, 0) + 1
            elif isinstance(e, BattleStarted):
                for civ in (e.attacker, e.defender):
                    self.battles[civ] = self.battles.get(civ, 0) + 1


def play_one(levels: list[str], seed: int, budget: float, max_turns: int = 200,
             setup: str = "predetermined", cpu_clock: bool = False) -> GameResult:
    """One game; its winner's level, turns, every level's decision times and rollouts,
    and per seat its civilization, gods bought and battles fought. `cpu_clock`: the
    budget and the decision times are this process's processor time, not wall time (what
    a quiet machine gives, measured on a busy one)."""
    config = Config(civs=list(CIVS[: len(levels)]), seed=seed, setup=setup)
    match = Match.new(config, list(levels), bot_secret=SECRET, bot_budget=budget)
    clock: Callable[[], float] = time.thread_time if cpu_clock else time.perf_counter
    if cpu_clock:
        for i in range(len(levels)):
            bot = match.bot(i)
            if hasattr(bot, "clock"):
                bot.clock = clock
    tally = Tally()
    match.add_observer(tally)
    state = match.state
    seat = {p.civ: p.seat for p in state.players}
    times: dict[str, list[float]] = {lv: [] for lv in levels}
    rollouts = dict.fromkeys(levels, 0)
    while match.bot_to_move() and state.turn <= max_turns:
        s = match.pending_seat()
        assert s is not None
        t0 = clock()
        action = match.bot_action()
        times[levels[s]].append(clock() - t0)
        rollouts[levels[s]] += getattr(match.bot(s), "last_rollouts", 0)
        match.act(s, action)
    winner = levels[seat[state.winner]] if state.winner else None
    stats = {lv: (len(ts), sum(ts), max(ts, default=0.0), rollouts[lv])
             for lv, ts in times.items()}
    return {"seed": seed, "levels": levels, "winner": winner, "winner_seat":
            seat.get(state.winner or "", -1), "turns": state.turn, "times": stats,
            "reason": state.win_reason, "winner_civ": state.winner or "",
            "seats": [{"civ": p.civ, "level": levels[p.seat], "gods": tally.gods.get(p.civ, 0),
                       "battles": tally.battles.get(p.civ, 0)} for p in state.players]}


# one game's arguments to `play_one`: the levels by seat, the seed, the budget, the turns
# at most, the setup, the processor clock
Job = tuple[list[str], int, float, int, str, bool]


def _job(args: Job) -> GameResult:
    """One game; a game that fails (a bug) is reported, and the others still count."""
    try:
        return play_one(*args)
    except Exception as e:  # noqa: BLE001 - any failure of one game is reported the same way
        return {"seed": args[1], "levels": args[0], "error": f"{type(e).__name__}: {e}"}


def _add_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seats", required=True,
                   help="levels, one per seat, comma-separated (3 to 6), e.g. planner,greedy,greedy")
    p.add_argument("--games", type=count(0), default=10, metavar="N")
    p.add_argument("--seed", type=int, default=1, metavar="S")
    p.add_argument("--budget", type=seconds, default=1.0,
                   help="the planner's time per decision, in seconds (default 1.0)")
    p.add_argument("--cpu-clock", action="store_true",
                   help="count the budget and decision times in processor time, not wall "
                        "time (what a quiet machine gives, on a busy one)")
    p.add_argument("--paired", action="store_true",
                   help="play each seed twice, the seats rotated by one between the two")
    p.add_argument("--jobs", type=count(1, 64), default=1, help="games played in parallel")
    p.add_argument("--max-turns", type=count(1), default=200)
    p.add_argument("--quiet", action="store_true", help="no line per game")


def _run(args: argparse.Namespace) -> int:
    levels = [s.strip() for s in args.seats.split(",") if s.strip()]
    bad = [lv for lv in levels if lv not in LEVELS]
    if bad or not 3 <= len(levels) <= 6:
        print(f"mare-nostrum: --seats: 3 to 6 of {', '.join(LEVELS)}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    jobs: list[Job] = [(seats_for(levels, g), seed_for(args.seed, g, args.paired), args.budget,
             args.max_turns,
             "predetermined", args.cpu_clock) for g in range(args.games)]
    with games_progress(len(jobs)) as done:
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                results = list(_report_each(pool.map(_job, jobs), args.quiet, done))
        else:
            results = list(_report_each(map(_job, jobs), args.quiet, done))
    failed = [r for r in results if "error" in r]
    _summary(levels, [r for r in results if "error" not in r], args,
             time.perf_counter() - t0)
    if failed:
        print(f"{len(failed)} game(s) failed and are not counted: seeds "
              f"{', '.join(str(r['seed']) for r in failed)}")
        return 1
    return 0


def _report_each(results: Iterable[GameResult], quiet: bool,
                 done: Callable[[str], None]) -> Iterator[GameResult]:
    for g, r in enumerate(results):
        line = ""
        if "error" in r:
            line = (f"game {g + 1} seed {r['seed']} seats {','.join(r['levels'])}: FAILED "
                    f"({r['error']})")
        elif not quiet:
            line = (f"game {g + 1} seed {r['seed']} seats {','.join(r['levels'])}: "
                    f"{'winner ' + r['winner'] + ' (seat ' + str(r['winner_seat']) + ')' if r['winner'] else 'no winner'}"
                    f", turns {r['turns']}")
        done(line)
        yield r


def _summary(levels: list[str], results: list[GameResult], args: argparse.Namespace,
             elapsed: float) -> None:
    n = len(results)
    print(f"\n{n} games, seats {','.join(levels)} rotated, seed {args.seed}, "
          f"planner budget {args.budget}s"
          f"{' of processor time' if args.cpu_clock else ''}, {elapsed:.0f}s")
    turns = [r["turns"] for r in results]
    print(f"average turns {sum(turns) / max(1, n):.1f} (min {min(turns, default=0)}, max "
          f"{max(turns, default=0)}); no winner in "
          f"{sum(1 for r in results if not r['winner'])}")
    for lv in dict.fromkeys(levels):
        per_game = levels.count(lv)
        wins = sum(1 for r in results if r["winner"] == lv)
        lo, hi = wilson(wins, n)
        count = sum(r["times"][lv][0] for r in results)
        total = sum(r["times"][lv][1] for r in results)
        worst = max((r["times"][lv][2] for r in results), default=0.0)
        played = sum(r["times"][lv][3] for r in results)
        looked = f", rollouts {played / max(1, count):.1f} per decision" if played else ""
        share = f" ({per_game} seats, {wins / max(1, n) / per_game:.1%} per seat)" \
            if per_game > 1 else ""
        print(f"{lv:8} wins {wins}/{n} = {wins / max(1, n):.1%} "
              f"[95% CI {lo:.1%}-{hi:.1%}]{share}; decisions {count}, "
              f"mean {1000 * total / max(1, count):.2f} ms, max {1000 * worst:.1f} ms{looked}")
    if results:
        from rich.console import Console
        console = Console(width=100)
        console.print(report_table("civilization", "civ", results))
        console.print(report_table("level", "level", results))


def report_table(title: str, key: str, results: list[GameResult]) -> Table:
    """Per civilization (key "civ") or per level ("level"): seats played, wins (and their
    share of those seats), average turns of the games won, gods bought and battles fought
    per seat-game."""
    from rich.table import Table
    rows: dict[str, dict[str, float]] = {}
    for r in results:
        for seat in r["seats"]:
            row = rows.setdefault(seat[key], dict.fromkeys(
                ("seats", "wins", "won_turns", "gods", "battles"), 0.0))
            row["seats"] += 1
            row["gods"] += seat["gods"]
            row["battles"] += seat["battles"]
            if r["winner_civ"] == seat["civ"]:
                row["wins"] += 1
                row["won_turns"] += r["turns"]
    table = Table(title=f"per {title}")
    for col in (title, "seats", "wins", "win %", "avg turns (won)", "gods / game",
                "battles / game"):
        table.add_column(col, justify="left" if col == title else "right")
    for name, row in sorted(rows.items(), key=lambda kv: -kv[1]["wins"]):
        n, w = row["seats"], row["wins"]
        table.add_row(name, f"{n:.0f}", f"{w:.0f}", f"{w / n:.0%}",
                      f"{row['won_turns'] / w:.1f}" if w else "-",
                      f"{row['gods'] / n:.2f}", f"{row['battles'] / n:.2f}")
    return table


COMMAND = ("computer players of different levels play each other; win rates", _add_args,
           _run)
