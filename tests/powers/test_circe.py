"""Circe: legions on free commodity sites in provinces with her holder's influence produce
like caravans; a market doubles them (rulebook, card text and Q&A; docs/rules.md, Cards)."""

from __future__ import annotations

from engine.actions import Buy, Item, UsePower
from engine.game import apply
from engine.rules.commerce import production
from engine.rules.common import new_unit
from engine.state import Building

from ..helpers import start
from .support import construction_turn, give, give_god


def test_circe_legions_work_free_sites():
    s = start()
    base = production(s)["rome"]
    give(s, "rome", "circe")
    # magna_graecia: olive oil and wine sites, both free, one legion there
    got = production(s)["rome"]
    assert got.get("olive_oil", 0) == base.get("olive_oil", 0) + 1
    new_unit(s, "rome", "legion", "magna_graecia")
    new_unit(s, "rome", "legion", "magna_graecia")  # a third legion finds no free site
    got = production(s)["rome"]
    assert got["olive_oil"] == 1 and got["wine"] == base["wine"] + 1


def test_a_market_doubles_a_circe_legion():
    s = start()
    give(s, "rome", "circe")
    s.provinces["etruria"].buildings.append(Building(kind="market"))
    # etruria: a metal caravan, a free pottery site and one legion
    got = production(s)["rome"]
    assert got["pottery"] == 2 and got["metal"] == 2


def test_no_production_without_influence_or_on_a_post():
    s = start()
    give(s, "rome", "circe")
    new_unit(s, "rome", "legion", "gallia_cisalpina")  # nobody's province
    u = new_unit(s, "rome", "legion", "carthago")
    u.post = "influence"
    got = production(s)["rome"]
    assert "grain" not in got and "livestock" not in got and "gems" not in got


def test_circe_in_a_newly_influenced_province():
    """Q&A: influence placed in the construction phase, a legion moved in afterwards: the
    province produces for her at the very next commerce phase."""
    s = start()
    give(s, "rome", "circe")
    construction_turn(s, "rome", {"tax": 3})
    apply(s, Buy(items=[Item(kind="influence", province="gallia_cisalpina")],
                 payment={"tax": 3}))
    new_unit(s, "rome", "legion", "gallia_cisalpina")  # as if moved in the military phase
    assert production(s)["rome"]["grain"] == 1


def test_circe_against_vulcan():
    """Q&A: a legion in the province Vulcan strikes keeps the income."""
    s = start()
    give(s, "rome", "circe")
    give_god(s, "egypt", "vulcan")
    before = production(s)["rome"]["metal"]
    construction_turn(s, "egypt")
    apply(s, UsePower(card="vulcan", target="etruria", choice="metal"))
    after = production(s)["rome"]
    assert after["metal"] == before  # the legion now works the freed metal site
