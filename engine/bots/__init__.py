"""Computer players. Each works from `view(state, seat)` only: what its seat may see.

    bot = make_bot("greedy", seed=7)
    action = bot.choose(view(state, seat))
"""

from __future__ import annotations

from typing import Protocol

from ..actions import Action
from ..view import View


class Bot(Protocol):
    level: str

    def choose(self, view: View) -> Action: ...


LEVELS: tuple[str, ...] = ("random", "greedy", "planner")


def make_bot(level: str, seed: int = 0, budget: float = 1.0) -> Bot:
    """A computer player; `budget` is the planner's time per decision, in seconds."""
    if level == "random":
        from .random_bot import RandomBot
        return RandomBot(seed)
    if level == "greedy":
        from .greedy import GreedyBot
        return GreedyBot(seed)
    if level == "planner":
        from .planner import PlannerBot
        return PlannerBot(seed, budget=budget)
    raise ValueError(f"unknown computer player level {level!r} (choose from {', '.join(LEVELS)})")
