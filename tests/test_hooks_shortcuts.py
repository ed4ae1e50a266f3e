"""The shortcuts of the hooks and the common queries (issue 16, round 7) answer exactly as
the long way, in every position of random games and of the phase saves, and again with
the rare case forced on them (units on the posts of buildings): the provinces a player
controls, the controller of every building of a kind in one pass, the building counts of
everyone.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.data.costs import BUILDINGS
from engine.rules import reading
from engine.rules.common import (
    building_controller,
    building_controllers,
    controlled,
    every_building_count,
    player_civs,
    post_key,
)
from engine.state import GameState

from .helpers import building_counts_one_by_one, random_positions

CIVS = ["rome", "greece", "egypt", "carthage"]


def _positions(seeds: tuple[int, ...], steps: int) -> Iterator[GameState]:
    return random_positions(seeds, steps, CIVS)


def _onto_posts(state: GameState) -> None:
    """A unit on a post of each building, and the last unit on it too (the first in the
    state's order holds it)."""
    for u, (pr, ps) in zip(state.units, state.provinces.items(), strict=False):
        if ps.buildings:
            b = ps.buildings[-1]
            u.area, u.post = pr, post_key(b.kind, b.site)
            last = state.units[-1]
            last.area, last.post = u.area, u.post


def test_the_provinces_controlled_are_the_long_ways() -> None:
    found = 0
    for state in _positions(seeds=(81,), steps=1500):
        for civ in [*player_civs(state), "nobody", ""]:
            long_way = [pid for pid, ps in state.provinces.items() if ps.influence == civ]
            assert controlled(state, civ) == long_way, civ
            found += len(long_way)
    assert found > 10_000, found


def test_the_controllers_found_in_one_pass_are_the_long_ways() -> None:
    """Every building of every kind asked `building_controller` one by one, with the state
    read or not; then with units on the posts; and the building counts of everyone."""
    found = occupied = 0
    for n, state in enumerate(_positions(seeds=(82,), steps=1500)):
        if n % 2:
            _onto_posts(state)
        for kind in BUILDINGS:
            long_way = [(pr, b.site, building_controller(state, pr, b.kind, b.site))
                        for pr, ps in state.provinces.items() for b in ps.buildings
                        if b.kind == kind]
            assert building_controllers(state, kind) == long_way, kind
            before = reading.begin(state)
            try:
                assert building_controllers(state, kind) == long_way, kind
            finally:
                reading.end(before)
            found += len(long_way)
            occupied += sum(owner != state.provinces[pr].influence
                            for pr, _, owner in long_way)
        every = every_building_count(state)
        for civ in player_civs(state):
            assert every.get(civ, building_counts_one_by_one(state, civ)) == \
                building_counts_one_by_one(state, civ), civ
    assert found > 5000 and occupied > 200, (found, occupied)
