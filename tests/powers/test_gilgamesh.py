"""Gilgamesh: a free fortress in a province when his holder places influence there
(rulebook, card text)."""

from __future__ import annotations

from engine.actions import Buy, Item
from engine.events import Built
from engine.game import apply
from engine.rules.common import new_unit, units_in

from ..helpers import start
from .support import construction_turn, events_of, give


def _influence(pr):
    return Buy(items=[Item(kind="influence", province=pr)], payment={"tax": 3})


def test_gilgamesh_free_fortress_with_a_new_marker():
    s = start()
    give(s, "rome", "gilgamesh")
    construction_turn(s, "rome", {"tax": 3})
    ev = apply(s, _influence("gallia_cisalpina"))
    forts = units_in(s, "gallia_cisalpina", "rome", ["fortress"])
    assert len(forts) == 1
    assert [e.free for e in events_of(ev, Built) if e.kind == "fortress"] == [True]


def test_no_fortress_without_gilgamesh_or_when_none_is_left():
    s = start()
    construction_turn(s, "rome", {"tax": 3})
    apply(s, _influence("gallia_cisalpina"))
    assert units_in(s, "gallia_cisalpina", "rome", ["fortress"]) == []
    s = start()
    give(s, "rome", "gilgamesh")
    while len([u for u in s.units if u.owner == "rome" and u.kind == "fortress"]) < 8:
        new_unit(s, "rome", "fortress", "magna_graecia")
    construction_turn(s, "rome", {"tax": 3})
    ev = apply(s, _influence("gallia_cisalpina"))
    assert units_in(s, "gallia_cisalpina", "rome", ["fortress"]) == []
    assert any("lost" in e.detail for e in ev if type(e).__name__ == "PowerUsed")
