"""Statue of Zeus: two fortresses of yours per province instead of one; brings one free
fortress when acquired (not in the free setup, where no wonder is bought)."""

from __future__ import annotations

from ..events import Event
from ..rules.common import holds
from ..state import FreePlacement, GameState

CARD = "statue_of_zeus"
HOOKS = ("fortress_limit", "on_acquire")  # the hook points it takes part in
WHEN = "it applies when fortresses are built"


def fortress_limit(state: GameState, civ: str) -> int:
    return 2 if holds(state, civ, CARD) else 1


def on_acquire(state: GameState, civ: str, ev: list[Event], free_setup: bool) -> None:
    if not free_setup:
        state.free_placements.append(FreePlacement(civ=civ, item="fortress", card=CARD))
