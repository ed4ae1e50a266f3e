"""The easy player: the normal player's plans, carelessly played. Now and then it makes
any legal choice at all, and it never teams up against the player about to win."""

from __future__ import annotations

from ..actions import Action
from ..game import legal_actions
from ..view import View
from .normal import NormalBot

CARELESS = 250  # per mille of its real choices made at random


class EasyBot(NormalBot):
    level = "easy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, gang_up=False)

    def choose(self, view: View) -> Action:
        acts = legal_actions(view.state)
        if len(acts) > 1 and self.rng.below(1000) < CARELESS:
            return acts[self.rng.below(len(acts))]
        return super().choose(view)
