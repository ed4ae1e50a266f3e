"""Computer players: decision times per level, and the planner's rollouts per decision.

    .venv/bin/python bench/bench_bots.py [--budget 0.25] [--decisions 60] [--players 3]

Plays greedy games and, from the same positions, asks each level for a decision: reports
the mean and worst decision time (the planner's against its budget) and the planner's
mean rollout rounds. For win rates, use `mare-nostrum arena`.
"""

from __future__ import annotations

import argparse
import time

from engine.bots import LEVELS, make_bot
from engine.bots.planner import PlannerBot
from engine.data.board import CIVS
from engine.game import apply, clone, legal_actions, new_game, view
from engine.state import Config, GameState


def positions(players: int, count: int, seed: int) -> list[GameState]:
    state, _ = new_game(Config(civs=list(CIVS[:players]), seed=seed))
    bots = [make_bot("greedy", i) for i in range(players)]
    out: list[GameState] = []
    while state.phase != "over" and len(out) < count:
        assert state.prompt is not None
        s = next(p.seat for p in state.players if p.civ == state.prompt.civ)
        if len(legal_actions(state)) > 1:
            out.append(clone(state))
        apply(state, bots[s].choose(view(state, s)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--budget", type=float, default=0.25)
    ap.add_argument("--decisions", type=int, default=60)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    states = positions(args.players, args.decisions, args.seed)
    for level in LEVELS:
        bot = make_bot(level, seed=1, budget=args.budget)
        times: list[float] = []
        rounds: list[int] = []
        for st in states:
            assert st.prompt is not None
            s = next(p.seat for p in st.players if p.civ == st.prompt.civ)
            v = view(st, s)
            t0 = time.perf_counter()
            bot.choose(v)
            times.append(time.perf_counter() - t0)
            if isinstance(bot, PlannerBot) and bot.last_rounds:
                rounds.append(bot.last_rounds)
        line = (f"{level:8s}: {len(times)} decisions, mean {1000 * sum(times) / len(times):.2f}"
                f" ms, max {1000 * max(times):.1f} ms")
        if isinstance(bot, PlannerBot):
            line += (f" (budget {1000 * args.budget:.0f} ms, max/budget "
                     f"{max(times) / args.budget:.2f}); rollout rounds per deliberated "
                     f"decision {sum(rounds) / max(1, len(rounds)):.1f} over {len(rounds)}")
        print(line, flush=True)


if __name__ == "__main__":
    main()
