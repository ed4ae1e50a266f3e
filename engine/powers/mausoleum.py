"""Mausoleum: influence markers and buildings cost 1 less (not heroes or wonders)."""

from __future__ import annotations

from ..actions import Item
from ..rules.common import holds
from ..state import GameState

CARD = "mausoleum"
HOOKS = ("reduction",)  # the hook points it takes part in
WHEN = "its reduction applies when influence and buildings are bought"
KINDS = ("influence", "city", "caravan", "temple", "market")
REDUCES = frozenset(KINDS)  # the kinds of item its reduction may apply to


def reduction(state: GameState, civ: str, item: Item) -> tuple[int, str] | None:
    return (1, "") if item.kind in KINDS and holds(state, civ, CARD) else None
