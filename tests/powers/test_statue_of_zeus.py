"""Statue of Zeus: two fortresses per province, and a free fortress when acquired
(rulebook, card text)."""

from __future__ import annotations

from engine.actions import Buy, Item, PlaceAt
from engine.game import apply
from engine.prompts import PlaceFree
from engine.rules.common import units_in

from ..helpers import assert_illegal, start
from .support import construction_turn, give


def _fortress(pr):
    return Buy(items=[Item(kind="fortress", province=pr)], payment={"tax": 3})


def test_two_fortresses_per_province_with_the_statue():
    s = start()
    construction_turn(s, "rome", {"tax": 6})
    assert_illegal(s, _fortress("roma"), "fortress")  # one there already
    give(s, "rome", "statue_of_zeus")
    apply(s, _fortress("roma"))
    assert len(units_in(s, "roma", "rome", ["fortress"])) == 2
    assert_illegal(s, _fortress("roma"), "2 fortress")


def test_the_statue_brings_a_free_fortress():
    s = start()
    s.set_aside.remove("statue_of_zeus")
    s.display.append("statue_of_zeus")
    construction_turn(s, "rome", {"tax": 9})
    apply(s, Buy(items=[Item(kind="card", card="statue_of_zeus")], payment={"tax": 9}))
    assert isinstance(s.prompt, PlaceFree) and s.prompt.card == "statue_of_zeus"
    assert "roma" in s.prompt.options  # a second fortress there is allowed now
    apply(s, PlaceAt(province="roma"))
    assert len(units_in(s, "roma", "rome", ["fortress"])) == 2
