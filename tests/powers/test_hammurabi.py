"""Hammurabi: one free influence marker each construction phase, by the usual rules
(docs/rules.md, Cards)."""

from __future__ import annotations

from engine.actions import Buy, Item, UsePower
from engine.events import Built
from engine.game import apply
from engine.prompts import ConstructionTurn
from engine.rules.common import player, units_in

from ..helpers import assert_illegal, start
from .support import construction_turn, events_of, give, uses


def test_hammurabi_places_a_free_marker_once():
    s = start()
    construction_turn(s, "babylon", {"tax": 3})
    targets = {a.target for a in uses(s, "hammurabi")}
    assert "syria" in targets and "roma" not in targets and "creta" not in targets
    ev = apply(s, UsePower(card="hammurabi", target="syria"))
    assert s.provinces["syria"].influence == "babylon"
    assert events_of(ev, Built)[0].free
    assert player(s, "babylon").hand == {"tax": 3}
    assert uses(s, "hammurabi") == []
    assert_illegal(s, UsePower(card="hammurabi", target="iudaea"), "hammurabi",
                   "once each construction phase")
    apply(s, Buy(items=[Item(kind="influence", province="iudaea")], payment={"tax": 3}))


def test_hammurabi_follows_the_placement_rules():
    s = start()
    construction_turn(s, "babylon")
    assert_illegal(s, UsePower(card="hammurabi", target="creta"), "hammurabi", "not next to")
    assert_illegal(s, UsePower(card="hammurabi", target="alexandria"), "hammurabi",
                   "another influence")
    assert_illegal(s, UsePower(card="hammurabi", target="nowhere"), "hammurabi")
    s2 = start()
    construction_turn(s2, "rome")
    assert_illegal(s2, UsePower(card="hammurabi", target="sicilia"), "hammurabi",
                   "do not hold")


def test_hammurabi_with_gilgamesh_gives_a_marker_and_a_fortress_each_turn():
    """Strategy notes combo: Hammurabi's free marker brings Gilgamesh's free fortress."""
    s = start()
    give(s, "babylon", "gilgamesh")
    construction_turn(s, "babylon")
    apply(s, UsePower(card="hammurabi", target="syria"))
    assert len(units_in(s, "syria", "babylon", ["fortress"])) == 1
    # the fortress has one place, so it is put there at once; the turn goes on
    assert isinstance(s.prompt, ConstructionTurn) and s.prompt.civ == "babylon"
