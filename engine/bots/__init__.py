"""Computer players. Each works from `view(state, seat)` only: what its seat may see.

    bot = make_bot("normal", seed=7)
    action = bot.choose(view(state, seat))

A player picks one of `PICKABLE` (easy, normal, hard), each described in `DESCRIPTIONS`.
The older levels stay in `LEVELS` under their names, so saved seats and records made with
them keep working: random, greedy (the one-step racer the example saves were made with)
and planner (look-ahead over greedy play).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..actions import Action
from ..view import View

if TYPE_CHECKING:  # the hint and the review (imported when first asked for: they are heavy)
    from ..record import GameRecord
    from .advice import Advice as Advice
    from .review import Judgement as Judgement
    from .review import Review as Review


class Bot(Protocol):
    level: str

    def choose(self, view: View) -> Action: ...


class Picker(Bot, Protocol):
    """A computer player whose choice depends on its legal actions alone (random). The
    match may hand it those, listed on the match's own state, and build no view: a seat's
    options are its own to see (tests/test_picker.py checks that a listing on the view is
    the same), so nothing secret reaches it. It answers the number of its choice in the
    list, which it leaves as it is: the match plays the very object listed there, which
    needs no check (engine.match)."""

    def pick_index(self, legal: Sequence[Action]) -> int: ...


PICKABLE: tuple[str, ...] = ("easy", "normal", "hard")
LEVELS: tuple[str, ...] = (*PICKABLE, "random", "greedy", "planner")
DEFAULT_LEVEL = "normal"  # the computer players of a new game unless the player picks others

DESCRIPTIONS: dict[str, str] = {
    "easy": "Plays the normal plans carelessly and never teams up against the leader.",
    "normal": "Builds, trades for its sets, buys gods when worth it, and gangs up on "
              "whoever is one step from victory.",
    "hard": "Plays like normal but looks ahead, trying its options in simulated games "
            "within a time budget per decision.",
    "random": "Any legal move at random.",
    "greedy": "The old one-step racer: builds and buys heroes, never uses gods or stops "
              "a leader.",
    "planner": "Looks ahead over greedy play within a time budget.",
}

# Levels that deliberate (take their budget's time): a screen may show them thinking.
THINKING: frozenset[str] = frozenset({"hard", "planner"})


def make_bot(level: str, seed: int = 0, budget: float = 1.0) -> Bot:
    """A computer player; `budget` is the time per decision of the levels that look
    ahead (hard, planner), in seconds."""
    if level == "random":
        from .random_bot import RandomBot
        return RandomBot(seed)
    if level == "greedy":
        from .greedy import GreedyBot
        return GreedyBot(seed)
    if level == "easy":
        from .easy import EasyBot
        return EasyBot(seed)
    if level == "normal":
        from .normal import NormalBot
        return NormalBot(seed)
    if level == "hard":
        from .hard import HardBot
        return HardBot(seed, budget=budget)
    if level == "planner":
        from .planner import PlannerBot
        return PlannerBot(seed, budget=budget)
    raise ValueError(f"unknown computer player level {level!r} (choose from {', '.join(LEVELS)})")


# --- the hard player's advice: the hint and the review (docs/bots.md) ---------------------------
def advise(view: View, budget: float = 1.0, rounds: int | None = None,
           between: Callable[[int], bool] | None = None) -> Advice:
    """What the hard player would do at the seat's decision, its alternatives and why
    (`engine.bots.advice.advise`)."""
    from .advice import advise as advise_
    return advise_(view, budget=budget, rounds=rounds, between=between)


REVIEW_BUDGET = 0.25  # the hard player's seconds per decision: a game's review in a minute or two


def __getattr__(name: str) -> Any:
    """The advice's and the review's types, imported when first named (a protocol that
    carries them names them when it loads; a local game that never asks does not)."""
    if name == "Advice":
        from .advice import Advice
        return Advice
    if name in ("Review", "Judgement"):
        from . import review
        return getattr(review, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def review_decisions(record: GameRecord, civ: str, budget: float = REVIEW_BUDGET,
                     rounds: int | None = None,
                     progress: Callable[[int, int], None] | None = None,
                     cancelled: Callable[[], bool] | None = None) -> Review | None:
    """The hard player's judgement of every decision of `civ` (`engine.bots.review.review`;
    not named `review`, which is the module's name)."""
    from .review import review as review_
    return review_(record, civ, budget=budget, rounds=rounds, progress=progress,
                   cancelled=cancelled)


def swings(found: Review, n: int = 5) -> list[Judgement]:
    """The review's biggest swings, biggest first."""
    from .review import swings as swings_
    return swings_(found, n)

