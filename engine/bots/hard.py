"""The hard level: the planner's determinized rollouts over normal play, spent wisely.

Hard plays like the normal player unless its look-ahead finds a clearly better move. Over
the planner it changes how the time budget is spent, not what it reads (only its View):

- Candidates are plausible moves first: the normal player's choice, the way out of the
  decision, the normal player's choices under other noise (its near-ties), then a few
  others at random.
- Rollouts look a turn ahead (about ten decisions per player), far enough for a building's
  production or a trade to reach the construction phase that spends it, and are scored by
  a static value that also counts the income a player's buildings make (`value`).
- Successive halving: after a few rounds a candidate clearly worse than the normal choice,
  or the same in every deal, is dropped, so the rounds go to the ones still in doubt.
- The budget is a maximum: it stops once one candidate is clearly best, or once no
  candidate can still beat the normal choice by the margin.

    bot = HardBot(seed=7, budget=1.0)  # seconds per decision
"""

from __future__ import annotations

import time
from collections.abc import Callable

import msgspec

from ..actions import Action
from ..game import clone, legal_actions
from ..rules.commerce import production
from ..rules.victory import cards_needed
from ..state import GameState
from ..view import View
from . import threat
from .determinize import determinize
from .normal import NormalBot
from .planner import EXITS, QUICK, PlannerBot, lead, position_value

DEPTH_PER_PLAYER = 6  # rollout decisions per player at the table: about half a turn
CANDIDATES = 5  # moves weighed per decision, at most
NOISE_DRAWS = 3  # the normal player asked again under other noise, for its near-ties
MIN_ROUNDS = 4  # deals before any candidate is dropped or the search stops
MARGIN = 1.0  # how much better than the normal choice a move must be to be played
INCOME_WORTH = 5.0  # a unit of income (threat.income), against 60 for a hero or wonder


# Sees each rollout's end: the candidate's number, the round, the position, its score.
Watch = Callable[[int, int, GameState, float], None]


class Search(msgspec.Struct, kw_only=True):
    """What a look-ahead found: the candidates (the normal choice first), each other's paired
    gains over the normal choice deal by deal, the ones still in the running."""

    candidates: list[Action]
    diffs: dict[int, list[float]]
    alive: list[int]
    rounds: int = 0
    rollouts: int = 0
    cancelled: bool = False


