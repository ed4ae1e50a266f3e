"""Behemoth (Carthage's creature): the fortresses and creatures on the other side of its
battle roll a die instead of counting an automatic 6 (rulebook, creature text); a second
Behemoth adds nothing."""

from __future__ import annotations

from ..data.cards import CIV_CREATURE
from ..state import GameState, Unit

CARD = "behemoth"
HOOKS = ("loses_automatic_six",)  # the hook points it takes part in
WHEN = "it counts when the dice of its battle are rolled"


def is_behemoth(u: Unit) -> bool:
    return u.kind == "creature" and CIV_CREATURE.get(u.owner) == CARD


def loses_automatic_six(state: GameState, unit: Unit, enemy_units: list[Unit]) -> bool:
    return unit.kind in ("fortress", "creature") and any(is_behemoth(e) for e in enemy_units)
