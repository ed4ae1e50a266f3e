"""Cleopatra: once each construction phase, swap a commodity for a tax card with the bank,
or the reverse (docs/rules.md, Cards)."""

from __future__ import annotations

from engine.actions import EndConstruction, UsePower
from engine.game import apply
from engine.rules.common import player

from ..helpers import assert_illegal, begin_phase, start
from .support import construction_turn, uses


def test_cleopatra_swaps_either_way_once_per_phase():
    s = start()
    construction_turn(s, "egypt", {"tax": 1, "papyrus": 1})
    opts = {(a.target, a.choice) for a in uses(s, "cleopatra")}
    assert ("papyrus", "tax") in opts and ("tax", "gold") in opts
    assert ("tax", "tax") not in opts and ("papyrus", "gold") not in opts
    apply(s, UsePower(card="cleopatra", target="papyrus", choice="tax"))
    assert player(s, "egypt").hand == {"tax": 2}
    assert uses(s, "cleopatra") == []
    assert_illegal(s, UsePower(card="cleopatra", target="tax", choice="gold"), "cleopatra",
                   "once each construction phase")


def test_cleopatra_limits():
    s = start()
    construction_turn(s, "egypt", {"tax": 1, "papyrus": 1})
    assert_illegal(s, UsePower(card="cleopatra", target="papyrus", choice="gold"),
                   "cleopatra", "tax card")
    assert_illegal(s, UsePower(card="cleopatra", target="gold", choice="tax"), "cleopatra",
                   "no gold")
    s.bank["gems"] = 0
    assert_illegal(s, UsePower(card="cleopatra", target="tax", choice="gems"), "cleopatra",
                   "no gems")
    apply(s, UsePower(card="cleopatra", target="tax", choice="gold"))
    assert player(s, "egypt").hand == {"gold": 1, "papyrus": 1}


def test_cleopatra_only_in_her_holders_construction_turn():
    s = start()
    construction_turn(s, "rome")
    assert_illegal(s, UsePower(card="cleopatra", target="wine", choice="tax"), "cleopatra",
                   "do not hold")
    s = start()
    begin_phase(s, "offering", first="egypt")
    assert_illegal(s, UsePower(card="cleopatra", target="papyrus", choice="tax"),
                   "cleopatra", "construction turn")
    s = start()
    construction_turn(s, "egypt")
    apply(s, EndConstruction())
    assert s.prompt.civ == "egypt"  # naming the next player: not her turn any more
    assert uses(s, "cleopatra") == []
