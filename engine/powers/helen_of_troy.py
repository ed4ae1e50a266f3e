"""Helen of Troy: once per military phase, before the dice of a battle in a province
carrying her holder's influence marker, replace one enemy legion there with a legion from
his reserve (docs/rules.md, Cards). Ruled: her holder fights that battle; the legion replaced is
one of his opponent's in it (it goes back to its owner's reserve, not lost in combat), and
his new legion fights on his side. Used in the reaction window before the dice; one
UsePower per battle (the legion taken is one without a post first)."""

from __future__ import annotations

from ..actions import UsePower
from ..data import board
from ..events import Event, PowerUsed
from ..rules.combat import fighters
from ..rules.common import holds, new_unit, remove_unit, reserve
from ..state import Battle, GameState, Unit
from .base import battle_in_window, check_holds, mark_used, refuse, used

CARD = "helen_of_troy"
HOOKS = ("uses", "use")  # the hook points it takes part in
WINDOW = "before_battle"
WINDOWS = (WINDOW,)  # the reaction windows its power may be used in
IN_WINDOWS_ONLY = True  # asked in those windows alone, in none of its holder's decisions


def fighting(state: GameState, civ: str, window: str) -> Battle | None:
    """The ground battle about to be rolled in which civ fights, or None (a Titan attack is
    not a battle the legions fight in)."""
    b = battle_in_window(state, window, civ, ground=True) if window == WINDOW else None
    return None if b is None or b.ranged else b


def enemy_legions(state: GameState, b: Battle, civ: str) -> list[Unit]:
    enemy = b.defender if civ == b.attacker else b.attacker
    return sorted((u for u in fighters(state, b, enemy) if u.kind == "legion"),
                  key=lambda u: (bool(u.post), u.id))


def swap_legion(state: GameState, b: Battle, civ: str, card: str, ev: list[Event]) -> None:
    """Replace the first enemy legion of the battle with one of civ's from his reserve."""
    old = enemy_legions(state, b, civ)[0]
    owner = old.owner
    remove_unit(state, old)
    u = new_unit(state, civ, "legion", b.area)
    (b.attacker_units if civ == b.attacker else b.defender_units).append(u.id)
    ev.append(PowerUsed(civ=civ, card=card, detail=f"a legion of {owner} in "
                                                   f"{board.area_name(b.area)} is now his"))


def _why_not(state: GameState, civ: str, window: str) -> str:
    b = fighting(state, civ, window)
    if b is None:
        return "Helen of Troy is used before the dice of a ground battle you fight"
    if used(state, CARD, civ):
        return "Helen of Troy is used once per military phase: used already"
    if state.provinces.get(b.area) is None or state.provinces[b.area].influence != civ:
        return f"{board.area_name(b.area)} does not carry your influence marker"
    if not enemy_legions(state, b, civ):
        return "There is no enemy legion in this battle"
    if reserve(state, civ, "legion") <= 0:
        return "You have no legion left in your reserve"
    return ""


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    if not holds(state, civ, CARD) or _why_not(state, civ, window):
        return []
    b = state.military.battle
    assert b is not None  # _why_not found the battle
    return [UsePower(card=CARD, target=b.area)]


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    check_holds(state, civ, CARD)
    why = _why_not(state, civ, window)
    if why:
        raise refuse(CARD, why)
    mark_used(state, CARD, civ)
    b = state.military.battle
    assert b is not None  # _why_not found the battle
    swap_legion(state, b, civ, CARD, ev)
