"""Movement in the military phase (rulebook, Military Phase, A) Movement; base-game.md 6).

Triremes move from port to a sea their province touches, or from a sea to a neighbouring
sea, once per turn (Atlas: twice). Legions and creatures move once per turn, to a land
neighbour or along an unbroken chain of their owner's triremes; fortresses never move.
"""

from __future__ import annotations

from operator import attrgetter

from ..actions import Move, MoveTrireme
from ..data import board
from ..data.costs import MOBILE_GROUND
from ..errors import IllegalAction
from ..state import GameState, PendingMove, Unit
from .common import ground_owners, unit
from .geography import chain_seas, convoy_path, land_steps, sea_steps, valid_chain
from .hooks import can_be_convoyed, convoy_extra_seas, ground_steps, sea_landings

R_NAVAL = "Military Phase, A) Movement, 1. Naval Movement"
R_GROUND = "Military Phase, A) Movement, 3. Legion Movement"
R_ONCE = "base-game.md 6: each unit moves once and fights once per turn"
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


def legal_trireme_moves(state: GameState, civ: str) -> list[MoveTrireme]:
    return [MoveTrireme(unit=u.id, to=s) for u in state.units
            if u.owner == civ and u.kind == "trireme" and u.moves_left > 0
            for s in trireme_destinations(u)]


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
    one province, since a convoy is one chain of seas (base-game.md 6; our decision, so
    that an attack by land and by sea is one battle, as in the rulebook's combat example).
    """
    if not action.units:
        raise IllegalAction("Name the units to move", R_GROUND)
    if len(set(action.units)) != len(action.units):
        raise IllegalAction("A unit is named twice", R_GROUND)
    us = [unit(state, i) for i in action.units]
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
    carried = walkers if seas else [u for u in walkers if to not in land_targets(state, u)]
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
    if hostile(state, civ, to) and any(u.fought for u in us):
        raise IllegalAction("Units that have fought this turn cannot attack again", R_ONCE)
    return PendingMove(units=list(action.units), origin=origin, to=to, seas=seas)


def _movers(state: GameState, civ: str) -> dict[str, list[Unit]]:
    """civ's legions and creatures that may still move, by where they stand."""
    by_origin: dict[str, list[Unit]] = {}
    for u in state.units:
        if u.owner == civ and u.kind in MOBILE_GROUND and not u.moved and _origin_ok(state, u):
            by_origin.setdefault(u.area, []).append(u)
    return by_origin


def compositions(units: list[Unit], cap: int = 256) -> list[list[Unit]]:
    """Every distinct choice of units among `units`, two or more of them: for each group of
    alike units (same place, kind and post) none, some or all, the lowest ids first. Alike
    units make the same move, so one choice stands for all its equals. At most `cap`."""
    if len(units) < 2:  # no choice of two
        return []
    groups: dict[tuple[str, str, str], list[Unit]] = {}
    for u in sorted(units, key=_by_id):
        groups.setdefault((u.area, u.kind, u.post), []).append(u)
    choices: list[list[Unit]] = [[]]
    for g in groups.values():
        choices = [c + g[:k] for c in choices for k in range(len(g) + 1)][:cap]
    return [sorted(c, key=_by_id) for c in choices if len(c) > 1]


_by_id = attrgetter("id")


def _one_unit(state: GameState, civ: str, origin: str, u: Unit, land: set[str],
              by_sea: set[str], dests: list[str], fights: dict[str, bool],
              convoyable: dict[int, bool],
              joint: dict[str, tuple[list[Unit], dict[str, list[Unit]]]],
              out: list[Move]) -> None:
    """`legal_moves` for the single unit of a place: its moves, and its part in the joint
    moves (the same as the general loop's, without the groups it cannot form)."""
    for to in dests:
        if u.fought:
            fight = fights.get(to)
            if fight is None:
                fight = fights[to] = hostile(state, civ, to)
            if fight:
                continue  # it cannot attack again
        if to in land:
            out.append(Move(units=[u.id], to=to))
            joint.setdefault(to, ([], {}))[0].append(u)
        elif to in by_sea:
            ok = convoyable.get(u.id)
            if ok is None:
                ok = convoyable[u.id] = can_be_convoyed(state, u)
            if ok:
                out.append(Move(units=[u.id], to=to))
                joint.setdefault(to, ([], {}))[1][origin] = [u]


def legal_moves(state: GameState, civ: str) -> list[Move]:
    """One move per unit and destination, and every distinct choice of the unmoved units of
    a place that can go there together (units alike are interchangeable), and, where units
    from several places can reach one province, every choice of them together."""
    out: list[Move] = []
    # destination -> (units reaching it by their own step, carried units by origin)
    joint: dict[str, tuple[list[Unit], dict[str, list[Unit]]]] = {}
    # the same units usually reach many destinations: their choices, worked out once
    known: dict[tuple[int, ...], list[list[int]]] = {}

    def choices(group: list[Unit]) -> list[list[int]]:
        if len(group) < 2:
            return []
        key = tuple([u.id for u in group])
        got = known.get(key)
        if got is None:
            got = known[key] = [[u.id for u in c] for c in compositions(group)]
        return got

    # asked once per destination and per unit, not once per origin and destination
    fights: dict[str, bool] = {}
    convoyable: dict[int, bool] = {}
    for origin, us in _movers(state, civ).items():
        if origin in board.SEAS:
            land = {u.id: set(sea_landings(state, u)) for u in us}
            by_sea: set[str] = set()
        else:  # land_targets of each unit, the land steps from its place asked once
            steps = land_steps(state, civ, origin)
            land = {u.id: set(ground_steps(state, u, list(steps))) for u in us}
            by_sea = convoy_targets(state, civ, origin)
        dests = set(by_sea).union(*land.values())
        if len(us) == 1:  # one unit: the loop below without its choices of several
            _one_unit(state, civ, origin, us[0], land[us[0].id], by_sea, sorted(dests),
                      fights, convoyable, joint, out)
            continue
        for to in sorted(dests):
            fight = fights.get(to)
            if fight is None:
                fight = fights[to] = hostile(state, civ, to)
            ready = [u for u in us if not u.fought] if fight else us
            by_land = [u for u in ready if to in land[u.id]]
            carried = []
            if to in by_sea:  # a unit is carried where its own step does not reach
                for u in ready:
                    if to not in land[u.id]:
                        ok = convoyable.get(u.id)
                        if ok is None:
                            ok = convoyable[u.id] = can_be_convoyed(state, u)
                        if ok:
                            carried.append(u)
            for u in by_land + carried:
                out.append(Move(units=[u.id], to=to))
            for group in (by_land, carried):
                for ids in choices(group):
                    out.append(Move(units=list(ids), to=to))
            if by_land or carried:
                own, convoys = joint.setdefault(to, ([], {}))
                own.extend(by_land)
                if carried:
                    convoys[origin] = carried
    for to, (own, convoys) in sorted(joint.items()):
        # one convoy at most: the units carried by triremes start in one province
        for carried in [[], *convoys.values()]:
            if len({u.area for u in own} | {u.area for u in carried}) < 2:
                continue  # from one place only: those moves are listed above
            for c in compositions(own + carried):
                if len({u.area for u in c}) > 1:
                    out.append(Move(units=[u.id for u in c], to=to))
    return out
