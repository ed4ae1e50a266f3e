"""The hint and the review measured (docs/bots.md, "Hint and review").

    .venv/bin/python bench/bench_hint.py hints --budgets 1 3 --positions 40
    .venv/bin/python bench/bench_hint.py reviews --games 20 --budget 0.25

`hints`: decisions sampled from seeded four-player games of normal players; at each, the
hint (engine/bots/advice.py) by each budget. Prints how often its choice differs from the
normal player's and how long it takes: wall-clock seconds and the process's own CPU
seconds (the budget is counted on the CPU clock, as `arena --cpu-clock` does, so a busy
machine stretches the wall time, not the thinking), and the rollouts played.

`reviews`: finished four-player games of normal players; each reviewed for its runner-up
(the loser with most heroes and wonders). The decisions "that lost the game" are the ones
it made while the winner was one hero or wonder short of victory (the cards held are
public): the moves that let a rival reach its last one. Prints whether the review's five biggest swings include one of
them, against the chance that five of the seat's weighed decisions drawn at random would.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from math import comb

from engine.bots.advice import advise
from engine.bots.normal import NormalBot
from engine.bots.review import decisions, review
from engine.game import apply, clone, legal_actions, new_game, view
from engine.match import Match
from engine.quotes import progress
from engine.state import Config, GameState

CIVS = ["rome", "carthage", "greece", "egypt"]


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min), {os.cpu_count()} cores"


def sample(count: int, seed: int, every: int = 9) -> list[tuple[GameState, int]]:
    """`count` decisions with two or more legal moves, every `every`-th of seeded games."""
    out: list[tuple[GameState, int]] = []
    game = 0
    while len(out) < count:
        state, _ = new_game(Config(civs=CIVS, seed=seed + game))
        bots = [NormalBot(seed * 10 + game * 4 + i) for i in range(4)]
        k = 0
        while state.phase != "over" and len(out) < count and k < 3000:
            seat = next(p.seat for p in state.players if state.prompt and p.civ == state.prompt.civ)
            if k % every == 0 and len(legal_actions(state)) > 1:
                out.append((clone(state), seat))
            apply(state, bots[seat].choose(view(state, seat)))
            k += 1
        game += 1
    return out


def hints(args: argparse.Namespace) -> None:
    spots = sample(args.positions, args.seed)
    print(f"{len(spots)} decisions with a choice, four players, seeds from {args.seed}; {_load()}")
    for budget in args.budgets:
        walls, cpus, rollouts = [], [], []
        differs = searched = 0
        for state, seat in spots:
            t0, c0 = time.perf_counter(), time.process_time()
            found = advise(view(state, seat), budget=budget, clock=time.process_time)
            walls.append(time.perf_counter() - t0)
            cpus.append(time.process_time() - c0)
            rollouts.append(found.rollouts)
            searched += found.searched
            differs += found.choice != found.normal
        n = len(spots)
        print(f"budget {budget:g} s: differs from normal in {differs}/{n} "
              f"({100 * differs / n:.0f}%; {searched} searched), "
              f"wall mean {statistics.mean(walls):.2f} s median {statistics.median(walls):.2f} "
              f"max {max(walls):.2f}; CPU mean {statistics.mean(cpus):.2f} s max {max(cpus):.2f}; "
              f"rollouts mean {statistics.mean(rollouts):.1f}", flush=True)
    print(_load())


def _runner_up(state: GameState) -> str:
    table = {p.civ: p.heroes_wonders for p in progress(state)}
    provinces = {p.civ: sum(1 for ps in state.provinces.values() if ps.influence == p.civ)
                 for p in state.players}
    losers = [p.civ for p in state.players if p.civ != state.winner]
    return max(losers, key=lambda c: (table[c], provinces[c], c))


def _one_short(state: GameState, civ: str) -> bool:
    """Whether `civ` is one hero or wonder from victory (public: the cards held)."""
    pr = next(p for p in progress(state) if p.civ == civ)
    return pr.heroes_wonders >= pr.needed - 1


def reviews(args: argparse.Namespace) -> None:
    print(f"{args.games} games of four normal players, seeds from {args.seed}, review budget "
          f"{args.budget:g} s a decision; {_load()}")
    hits, chance, total_time = 0, 0.0, 0.0
    done = 0
    seed = args.seed
    while done < args.games:
        match = Match.new(Config(civs=CIVS, seed=seed), ["normal"] * 4, bot_secret=b"bench")
        steps = 0
        while match.state.phase != "over" and steps < 5000 and match.play_bots(1):
            steps += 1
        seed += 1
        state = match.state
        if not state.winner:
            continue
        record = match.record
        civ = _runner_up(state)
        window = {d.index for d in decisions(record, civ) if _one_short(d.view.state, state.winner)}
        t0 = time.perf_counter()
        found = review(record, civ, budget=args.budget)
        total_time += time.perf_counter() - t0
        assert found is not None
        weighed = [j.index for j in found.judgements if j.searched]
        top = found.swings()
        hit = any(j.index in window for j in top)
        w = sum(1 for i in weighed if i in window)
        k = min(len(top), len(weighed))
        p = 1.0 - comb(len(weighed) - w, k) / comb(len(weighed), k) if k and weighed else 0.0
        hits += hit
        chance += p
        done += 1
        print(f"seed {seed - 1}: {state.winner} won turn {state.turn}; {civ} reviewed: "
              f"{len(found.judgements)} decisions, {len(weighed)} weighed, {w} while "
              f"{state.winner} was one short; top five {[j.index for j in top]} "
              f"{'include' if hit else 'miss'} them (chance {p:.2f}); "
              f"{time.perf_counter() - t0:.0f} s", flush=True)
    print(f"{hits}/{done} reviews' five biggest swings include a decision made while the "
          f"winner was one hero or wonder short (random five: {chance:.1f} of {done} expected); "
          f"mean review {total_time / max(1, done):.0f} s; {_load()}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="what", required=True)
    h = sub.add_parser("hints")
    h.add_argument("--budgets", type=float, nargs="+", default=[1.0, 3.0])
    h.add_argument("--positions", type=int, default=40)
    h.add_argument("--seed", type=int, default=700)
    r = sub.add_parser("reviews")
    r.add_argument("--games", type=int, default=20)
    r.add_argument("--budget", type=float, default=0.25)
    r.add_argument("--seed", type=int, default=900)
    args = p.parse_args()
    (hints if args.what == "hints" else reviews)(args)


if __name__ == "__main__":
    main()
