"""Atlas (Atlantis): triremes cost 2, and each makes two sea moves in its owner's naval
step."""

from __future__ import annotations

from ..actions import Item
from ..rules.common import holds
from ..state import GameState

CARD = "atlas"
HOOKS = ("trireme_moves", "reduction")  # the hook points it takes part in
WHEN = "his reduction applies when triremes are bought"
REDUCES = frozenset({"trireme"})  # the kinds of item its reduction may apply to


def trireme_moves(state: GameState, civ: str) -> int:
    return 2 if holds(state, civ, CARD) else 1


def reduction(state: GameState, civ: str, item: Item) -> tuple[int, str] | None:
    return (1, "") if item.kind == "trireme" and holds(state, civ, CARD) else None
