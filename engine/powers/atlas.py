"""Atlas (Atlantis): triremes cost 2. Their second sea move is the military phase's
(`trireme_moves` in engine/powers/__init__.py)."""

from __future__ import annotations

from ..actions import Item
from ..rules.common import holds
from ..state import GameState

CARD = "atlas"
WHEN = "his reduction applies when triremes are bought"


def reduction(state: GameState, civ: str, item: Item) -> tuple[int, str] | None:
    return (1, "") if item.kind == "trireme" and holds(state, civ, CARD) else None
