"""Julius Caesar (Rome): legions cost 2; fortresses no longer (rulebook, card text)."""

from __future__ import annotations

from engine.actions import Buy, Item
from engine.game import apply
from engine.powers import cost
from engine.rules.common import units_in

from ..helpers import assert_illegal, start
from .support import construction_turn


def test_caesar_legions_for_two_not_fortresses():
    s = start()
    assert cost(s, "rome", Item(kind="legion", province="roma")) == 2
    assert cost(s, "rome", Item(kind="fortress", province="etruria")) == 3
    assert cost(s, "carthage", Item(kind="legion", province="carthago")) == 3
    construction_turn(s, "rome", {"tax": 5})
    assert_illegal(s, Buy(items=[Item(kind="fortress", province="etruria")],
                          payment={"tax": 2}), "cannot pay")
    n = len(units_in(s, "roma", "rome", ["legion"]))
    apply(s, Buy(items=[Item(kind="legion", province="roma")], payment={"tax": 2}))
    assert len(units_in(s, "roma", "rome", ["legion"])) == n + 1
