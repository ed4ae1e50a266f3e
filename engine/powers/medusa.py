"""Medusa: once per turn (round), prohibit all combat in a single province where her holder
has units, announced before the dice are thrown (rulebook, card text). Used in the reaction
window before a battle's dice in that area (`target`); the battle is not fought, nor any
other battle there for the rest of the turn (its units count as having fought, so the area
stays at war). Any area counts, a sea included."""

from __future__ import annotations

from ..actions import UsePower
from ..data import board
from ..events import Event, PowerUsed
from ..rules.combat import cancel_battle
from ..rules.common import holds, units_in
from ..state import Battle, GameState
from .base import battle_in_window, check_holds, mark_used, refuse, used

CARD = "medusa"
HOOKS = ("battle_forbidden", "uses", "use")  # the hook points it takes part in
WINDOW = "before_battle"
WINDOWS = (WINDOW,)  # the reaction windows its power may be used in
IN_WINDOWS_ONLY = True  # asked in those windows alone, in none of its holder's decisions
WHEN = "before the dice of a battle in an area where her holder has units"


def _key(area: str) -> str:
    return f"{CARD}@{area}"


def battle_forbidden(state: GameState, area: str) -> bool:
    """Has Medusa forbidden combat in this area this turn?"""
    return _key(area) in state.used_powers


def _battle(state: GameState, window: str) -> Battle | None:
    return battle_in_window(state, window) if window == WINDOW else None


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    b = _battle(state, window)
    if b is None or not holds(state, civ, CARD) or used(state, CARD, civ) or \
            not units_in(state, b.area, civ):
        return []
    return [UsePower(card=CARD, target=b.area)]


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    check_holds(state, civ, CARD)
    if used(state, CARD, civ):
        raise refuse(CARD, "Medusa forbids combat once per turn: used already")
    b = _battle(state, window)
    if b is None:
        raise refuse(CARD, f"Medusa is used {WHEN}")
    if action.target != b.area:
        raise refuse(CARD, f"Medusa forbids combat where the battle is: {b.area}")
    if not units_in(state, b.area, civ):
        raise refuse(CARD, f"You have no units in {board.area_name(b.area)}: Medusa forbids "
                           "combat only where you have units")
    mark_used(state, CARD, civ)
    state.used_powers.append(_key(b.area))
    ev.append(PowerUsed(civ=civ, card=CARD,
                        detail=f"no combat in {board.area_name(b.area)} this turn"))
    cancel_battle(state, ev)
