"""Spartacus: once each construction phase, in his holder's construction turn, one legion
for one Slaves card, built by the usual rules (not combined with any reduction: it costs
exactly that card). `target`: the province."""

from __future__ import annotations

from ..actions import Item, UsePower
from ..data import board
from ..events import Event, Paid, PowerUsed
from ..prompts import ConstructionTurn
from ..rules.common import holds, player, return_to_bank
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

CARD = "spartacus"
WINDOWS = ()  # the reaction windows its power may be used in: none
DECISIONS = (ConstructionTurn,)  # the only decisions of its holder's it answers in
CARD_PAID = "slaves"


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    if not holds(state, civ, CARD) or used(state, CARD, civ) or \
            not player(state, civ).hand.get(CARD_PAID):
        return []
    return construction_uses(state, civ, CARD, window, "legion")


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    check_once_in_construction(state, civ, CARD, window,
                               "Spartacus builds one legion each construction phase")
    if not player(state, civ).hand.get(CARD_PAID):
        raise refuse(CARD, "Spartacus' legion is paid with a Slaves card: you hold none")
    if action.target not in board.PROVINCES:
        raise refuse(CARD, f"Name a land province for Spartacus' legion, not "
                           f"{action.target!r}")
    item = Item(kind="legion", province=action.target)
    check_site(state, civ, CARD, item, "Spartacus' legion")
    return_to_bank(state, civ, {CARD_PAID: 1})
    ev.append(Paid(civ=civ, cards={CARD_PAID: 1}))
    mark_used(state, CARD, civ)
    ev.append(PowerUsed(civ=civ, card=CARD,
                        detail=f"a legion in {board.area_name(action.target)}"))
    place(state, civ, item, CONSTRUCTION, ev)
