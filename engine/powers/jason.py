"""Jason: once each construction phase, in his holder's construction turn, hijack a caravan
one of his legions occupies and move it to a free commodity site in one of his provinces
(docs/rules.md, Cards); impossible without such a site. The caravan then produces that site's
commodity. `units`: the occupying legion; `target`: the province; `choice`: the site."""

from __future__ import annotations

from ..actions import UsePower
from ..data import board
from ..data.cards import RESOURCE_NAMES
from ..errors import IllegalAction
from ..events import Event, PowerUsed
from ..prompts import ConstructionTurn
from ..rules.common import controlled, free_commodity_sites, holds, unit
from ..state import Building, GameState, Unit
from .base import (
    check_once_in_construction,
    destroy_building,
    find_building,
    in_construction_turn,
    mark_used,
    refuse,
    used,
)

CARD = "jason"
HOOKS = ("uses", "use")  # the hook points it takes part in
WINDOWS = ()  # the reaction windows its power may be used in: none
DECISIONS = (ConstructionTurn,)  # the only decisions of its holder's it answers in


def _hijackers(state: GameState, civ: str) -> list[Unit]:
    return [u for u in state.units if u.owner == civ and u.kind == "legion"
            and u.post.startswith("caravan:") and find_building(
                state, u.area, "caravan", u.post.split(":", 1)[1]) is not None]


def _sites(state: GameState, civ: str, u: Unit) -> list[tuple[str, str]]:
    site = u.post.split(":", 1)[1]
    return [(pr, s) for pr in controlled(state, civ) for s in free_commodity_sites(state, pr)
            if not (pr == u.area and s == site)]


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    if not holds(state, civ, CARD) or used(state, CARD, civ) or \
            not in_construction_turn(state, civ, window):
        return []
    return [UsePower(card=CARD, units=[u.id], target=pr, choice=s)
            for u in _hijackers(state, civ) for pr, s in _sites(state, civ, u)]


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    check_once_in_construction(state, civ, CARD, window,
                               "Jason hijacks one caravan each construction phase")
    if len(action.units) != 1:
        raise refuse(CARD, "Name the one legion of yours that occupies the caravan")
    try:
        u = unit(state, action.units[0])
    except IllegalAction:
        raise refuse(CARD, f"There is no unit {action.units[0]}") from None
    if u.owner != civ or u.kind != "legion" or u not in _hijackers(state, civ):
        raise refuse(CARD, f"Unit {u.id} is not a legion of yours occupying a caravan")
    dest, site = action.target, action.choice
    if dest not in board.PROVINCES or state.provinces[dest].influence != civ:
        raise refuse(CARD, "The hijacked caravan goes to one of your provinces")
    if (dest, site) not in _sites(state, civ, u):
        free = ", ".join(free_commodity_sites(state, dest)) or "none"
        raise refuse(CARD, f"{board.area_name(dest)} has no free "
                           f"{RESOURCE_NAMES.get(site, site or 'commodity')} site "
                           f"(free: {free})")
    origin = u.area
    old = u.post.split(":", 1)[1]
    i = find_building(state, origin, "caravan", old)
    assert i is not None
    destroy_building(state, origin, i)
    state.provinces[dest].buildings.append(Building(kind="caravan", site=site))
    mark_used(state, CARD, civ)
    ev.append(PowerUsed(civ=civ, card=CARD, detail=(
        f"hijacked the {RESOURCE_NAMES.get(old, old)} caravan of {board.area_name(origin)} "
        f"to the {RESOURCE_NAMES.get(site, site)} site of {board.area_name(dest)}")))
