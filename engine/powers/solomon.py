"""Solomon: +3 toward the Political Leader (rulebook, Effects of the Wonders of the World)."""

from __future__ import annotations

from ..rules.common import holds
from ..state import GameState

CARD = "solomon"
HOOKS = ("role_bonus",)  # the hook points it takes part in
WHEN = "his bonus counts when roles are assigned"
ROLE = "political_leader"
BONUS = 3


def role_bonus(state: GameState, civ: str, role: str) -> int:
    return BONUS if role == ROLE and holds(state, civ, CARD) else 0
