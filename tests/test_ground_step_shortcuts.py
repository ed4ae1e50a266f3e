"""The military phase's shortcuts of round 10 (issue 16) answer exactly as the long way, in
the positions of random games (tests/helpers.random_positions):

- the moves of a ground listing share their lists (the units of a choice going to each
  destination, one empty list of seas): playing a listed move leaves every move the
  listing offered as it was;
- a move resolves looking first at the units of its destination and its origin (the
  units of a joint move that come from elsewhere looked up one by one);
- the choices of a joint move of three groups of alike units (from two or three places)
  made each at once, without the choices of one place that the long way drops.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine import game
from engine.actions import Move
from engine.rng import Rng
from engine.rules import ground_listing, military, movement, unit_choices
from engine.state import Unit

from .helpers import from_several_places
from .military_rules import assert_move_by_the_rules
from .test_military_shortcuts import _ground_turns


def test_playing_a_listed_move_leaves_the_other_listed_moves_as_they_were() -> None:
    rng = Rng(5)
    played = shared = 0
    for state in _ground_turns((71, 72, 73)):
        moves = [a for a in game.legal_actions(state) if isinstance(a, Move)]
        if not moves:
            continue
        before = [msgspec.json.encode(m) for m in moves]
        units = {id(m.units) for m in moves}
        shared += len(units) < len(moves)
        # the very object listed, played as a computer player's choice (not copied)
        game._play_listed(state, moves[rng.below(len(moves))])
        assert [msgspec.json.encode(m) for m in moves] == before
        played += 1
    assert played > 300 and shared > 100


def test_every_listed_move_resolves_as_the_long_way_joint_moves_too() -> None:
    moves = joint = battles = 0
    for state in _ground_turns((74, 75, 76)):
        civ = state.prompt.civ
        state.order.active = civ
        for m in ground_listing.legal_moves(state, civ):
            pm = movement.check_move(state, civ, m)
            a = game.clone(state)
            ev_a: list[Any] = []
            military._resolve_move(a, civ, pm, ev_a)
            assert_move_by_the_rules(state, a, ev_a, civ, pm)  # tests/military_rules.py
            moves += 1
            joint += bool(ev_a[0].origins)  # units from several places
            battles += a.military.battle_area != ""
    assert moves > 5000 and joint > 1000 and battles > 200


def test_the_joint_choices_of_three_groups_are_those_of_the_long_way() -> None:
    """Three groups of alike units in two or three places, some beyond the cap of 256
    choices (then the general way answers): as `from_several_places` (tests/helpers.py)."""
    import random
    rng = random.Random(13)
    fast = two_places = beyond = 0
    for _ in range(1000):
        # three groups: in three places, or two of them (a legion and a creature) in one
        specs = [("latium", "legion"), ("etruria", "creature"), ("campania", "legion")]
        if rng.random() < 0.5:
            specs[2] = ("latium", "creature")
        sizes = [rng.randrange(1, 10) for _ in specs]
        ids = iter(rng.sample(range(1, 99), sum(sizes)))
        us = [Unit(id=next(ids), owner="rome", kind=kind, area=area)
              for (area, kind), n in zip(specs, sizes, strict=True) for _ in range(n)]
        rng.shuffle(us)
        long_way = [[u.id for u in c] for c in from_several_places(us)]
        assert unit_choices.several_places_ids(us) == long_way
        product = (sizes[0] + 1) * (sizes[1] + 1) * (sizes[2] + 1)
        fast += product <= 256
        two_places += product <= 256 and specs[2][0] == "latium"
        beyond += product > 256
    assert fast > 300 and two_places > 100 and beyond > 100
