"""Temple of Artemis: once each construction phase, the wonder counts as one commodity of
your choice (one the set lacks) in a set of different commodities; it is not spent.

A payment names it with the key "temple_of_artemis" (engine/rules/payment.py, `WILD`)."""

from __future__ import annotations

from ..events import Event, PowerUsed
from ..rules.common import holds
from ..state import GameState
from .base import mark_used, used

CARD = "temple_of_artemis"
HOOKS = ("wild_commodity", "spend_wild")  # the hook points it takes part in
WHEN = "it counts inside a payment (the key temple_of_artemis)"


def wild_commodity(state: GameState, civ: str) -> bool:
    """May civ count the Temple in a set now?"""
    return state.phase == "construction" and holds(state, civ, CARD) and \
        not used(state, CARD, civ)


def spend_wild(state: GameState, civ: str, ev: list[Event]) -> None:
    mark_used(state, CARD, civ)
    ev.append(PowerUsed(civ=civ, card=CARD, detail="counted as a commodity in a set"))