class HardBot(PlannerBot):
    def __init__(self, seed: int = 0, budget: float = 1.0, depth: int | None = None,
                 candidates: int = CANDIDATES, margin: float = MARGIN,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        """`depth`: rollout decisions (default: `DEPTH_PER_PLAYER` per player)."""
        super().__init__(seed, budget=budget, depth=depth or 0, candidates=candidates,
                         margin=margin, policy="normal", clock=clock)
        self.fixed_depth = depth
        self.seed = seed

    def plan(self, view: View, rounds: int | None = None) -> Action:
        """The decision; by the time budget, or (for tests) by at most `rounds` rounds."""
        start = self.clock()
        acts = legal_actions(view.state)
        self.last_rounds = self.last_rollouts = 0
        if len(acts) == 1:
            return acts[0]
        default = self.greedy.choose(view)
        if isinstance(view.state.prompt, QUICK) or (self.budget <= 0 and rounds is None):
            return default
        cands = self.plausible(view, acts, default)
        if len(cands) == 1:
            return cands[0]
        return self.pick(self.search(view, cands, start, rounds))

    def search(self, view: View, cands: list[Action], start: float,
               rounds: int | None = None, keep: frozenset[int] = frozenset(),
               watch: Watch | None = None,
               between: Callable[[int], bool] | None = None) -> Search:
        """Weigh `cands` (the normal choice first) in rounds of rollouts on deals of the
        unknowns, by the budget from `start` or by at most `rounds` rounds. `keep`: the
        candidates never dropped (the review's move played); `watch(i, round, end,
        score)` sees each rollout's end; `between(rounds done)` may stop the search (True:
        cancelled)."""
        deadline = start + self.budget if rounds is None else float("inf")
        hard = start + 1.6 * self.budget if rounds is None else float("inf")
        prompt = view.state.prompt
        assert prompt is not None  # a decision is pending: it has legal actions
        me = view.civ or prompt.civ
        self.depth = self.fixed_depth or DEPTH_PER_PLAYER * len(view.state.players)
        alive = list(range(len(cands)))  # index 0, the normal choice, is never dropped
        diffs: dict[int, list[float]] = {i: [] for i in alive[1:]}
        done, rollouts, spent = 0, 0, 0.0
        cancelled = False
        while rounds is None or done < rounds:
            if between is not None and between(done):
                cancelled = True
                break
            per_rollout = spent / rollouts if rollouts else 0.0
            if self.clock() + per_rollout * len(alive) > deadline:
                break
            base = determinize(view, self.rng)
            roll_seed = self.rng.below(1 << 30)
            t0 = self.clock()
            scores: dict[int, float] = {}
            for i in alive:
                end = clone(base)
                score = self._rollout(end, cands[i], me, roll_seed, hard)
                if score is None:
                    break
                scores[i] = score
                if watch is not None:
                    watch(i, done, end, score)
            if len(scores) < len(alive):
                break
            spent += self.clock() - t0
            rollouts += len(alive)
            for i in alive[1:]:
                diffs[i].append(scores[i] - scores[0])
            done += 1
            if done >= MIN_ROUNDS:
                alive = [0, *(i for i in alive[1:]
                              if i in keep or _in_doubt(diffs[i], self.margin))]
                if len(alive) == 1 or _clear_winner(diffs, alive, self.margin):
                    break
        self.last_rounds = done
        self.last_rollouts = rollouts
        return Search(candidates=cands, diffs=diffs, alive=alive, rounds=done,
                      rollouts=rollouts, cancelled=cancelled)

    def pick(self, found: Search) -> Action:
        """The candidate whose paired gain over the normal choice is largest, if beyond the
        margin and two standard errors; else the normal choice."""
        if found.rounds < 2:
            return found.candidates[0]
        best, best_mean = 0, 0.0
        for i in found.alive[1:]:
            m, se = mean_se(found.diffs[i])
            if m > self.margin and m > 2 * se and m > best_mean:
                best, best_mean = i, m
        return found.candidates[best]

    def plausible(self, view: View, acts: list[Action], default: Action) -> list[Action]:
        """The normal choice, the exit, the normal player's other picks under other noise,
        then others at random: at most `max_candidates`."""
        out = [default]

        def add(a: Action) -> None:
            if a not in out and len(out) < self.max_candidates:
                out.append(a)

        for a in acts:
            if isinstance(a, EXITS):
                add(a)
                break
        for k in range(NOISE_DRAWS):
            add(NormalBot(self.seed * 31 + k + 1).choose(view))
        rest = [a for a in acts if a not in out]
        self.rng.shuffle(rest)
        for a in rest:
            add(a)
        return out

    def _evaluate(self, s: GameState, me: str) -> float:
        return evaluate(s, me)


def mean_se(d: list[float]) -> tuple[float, float]:
    n = len(d)
    mean = sum(d) / n
    if n < 2:
        return mean, float("inf")
    var = sum((y - mean) ** 2 for y in d) / (n - 1)
    return mean, (var / n) ** 0.5


def _in_doubt(d: list[float], margin: float) -> bool:
    """Whether a candidate may still beat the normal choice: not the same in every deal,
    and not clearly short of the margin."""
    if all(y == 0.0 for y in d):
        return False
    mean, se = mean_se(d)
    return mean + 2 * se > margin


def _clear_winner(diffs: dict[int, list[float]], alive: list[int], margin: float) -> bool:
    """One candidate beats the normal choice by the margin beyond doubt, and every other
    candidate beyond doubt too."""
    if len(alive) < 2:
        return False
    stats = {i: mean_se(diffs[i]) for i in alive[1:]}
    best = max(stats, key=lambda i: stats[i][0])
    m, se = stats[best]
    if m - 2 * se <= margin:
        return False
    for i in stats:
        if i == best:
            continue
        d = [x - y for x, y in zip(diffs[best], diffs[i], strict=True)]
        md, sed = mean_se(d)
        if md - 2 * sed <= 0:
            return False
    return True


def evaluate(s: GameState, me: str) -> float:
    """A rollout's end for `me`: its value less the best rival's."""
    made = {} if s.winner else production(s)  # a decided game needs no worth worked out
    need = cards_needed(s)
    return lead(s, me, lambda civ: value(s, civ, made.get(civ, {}), need))


def value(s: GameState, civ: str, made: dict[str, int], need: int) -> float:
    """The planner's worth of a position, with the income of the player's buildings."""
    return position_value(s, civ, need, INCOME_WORTH * threat.income(made))
