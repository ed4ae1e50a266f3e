"""Spartacus: once each construction phase, one legion for one Slaves card (rulebook,
card text: not combined with other reductions)."""

from __future__ import annotations

from engine.actions import UsePower
from engine.events import Paid
from engine.game import apply
from engine.rules.common import player, units_in

from ..helpers import assert_illegal, start
from .support import construction_turn, events_of, give, uses


def test_spartacus_builds_a_legion_for_one_slaves_card():
    s = start()
    give(s, "rome", "spartacus")
    construction_turn(s, "rome", {"slaves": 2, "tax": 1})
    assert {a.target for a in uses(s, "spartacus")} == {"roma", "etruria", "magna_graecia"}
    before = len(units_in(s, "etruria", "rome", ["legion"]))
    ev = apply(s, UsePower(card="spartacus", target="etruria"))
    assert len(units_in(s, "etruria", "rome", ["legion"])) == before + 1
    assert events_of(ev, Paid)[0].cards == {"slaves": 1}
    assert player(s, "rome").hand == {"slaves": 1, "tax": 1}
    assert uses(s, "spartacus") == []
    assert_illegal(s, UsePower(card="spartacus", target="roma"), "spartacus",
                   "each construction phase")


def test_spartacus_limits():
    s = start()
    give(s, "rome", "spartacus")
    construction_turn(s, "rome", {"tax": 3})
    assert uses(s, "spartacus") == []
    assert_illegal(s, UsePower(card="spartacus", target="roma"), "spartacus", "slaves")
    s = start()
    give(s, "rome", "spartacus")
    construction_turn(s, "rome", {"slaves": 1})
    assert_illegal(s, UsePower(card="spartacus", target="carthago"), "spartacus",
                   "no influence")
