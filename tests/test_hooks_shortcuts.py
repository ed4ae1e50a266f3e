"""The shortcuts of the hooks and the common queries (issue 16, round 7) answer exactly as
the long way, in every position of random games and of the phase saves, and again with
the rare case forced on them (units on the posts of buildings): the provinces a player
controls, the controller of every building of a kind in one pass, the building counts of
everyone. Round 8: a god spent (face down) whose card says `FACE_UP_ONLY` is not asked
for its powers; a use of a power that is the very object its card listed is not listed
again to check its fields.
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec

from engine.data.cards import GODS
from engine.data.costs import BUILDINGS
from engine.rules import hooks, reading
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


WINDOWS = ("", "phase_start", "move_declared", "before_battle", "after_dice")


def test_a_god_that_lists_nothing_face_down_says_so() -> None:
    """Every god whose module says `FACE_UP_ONLY`, held face down by each player in turn,
    lists no use in his decision nor in any window (so `active_powers` need not ask it);
    face up, it does list uses in some positions (the test sees it at work)."""
    face_up = [g for g in GODS if getattr(hooks.CARDS.get(g), "FACE_UP_ONLY", False)]
    assert len(face_up) >= 3, face_up
    up = 0
    for n, state in enumerate(_positions(seeds=(83,), steps=1200)):
        civs = player_civs(state)
        for i, g in enumerate(face_up):
            civ = civs[(n + i) % len(civs)]
            state.gods[g] = civ
            uses = hooks.CARDS[g].uses
            for w in WINDOWS:
                if g not in state.gods_used:
                    up += bool(uses(state, civ, w))
                    state.gods_used.append(g)
                    assert not uses(state, civ, w), (g, w)
                    state.gods_used.remove(g)
                else:
                    assert not uses(state, civ, w), (g, w)
    assert up > 500, up


def test_a_listed_use_is_known_as_listed_and_the_long_way_accepts_it() -> None:
    """Each use `active_powers` lists is known as listed (its fields are not checked again
    when it is used) and the long way's check of its fields accepts it; a copy of it, the
    same use after an action was taken, or for another player or window, is not."""
    listed = 0
    for state in _positions(seeds=(84, 85), steps=1500):
        if state.prompt is None:
            continue
        for civ in player_civs(state):
            for w in WINDOWS:
                acts = hooks.active_powers(state, civ, w)
                for a in acts:
                    assert hooks._listed(state, civ, a, w)
                    hooks._check_fields(state, civ, hooks.CARDS[a.card], a, w)
                    copy = msgspec.json.decode(msgspec.json.encode(a), type=type(a))
                    assert not hooks._listed(state, civ, copy, w)
                    assert not hooks._listed(state, civ + "x", a, w)
                    assert not hooks._listed(state, civ, a, w + "x")
                    state.actions_taken += 1
                    assert not hooks._listed(state, civ, a, w)
                    state.actions_taken -= 1
                listed += len(acts)
    assert listed > 500, listed

