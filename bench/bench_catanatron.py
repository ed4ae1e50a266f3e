"""The engine against Catanatron, the best-known Python board-game engine, in one run.

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/python bench/bench_catanatron.py [--games 10] [--players 4] [--repeat 3]

Random players on both sides; each figure is actions (decisions) per second over whole
games, the best and the spread of `--repeat` rounds, the two engines alternating so that a
busy machine slows both alike. Catanatron counts every action it plays, including the ones
with a single choice (rolling the dice); we count every decision a player made.
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine.data.board import CIVS
from engine.state import Config
from tui.commands.simulate import play_game


def ours(games: int, players: int, level: str) -> float:
    decisions = 0
    t0 = time.perf_counter()
    for g in range(games):
        _, n = play_game(Config(civs=list(CIVS[:players]), seed=1000 + g), [level],
                         max_turns=120)
        decisions += n
    return decisions / (time.perf_counter() - t0)


def catanatron(games: int, players: int) -> float:
    from catanatron import Color, Game, RandomPlayer

    colors = list(Color)[:players]
    actions = 0
    t0 = time.perf_counter()
    for g in range(games):
        game = Game([RandomPlayer(c) for c in colors], seed=1000 + g)
        game.play()
        actions += len(game.state.actions)
    return actions / (time.perf_counter() - t0)


def _line(name: str, rates: list[float]) -> str:
    spread = f"{min(rates):,.0f}-{max(rates):,.0f}"
    return f"{name:28s} median {statistics.median(rates):9,.0f}/s  (range {spread})"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--players", type=int, default=4, choices=(3, 4))
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    them: list[float] = []
    rand: list[float] = []
    greedy: list[float] = []
    for _ in range(args.repeat):
        them.append(catanatron(args.games, args.players))
        rand.append(ours(args.games, args.players, "random"))
        greedy.append(ours(args.games, args.players, "greedy"))
    print(_line(f"catanatron random ({args.players}p)", them))
    print(_line(f"mare nostrum random ({args.players}p)", rand))
    print(_line(f"mare nostrum greedy ({args.players}p)", greedy))
    ratio = statistics.median(rand) / statistics.median(them)
    print(f"random players: {ratio:.2f} times Catanatron's actions/s (target 1.5); "
          f"greedy {statistics.median(greedy):,.0f} decisions/s (target 10,000)")


if __name__ == "__main__":
    main()
