"""Vulcan: destroy one caravan of another player (or of a neutral civilization), anywhere,
at any time his holder decides (as Baal). `target` is the province, `choice` the caravan's
commodity site. Ishtar may cancel it."""

from __future__ import annotations

from ..actions import UsePower
from ..data import board
from ..data.cards import RESOURCE_NAMES
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

CARD = "vulcan"
WINDOWS = (ANY_WINDOW,)  # the reaction windows its power may be used in
FACE_UP_ONLY = True  # its `uses` lists nothing once the god is spent (face down)
KIND = "caravan"


def targets(state: GameState, civ: str) -> list[tuple[str, str]]:
    return others_buildings(state, civ, KIND)


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    if not any_time(state, window) or not god_ready(state, civ, CARD):
        return []
    return [UsePower(card=CARD, target=pr, choice=site) for pr, site in targets(state, civ)]


def _what(pr: str, site: str) -> str:
    return f"the {RESOURCE_NAMES.get(site, site)} caravan in {board.area_name(pr)}"


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    check_god(state, civ, CARD)
    if not any_time(state, window):
        raise refuse(CARD, "Vulcan is not used while roles are assigned")
    pr, site = action.target, action.choice
    if pr not in board.PROVINCES:
        raise refuse(CARD, f"Name the province of the caravan Vulcan destroys, not {pr!r}")
    if find_building(state, pr, KIND, site) is None:
        raise refuse(CARD, f"There is no {RESOURCE_NAMES.get(site, site or 'commodity')} "
                           f"caravan in {board.area_name(pr)}")
    owner = building_controller(state, pr, KIND, site)
    if not other_owner(state, civ, owner):
        raise refuse(CARD, f"{_what(pr, site)} is yours: Vulcan destroys another player's "
                           "caravan")
    spend_god(state, CARD)
    ev.append(PowerUsed(civ=civ, card=CARD, detail=f"aimed at {_what(pr, site)} of {owner}"))
    if aim(state, civ, action, player_target(state, owner), ev):
        return
    resolve(state, civ, action, ev)


def resolve(state: GameState, by: str, action: UsePower, ev: list[Event]) -> None:
    pr, site = action.target, action.choice
    i = find_building(state, pr, KIND, site)
    if i is None:
        return
    owner = building_controller(state, pr, KIND, site)
    destroy_building(state, pr, i)
    ev.append(PowerUsed(civ=by, card=CARD, detail=f"destroyed {_what(pr, site)} of {owner}"))


def cancelled(state: GameState, by: str, action: UsePower, ev: list[Event]) -> None:
    """Ishtar cancelled it: the caravan stands, Vulcan is spent."""
