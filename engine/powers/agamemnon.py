"""Agamemnon: +3 toward the Director of Commerce (rulebook, Effects of the General Heroes)."""

from __future__ import annotations

from ..rules.common import holds
from ..state import GameState

CARD = "agamemnon"
HOOKS = ("role_bonus",)  # the hook points it takes part in
WHEN = "his bonus counts when roles are assigned"
ROLE = "director_of_commerce"
BONUS = 3


def role_bonus(state: GameState, civ: str, role: str) -> int:
    return BONUS if role == ROLE and holds(state, civ, CARD) else 0
