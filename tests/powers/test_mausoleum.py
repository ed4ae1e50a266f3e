"""Mausoleum: influence markers and buildings cost 1 less; not heroes or wonders (rulebook,
card text)."""

from __future__ import annotations

from engine.actions import Buy, Item
from engine.game import apply
from engine.powers import cost

from ..helpers import start
from .support import construction_turn, give


def test_mausoleum_costs():
    s = start()
    give(s, "greece", "mausoleum")
    c = {k: cost(s, "greece", Item(kind=k, province="epirus", site="livestock"))
         for k in ("influence", "city", "caravan", "temple", "market", "legion",
                   "fortress", "trireme", "creature")}
    assert c == {"influence": 2, "city": 2, "caravan": 2, "temple": 5, "market": 5,
                 "legion": 3, "fortress": 3, "trireme": 2, "creature": 6}  # trireme: Pericles
    assert cost(s, "greece", Item(kind="card", card="ajax")) == 9
    assert cost(s, "greece", Item(kind="card", card="pyramids")) == 12


def test_mausoleum_pays_with_smaller_sets():
    s = start()
    give(s, "greece", "mausoleum")
    construction_turn(s, "greece", {"tax": 2, "wine": 1, "fish": 1, "gems": 1, "gold": 1,
                                    "metal": 1})
    apply(s, Buy(items=[Item(kind="caravan", province="epirus", site="livestock")],
                 payment={"tax": 2}))
    apply(s, Buy(items=[Item(kind="temple", province="macedonia")],
                 payment={"wine": 1, "fish": 1, "gems": 1, "gold": 1, "metal": 1}))
    assert [b.kind for b in s.provinces["macedonia"].buildings] == ["city", "temple"]
    assert [b.site for b in s.provinces["epirus"].buildings] == ["livestock"]
