"""Movement in the military phase (rulebook, Military Phase, A) Movement; base-game.md 6).

Triremes move from port to a sea their province touches, or from a sea to a neighbouring
sea, once per turn (Atlas: twice). Legions and creatures move once per turn, to a land
neighbour or along an unbroken chain of their owner's triremes; fortresses never move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
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


def legal_trireme_moves(state: GameState, civ: str,
                        units: list[Unit] | None = None) -> list[MoveTrireme]:
    """civ's trireme moves; `units`: some of the state's units, in its order, holding all
    civ's triremes (picked by the caller), else all."""
    return [MoveTrireme(unit=u.id, to=s) for u in (state.units if units is None else units)
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
        ids = sorted([u.id for u in units])
        return [ids[:k] for k in range(2, min(n, 255) + 1)]  # compositions' cap
    return [[u.id for u in c] for c in compositions(units)]


def _from_several_places(units: list[Unit], cap: int = 256) -> list[list[Unit]]:
    """The `compositions` of `units` that take units from two places or more, in the same
    order: each choice carries the places it draws from as bits, instead of a set of its
    units' places made for each."""
    groups: dict[tuple[str, str, str], list[Unit]] = {}
    for u in sorted(units, key=_by_id):
        groups.setdefault((u.area, u.kind, u.post), []).append(u)
    bit: dict[str, int] = {}
    choices: list[tuple[list[Unit], int]] = [([], 0)]
    for (area, _, _), g in groups.items():
        b = bit.setdefault(area, 1 << len(bit))
        choices = [(c + g[:k], places | b if k else places)
                   for c, places in choices for k in range(len(g) + 1)][:cap]
    return [sorted(c, key=_by_id) for c, places in choices if places & (places - 1)]


class _Block(NamedTuple):
    """What the units of one place may do: their moves, in order, and their part in the
    joint moves (destination, indices of the units going by their own step, of those
    carried)."""

    moves: list[Move]
    joint: list[tuple[str, tuple[int, ...], tuple[int, ...]]]


def _block(state: GameState, civ: str, us: list[Unit], land: dict[int, AbstractSet[str]],
           by_sea: set[str], fights: dict[str, bool], convoyable: dict[int, bool],
           choices: Callable[[list[Unit]], list[list[int]]], starts: dict[int, str]) -> _Block:
    dests = sorted(set(by_sea).union(*land.values()))
    some_fought = any(u.fought for u in us)
    steps = land[us[0].id]
    if not some_fought and all(land[u.id] is steps for u in us):
        return _alike(state, us, steps, by_sea, dests, convoyable, starts)
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
            moves.append(Move(units=[u.id], to=to))
        for u in carried:
            moves.append(m := Move(units=[u.id], to=to))
            starts[id(m)] = u.area
        if len(by_land) > 1:
            for ids in choices(by_land):
                moves.append(Move(units=list(ids), to=to))
        if len(carried) > 1:
            for ids in choices(carried):
                moves.append(m := Move(units=list(ids), to=to))
                starts[id(m)] = carried[0].area
        if by_land or carried:
            joint.append((to, tuple([index[u.id] for u in by_land]),
                          tuple([index[u.id] for u in carried])))
    return _Block(moves, joint)


def _alike(state: GameState, us: list[Unit], steps: AbstractSet[str], by_sea: set[str],
           dests: list[str], convoyable: dict[int, bool], starts: dict[int, str]) -> _Block:
    """`_block` of units that have not fought and share their land steps (the one set of
    their place's): where those reach, all go by their own step; elsewhere, those that may
    be carried are."""
    moves: list[Move] = []
    joint: list[tuple[str, tuple[int, ...], tuple[int, ...]]] = []
    own_choices = choice_ids(us)  # asked once per place: no need of the listing's memo
    everyone = tuple(range(len(us)))
    carried: list[Unit] | None = None  # worked out at the first destination by sea only
    carried_choices: list[list[int]] = []
    carried_at: tuple[int, ...] = ()
    for to in dests:
        if to in steps:
            for u in us:
                moves.append(Move(units=[u.id], to=to))
            for ids in own_choices:
                moves.append(Move(units=list(ids), to=to))
            joint.append((to, everyone, ()))
            continue
        if carried is None:
            carried = []
            at: list[int] = []
            for i, u in enumerate(us):
                ok = convoyable.get(u.id)
                if ok is None:
                    ok = convoyable[u.id] = can_be_convoyed(state, u)
                if ok:
                    carried.append(u)
                    at.append(i)
            carried_choices = choice_ids(carried)
            carried_at = tuple(at)
        if not carried:
            continue
        start = us[0].area
        for u in carried:
            moves.append(m := Move(units=[u.id], to=to))
            starts[id(m)] = start
        for ids in carried_choices:
            moves.append(m := Move(units=list(ids), to=to))
            starts[id(m)] = start
        joint.append((to, (), carried_at))
    return _Block(moves, joint)


def _movers_and_seas(state: GameState, civ: str) -> tuple[dict[str, list[Unit]], set[str]]:
    """`_movers`, and the seas holding civ's triremes (`trireme_seas`), in one pass."""
    by_origin: dict[str, list[Unit]] = {}
    seas: set[str] = set()
    provinces, at_sea = board.PROVINCES, board.SEAS
    for u in [u for u in state.units if u.owner == civ]:  # a comprehension: the fast pass
        kind = u.kind
        if kind in MOBILE_GROUND:
            if not u.moved and (u.area in provinces or sea_landings(state, u)):  # _origin_ok
                by_origin.setdefault(u.area, []).append(u)
        elif kind == "trireme" and u.area in at_sea:
            seas.add(u.area)
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
        provs = frozenset(p for s in chain for p in board.SEAS[s].provinces)
        for s in chain:
            reach[s] = provs
    return reach


# The board's land steps, looked up once: each province's neighbours as a set, and in
# the order a listing visits destinations (sorted) when no card changes them.
_LAND_SET = {p: frozenset(pr.land_neighbours) for p, pr in board.PROVINCES.items()}
_LAND_SORTED = {p: tuple(sorted(ns)) for p, ns in _LAND_SET.items()}
# a lone unit's part in a joint move: going by its own step, or carried by triremes
_OWN: tuple[tuple[int, ...], tuple[int, ...]] = ((0,), ())
_CARRIED: tuple[tuple[int, ...], tuple[int, ...]] = ((), (0,))


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
    # the joint moves of one set of units into one province, worked out once a listing
    joints: dict[tuple[str, tuple[int, ...]], list[Move]] = {}
    reach = _convoy_reach(held) if held else None
    # the same units usually reach many destinations: their choices, worked out once
    known: dict[tuple[int, ...], list[list[int]]] = {}

    def choices(group: list[Unit]) -> list[list[int]]:
        if len(group) < 2:
            return []
        key = tuple([u.id for u in group])
        got = known.get(key)
        if got is None:
            got = known[key] = choice_ids(group)
        return got

    # asked once per destination and per unit, not once per origin and destination
    fights: dict[str, bool] = {}
    convoyable: dict[int, bool] = {}
    # destination -> the places whose units reach it, with their blocks' parts
    reached: dict[str, list[tuple[str, list[Unit], tuple[int, ...], tuple[int, ...]]]] = {}
    # asked once a listing (not remembered), and only if a place is at one end of a strait:
    # elsewhere crossing the straits adds no step
    crossing: bool | None = None
    steps_hooked = asks_for_units_of("ground_steps", civ)  # (all the movers are civ's)
    provinces = board.PROVINCES
    for origin, us in movers.items():
        if origin in board.SEAS:  # a Kraken at sea
            land: dict[int, AbstractSet[str]] = {u.id: set(sea_landings(state, u))
                                                 for u in us}
            block = _block(state, civ, us, land, set(), fights, convoyable, choices,
                           starts)
        else:
            by_sea: set[str] = set()
            if reach is not None:
                for s in provinces[origin].seas:
                    got = reach.get(s)
                    if got is not None:
                        by_sea.update(got)
                by_sea.discard(origin)
            # land_targets of each unit, the land steps from its place asked once; a card
            # that leaves a unit's steps as they are answers the very list it was given
            crossed = False
            if origin in STRAIT_ENDS:
                if crossing is None:
                    crossing = crosses_straits(state, civ)
                crossed = crossing
            if crossed:
                steps = land_steps(state, civ, origin)
                base: AbstractSet[str] = set(steps)
            else:
                steps = list(provinces[origin].land_neighbours)
                base = _LAND_SET[origin]
            plain = True
            land_of: dict[int, AbstractSet[str]] = {}
            if not steps_hooked:  # no card could change a unit's steps: its place's
                for u in us:
                    land_of[u.id] = base
            else:
                for u in us:
                    given = list(steps)
                    got_steps = ground_steps(state, u, given)
                    if got_steps is given:
                        land_of[u.id] = base
                    else:
                        land_of[u.id] = set(got_steps)
                        plain = False
            if len(us) == 1 and not us[0].fought:
                _lone(state, us[0], origin, land_of[us[0].id], by_sea,
                      _LAND_SORTED[origin] if plain and not crossed else None,
                      convoyable, reached, out, starts)
                continue
            block = _block(state, civ, us, land_of, by_sea, fights, convoyable, choices,
                           starts)
        out += block.moves
        for to, own_at, carried_at in block.joint:
            here = reached.get(to)
            if here is None:
                reached[to] = [(origin, us, own_at, carried_at)]
            else:
                here.append((origin, us, own_at, carried_at))
    # from one place only, a destination's moves are listed above
    shared = sorted([to for to, parts in reached.items() if len(parts) > 1])
    for to in shared:
        parts = reached[to]
        own = [us[i] for _, us, own_at, _ in parts for i in own_at]
        by_land = {origin for origin, _, own_at, _ in parts if own_at}
        # one convoy at most: the units carried by triremes start in one province
        convoys = [(origin, [us[i] for i in carried_at])
                   for origin, us, _, carried_at in parts if carried_at]
        convoy: tuple[str | None, list[Unit]]
        for convoy in [(None, []), *convoys]:
            start, carried = convoy
            if len(by_land if start is None else by_land | {start}) < 2:
                continue  # from one place only
            moves = _joint_moves(joints, to, own + carried)
            out += moves
            if start is not None:
                aboard = {u.id for u in carried}
                for m in moves:
                    if not aboard.isdisjoint(m.units):
                        starts[id(m)] = start
    return out, movers


def _lone(state: GameState, u: Unit, origin: str, land: AbstractSet[str], by_sea: set[str],
          in_order: tuple[str, ...] | None, convoyable: dict[int, bool],
          reached: dict[str, list[tuple[str, list[Unit], tuple[int, ...], tuple[int, ...]]]],
          out: list[Move], starts: dict[int, str]) -> None:
    """`_block` of a place holding one unit that has not fought: a move to each destination
    it reaches, by its own step or carried (no choices of several units, no battle that it
    may not enter). `in_order`: its land steps sorted, when no card changed them."""
    uid = u.id
    us = [u]
    if by_sea and not by_sea <= land:
        ok = convoyable.get(uid)
        if ok is None:
            ok = convoyable[uid] = can_be_convoyed(state, u)
        dests: Iterable[str] = sorted(land | by_sea) if ok else sorted(land)
    else:
        dests = in_order if in_order is not None else sorted(land)
    for to in dests:
        out.append(m := Move(units=[uid], to=to))
        if to in land:
            own_at, carried_at = _OWN
        else:
            own_at, carried_at = _CARRIED
            starts[id(m)] = origin
        here = reached.get(to)
        if here is None:
            reached[to] = [(origin, us, own_at, carried_at)]
        else:
            here.append((origin, us, own_at, carried_at))


def _joint_moves(joints: dict[tuple[str, tuple[int, ...]], list[Move]], to: str,
                 units: list[Unit]) -> list[Move]:
    """The moves of units from several places into `to` together: every choice of them
    that takes units from two places or more (once a listing for the same units)."""
    key = (to, tuple([u.id for u in units]))
    got = joints.get(key)
    if got is None:
        if len(units) == 2 and units[0].area != units[1].area:  # most: the pair itself
            a, b = key[1]
            got = joints[key] = [Move(units=[a, b] if a < b else [b, a], to=to)]
        else:
            got = joints[key] = [Move(units=ids, to=to) for ids in several_places_ids(units)]
    return got


def several_places_ids(units: list[Unit]) -> list[list[int]]:
    """The ids of each of `_from_several_places(units)`, in its order. Most often the units
    are two groups of alike units in two places (one unit joining others): every choice
    then takes some of each, the first group's count varying slowest."""
    first = units[0]
    key = (first.area, first.kind, first.post)
    other: tuple[str, str, str] | None = None
    for u in units:
        k = (u.area, u.kind, u.post)
        if k != key:
            if other is None:
                other = k
            elif k != other:
                other = None  # three groups or more: the long way
                break
    else:
        if other is not None and other[0] != key[0]:
            a = sorted([u.id for u in units if u.area == key[0]])
            b = sorted([u.id for u in units if u.area != key[0]])
            if a[0] > b[0]:  # the group of the lowest id comes first
                a, b = b, a
            if (len(a) + 1) * (len(b) + 1) <= 256:  # within `_from_several_places`' cap
                return [sorted(a[:i] + b[:j]) for i in range(1, len(a) + 1)
                        for j in range(1, len(b) + 1)]
    return [[u.id for u in c] for c in _from_several_places(units)]


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
