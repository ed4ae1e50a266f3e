"""The ground moves a player may declare in his military turn (rulebook, Military Phase, A)
Movement, 3. Legion Movement; docs/rules.md, Military: movement), listed in one pass.

For each place holding units that may still move: one move per unit and destination, and
every distinct choice of its units that can go there together (`unit_choices`); then, for
each destination reached from two places or more, every choice of units from several places
together. A unit goes by its own step (a land neighbour, or what a card allows) or carried
along an unbroken chain of its owner's triremes.

One listing is one `GroundListing`: its context (the position, the player, what it has
asked once and remembers, the moves made so far) is an object, and each place's part in the
joint moves is a `Place`. The last listing is remembered (`engine.rules.offered`) so that
declaring one of its own moves is not checked again (`listed_move`).

This code runs at every ground decision of every game: its passes over units are plain
loops (on Python 3.11 a comprehension is a call of its own), and what a move's lists hold
is shared between moves (a declared move copies them). Each place's part is a `Place`
(engine/rules/listing_facts.py).
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from ..actions import Move
from ..data import board
from ..data.costs import MOBILE_GROUND
from ..state import GameState, PendingMove, Unit
from .geography import STRAIT_ENDS, convoy_path, land_steps
from .hooks import (
    asks_for_units_of,
    can_be_convoyed,
    convoy_extra_seas,
    crosses_straits,
    ground_steps,
    sea_landings,
)
from .listing_facts import Place
from .movement import hostile
from .offered import Offered
from .unit_choices import choice_ids, several_places_ids

# The board's land steps, looked up once: each province's neighbours as a set, and in
# the order a listing visits destinations (sorted) when no card changes them.
_LAND_SET = {p: frozenset(pr.land_neighbours) for p, pr in board.PROVINCES.items()}
_LAND_SORTED = {p: tuple(sorted(ns)) for p, ns in _LAND_SET.items()}
_NOWHERE: frozenset[str] = frozenset()
# The seas of every listed move (none: the engine finds the chain). A listed move's lists
# are never changed (a declared move copies them), so moves share them: the default `[]`
# would be copied for each move, and the units of a choice for each destination.
_NO_SEAS: list[str] = []


class GroundListing:
    """One listing of `civ`'s ground moves in `state`: `moves` in order, `starts` the
    province where each move carrying units by triremes starts (by the move's index in
    `moves`), and `movers` the units that may move, by place."""

    __slots__ = ("state", "civ", "moves", "starts", "movers", "_fights", "_convoyable",
                 "_choices")

    def __init__(self, state: GameState, civ: str) -> None:
        self.state = state
        self.civ = civ
        self.moves: list[Move] = []
        self.starts: dict[int, str] = {}
        self.movers: dict[str, list[Unit]] = {}
        # asked once per destination and per unit, not once per origin and destination
        self._fights: dict[str, bool] = {}
        self._convoyable: dict[int, bool] = {}
        # the same units usually reach many destinations: their choices, worked out once
        self._choices: dict[tuple[int, ...], list[list[int]]] = {}

    # --- asked once a listing ----------------------------------------------------------------
    def fights(self, to: str) -> bool:
        fight = self._fights.get(to)
        if fight is None:
            fight = self._fights[to] = hostile(self.state, self.civ, to)
        return fight

    def convoyable(self, u: Unit) -> bool:
        ok = self._convoyable.get(u.id)
        if ok is None:
            ok = self._convoyable[u.id] = can_be_convoyed(self.state, u)
        return ok

    def choices(self, group: list[Unit]) -> list[list[int]]:
        """`choice_ids` of a group of one place's units (remembered for the listing)."""
        if len(group) < 2:
            return []
        key = tuple([u.id for u in group])
        got = self._choices.get(key)
        if got is None:
            got = self._choices[key] = choice_ids(group)
        return got

    def joint_choices(self, units: list[Unit]) -> list[list[int]]:
        """The choices of units from several places that take units from two places or
        more (remembered for the listing)."""
        key = tuple([u.id for u in units])
        got = self._choices.get(key)
        if got is None:
            if len(units) == 2 and units[0].area != units[1].area:  # most: the pair itself
                a, b = key
                got = [[a, b] if a < b else [b, a]]
            else:
                got = several_places_ids(units)
            self._choices[key] = got
        return got

    def carry(self, units: list[int], to: str, start: str) -> None:
        """List a move of units carried (some of them) by triremes from `start`."""
        self.starts[len(self.moves)] = start
        self.moves.append(Move(units=units, to=to, seas=_NO_SEAS))

    # --- the listing ----------------------------------------------------------------------
    def run(self) -> GroundListing:
        self.movers, held = _movers_and_seas(self.state, self.civ)
        if not self.movers:
            return self
        state, civ = self.state, self.civ
        held.update(convoy_extra_seas(state, civ))
        reach = _convoy_reach(held) if held else None
        places: list[Place] = []
        # the destinations reached so far, and those reached from two places or more: sets
        # met once per place, not a count kept per destination
        seen: set[str] = set()
        shared: set[str] = set()
        # asked once a listing (not remembered), and only if a place is at one end of a
        # strait: elsewhere crossing the straits adds no step
        crossing: bool | None = None
        steps_hooked = asks_for_units_of("ground_steps", civ)  # (all the movers are civ's)
        provinces = board.PROVINCES
        for origin, us in self.movers.items():
            if origin in board.SEAS:  # a Kraken at sea
                land: dict[int, AbstractSet[str]] = {u.id: set(sea_landings(state, u))
                                                     for u in us}
                place = self.general(origin, us, land, _NOWHERE)
            else:
                by_sea: AbstractSet[str] = _NOWHERE
                if reach is not None:
                    for s in provinces[origin].seas:
                        got = reach.get(s)
                        if got is not None:
                            by_sea = by_sea | got
                    if by_sea:
                        by_sea = by_sea - {origin}
                # land_targets of each unit, the land steps from its place asked once; a
                # card that leaves a unit's steps as they are answers the very list given
                crossed = False
                if origin in STRAIT_ENDS:
                    if crossing is None:
                        crossing = crosses_straits(state, civ)
                    crossed = crossing
                steps: list[str] | None = None  # the board's, unless the straits are crossed
                own: AbstractSet[str]
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
                    carried = self.lone(us[0], origin, own, by_sea, in_order)
                    place = Place(origin, own, carried, us, us, None)
                elif plain and not _any_fought(us):
                    carried, aboard = self.alike(us, own, by_sea, in_order)
                    place = Place(origin, own, carried, us, aboard, None)
                else:  # units that fought, or steps a card changed
                    if land_of is None:  # no card could change a unit's steps: its place's
                        land_of = {u.id: own for u in us}
                    place = self.general(origin, us, land_of, by_sea)
            places.append(place)
            joint = place.joint
            if joint is None:
                own, carried = place.own, place.carried
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
            self.shared(sorted(shared), places)
        return self

    def general(self, origin: str, us: list[Unit], land: dict[int, AbstractSet[str]],
                by_sea: AbstractSet[str]) -> Place:
        """The moves of a place whose units may differ (some fought, or a card changed a
        unit's steps), and its part in the joint moves by destination (`alike`'s when its
        units have not fought and share their steps after all)."""
        steps = land[us[0].id]
        if not _any_fought(us) and all(land[u.id] is steps for u in us):
            carried_to, aboard = self.alike(us, steps, by_sea, None)
            return Place(origin, steps, carried_to, us, aboard, None)
        moves = self.moves
        some_fought = _any_fought(us)
        joint: dict[str, tuple[list[Unit], list[Unit]]] = {}
        for to in sorted(set(by_sea).union(*land.values())):
            ready = [u for u in us if not u.fought] if some_fought and self.fights(to) else us
            by_land = [u for u in ready if to in land[u.id]]
            carried: list[Unit] = []
            if to in by_sea:  # a unit is carried where its own step does not reach
                for u in ready:
                    if to not in land[u.id] and self.convoyable(u):
                        carried.append(u)
            for u in by_land:
                moves.append(Move(units=[u.id], to=to, seas=_NO_SEAS))
            for u in carried:
                self.carry([u.id], to, u.area)
            if len(by_land) > 1:
                for ids in self.choices(by_land):
                    moves.append(Move(units=ids, to=to, seas=_NO_SEAS))
            if len(carried) > 1:
                for ids in self.choices(carried):
                    self.carry(ids, to, carried[0].area)
            if by_land or carried:
                joint[to] = (by_land, carried)
        return Place(origin, _NOWHERE, _NOWHERE, us, us, joint)

    def alike(self, us: list[Unit], steps: AbstractSet[str], by_sea: AbstractSet[str],
              in_order: tuple[str, ...] | None) -> tuple[AbstractSet[str], list[Unit]]:
        """The moves of a place whose units have not fought and share their land steps:
        where those reach, all go by their own step; elsewhere, those that may be carried
        are. Returns where units are carried, and those units. `in_order`: the steps
        sorted, when no card changed them."""
        # each unit alone, then each choice of several: the units of a move to each
        # destination reached by their own step, in order (shared by the moves)
        own: list[list[int]] = []
        for u in us:
            own.append([u.id])
        own += choice_ids(us)  # asked once per place: no need of the listing's memo
        moves = self.moves
        if by_sea and not by_sea <= steps:
            carried: list[Unit] = []
            for u in us:
                if self.convoyable(u):
                    carried.append(u)
            if carried:
                aboard = [[u.id] for u in carried]
                aboard += choice_ids(carried)
                start = us[0].area
                starts = self.starts
                for to in sorted(steps | by_sea):
                    if to in steps:
                        moves += [Move(units=c, to=to, seas=_NO_SEAS) for c in own]
                        continue
                    for c in aboard:  # (`carry`, written out: this loop is hot)
                        starts[len(moves)] = start
                        moves.append(Move(units=c, to=to, seas=_NO_SEAS))
                return by_sea - steps, carried
        add = moves.append  # (loops, not a comprehension: a call, and its free names slower)
        for to in (in_order if in_order is not None else sorted(steps)):
            for c in own:
                add(Move(units=c, to=to, seas=_NO_SEAS))
        return _NOWHERE, us

    def lone(self, u: Unit, origin: str, land: AbstractSet[str], by_sea: AbstractSet[str],
             in_order: tuple[str, ...] | None) -> AbstractSet[str]:
        """The moves of a place holding one unit that has not fought: one to each
        destination it reaches, by its own step or carried. Returns where it is carried."""
        alone = [u.id]  # the units of each of its moves (shared: never changed)
        if by_sea and not by_sea <= land:
            if self.convoyable(u):
                carried = by_sea - land
                for to in sorted(land | by_sea):
                    if to in carried:
                        self.carry(alone, to, origin)
                    else:
                        self.moves.append(Move(units=alone, to=to, seas=_NO_SEAS))
                return carried
            in_order = None
        add = self.moves.append  # (a loop, not a comprehension: see `alike`)
        for to in (in_order if in_order is not None else sorted(land)):
            add(Move(units=alone, to=to, seas=_NO_SEAS))
        return _NOWHERE

    def shared(self, dests: list[str], places: list[Place]) -> None:
        """The joint moves into each of `dests`, reached from two places or more."""
        moves = self.moves
        for to in dests:
            # the places whose units reach it, in the movers' order: the units going by
            # their own step, the places they come from, and the convoys
            mine: list[Unit] = []
            by_land: list[str] = []
            convoys: list[tuple[str, list[Unit]]] = []
            for place in places:
                joint = place.joint
                if joint is not None:
                    got = joint.get(to)
                    if got is None:
                        continue
                    own_units, carried_units = got
                    if own_units:
                        mine += own_units
                        by_land.append(place.origin)
                    if carried_units:
                        convoys.append((place.origin, carried_units))
                elif to in place.own:
                    mine += place.own_units
                    by_land.append(place.origin)
                elif to in place.carried:
                    convoys.append((place.origin, place.carried_units))
            if len(by_land) > 1:
                for c in self.joint_choices(mine):
                    moves.append(Move(units=c, to=to, seas=_NO_SEAS))
            # one convoy at most: the units carried by triremes start in one province
            for start, aboard in convoys:
                if len(by_land) + (start not in by_land) < 2:
                    continue  # from one place only
                on = {u.id for u in aboard}
                starts = self.starts
                for c in self.joint_choices(mine + aboard):
                    if not on.isdisjoint(c):  # (`carry`, written out: this loop is hot)
                        starts[len(moves)] = start
                    moves.append(Move(units=c, to=to, seas=_NO_SEAS))


