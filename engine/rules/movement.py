"""Movement in the military phase (rulebook, Military Phase, A) Movement; docs/rules.md,
Military: movement).

Triremes move from port to a sea their province touches, or from a sea to a neighbouring
sea, once per turn (Atlas: twice). Legions and creatures move once per turn, to a land
neighbour or along an unbroken chain of their owner's triremes; fortresses never move.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from operator import attrgetter
from typing import NamedTuple

from ..actions import Move, MoveTrireme
from ..data import board
from ..data.costs import MOBILE_GROUND
from ..errors import IllegalAction
from ..state import GameState, PendingMove, Unit
from .common import ground_owners, unit
from .geography import (
    STRAIT_ENDS,
    chain_seas,
    convoy_path,
    land_steps,
    sea_steps,
    valid_chain,
)
from .hooks import (
    asks_for_units_of,
    can_be_convoyed,
    convoy_extra_seas,
    crosses_straits,
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
_fought = attrgetter("fought")


def choice_ids(units: list[Unit]) -> list[list[int]]:
    """The ids of each of `compositions(units)`, in its order. Most places hold two units,
    or units all alike: their choices are the pair, or the first k of them by id."""
    n = len(units)
    if n < 2:
        return []
    if n == 2:  # one choice of two, whether alike or not
        a, b = units[0].id, units[1].id
        return [[a, b] if a < b else [b, a]]
    first = units[0]
    key = (first.area, first.kind, first.post)
    if all((u.area, u.kind, u.post) == key for u in units):  # one group: its prefixes
        ids = sorted(map(_by_id, units))
        prefixes: list[list[int]] = []  # (a loop: a comprehension is a call)
        for k in range(2, min(n, 255) + 1):  # compositions' cap
            prefixes.append(ids[:k])
        return prefixes
    return [[u.id for u in c] for c in compositions(units)]


class _Block(NamedTuple):
    """What the units of one place may do: their moves, in order, and their part in the
    joint moves (destination, indices of the units going by their own step, of those
    carried)."""

    moves: list[Move]
    joint: list[tuple[str, tuple[int, ...], tuple[int, ...]]]


def _block(state: GameState, civ: str, us: list[Unit], land: dict[int, AbstractSet[str]],
           by_sea: AbstractSet[str], fights: dict[str, bool], convoyable: dict[int, bool],
           choices: Callable[[list[Unit]], list[list[int]]], starts: dict[int, str]) -> _Block:
    dests = sorted(set(by_sea).union(*land.values()))
    some_fought = any(u.fought for u in us)
    moves: list[Move] = []
    joint: list[tuple[str, tuple[int, ...], tuple[int, ...]]] = []
    index = {u.id: i for i, u in enumerate(us)}
    for to in dests:
        if some_fought:
            fight = fights.get(to)
            if fight is None:
                fight = fights[to] = hostile(state, civ, to)
            ready = [u for u in us if not u.fought] if fight else us
        else:
            ready = us
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
        for u in by_land:
            moves.append(Move(units=[u.id], to=to, seas=_NO_SEAS))
        for u in carried:
            moves.append(m := Move(units=[u.id], to=to, seas=_NO_SEAS))
            starts[id(m)] = u.area
        if len(by_land) > 1:
            for ids in choices(by_land):
                moves.append(Move(units=ids, to=to, seas=_NO_SEAS))
        if len(carried) > 1:
            for ids in choices(carried):
                moves.append(m := Move(units=ids, to=to, seas=_NO_SEAS))
                starts[id(m)] = carried[0].area
        if by_land or carried:
            joint.append((to, tuple([index[u.id] for u in by_land]),
                          tuple([index[u.id] for u in carried])))
    return _Block(moves, joint)


def _alike(state: GameState, us: list[Unit], steps: AbstractSet[str],
           by_sea: AbstractSet[str], in_order: tuple[str, ...] | None,
           convoyable: dict[int, bool], out: list[Move], starts: dict[int, str]
           ) -> tuple[AbstractSet[str], list[Unit]]:
    """`_block` of units that have not fought and share their land steps (the one set of
    their place's): where those reach, all go by their own step; elsewhere, those that may
    be carried are. Returns where units are carried, and those units.
    `in_order`: the steps sorted, when no card changed them."""
    # each unit alone, then each choice of several: the units of a move to each
    # destination reached by their own step, in order (shared by the moves: `_NO_SEAS`)
    own: list[list[int]] = []
    for u in us:
        own.append([u.id])
    own += choice_ids(us)  # asked once per place: no need of the listing's memo
    if by_sea and not by_sea <= steps:
        carried: list[Unit] = []
        for u in us:
            ok = convoyable.get(u.id)
            if ok is None:
                ok = convoyable[u.id] = can_be_convoyed(state, u)
            if ok:
                carried.append(u)
        if carried:
            aboard = [u.id for u in carried]
            carried_choices = choice_ids(carried)
            start = us[0].area
            for to in sorted(steps | by_sea):
                if to in steps:
                    out += [Move(units=c, to=to, seas=_NO_SEAS) for c in own]
                    continue
                for i in aboard:
                    out.append(m := Move(units=[i], to=to, seas=_NO_SEAS))
                    starts[id(m)] = start
                for c in carried_choices:
                    out.append(m := Move(units=c, to=to, seas=_NO_SEAS))
                    starts[id(m)] = start
            return by_sea - steps, carried
    add = out.append  # (loops, not a comprehension: a call, and its free names slower)
    for to in (in_order if in_order is not None else sorted(steps)):
        for c in own:
            add(Move(units=c, to=to, seas=_NO_SEAS))
    return _NOWHERE, us


def _movers_and_seas(state: GameState, civ: str) -> tuple[dict[str, list[Unit]], set[str]]:
    """`_movers`, and the seas holding civ's triremes (`trireme_seas`), in one pass."""
    by_origin: dict[str, list[Unit]] = {}
    seas: set[str] = set()
    provinces, at_sea = board.PROVINCES, board.SEAS
    for u in state.units:  # one loop (no list made; a comprehension would be a call)
        if u.owner != civ:
            continue
        kind = u.kind
        if kind == "trireme":
            if u.area in at_sea:
                seas.add(u.area)
        elif not u.moved and kind in MOBILE_GROUND and (
                u.area in provinces or sea_landings(state, u)):  # _origin_ok
            here = by_origin.get(u.area)
            if here is None:
                by_origin[u.area] = [u]
            else:
                here.append(u)
    return by_origin, seas


def _convoy_reach(held: set[str]) -> dict[str, frozenset[str]]:
    """The coastal provinces reached through each held sea: those of its chain (the
    connected held seas), as `chain_seas` reaches them from any coast of the chain."""
    reach: dict[str, frozenset[str]] = {}
    for start in held:
        if start in reach:
            continue
        chain = [start]
        seen = {start}
        for s in chain:  # grows while walked
            for t in board.SEAS[s].neighbour_seas:
                if t in held and t not in seen:
                    seen.add(t)
                    chain.append(t)
        coasts: set[str] = set()
        for s in chain:
            coasts.update(board.SEAS[s].provinces)
        provs = frozenset(coasts)
        for s in chain:
            reach[s] = provs
    return reach


# The board's land steps, looked up once: each province's neighbours as a set, and in
# the order a listing visits destinations (sorted) when no card changes them.
_LAND_SET = {p: frozenset(pr.land_neighbours) for p, pr in board.PROVINCES.items()}
_LAND_SORTED = {p: tuple(sorted(ns)) for p, ns in _LAND_SET.items()}
_NOWHERE: frozenset[str] = frozenset()
# The seas of every listed move (none: the engine finds the chain). A listed move's lists
# are never changed (a declared move copies them), so moves share them: the default `[]`
# would be copied for each move, and the units of a choice for each destination.
_NO_SEAS: list[str] = []

# What a place's units reach, for the joint moves: its origin, the destinations its units
# reach by their own step (all of them going) and those they reach carried (the units
# that may be carried going), or, for a place the general `_block` listed, each
# destination's units by their own step and carried (`joint`). A plain tuple: one is made
# for each place of each listing.
_Place = tuple[str, AbstractSet[str], AbstractSet[str], list[Unit], list[Unit],
               dict[str, tuple[list[Unit], list[Unit]]] | None]


def legal_moves(state: GameState, civ: str) -> list[Move]:
    """One move per unit and destination, and every distinct choice of the unmoved units of
    a place that can go there together (units alike are interchangeable), and, where units
    from several places can reach one province, every choice of them together."""
    return _listing(state, civ, {})[0]


def _listing(state: GameState, civ: str, starts: dict[int, str]
             ) -> tuple[list[Move], dict[str, list[Unit]]]:
    """`legal_moves`, and the units that may move by place; `starts` gets the province
    each move carrying units by triremes starts from (by the id of the move)."""
    out: list[Move] = []
    movers, held = _movers_and_seas(state, civ)
    if not movers:
        return out, movers
    held.update(convoy_extra_seas(state, civ))
    reach = _convoy_reach(held) if held else None
    # the same units usually reach many destinations: their choices, worked out once
    # (the places `_general` lists: most are listed without it)
    known: dict[tuple[int, ...], list[list[int]]] = {}
    # asked once per destination and per unit, not once per origin and destination
    fights: dict[str, bool] = {}
    convoyable: dict[int, bool] = {}
    places: list[_Place] = []
    # the destinations reached so far, and those reached from two places or more: sets
    # met once per place, not a count kept per destination
    seen: set[str] = set()
    shared: set[str] = set()
    # asked once a listing (not remembered), and only if a place is at one end of a strait:
    # elsewhere crossing the straits adds no step
    crossing: bool | None = None
    steps_hooked = asks_for_units_of("ground_steps", civ)  # (all the movers are civ's)
    provinces = board.PROVINCES
    for origin, us in movers.items():
        place: _Place
        # where its units reach by their own step and carried (disjoint sets), or, for a
        # place the general `_block` listed, its joint moves by destination
        joint: dict[str, tuple[list[Unit], list[Unit]]] | None = None
        if origin in board.SEAS:  # a Kraken at sea
            land: dict[int, AbstractSet[str]] = {u.id: set(sea_landings(state, u))
                                                 for u in us}
            place = _general(state, civ, origin, us, land, _NOWHERE, fights, convoyable,
                             known, out, starts)
            own, carried, joint = place[1], place[2], place[5]
        else:
            by_sea: AbstractSet[str] = _NOWHERE
            if reach is not None:
                for s in provinces[origin].seas:
                    got = reach.get(s)
                    if got is not None:
                        by_sea = by_sea | got
                if by_sea:
                    by_sea = by_sea - {origin}
            # land_targets of each unit, the land steps from its place asked once; a card
            # that leaves a unit's steps as they are answers the very list it was given
            crossed = False
            if origin in STRAIT_ENDS:
                if crossing is None:
                    crossing = crosses_straits(state, civ)
                crossed = crossing
            steps: list[str] | None = None  # the board's, unless the straits are crossed
            if crossed:
                steps = land_steps(state, civ, origin)
                own = set(steps)
            else:
                own = _LAND_SET[origin]
            plain = True
            land_of: dict[int, AbstractSet[str]] | None = None  # (made only if needed)
            if steps_hooked:
                land_of = {}
                for u in us:
                    given = list(steps if steps is not None else
                                 provinces[origin].land_neighbours)
                    got_steps = ground_steps(state, u, given)
                    if got_steps is given:
                        land_of[u.id] = own
                    else:
                        land_of[u.id] = set(got_steps)
                        plain = False
            in_order = _LAND_SORTED[origin] if plain and not crossed else None
            if plain and len(us) == 1 and not us[0].fought:
                carried = _lone(state, us[0], origin, own, by_sea, in_order, convoyable,
                                out, starts)
                place = (origin, own, carried, us, us, None)
            elif plain and not any(map(_fought, us)):
                carried, aboard = _alike(state, us, own, by_sea, in_order, convoyable,
                                         out, starts)
                place = (origin, own, carried, us, aboard, None)
            else:  # units that fought, or steps a card changed
                if land_of is None:  # no card could change a unit's steps: its place's
                    land_of = {u.id: own for u in us}
                place = _general(state, civ, origin, us, land_of, by_sea, fights,
                                 convoyable, known, out, starts)
                own, carried, joint = place[1], place[2], place[5]
        places.append(place)
        if joint is None:
            if seen:
                shared |= seen & own
                if carried:
                    shared |= seen & carried
            seen |= own
            if carried:
                seen |= carried
        else:
            if seen:
                shared.update(seen.intersection(joint))
            seen.update(joint)
    if shared:  # from one place only, a destination's moves are listed above
        _shared(sorted(shared), places, out, starts)
    return out, movers


def _general(state: GameState, civ: str, origin: str, us: list[Unit],
             land: dict[int, AbstractSet[str]], by_sea: AbstractSet[str],
             fights: dict[str, bool],
             convoyable: dict[int, bool], known: dict[tuple[int, ...], list[list[int]]],
             out: list[Move], starts: dict[int, str]) -> _Place:
    """`_block`'s moves listed, and its part in the joint moves by destination (`_alike`'s
    when its units have not fought and share their steps)."""
    steps = land[us[0].id]
    if not any(u.fought for u in us) and all(land[u.id] is steps for u in us):
        carried, aboard = _alike(state, us, steps, by_sea, None, convoyable, out, starts)
        return (origin, steps, carried, us, aboard, None)

    def choices(group: list[Unit]) -> list[list[int]]:
        if len(group) < 2:
            return []
        key = tuple([u.id for u in group])
        got = known.get(key)
        if got is None:
            got = known[key] = choice_ids(group)
        return got
    block = _block(state, civ, us, land, by_sea, fights, convoyable, choices, starts)
    out += block.moves
    return (origin, _NOWHERE, _NOWHERE, us, us,
            {to: ([us[i] for i in own_at], [us[i] for i in carried_at])
             for to, own_at, carried_at in block.joint})


def _shared(dests: list[str], places: list[_Place], out: list[Move],
            starts: dict[int, str]) -> None:
    """The joint moves into each of `dests`, reached from two places or more."""
    ids_of: dict[tuple[int, ...], list[list[int]]] = {}  # the same units, several dests
    for to in dests:
        # the places whose units reach it, in the movers' order: the units going by their
        # own step, the places they come from, and the convoys
        mine: list[Unit] = []
        by_land: list[str] = []
        convoys: list[tuple[str, list[Unit]]] = []
        for origin, own, carried, own_units, carried_units, joint in places:
            if joint is not None:
                got = joint.get(to)
                if got is None:
                    continue
                own_units, carried_units = got
                if own_units:
                    mine += own_units
                    by_land.append(origin)
                if carried_units:
                    convoys.append((origin, carried_units))
            elif to in own:
                mine += own_units
                by_land.append(origin)
            elif to in carried:
                convoys.append((origin, carried_units))
        if len(by_land) > 1:
            for c in _joint_ids(ids_of, mine):
                out.append(Move(units=c, to=to, seas=_NO_SEAS))
        # one convoy at most: the units carried by triremes start in one province
        for start, aboard in convoys:
            if len(by_land) + (start not in by_land) < 2:
                continue  # from one place only
            on = set(map(_by_id, aboard))
            for c in _joint_ids(ids_of, mine + aboard):
                out.append(m := Move(units=c, to=to, seas=_NO_SEAS))
                if not on.isdisjoint(c):
                    starts[id(m)] = start


def _lone(state: GameState, u: Unit, origin: str, land: AbstractSet[str],
          by_sea: AbstractSet[str],
          in_order: tuple[str, ...] | None, convoyable: dict[int, bool],
          out: list[Move], starts: dict[int, str]) -> AbstractSet[str]:
    """`_block` of a place holding one unit that has not fought: a move to each destination
    it reaches, by its own step or carried (no choices of several units, no battle that it
    may not enter). `in_order`: its land steps sorted, when no card changed them. Returns
    the destinations it is carried to."""
    uid = u.id
    alone = [uid]  # the units of each of its moves (`_NO_SEAS`: never changed)
    if by_sea and not by_sea <= land:
        ok = convoyable.get(uid)
        if ok is None:
            ok = convoyable[uid] = can_be_convoyed(state, u)
        if ok:
            carried = by_sea - land
            for to in sorted(land | by_sea):
                out.append(m := Move(units=alone, to=to, seas=_NO_SEAS))
                if to in carried:
                    starts[id(m)] = origin
            return carried
        in_order = None
    add = out.append  # (a loop, not a comprehension: see `_alike`)
    for to in (in_order if in_order is not None else sorted(land)):
        add(Move(units=alone, to=to, seas=_NO_SEAS))
    return _NOWHERE


def _joint_ids(known: dict[tuple[int, ...], list[list[int]]], units: list[Unit]
               ) -> list[list[int]]:
    """The choices of units from several places that take units from two places or more
    (once a listing for the same units)."""
    key = tuple(map(_by_id, units))
    got = known.get(key)
    if got is None:
        if len(units) == 2 and units[0].area != units[1].area:  # most: the pair itself
            a, b = key
            got = [[a, b] if a < b else [b, a]]
        else:
            got = several_places_ids(units)
        known[key] = got
    return got


def several_places_ids(units: list[Unit]) -> list[list[int]]:
    """The ids of the choices of `units` from two places or more, in the order of their long
    way (tests/helpers.py `from_several_places`). Most often the units
    are two groups of alike units in two places (one unit joining others): every choice
    then takes some of each, the first group's count varying slowest."""
    first = units[0]
    area, kind, post = first.area, first.kind, first.post
    a: list[int] = []  # the first unit's group, then the other one (one pass: no key made
    b: list[int] = []  # for each unit)
    other: Unit | None = None
    for u in units:
        if u.area == area:
            if u.kind != kind or u.post != post:
                return _several_places_by_ids(units)  # two groups in one place
            a.append(u.id)
        elif other is None:
            other = u
            b.append(u.id)
        elif u.area == other.area and u.kind == other.kind and u.post == other.post:
            b.append(u.id)
        else:
            return _several_places_by_ids(units)  # three groups or more
    if not b or (len(a) + 1) * (len(b) + 1) > 256:  # one place; beyond the long way's cap
        return _several_places_by_ids(units)
    a.sort()
    b.sort()
    if a[0] > b[0]:  # the group of the lowest id comes first
        a, b = b, a
    out: list[list[int]] = []
    for i in range(1, len(a) + 1):
        head = a[:i]
        for j in range(1, len(b) + 1):
            c = head + b[:j]
            c.sort()
            out.append(c)
    return out


def _several_places_by_ids(units: list[Unit], cap: int = 256) -> list[list[int]]:
    """The choices of units from two places or more (their long way: tests/helpers.py
    `from_several_places`), made of ids, not of units sorted by a key for each."""
    groups: dict[tuple[str, str, str], list[int]] = {}
    for u in sorted(units, key=_by_id):
        groups.setdefault((u.area, u.kind, u.post), []).append(u.id)
    bit: dict[str, int] = {}
    if len(groups) == 3:  # most: three groups, within the cap
        got = _three_groups(groups, bit, cap)
        if got is not None:
            return got
    # each choice's ids and the places it draws from (as bits), side by side: each
    # group's prefixes added to every choice so far, none first, up to the cap
    chosen: list[list[int]] = [[]]
    places: list[int] = [0]
    for (area, _, _), g in groups.items():
        b = bit.setdefault(area, 1 << len(bit))
        prefixes = [g[:k] for k in range(1, len(g) + 1)]
        more: list[list[int]] = []
        at: list[int] = []
        for c, was in zip(chosen, places, strict=True):
            more.append(c)
            at.append(was)
            now = was | b
            for p in prefixes:
                more.append(c + p)
                at.append(now)
            if len(more) >= cap:  # the rest would be cut
                break
        chosen, places = more[:cap], at[:cap]
    out: list[list[int]] = []
    for c, was in zip(chosen, places, strict=True):
        if was & (was - 1):  # two places or more
            c.sort()  # (each list is one choice's own: sorted in place)
            out.append(c)
    return out


def _three_groups(groups: dict[tuple[str, str, str], list[int]], bit: dict[str, int],
                  cap: int) -> list[list[int]] | None:
    """`_several_places_by_ids` of three groups whose choices are within the cap (else
    None): each choice made once, from a prefix of each group (none first, the first
    group's varying slowest), only those that draw from two places or more."""
    sides: list[list[tuple[list[int], int]]] = []
    size = 1
    for (area, _, _), g in groups.items():
        b = bit.setdefault(area, 1 << len(bit))
        side = [(_NO_IDS, 0)]  # (a loop: most groups hold one unit or two)
        for k in range(1, len(g)):
            side.append((g[:k], b))
        side.append((g, b))
        sides.append(side)
        size *= len(g) + 1
    if size > cap:
        return None
    first, second, third = sides
    out = [[*x, *y, *z] for x, i in first for y, j in second for z, k in third
           if (w := i | j | k) & (w - 1)]  # two places or more
    for c in out:
        c.sort()
    return out


_NO_IDS: list[int] = []  # no unit of a group (never changed)


# --- the moves a listing offered --------------------------------------------------------------
# The last ground listing made for a GroundTurn prompt: the prompt object, the state's count
# of actions then, the moves, where those carried by triremes start, and the units that
# may move by place. A prompt object stands for one decision: any action taken (a power
# used in the same turn too) counts.
_LISTED: tuple[object, int, list[Move], dict[int, str], dict[str, list[Unit]]] | None = None


def listed_moves(state: GameState, prompt: object, civ: str) -> list[Move]:
    """`legal_moves` for the prompt of `state`, remembered for `listed_move`."""
    global _LISTED
    starts: dict[int, str] = {}
    moves, movers = _listing(state, civ, starts)
    _LISTED = (prompt, state.actions_taken, moves, starts, movers)
    return moves


def listed_move(state: GameState, prompt: object, civ: str, action: Move) -> PendingMove | None:
    """`check_move` of a move that is the very object the last listing for this prompt
    offered, the state unchanged since (no action taken): it is legal, so only what the
    declared move records is worked out (where it starts, the seas of its convoy). None for
    any other move (a move typed or decoded is never one): it goes the long way."""
    got = _LISTED
    if got is None or got[0] is not prompt or got[1] != state.actions_taken:
        return None
    for m in got[2]:
        if m is action:
            break
    else:
        return None
    start = got[3].get(id(action))
    if start is None:  # each unit by its own step: the move starts where its first unit is
        first = action.units[0]  # one of the units the listing found free to move
        for area, us in got[4].items():
            for u in us:
                if u.id == first:
                    return PendingMove(units=list(action.units), origin=area, to=action.to,
                                       seas=[])
        return None
    seas = convoy_path(state, civ, start, action.to, convoy_extra_seas(state, civ))
    if seas is None:
        return None
    return PendingMove(units=list(action.units), origin=start, to=action.to, seas=seas)
