"""The random player: uniform over the legal actions of its prompt."""

from __future__ import annotations

from ..actions import Action
from ..game import legal_actions
from ..rng import Rng, seed_state
from ..view import View


class RandomBot:
    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed_state(seed ^ 0x5EED))

    def choose(self, view: View) -> Action:
        return self.pick(legal_actions(view.state))

    def pick(self, legal: list[Action]) -> Action:
        return legal[self.rng.below(len(legal))]
