"""Julius Caesar (Rome): legions cost 2 (rulebook, Effects of the Civilization Specific
Heroes; no longer fortresses)."""

from __future__ import annotations

from ..actions import Item
from ..rules.common import holds
from ..state import GameState

CARD = "julius_caesar"
HOOKS = ("reduction",)  # the hook points it takes part in
WHEN = "his reduction applies when legions are bought"
REDUCES = frozenset({"legion"})  # the kinds of item his reduction may apply to


def reduction(state: GameState, civ: str, item: Item) -> tuple[int, str] | None:
    return (1, "") if item.kind == "legion" and holds(state, civ, CARD) else None
