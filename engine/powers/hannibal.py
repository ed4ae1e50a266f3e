"""Hannibal (Carthage): one free legion in Carthago when acquired (also at the setup:
rulebook, Free Setup). He adds 1 to each die his holder's legions roll."""

from __future__ import annotations

from ..events import Event
from ..rules.common import holds
from ..state import FreePlacement, GameState

CARD = "hannibal"
HOOKS = ("die_bonus", "on_acquire")  # the hook points it takes part in
WHEN = "his legion comes when he is acquired"


def die_bonus(state: GameState, civ: str, naval: bool) -> int:
    return 1 if not naval and holds(state, civ, CARD) else 0


def on_acquire(state: GameState, civ: str, ev: list[Event], free_setup: bool) -> None:
    state.free_placements.append(
        FreePlacement(civ=civ, item="legion", card=CARD, province="carthago"))
