"""Hanging Gardens: keep two commodity cards at the end of the construction phase."""

from __future__ import annotations

from ..rules.common import holds
from ..state import GameState

CARD = "hanging_gardens"
HOOKS = ("commodities_kept",)  # the hook points it takes part in
WHEN = "it applies when cards are discarded after construction"
KEEP = 2


def commodities_kept(state: GameState, civ: str) -> int:
    return KEEP if holds(state, civ, CARD) else 0
