"""Movement in the military phase (rulebook, Military Phase, A) Movement; docs/rules.md,
Military: movement).

Triremes move from port to a sea their province touches, or from a sea to a neighbouring
sea, once per turn (Atlas: twice). Legions and creatures move once per turn, to a land
neighbour or along an unbroken chain of their owner's triremes; fortresses never move.
"""

from __future__ import annotations

from ..actions import Move, MoveTrireme
from ..data import board
from ..data.costs import MOBILE_GROUND
from ..errors import IllegalAction
from ..state import GameState, PendingMove, Unit
from .common import ground_owners, unit
from .geography import (
    chain_seas,
    convoy_path,
    land_steps,
    sea_steps,
    valid_chain,
)
from .hooks import (
    can_be_convoyed,
    convoy_extra_seas,
    ground_steps,
    sea_landings,
)

R_NAVAL = "Military Phase, A) Movement, 1. Naval Movement"
R_GROUND = "Military Phase, A) Movement, 3. Legion Movement"
R_ONCE = "Military: movement: each unit moves once and fights once per turn"
R_CREATURES = "Military Phase, A) Movement, 4. note: the Kraken and the Griffon cannot be convoyed"
R_KRAKEN = "Kraken: card text"


def _name(area: str) -> str:
    return board.area_name(area) if area in board.PROVINCES or area in board.SEAS else area


# --- triremes -----------------------------------------------------------------------------
def trireme_destinations(u: Unit) -> list[str]:
    """From port: the seas the province touches. At sea: the neighbouring seas."""
    return sea_steps(u.area)


def check_trireme_move(state: GameState, civ: str, action: MoveTrireme) -> Unit:
    u = unit(state, action.unit)
    if u.owner != civ:
        raise IllegalAction(f"Unit {u.id} is not yours", R_NAVAL)
    if u.kind != "trireme":
        raise IllegalAction(f"Unit {u.id} is a {u.kind}: only triremes move in the naval step",
                            R_NAVAL)
    if u.moves_left <= 0:
        if u.moved and u.fought:
            raise IllegalAction("This trireme fought after its first move: it cannot move again",
                                "Atlas: a trireme that fights after its 1st move stops")
        raise IllegalAction("This trireme has made its move this turn", R_ONCE)
    dest = trireme_destinations(u)
    if action.to not in dest:
        where = "in port" if u.area in board.PROVINCES else "at sea"
        raise IllegalAction(
            f"A trireme {where} in {_name(u.area)} moves to "
            f"{', '.join(_name(s) for s in dest) or 'nowhere'}, not {_name(action.to)}",
            R_NAVAL)
    return u


# --- ground units -------------------------------------------------------------------------
def land_targets(state: GameState, u: Unit) -> list[str]:
    """Where a legion or creature can go without triremes (a card may open the straits)."""
    return ground_steps(state, u, land_steps(state, u.owner, u.area))


def convoy_targets(state: GameState, civ: str, origin: str) -> set[str]:
    """Coastal provinces reached from origin along a chain of civ's triremes."""
    reached = chain_seas(state, civ, [origin], convoy_extra_seas(state, civ))
    out: set[str] = set()
    for s in reached:
        out.update(board.SEAS[s].provinces)
    out.discard(origin)
    return out


def hostile(state: GameState, civ: str, province: str) -> bool:
    """Does the province hold another civ's ground units (triremes in port do not count)?"""
    return any(o != civ for o in ground_owners(state, province))


def _origin_ok(state: GameState, u: Unit) -> bool:
    """A ground unit moves from a land province, or from a sea if it is a Kraken there."""
    return u.area in board.PROVINCES or bool(sea_landings(state, u))


