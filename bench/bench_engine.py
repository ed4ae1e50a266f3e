"""Engine speed: decisions per second and games per second for each bot level.

    .venv/bin/python bench/bench_engine.py [--games 10] [--players 6] [--levels random greedy]
"""

from __future__ import annotations

import argparse
import time

from engine.data.board import CIVS
from engine.state import Config
from tui.commands.simulate import play_game


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--levels", nargs="+", default=["random", "greedy"],
                    help="computer player levels, each playing every seat in turn "
                         "(normal: the hard level's rollout player)")
    args = ap.parse_args()
    for level in args.levels:
        decisions = 0
        won = 0
        turns = 0
        t0 = time.perf_counter()
        for g in range(args.games):
            state, n = play_game(Config(civs=list(CIVS[: args.players]), seed=1000 + g),
                                 [level], max_turns=120)
            decisions += n
            turns += state.turn
            won += state.winner is not None
        secs = time.perf_counter() - t0
        print(f"{level:7s}: {args.games} games of {args.players} players in {secs:.1f}s: "
              f"{decisions / secs:,.0f} decisions/s, {args.games / secs:.2f} games/s, "
              f"{decisions / args.games:,.0f} decisions and {turns / args.games:.1f} turns "
              f"per game, {won} won")


if __name__ == "__main__":
    main()
