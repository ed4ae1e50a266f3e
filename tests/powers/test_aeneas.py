"""Aeneas: move through a single sea space without triremes; the same space for the whole
round, announced when the player wants (rulebook, card text)."""

from __future__ import annotations

from engine.actions import Move, UsePower
from engine.events import UnitsMoved
from engine.game import apply

from ..helpers import assert_illegal
from ..test_military import game, ids_at, of, put, start_military
from .support import give, uses


def test_aeneas_carries_across_the_announced_sea():
    s = game(["rome", "carthage", "greece"])
    give(s, "rome", "aeneas")
    a, b = put(s, "rome", "legion", "roma", 2)
    start_military(s, "rome")
    assert uses(s, "aeneas") == []  # announced in the ground step
    start_military(s, "rome", "ground")
    assert "mare_tyrrhenum" in {u.target for u in uses(s, "aeneas")}
    assert_illegal(s, Move(units=[a], to="sicilia"), "no chain")
    apply(s, UsePower(card="aeneas", target="mare_tyrrhenum"))
    ev = apply(s, Move(units=[a], to="sicilia"))
    assert of(ev, UnitsMoved)[0].seas == ["mare_tyrrhenum"]
    assert ids_at(s, "sicilia", "rome") == [a]
    # one sea space for the round: no other, and the same one serves again
    assert uses(s, "aeneas") == []
    assert_illegal(s, UsePower(card="aeneas", target="mare_africum"), "aeneas", "entire round")
    apply(s, Move(units=[b], to="sicilia"))
    assert ids_at(s, "sicilia", "rome") == [a, b]


def test_aeneas_sea_joins_a_chain_of_triremes():
    s = game(["rome", "carthage", "greece"])
    give(s, "rome", "aeneas")
    a, = put(s, "rome", "legion", "roma")
    put(s, "rome", "trireme", "mare_africum")
    start_military(s, "rome", "ground")
    apply(s, UsePower(card="aeneas", target="mare_tyrrhenum"))
    apply(s, Move(units=[a], to="carthago", seas=["mare_tyrrhenum", "mare_africum"]))
    assert ids_at(s, "carthago", "rome") == [a]


def test_aeneas_limits():
    s = game(["rome", "carthage", "greece"])
    give(s, "rome", "aeneas")
    a, = put(s, "rome", "legion", "roma")
    start_military(s, "rome", "ground")
    assert_illegal(s, UsePower(card="aeneas", target="roma"), "aeneas", "sea space")
    assert_illegal(s, Move(units=[a], to="carthago",
                           seas=["mare_tyrrhenum", "mare_africum"]), "unbroken chain")
    s2 = game(["rome", "carthage", "greece"])
    start_military(s2, "rome", "ground")
    assert_illegal(s2, UsePower(card="aeneas", target="mare_tyrrhenum"), "aeneas",
                   "do not hold")
