"""Croesus: build in a province in the turn you place its influence marker, and there pay 1
less for one item of each kind (rulebook Q&A: building 2 caravans and 3 legions there, 1
caravan and 1 legion are reduced). Not added to other reductions (the best one counts)."""

from __future__ import annotations

from ..actions import Item
from ..data.costs import BUILDINGS, MILITARY
from ..rules.common import holds
from ..state import GameState

CARD = "croesus"
HOOKS = ("may_build_new_province", "reduction")  # the hook points it takes part in
WHEN = "he applies when you build in a province you have just influenced"
# the kinds of item his reduction may apply to: what is built in a province
REDUCES = frozenset((*BUILDINGS, *MILITARY))


def may_build_new_province(state: GameState, civ: str, province: str) -> bool:
    """civ placed influence in the province in this construction phase and holds Croesus."""
    return (holds(state, civ, CARD) and province in state.construction.new_influence
            and state.provinces[province].influence == civ)


def reduction(state: GameState, civ: str, item: Item) -> tuple[int, str] | None:
    if item.kind in ("card", "influence") or not item.province or \
            item.province not in state.provinces:
        return None
    if not may_build_new_province(state, civ, item.province):
        return None
    return (1, f"{CARD}:{civ}:{item.province}:{item.kind}")
