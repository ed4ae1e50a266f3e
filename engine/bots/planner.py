"""The planner and the hard level: look ahead by determinized Monte Carlo rollouts.

The same search serves both: the planner plays like the greedy player by default and in
its rollouts, hard like the normal player (`policy`).

For a decision with two or more legal actions it takes a few candidates (the policy
player's choice, the way out of the decision, and a sample of the others), then, until its
time budget runs out, repeats rounds of:

1. deal the unknown parts of the game (other hands, face-down offers, the set-aside pile,
   the dice) consistently with what its seat sees (`determinize`);
2. for every candidate, on a copy of that same deal: play the candidate, then let policy
   players play on for a few dozen decisions (the same seeds for every candidate, so the
   candidates are compared on equal luck), and score the position reached.

It plays the candidate with the best mean score, keeping the policy's choice unless another
one is clearly better. It reads only the View it is given.

    bot = PlannerBot(seed=7, budget=1.0)  # seconds per decision
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..actions import Action, EndConstruction, EndMilitary, EndNaval, EndSetupRound, Pass
from ..data.cards import is_hero_or_wonder
from ..errors import IllegalAction
from ..events import Event
from ..game import clone, legal_actions
from ..prompts import ChooseLosses, GiveBalancingCard, NamePlayer
from ..rng import Rng, seed_state
from ..rules.flow import advance
from ..rules.registry import HANDLERS
from ..rules.victory import cards_needed
from ..state import GameState
from ..view import View
from .determinize import determinize
from .greedy import GreedyBot, _set_potential
from .normal import RIVALRY, NormalBot
from .values import UNIT_STRENGTH

EXITS = (Pass, EndConstruction, EndMilitary, EndNaval, EndSetupRound)
QUICK = (NamePlayer, GiveBalancingCard, ChooseLosses)  # decisions the greedy answer is good enough for
WIN = 10_000.0
HARD_RIVALRY = RIVALRY  # its own seat: as hostile to a leader as the normal players
HARD_GOD_MARGIN = 0.0  # and as ready to buy gods


class PlannerBot:
    def __init__(self, seed: int = 0, budget: float = 1.0, depth: int = 24,
                 candidates: int = 4, margin: float = 1.0, policy: str = "greedy",
                 clock: Callable[[], float] = time.perf_counter) -> None:
        """`policy`: who it plays like by default and in its rollouts ("greedy" for the
        planner level, "normal" for hard). `clock` measures the budget (a test passes one
        it controls)."""
        self.clock = clock
        self.level = "hard" if policy == "normal" else "planner"
        self.policy: type[GreedyBot] = NormalBot if policy == "normal" else GreedyBot
        self.seed = seed
        self.rng = Rng(seed_state(seed ^ 0x914E))
        self.budget = budget
        self.depth = depth
        self.max_candidates = candidates
        self.margin = margin
        # hard may play its own seat otherwise than the normal players it expects (HARD_*)
        self.greedy = NormalBot(seed, rivalry=HARD_RIVALRY, god_margin=HARD_GOD_MARGIN) \
            if policy == "normal" \
            else GreedyBot(seed)
        self.last_rounds = 0  # rollout rounds of the last decision (for reports)
        self.last_rollouts = 0  # and rollouts played

    # ----------------------------------------------------------------------------------
    def choose(self, view: View) -> Action:
        return self.plan(view)

    def plan(self, view: View, rounds: int | None = None) -> Action:
        """The decision; by the time budget, or (for tests) by a fixed number of rounds."""
        start = self.clock()
        deadline = start + self.budget
        if rounds is not None:
            deadline = float("inf")
        acts = legal_actions(view.state)
        self.last_rounds = 0
        if len(acts) == 1:
            return acts[0]
        default = self.greedy.choose(view)
        if isinstance(view.state.prompt, QUICK) or (self.budget <= 0 and rounds is None):
            return default
        cands = self._candidates(acts, default)
        if len(cands) == 1:
            return cands[0]
        prompt = view.state.prompt
        assert prompt is not None  # a decision is pending: it has legal actions
        me = view.civ or prompt.civ
        diffs: list[list[float]] = []
        wanted, rounds = rounds, 0
        # A round costs about one rollout per candidate: stop when another would overrun.
        round_cost = 0.0
        hard = start + 1.6 * self.budget if wanted is None else float("inf")
        while wanted is None or rounds < wanted:
            now = self.clock()
            if now + round_cost > deadline:
                break
            base = determinize(view, self.rng)
            roll_seed = self.rng.below(1 << 30)
            scores: list[float] = []
            for a in cands:
                score = self._rollout(clone(base), a, me, roll_seed, hard)
                if score is None:
                    break
                scores.append(score)
            if len(scores) < len(cands):
                break
            diffs.append(scores)
            rounds += 1
            round_cost = (self.clock() - start) / rounds
        self.last_rounds = rounds
        self.last_rollouts = rounds * len(cands)
        if rounds < 2:
            return default
        # Paired differences against the greedy choice (same deal, same seeds): deviate
        # only when a candidate is better by a margin and by two standard errors.
        best, best_diff = 0, 0.0
        for i in range(1, len(cands)):
            d = [x[i] - x[0] for x in diffs]
            mean = sum(d) / rounds
            var = sum((y - mean) ** 2 for y in d) / (rounds - 1)
            se = (var / rounds) ** 0.5
            if mean > self.margin and mean > 2 * se and mean > best_diff:
                best, best_diff = i, mean
        return cands[best]

    def _candidates(self, acts: list[Action], default: Action) -> list[Action]:
        others = [a for a in acts if a != default]
        if len(others) + 1 <= self.max_candidates:
            return [default, *others]
        picked = [a for a in others if isinstance(a, EXITS)][:1]
        rest = [a for a in others if a not in picked]
        self.rng.shuffle(rest)
        return [default, *picked, *rest[: self.max_candidates - 1 - len(picked)]]

    # ----------------------------------------------------------------------------------
    def _rollout(self, s: GameState, action: Action, me: str, seed: int,
                 hard_deadline: float) -> float | None:
        """Play `action`, then greedy players for `depth` decisions; the score for `me`.
        None if the hard deadline passed (the round is dropped)."""
        if not _step(s, action):
            return -WIN
        bots: dict[str, GreedyBot] = {}
        for _ in range(self.depth):
            if s.phase == "over" or s.prompt is None:
                break
            if self.clock() > hard_deadline:
                return None
            civ = s.prompt.civ
            bot = bots.get(civ)
            if bot is None:
                bot = bots[civ] = self.policy(seed + len(bots))
            v = View(seat=None, civ=civ, state=s, hand_sizes={}, offer_sizes={},
                     acquired_sizes={}, set_aside=0)
            if not _step(s, bot.choose(v)):
                break
        return self._evaluate(s, me)

    def _evaluate(self, s: GameState, me: str) -> float:
        return evaluate(s, me)


def _step(s: GameState, action: Action) -> bool:
    """apply() without its defensive copy (the rollout state is ours to spoil)."""
    prompt = s.prompt
    if prompt is None or s.phase == "over":
        return False
    ev: list[Event] = []
    try:
        HANDLERS[type(prompt)](s, prompt, action, ev)
        s.actions_taken += 1
        advance(s, ev)
    except IllegalAction:
        return False
    return True


def evaluate(s: GameState, me: str) -> float:
    """A position's worth for `me`: its own value less the best rival's."""
    need = cards_needed(s)
    return lead(s, me, lambda civ: position_value(s, civ, need))


def lead(s: GameState, me: str, worth: Callable[[str], float]) -> float:
    """`me`'s worth less the best rival's (each player's by `worth`); a won game is
    worth WIN to its winner and -WIN to the others."""
    if s.winner:
        return WIN if s.winner == me else -WIN
    values = {p.civ: worth(p.civ) for p in s.players}
    mine = values.pop(me)
    return mine - max(values.values(), default=0.0)


# The named terms of a position's worth (`position_terms`), in the order they are added.
TERMS: tuple[str, ...] = ("heroes", "last_step", "set", "income", "provinces", "buildings",
                          "armies", "roles", "gods")


def position_value(s: GameState, civ: str, need: int, income: float = 0.0) -> float:
    """What a player has toward victory: heroes and wonders (most of all the last but one),
    its hand toward a set, `income` (the hard level's worth of its buildings' production),
    provinces and buildings, armies, roles and gods (the sum of `position_terms`)."""
    return sum(position_terms(s, civ, need, income).values())


def position_terms(s: GameState, civ: str, need: int, income: float = 0.0) -> dict[str, float]:
    """`position_value` term by term (`TERMS`): what the hint and the review explain."""
    p = next(p for p in s.players if p.civ == civ)
    held = sum(1 for c in p.cards if is_hero_or_wonder(c))
    provinces = buildings = 0.0
    for ps in s.provinces.values():
        if ps.influence == civ:
            provinces += 4.0
            for b in ps.buildings:
                buildings += 6.0 if b.kind in ("caravan", "city") else 4.0
    return {
        "heroes": 60.0 * held,
        "last_step": 40.0 if held == need - 1 else 0.0,
        "set": 2.0 * _set_potential(p.hand),
        "income": income,
        "provinces": provinces,
        "buildings": buildings,
        "armies": sum(0.8 * UNIT_STRENGTH.get(u.kind, 0) for u in s.units
                      if u.owner == civ and u.area),
        "roles": 3.0 * sum(1 for h in s.roles.values() if h == civ),
        "gods": 3.0 * sum(1 for h in s.gods.values() if h == civ),
    }
