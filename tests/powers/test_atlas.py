"""Atlas (Atlantis): triremes cost 2 (rulebook, card text); the reduction is not added to
another one."""

from __future__ import annotations

from engine.actions import Buy, Item
from engine.game import apply
from engine.powers import cost, reductions
from engine.rules.common import units_in

from ..helpers import start
from .support import construction_turn, give


def test_atlas_triremes_for_two():
    s = start()
    assert cost(s, "atlantis", Item(kind="trireme", province="poseidonis")) == 2
    construction_turn(s, "atlantis", {"tax": 2})
    apply(s, Buy(items=[Item(kind="trireme", province="poseidonis")], payment={"tax": 2}))
    assert len(units_in(s, "poseidonis", "atlantis", ["trireme"])) == 1


def test_atlas_and_minos_on_an_island_single_best():
    s = start()
    give(s, "atlantis", "minos")
    item = Item(kind="trireme", province="poseidonis")
    assert sorted(reductions(s, "atlantis", item)) == [1, 1]
    assert cost(s, "atlantis", item) == 2  # not 1
