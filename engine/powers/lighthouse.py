"""Lighthouse: influence markers may go anywhere, not only next to your provinces (the
other placement rules still apply); brings one free influence marker when acquired."""

from __future__ import annotations

from ..events import Event
from ..rules.common import holds
from ..state import FreePlacement, GameState

CARD = "lighthouse"
HOOKS = ("influence_anywhere", "on_acquire")  # the hook points it takes part in
WHEN = "it applies when influence markers are placed"


def influence_anywhere(state: GameState, civ: str) -> bool:
    return holds(state, civ, CARD)


def on_acquire(state: GameState, civ: str, ev: list[Event], free_setup: bool) -> None:
    if not free_setup:
        state.free_placements.append(FreePlacement(civ=civ, item="influence", card=CARD))
