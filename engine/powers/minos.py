"""Minos: on islands, one item of each kind each turn costs 1 less (influence markers
included: placing one is building on the island). Not added to other reductions."""

from __future__ import annotations

from ..actions import Item
from ..data import board
from ..data.costs import BUILDINGS, MILITARY
from ..rules.common import holds
from ..state import GameState

CARD = "minos"
HOOKS = ("reduction",)  # the hook points it takes part in
WHEN = "his reduction applies when you build on islands"
# the kinds of item his reduction may apply to: all placed on an island
REDUCES = frozenset(("influence", *BUILDINGS, *MILITARY))


def reduction(state: GameState, civ: str, item: Item) -> tuple[int, str] | None:
    p = board.PROVINCES.get(item.province)
    if item.kind == "card" or p is None or not p.island or not holds(state, civ, CARD):
        return None
    return (1, f"{CARD}:{civ}:{item.kind}")
