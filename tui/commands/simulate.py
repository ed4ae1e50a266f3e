"""`mare-nostrum simulate`: computer players play whole games without a screen."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from engine.bots import LEVELS
from engine.data.board import CIVS
from engine.game import state_hash
from engine.match import Match
from engine.state import Config, GameState

from .checks import count
from .progress import games_progress

# Bots are seeded from the game seed and this secret (engine.match), so a run is repeatable.
SECRET = b"simulate"


def play_game(config: Config, levels: list[str], max_turns: int = 200,
              max_decisions: int = 200_000) -> tuple[GameState, int]:
    """Play one game to its end (or the turn limit); returns the state and decisions."""
    seats = [levels[i % len(levels)] for i in range(len(config.civs))]
    match = Match.new(config, seats, bot_secret=SECRET)
    decisions = 0
    while decisions < max_decisions:
        made = len(match.play_bots(limit=min(64, max_decisions - decisions), max_turns=max_turns))
        if not made:
            break
        decisions += made
    return match.state, decisions


def _add_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=int, default=6, choices=range(3, 7), metavar="N")
    p.add_argument("--games", type=count(0), default=1, metavar="K")
    p.add_argument("--seed", type=int, default=1, metavar="S")
    p.add_argument("--bots", nargs="+", default=["greedy"], choices=LEVELS,
                   help="levels, one per seat (repeated when fewer)")
    p.add_argument("--setup", choices=("predetermined", "free"), default="predetermined")
    p.add_argument("--max-turns", type=count(1), default=200)
    p.add_argument("--hash", action="store_true", help="print each final state hash")


def _run(args: argparse.Namespace) -> int:
    t0 = time.perf_counter()
    total_decisions = 0
    wins = 0
    with games_progress(args.games) as done:
        for g in range(args.games):
            total_decisions, wins = _one(args, g, done, total_decisions, wins)
    elapsed = time.perf_counter() - t0
    print(f"{wins} of {args.games} games won by a victory condition; "
          f"{total_decisions / elapsed:.0f} decisions/s, {args.games / elapsed:.2f} games/s")
    return 0


def _one(args: argparse.Namespace, g: int, done: Callable[[str], None], total_decisions: int,
         wins: int) -> tuple[int, int]:
    """Play game g and report its line; the running totals."""
    seed = args.seed + g
    config = Config(civs=list(CIVS[: args.players]), seed=seed, setup=args.setup)
    start = time.perf_counter()
    state, decisions = play_game(config, args.bots, max_turns=args.max_turns)
    secs = time.perf_counter() - start
    total_decisions += decisions
    if state.winner:
        wins += 1
        outcome = f"winner {state.winner} ({state.win_reason})"
    else:
        outcome = "no winner"
    line = (f"game {g + 1} seed {seed}: {outcome}, turns {state.turn}, "
            f"decisions {decisions}, {secs:.2f}s")
    if args.hash:
        line += f", hash {state_hash(state)[:16]}"
    done(line)
    return total_decisions, wins


COMMAND = ("computer players play whole games and report the results", _add_args, _run)