def check_move(state: GameState, civ: str, action: Move) -> PendingMove:
    """Validate a ground move; returns it as declared (with the chain of seas it uses).

    The units of one move enter the same province together and fight there as one army;
    they may come from different places, each by its own step (a land border, a Kraken
    landing from its sea, a Griffon's flight), but those carried by triremes all start in
    one province, since a convoy is one chain of seas (docs/rules.md, Military: movement; our
    decision, so that an attack by land and by sea is one battle, as in the rulebook's combat
    example).
    """
    if not action.units:
        raise IllegalAction("Name the units to move", R_GROUND)
    if len(set(action.units)) != len(action.units):
        raise IllegalAction("A unit is named twice", R_GROUND)
    wanted = set(action.units)
    found = {u.id: u for u in state.units if u.id in wanted}  # looked up at once
    us = [found[i] if i in found else unit(state, i) for i in action.units]
    for u in us:
        if u.owner != civ:
            raise IllegalAction(f"Unit {u.id} is not yours", R_GROUND)
        if u.kind == "fortress":
            raise IllegalAction("A fortress may never be moved", "Construction Cost Chart: Fortress")
        if u.kind not in MOBILE_GROUND:
            raise IllegalAction("Triremes move in the naval step", R_NAVAL)
        if not _origin_ok(state, u):
            raise IllegalAction(f"Unit {u.id} is not on a land province", R_GROUND)
        if u.moved:
            raise IllegalAction(f"Unit {u.id} has moved already this turn", R_ONCE)
    to = action.to
    if to not in board.PROVINCES:
        raise IllegalAction(f"{_name(to)} is not a land province", R_GROUND)
    if any(u.area == to for u in us):
        raise IllegalAction("The units are in that province already", R_GROUND)
    swimmers = [u for u in us if u.area in board.SEAS]
    for u in swimmers:
        if to not in sea_landings(state, u):
            raise IllegalAction(f"From {_name(u.area)} a Kraken lands on a coast of that sea, "
                                f"not on {_name(to)}", R_KRAKEN)
    walkers = [u for u in us if u.area in board.PROVINCES]
    seas = list(action.seas)
    if seas:
        carried = walkers
    else:  # land_targets of each, the land steps from a place asked once
        steps: dict[str, list[str]] = {}
        carried = []
        for u in walkers:
            here = steps.get(u.area)
            if here is None:
                here = steps[u.area] = land_steps(state, u.owner, u.area)
            if to not in ground_steps(state, u, list(here)):
                carried.append(u)
    origin = carried[0].area if carried else us[0].area
    if len({u.area for u in carried}) > 1:
        raise IllegalAction("Units carried by triremes in one move start in the same "
                            "province (one chain of seas)", R_GROUND)
    if carried:
        extra = convoy_extra_seas(state, civ)
        if seas:
            if not valid_chain(state, civ, origin, to, seas, extra):
                raise IllegalAction(
                    f"{' - '.join(_name(s) for s in seas)} is not an unbroken chain of your "
                    f"own triremes from {_name(origin)} to {_name(to)}",
                    R_GROUND + ": through a chain of Triremes")
        else:
            path = convoy_path(state, civ, origin, to, extra)
            if path is None:
                raise IllegalAction(
                    f"{_name(to)} is not next to {_name(origin)}, and no chain of your "
                    "triremes joins them (other players' triremes do not carry your units)",
                    R_GROUND)
            seas = path
        for u in carried:
            if not can_be_convoyed(state, u):
                raise IllegalAction("This creature cannot be carried by triremes", R_CREATURES)
    if any(u.fought for u in us) and hostile(state, civ, to):
        raise IllegalAction("Units that have fought this turn cannot attack again", R_ONCE)
    return PendingMove(units=list(action.units), origin=origin, to=to, seas=seas)


def _movers(state: GameState, civ: str) -> dict[str, list[Unit]]:
    """civ's legions and creatures that may still move, by where they stand."""
    by_origin: dict[str, list[Unit]] = {}
    for u in state.units:
        if u.owner == civ and u.kind in MOBILE_GROUND and not u.moved and _origin_ok(state, u):
            by_origin.setdefault(u.area, []).append(u)
    return by_origin
