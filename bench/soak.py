"""Soak: many whole games by random and greedy players over 3 to 6 players, with the
invariants checked after every action and every game's record replayed and verified.
The games go through `engine.match.Match.act`, as on a game server (the state changes in
place).

    .venv/bin/python bench/soak.py --games 1000 --seed 1 --jobs 2

Game g (seed S+g) has 3 + g % 4 players; its seats are random or greedy players drawn from
the seed, and every fifth game uses the free setup. Prints the games, actions, exceptions,
invariant breaks and records that fail to verify (the first few of each in full), and exits
1 if there was any. Not part of CI: it runs for minutes to hours.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from engine.bots import make_bot
from engine.data.board import CIVS
from engine.game import state_hash
from engine.invariants import check
from engine.match import REMOTE, Match
from engine.replay import verify
from engine.rng import Rng, seed_state
from engine.state import Config

LEVELS = ("random", "greedy")


@dataclass
class Outcome:
    game: int
    seed: int
    players: int
    levels: list[str]
    actions: int = 0
    turns: int = 0
    winner: str | None = None
    exception: str = ""
    breaks: list[str] = field(default_factory=list)  # "action N: what broke"
    record: str = ""  # why the record failed to verify, if it did


def play(game: int, seed: int, max_turns: int) -> Outcome:
    rng = Rng(seed_state(seed))
    players = 3 + game % 4
    levels = [LEVELS[rng.below(2)] for _ in range(players)]
    setup = "free" if game % 5 == 4 else "predetermined"
    out = Outcome(game, seed, players, levels)
    try:
        # every seat is "remote" to the match: it is driven as the game server drives it,
        # through act() (the state changes in place), with every action hashed at once
        match = Match.new(Config(civs=list(CIVS[:players]), seed=seed, setup=setup),
                          [REMOTE] * players)
        bots = [make_bot(lv, seed=seed * 7919 + i) for i, lv in enumerate(levels)]
        while match.state.phase != "over" and match.state.turn <= max_turns:
            s = match.pending_seat()
            assert s is not None
            match.act(s, bots[s].choose(match.view(s)), match.version)
            out.actions += 1
            broken = check(match.state)
            if broken and len(out.breaks) < 5:
                out.breaks += [f"action {out.actions}: {b}" for b in broken[:3]]
        record, state = match.record, match.state
        out.turns, out.winner = state.turn, state.winner
        verdict = verify(record, final_hash=state_hash(state))
        if not verdict.ok:
            out.record = verdict.message
    except Exception:
        out.exception = traceback.format_exc(limit=6)
    return out


def _play(args: tuple[int, int, int]) -> Outcome:
    return play(*args)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, metavar="N")
    ap.add_argument("--seed", type=int, default=1, metavar="S")
    ap.add_argument("--jobs", type=int, default=1, metavar="J")
    ap.add_argument("--max-turns", type=int, default=120)
    args = ap.parse_args()
    if args.games < 1 or args.jobs < 1 or args.max_turns < 1:
        ap.error("--games, --jobs and --max-turns must be at least 1")
    work = [(g, args.seed + g, args.max_turns) for g in range(args.games)]
    t0 = time.perf_counter()
    outcomes: list[Outcome] = []
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    results = pool.map(_play, work, chunksize=4) if pool else map(_play, work)
    if sys.stdout.isatty():
        from rich.progress import Progress
        with Progress() as progress:
            task = progress.add_task("soak", total=args.games)
            for o in results:
                outcomes.append(o)
                progress.advance(task)
    else:
        outcomes = list(results)
    if pool:
        pool.shutdown()
    secs = time.perf_counter() - t0
    return report(outcomes, secs)


def report(outcomes: list[Outcome], secs: float) -> int:
    actions = sum(o.actions for o in outcomes)
    crashed = [o for o in outcomes if o.exception]
    broken = [o for o in outcomes if o.breaks]
    bad_records = [o for o in outcomes if o.record]
    won = sum(1 for o in outcomes if o.winner)
    for title, group, text in (("exception", crashed, lambda o: o.exception),
                               ("invariant break", broken, lambda o: "\n".join(o.breaks)),
                               ("record failure", bad_records, lambda o: o.record)):
        for o in group[:3]:
            print(f"--- {title}: game {o.game} seed {o.seed}, {o.players} players "
                  f"{','.join(o.levels)}\n{text(o)}")
    n = len(outcomes)
    print(f"games {n}, actions {actions:,}, won {won}, exceptions {len(crashed)}, "
          f"invariant breaks {len(broken)}, records failing verification {len(bad_records)}")
    print(f"{secs:.0f}s: {n / secs * 60:.1f} games/min, {actions / secs:,.0f} actions/s "
          "(invariants and hashes included, and each record replayed)")
    return 1 if crashed or broken or bad_records else 0


if __name__ == "__main__":
    raise SystemExit(main())
