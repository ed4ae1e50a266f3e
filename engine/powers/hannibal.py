"""Hannibal (Carthage): one free legion in Carthago when acquired (also at the setup:
rulebook, Free Setup). His +1 per die is the military phase's (`die_bonus`)."""

from __future__ import annotations

from ..events import Event
from ..state import FreePlacement, GameState

CARD = "hannibal"
WHEN = "his legion comes when he is acquired"


def on_acquire(state: GameState, civ: str, ev: list[Event], free_setup: bool) -> None:
    state.free_placements.append(
        FreePlacement(civ=civ, item="legion", card=CARD, province="carthago"))
