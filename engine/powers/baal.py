"""Baal: destroy one city of another player (or of a neutral civilization), anywhere,
at any time his holder decides: in any of his decisions or in a reaction window, except
while roles are assigned (docs/rules.md, Powers and reactions). The token goes back to the supply,
so the holder may build a city with it at once (rulebook Q&A). Ishtar may cancel it."""

from __future__ import annotations

from ..actions import UsePower
from ..data import board
from ..events import Event, PowerUsed
from ..rules.common import building_controller
from ..state import GameState
from .base import (
    ANY_WINDOW,
    any_time,
    check_god,
    destroy_building,
    find_building,
    god_ready,
    other_owner,
    others_buildings,
    player_target,
    refuse,
    spend_god,
)
from .ishtar import aim

CARD = "baal"
WINDOWS = (ANY_WINDOW,)  # the reaction windows its power may be used in
FACE_UP_ONLY = True  # its `uses` lists nothing once the god is spent (face down)
KIND = "city"


def targets(state: GameState, civ: str) -> list[str]:
    """Provinces with a city controlled by someone other than civ."""
    return [pr for pr, _ in others_buildings(state, civ, KIND)]


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    if not any_time(state, window) or not god_ready(state, civ, CARD):
        return []
    return [UsePower(card=CARD, target=pr) for pr in targets(state, civ)]


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    check_god(state, civ, CARD)
    if not any_time(state, window):
        raise refuse(CARD, "Baal is not used while roles are assigned")
    pr = action.target
    if pr not in board.PROVINCES:
        raise refuse(CARD, f"Name the province of the city Baal destroys, not {pr!r}")
    if find_building(state, pr, KIND) is None:
        raise refuse(CARD, f"There is no city in {board.area_name(pr)}")
    owner = building_controller(state, pr, KIND, "")
    if not other_owner(state, civ, owner):
        raise refuse(CARD, f"The city of {board.area_name(pr)} is yours: Baal destroys "
                           "another player's city")
    spend_god(state, CARD)
    ev.append(PowerUsed(civ=civ, card=CARD,
                        detail=f"aimed at the city of {owner} in {board.area_name(pr)}"))
    if aim(state, civ, action, player_target(state, owner), ev):
        return
    resolve(state, civ, action, ev)


def resolve(state: GameState, by: str, action: UsePower, ev: list[Event]) -> None:
    pr = action.target
    i = find_building(state, pr, KIND)
    if i is None:
        return
    owner = building_controller(state, pr, KIND, "")
    destroy_building(state, pr, i)
    ev.append(PowerUsed(civ=by, card=CARD,
                        detail=f"destroyed the city of {owner} in {board.area_name(pr)}"))


def cancelled(state: GameState, by: str, action: UsePower, ev: list[Event]) -> None:
    """Ishtar cancelled it: the city stands, Baal is spent."""
