"""Hammurabi (Babylon): once each construction phase, in his holder's construction turn,
one influence marker for free, placed by the usual rules (next to his provinces, from his
reserve; also to complete a conversion, whose marker it pays for). `target`: the province."""

from __future__ import annotations

from ..actions import Item, UsePower
from ..data import board
from ..errors import IllegalAction
from ..events import Event, PowerUsed
from ..rules.common import holds
from ..rules.construction import placeable
from ..rules.placement import CONSTRUCTION, check, place
from ..state import GameState
from .base import (
    check_construction_turn,
    check_holds,
    in_construction_turn,
    mark_used,
    refuse,
    used,
)

CARD = "hammurabi"


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    if not holds(state, civ, CARD) or used(state, CARD, civ) or \
            not in_construction_turn(state, civ, window):
        return []
    return [UsePower(card=CARD, target=pr) for pr in placeable(state, civ, "influence")]


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    check_holds(state, civ, CARD)
    check_construction_turn(state, civ, CARD, window)
    if used(state, CARD, civ):
        raise refuse(CARD, "Hammurabi's free influence marker comes once each construction "
                           "phase")
    if action.target not in board.PROVINCES:
        raise refuse(CARD, f"Name a land province for Hammurabi's marker, not "
                           f"{action.target!r}")
    item = Item(kind="influence", province=action.target)
    try:
        check(state, civ, item, CONSTRUCTION)
    except IllegalAction as e:
        raise refuse(CARD, f"Hammurabi's marker cannot go there: {e.reason}") from None
    mark_used(state, CARD, civ)
    ev.append(PowerUsed(civ=civ, card=CARD,
                        detail=f"free influence in {board.area_name(action.target)}"))
    place(state, civ, item, CONSTRUCTION, ev, free=True)
