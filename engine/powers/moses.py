"""Moses: +2 toward the High Priest (rulebook, Effects of the Mythological Heroes).

His passage through the straits is part of the geography (engine/rules/geography.py,
`land_steps`), which movement and influence placement both use."""

from __future__ import annotations

from ..rules.common import holds
from ..state import GameState

CARD = "moses"
WHEN = "his bonus counts when roles are assigned"
ROLE = "high_priest"
BONUS = 2


def role_bonus(state: GameState, civ: str, role: str) -> int:
    return BONUS if role == ROLE and holds(state, civ, CARD) else 0
