"""Queen of Sheba: recruit mercenaries. Legions from your reserve may be built, paid as
usual, in any province on the edge of the board, with or without your influence there,
even in another player's province or one at war."""

from __future__ import annotations

from ..actions import Item
from ..data import board
from ..rules.common import holds
from ..state import GameState

CARD = "queen_of_sheba"
HOOKS = ("build_site_exempt", "extra_items")  # the hook points it takes part in
WHEN = "her legions are bought like any legion, in edge provinces"


def _edge(province: str) -> bool:
    p = board.PROVINCES.get(province)
    return p is not None and p.edge


def build_site_exempt(state: GameState, civ: str, item: Item, mode: str) -> bool:
    """In a construction turn, a legion in an edge province skips the influence rules."""
    return (mode == "construction" and item.kind == "legion" and _edge(item.province)
            and holds(state, civ, CARD))


def extra_items(state: GameState, civ: str) -> list[Item]:
    if not holds(state, civ, CARD):
        return []
    return [Item(kind="legion", province=pr) for pr in sorted(board.PROVINCES) if _edge(pr)]
