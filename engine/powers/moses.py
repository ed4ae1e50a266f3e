"""Moses: +2 toward the High Priest (rulebook, Effects of the Mythological Heroes).

His holder crosses the straits as land steps (`crosses_straits`, used by the geography's
`land_steps` in both movement and influence placement)."""

from __future__ import annotations

from ..rules.common import holds
from ..state import GameState

CARD = "moses"
HOOKS = ("crosses_straits", "role_bonus")  # the hook points it takes part in
WHEN = "his bonus counts when roles are assigned"
ROLE = "high_priest"
BONUS = 2


def crosses_straits(state: GameState, civ: str) -> bool:
    return holds(state, civ, CARD)


def role_bonus(state: GameState, civ: str, role: str) -> int:
    return BONUS if role == ROLE and holds(state, civ, CARD) else 0
