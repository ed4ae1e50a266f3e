"""Achilles: after a successful combat, sack one building per military unit present
(rulebook, card text). When his holder conquers a province by sacking, after a battle
there this turn (one of his units there has fought), he may sack more buildings, up to
one per ground unit of his in the province (legions, creatures, fortresses), each asked as
another conquest choice (sack, or pass to stop). Sacking an undefended province is one
building, as usual."""

from __future__ import annotations

from ..rules.common import ground_units_in, holds
from ..state import GameState

CARD = "achilles"
HOOKS = ("extra_sacks",)  # the hook points it takes part in


def extra_sacks(state: GameState, civ: str, province: str) -> int:
    if not holds(state, civ, CARD):
        return 0
    units = ground_units_in(state, province, civ)
    if not any(u.fought for u in units):
        return 0
    return max(0, len(units) - 1)
