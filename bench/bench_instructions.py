"""Random players' games for counting instructions: load-independent A/B on a busy machine.

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        .venv/bin/python bench/bench_instructions.py 3        # seeds 1003-1005
    (the same with 0 games: the imports alone, to subtract)

Plays N four-player games of random players (Rome, Carthage, Greece, Egypt; seeds from
--first, `max_turns=120`) and prints each game's decisions and winner. Run it with
PYTHONHASHSEED=0 for the same count twice; the difference of the two "Collected" totals
is the games' own instructions (docs/performance.md).
"""

from __future__ import annotations

import argparse

from engine import compiled
from engine.state import Config
from tui.commands.simulate import play_game

CIVS = ["rome", "carthage", "greece", "egypt"]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("games", type=int)
    p.add_argument("--first", type=int, default=1003, help="the first game's seed")
    args = p.parse_args()
    if compiled.stale():
        raise SystemExit("compiled modules older than their source: build again")
    print(f"compiled modules: {len(compiled.built())} (engine/compiled.py)")
    for seed in range(args.first, args.first + args.games):
        state, decisions = play_game(Config(civs=CIVS, seed=seed), ["random"], max_turns=120)
        print(f"seed {seed}: {decisions} decisions, turn {state.turn}, "
              f"winner {state.winner or 'none'}")


if __name__ == "__main__":
    main()
