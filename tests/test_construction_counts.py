"""A construction listing counts, for its player, his units out of the supply and where the
other players' units stand in one pass (`common.count_for_construction`, issue 16, round
10): each answer is the long way's, in the positions of the phase saves and of random
games, legions of Hercules' holder fighting as creatures included.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.data.costs import PIECES_PER_CIV
from engine.powers import hercules
from engine.rules import hooks, reading
from engine.rules.common import count_for_construction, pieces_out, player_civs
from engine.rules.placement import strangers
from engine.rules.yard import UNITS, Yard
from engine.state import GameState

from .helpers import random_positions

CIVS = ["rome", "greece", "egypt", "carthage"]


def _positions(seed: int, steps: int) -> Iterator[GameState]:
    """Every position of the phase saves and of a random game; in one of two a legion of
    each player fights as a creature (Hercules: still a legion piece)."""
    for n, state in enumerate(random_positions((seed,), steps, CIVS)):
        if n % 2:
            seen: set[str] = set()
            for u in state.units:
                if u.kind == "legion" and u.owner not in seen:
                    seen.add(u.owner)
                    hercules._fight_as_creature(state, u)
        yield state


def _long_way(state: GameState, civ: str) -> tuple[dict[str, int], set[str]]:
    """civ's pieces out by kind and the areas holding another's unit, each counted on its
    own, asking every card of every unit."""
    pieces = {k: sum(1 for ps in state.provinces.values() if ps.influence == civ)
              if k == "influence" else
              sum(1 for u in state.units if u.owner == civ and hooks.piece_kind(state, u) == k)
              for k in PIECES_PER_CIV}
    others = {u.area for u in state.units if u.owner != civ}
    return pieces, others


def test_a_construction_listings_counts_are_the_long_way() -> None:
    """Each player's pieces of every kind out of his supply and the areas with another
    player's units, counted together while the state is read, are those counted one by one
    (his influence markers counted already or not)."""
    asked = 0
    for n, state in enumerate(_positions(seed=93, steps=900)):
        for civ in player_civs(state):
            pieces, others = _long_way(state, civ)
            before = reading.begin(state)
            try:
                if n % 3 == 0:  # his markers counted already by another question
                    pieces_out(state, civ, "influence")
                count_for_construction(state, civ)
                memo = reading.remembered(state)
                assert memo is not None
                assert ("pieces_out", civ, "legion") in memo  # counted, not left to ask
                assert {k: pieces_out(state, civ, k) for k in PIECES_PER_CIV} == pieces, civ
                assert strangers(state, civ) == others, civ
                asked += 1
            finally:
                reading.end(before)
    assert asked > 1000, asked


def test_counting_for_construction_leaves_a_state_not_being_read_alone() -> None:
    """Outside a listing nothing is remembered: the counts are asked the long way."""
    for state in _positions(seed=94, steps=50):
        for civ in player_civs(state):
            count_for_construction(state, civ)
            assert reading.remembered(state) is None
            assert strangers(state, civ) is None


def test_the_yard_knows_each_kind_of_unit_left_in_a_reserve() -> None:
    """The yard of a construction listing tells a legion, trireme, fortress or creature left
    in the player's reserve as the reserve counted the long way, whether the listing has
    counted his units already or not."""
    empty = 0
    for n, state in enumerate(_positions(seed=95, steps=900)):
        for civ in player_civs(state):
            pieces, _ = _long_way(state, civ)
            before = reading.begin(state)
            try:
                if n % 3 == 0:  # his units counted already by another question
                    pieces_out(state, civ, "legion")
                yard = Yard(state, civ)
                for k in UNITS:
                    left = PIECES_PER_CIV[k] - pieces[k] > 0
                    assert yard.has(k) == left, (civ, k)
                    empty += not left
            finally:
                reading.end(before)
    assert empty > 20, empty
