"""Spartacus: once each construction phase, in his holder's construction turn, one legion
for one Slaves card, built by the usual rules (not combined with any reduction: it costs
exactly that card). `target`: the province."""

from __future__ import annotations

from ..actions import Item, UsePower
from ..data import board
from ..errors import IllegalAction
from ..events import Event, Paid, PowerUsed
from ..rules.common import holds, player, return_to_bank
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

CARD = "spartacus"
CARD_PAID = "slaves"


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    if not holds(state, civ, CARD) or used(state, CARD, civ) or \
            not in_construction_turn(state, civ, window) or \
            not player(state, civ).hand.get(CARD_PAID):
        return []
    return [UsePower(card=CARD, target=pr) for pr in placeable(state, civ, "legion")]


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    check_holds(state, civ, CARD)
    check_construction_turn(state, civ, CARD, window)
    if used(state, CARD, civ):
        raise refuse(CARD, "Spartacus builds one legion each construction phase")
    if not player(state, civ).hand.get(CARD_PAID):
        raise refuse(CARD, "Spartacus' legion is paid with a Slaves card: you hold none")
    if action.target not in board.PROVINCES:
        raise refuse(CARD, f"Name a land province for Spartacus' legion, not "
                           f"{action.target!r}")
    item = Item(kind="legion", province=action.target)
    try:
        check(state, civ, item, CONSTRUCTION)
    except IllegalAction as e:
        raise refuse(CARD, f"Spartacus' legion cannot go there: {e.reason}") from None
    return_to_bank(state, civ, {CARD_PAID: 1})
    ev.append(Paid(civ=civ, cards={CARD_PAID: 1}))
    mark_used(state, CARD, civ)
    ev.append(PowerUsed(civ=civ, card=CARD,
                        detail=f"a legion in {board.area_name(action.target)}"))
    place(state, civ, item, CONSTRUCTION, ev)
