"""Ariane: each building in the province of a battle gives her holder's side a bonus:
+1 per city and per caravan, +2 per market and per temple (rulebook, card text). The
overview calls it a defence bonus; the card text does not restrict it, so it applies to
her holder's side in any ground battle, attacking or defending, whoever owns the
buildings. No bonus at sea."""

from __future__ import annotations

from ..rules.common import holds
from ..state import GameState

CARD = "ariane"
HOOKS = ("battle_bonus",)  # the hook points it takes part in
VALUE = {"city": 1, "caravan": 1, "market": 2, "temple": 2}


def battle_bonus(state: GameState, civ: str, area: str, naval: bool) -> int:
    if naval or not holds(state, civ, CARD) or area not in state.provinces:
        return 0
    return sum(VALUE.get(b.kind, 0) for b in state.provinces[area].buildings)
