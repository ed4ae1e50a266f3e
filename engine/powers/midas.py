"""Midas: in combat, attacking or defending, pay 2 tax cards to the bank to turn one
opponent's legion into one of your own (rulebook, card text); the new legion comes from
the reserve, so one must be left there, but there is no province or influence condition
(Q&A). Ruled: used in the reaction window before the dice of a ground battle its holder
fights, as often as he pays (2 tax each); the legion taken is one without a post first and
goes back to its owner's reserve, the new one fights on his side. One UsePower per
battle."""

from __future__ import annotations

from ..actions import UsePower
from ..events import Event, Paid
from ..rules.common import holds, player, reserve, return_to_bank
from ..state import GameState
from .base import check_holds, refuse
from .helen_of_troy import enemy_legions, fighting, swap_legion

CARD = "midas"
HOOKS = ("uses", "use")  # the hook points it takes part in
WINDOWS = ("before_battle",)  # the reaction windows its power may be used in
IN_WINDOWS_ONLY = True  # asked in those windows alone, in none of its holder's decisions
PRICE = 2


def _why_not(state: GameState, civ: str, window: str) -> str:
    b = fighting(state, civ, window)
    if b is None:
        return "Midas is used before the dice of a ground battle you fight"
    if not enemy_legions(state, b, civ):
        return "There is no enemy legion in this battle"
    if reserve(state, civ, "legion") <= 0:
        return "Midas needs a legion in your reserve (rulebook Q&A)"
    if player(state, civ).hand.get("tax", 0) < PRICE:
        return "Midas costs 2 tax cards"
    return ""


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    if not holds(state, civ, CARD) or _why_not(state, civ, window):
        return []
    return [UsePower(card=CARD, choice="tax=2")]


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    check_holds(state, civ, CARD)
    why = _why_not(state, civ, window)
    if why:
        raise refuse(CARD, why)
    return_to_bank(state, civ, {"tax": PRICE})
    ev.append(Paid(civ=civ, cards={"tax": PRICE}))
    b = state.military.battle
    assert b is not None  # _why_not found the battle
    swap_legion(state, b, civ, CARD, ev)