def _any_fought(units: list[Unit]) -> bool:
    for u in units:  # (a loop: `any` of a generator is a call and a frame)
        if u.fought:
            return True
    return False


def _movers_and_seas(state: GameState, civ: str) -> tuple[dict[str, list[Unit]], set[str]]:
    """civ's legions and creatures that may still move, by where they stand, and the seas
    holding his triremes, in one pass."""
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
                u.area in provinces or sea_landings(state, u)):  # as movement._origin_ok
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


def legal_moves(state: GameState, civ: str) -> list[Move]:
    """Every ground move civ may declare now, in the listing's order."""
    return GroundListing(state, civ).run().moves


# --- the moves a listing offered --------------------------------------------------------------
_OFFERED: Offered[GroundListing] = Offered()


def listed_moves(state: GameState, prompt: object, civ: str) -> list[Move]:
    """`legal_moves` for the prompt of `state`, remembered for `listed_move`."""
    listing = GroundListing(state, civ).run()
    _OFFERED.keep(state, prompt, listing.moves, listing)
    return listing.moves


def listed_move(state: GameState, prompt: object, civ: str, action: Move) -> PendingMove | None:
    """`movement.check_move` of a move that is the very object the last listing for this
    prompt offered, nothing having happened since (`offered`): it is legal, so only what the
    declared move records is worked out (where it starts, the seas of its convoy). None for
    any other move: it goes the long way."""
    found = _OFFERED.find(state, prompt, action)
    if found is None:
        return None
    listing = found.facts
    start = listing.starts.get(found.index)
    if start is None:  # each unit by its own step: the move starts where its first unit is
        first = action.units[0]  # one of the units the listing found free to move
        for area, us in listing.movers.items():
            for u in us:
                if u.id == first:
                    return PendingMove(units=list(action.units), origin=area, to=action.to,
                                       seas=[])
        return None
    seas = convoy_path(state, civ, start, action.to, convoy_extra_seas(state, civ))
    if seas is None:
        return None
    return PendingMove(units=list(action.units), origin=start, to=action.to, seas=seas)
