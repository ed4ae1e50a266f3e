"""Gilgamesh: a free fortress in a province when you place your influence marker there
(by the usual fortress rules: lost if it cannot be placed)."""

from __future__ import annotations

from ..events import Event
from ..rules.common import holds
from ..state import FreePlacement, GameState

CARD = "gilgamesh"
HOOKS = ("placement_bound", "on_influence")  # the hook points it takes part in
WHEN = "his fortress comes when you place an influence marker"


def placement_bound(state: GameState, fp: FreePlacement) -> bool:
    """His fortress goes to the province of the marker, or is lost."""
    return fp.card == CARD


def on_influence(state: GameState, civ: str, province: str, mode: str,
                 ev: list[Event]) -> None:
    if mode != "setup" and holds(state, civ, CARD):
        state.free_placements.append(
            FreePlacement(civ=civ, item="fortress", card=CARD, province=province))
