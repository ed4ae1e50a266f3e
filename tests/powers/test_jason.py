"""Jason: once each construction phase, hijack a caravan one of his legions occupies and
move it to a free commodity site of his provinces (rulebook, card text; docs/rules.md, Cards)."""

from __future__ import annotations

from engine.actions import UsePower
from engine.game import apply
from engine.rules.common import new_unit, unit

from ..helpers import assert_illegal, start
from .support import construction_turn, give, uses


def _occupying():
    s = start()
    give(s, "rome", "jason")
    u = new_unit(s, "rome", "legion", "carthago")
    u.post = "caravan:fruit"
    return s, u.id


def _caravans(s, pr):
    return sorted(b.site for b in s.provinces[pr].buildings if b.kind == "caravan")


def test_jason_moves_an_occupied_caravan_to_a_free_site_of_his():
    s, uid = _occupying()
    construction_turn(s, "rome")
    opts = {(a.units[0], a.target, a.choice) for a in uses(s, "jason")}
    assert opts == {(uid, "etruria", "pottery"), (uid, "magna_graecia", "olive_oil"),
                    (uid, "magna_graecia", "wine")}
    apply(s, UsePower(card="jason", units=[uid], target="etruria", choice="pottery"))
    assert _caravans(s, "carthago") == []
    assert _caravans(s, "etruria") == ["metal", "pottery"]
    assert unit(s, uid).post == "" and unit(s, uid).area == "carthago"
    assert uses(s, "jason") == []
    assert_illegal(s, UsePower(card="jason", units=[uid], target="magna_graecia",
                               choice="wine"), "jason", "each construction phase")


def test_jason_limits():
    s, uid = _occupying()
    free = new_unit(s, "rome", "legion", "numidia").id
    construction_turn(s, "rome")
    assert_illegal(s, UsePower(card="jason", units=[free], target="etruria",
                               choice="pottery"), "jason", "occupying a caravan")
    assert_illegal(s, UsePower(card="jason", units=[uid], target="etruria",
                               choice="metal"), "jason", "no free metal site")
    assert_illegal(s, UsePower(card="jason", units=[uid], target="numidia",
                               choice="livestock"), "jason", "your provinces")
    assert_illegal(s, UsePower(card="jason", units=[], target="etruria", choice="pottery"),
                   "jason", "legion")


def test_jason_needs_a_free_site():
    s, uid = _occupying()
    from engine.state import Building
    s.provinces["etruria"].buildings.append(Building(kind="caravan", site="pottery"))
    for site in ("olive_oil",):
        s.provinces["magna_graecia"].buildings.append(Building(kind="caravan", site=site))
    s.provinces["magna_graecia"].buildings.append(Building(kind="caravan", site="wine"))
    construction_turn(s, "rome")
    assert uses(s, "jason") == []
