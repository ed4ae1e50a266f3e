"""Lighthouse: influence markers anywhere (by the other placement rules), and a free
marker when acquired (rulebook, card text)."""

from __future__ import annotations

from engine.actions import Buy, Item, PlaceAt
from engine.game import apply
from engine.prompts import PlaceFree
from engine.rules.common import new_unit

from ..helpers import assert_illegal, start
from .support import construction_turn, give


def _influence(pr):
    return Buy(items=[Item(kind="influence", province=pr)], payment={"tax": 3})


def test_lighthouse_influence_anywhere_by_the_other_rules():
    s = start()
    construction_turn(s, "rome", {"tax": 9})
    assert_illegal(s, _influence("creta"), "not next to")
    give(s, "rome", "lighthouse")
    apply(s, _influence("creta"))
    assert s.provinces["creta"].influence == "rome"
    assert_illegal(s, _influence("alexandria"), "another influence")
    new_unit(s, "egypt", "legion", "cyprus")
    assert_illegal(s, _influence("cyprus"), "military units")


def test_the_lighthouse_brings_a_free_marker():
    s = start()
    construction_turn(s, "rome", {"tax": 9})
    apply(s, Buy(items=[Item(kind="card", card="lighthouse")], payment={"tax": 9}))
    assert isinstance(s.prompt, PlaceFree) and s.prompt.card == "lighthouse"
    assert "ogygia" not in s.prompt.options and "creta" in s.prompt.options
    apply(s, PlaceAt(province="creta"))
    assert s.provinces["creta"].influence == "rome"
