"""The random player: uniform over the legal actions of its prompt."""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action
from ..game import legal_actions
from ..rng import Draws, seed_state
from ..view import View


class RandomBot:
    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Draws(seed_state(seed ^ 0x5EED))

    def choose(self, view: View) -> Action:
        legal = legal_actions(view.state)
        return legal[self.pick_index(legal)]

    def pick_index(self, legal: Sequence[Action]) -> int:
        return self.rng.below(len(legal))
