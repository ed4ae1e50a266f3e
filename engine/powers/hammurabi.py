"""Hammurabi (Babylon): once each construction phase, in his holder's construction turn,
one influence marker for free, placed by the usual rules (next to his provinces, from his
reserve; also to complete a conversion, whose marker it pays for). `target`: the province."""

from __future__ import annotations

from ..actions import Item, UsePower
from ..data import board
from ..events import Event, PowerUsed
from ..prompts import ConstructionTurn
from ..rules.common import holds
from ..rules.placement import CONSTRUCTION, place
from ..state import GameState
from .base import (
    check_once_in_construction,
    check_site,
    construction_uses,
    mark_used,
    refuse,
    used,
)

CARD = "hammurabi"
WINDOWS = ()  # the reaction windows its power may be used in: none
DECISIONS = (ConstructionTurn,)  # the only decisions of its holder's it answers in


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    if not holds(state, civ, CARD) or used(state, CARD, civ):
        return []
    return construction_uses(state, civ, CARD, window, "influence")


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    check_once_in_construction(state, civ, CARD, window, "Hammurabi's free influence marker "
                               "comes once each construction phase")
    if action.target not in board.PROVINCES:
        raise refuse(CARD, f"Name a land province for Hammurabi's marker, not "
                           f"{action.target!r}")
    item = Item(kind="influence", province=action.target)
    check_site(state, civ, CARD, item, "Hammurabi's marker")
    mark_used(state, CARD, civ)
    ev.append(PowerUsed(civ=civ, card=CARD,
                        detail=f"free influence in {board.area_name(action.target)}"))
    place(state, civ, item, CONSTRUCTION, ev, free=True)
