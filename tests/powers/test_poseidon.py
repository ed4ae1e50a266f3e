"""Poseidon: destroy an enemy trireme anywhere on the board, at any time, even as its owner
tries to use it for a convoy or a fight (rulebook, card text and Q&A; docs/rules.md, Powers and
reactions)."""

from __future__ import annotations

from engine.actions import EndNaval, Move, NavalBattle, Pass, UsePower
from engine.events import BattleEnded, MoveCancelled, UnitsMoved
from engine.game import apply
from engine.prompts import GroundTurn, NavalTurn, Reaction

from ..helpers import assert_illegal
from ..test_military import game, ids_at, of, put, start_military
from .support import give_god, uses


def test_poseidon_destroys_an_enemy_trireme_anywhere_in_his_holders_decision():
    """Poseidon: any enemy trireme, at sea or in port; each is offered (triremes of one
    area may differ: moved, fought, carrying)."""
    s = game(["rome", "carthage", "greece"])
    give_god(s, "rome", "poseidon")
    a, b = put(s, "carthage", "trireme", "mare_africum", 2)
    port, = put(s, "greece", "trireme", "athenae")
    put(s, "rome", "trireme", "mare_tyrrhenum")
    start_military(s, "rome")
    assert sorted(x.units[0] for x in uses(s, "poseidon")) == [a, b, port]
    apply(s, UsePower(card="poseidon", units=[b]))
    assert ids_at(s, "mare_africum", "carthage") == [a]
    assert "poseidon" in s.gods_used
    assert isinstance(s.prompt, NavalTurn) and s.prompt.civ == "rome"
    assert uses(s, "poseidon") == []
    assert_illegal(s, UsePower(card="poseidon", units=[a]), "poseidon", "face down")


def test_poseidon_limits():
    s = game(["rome", "carthage", "greece"])
    give_god(s, "rome", "poseidon")
    mine, = put(s, "rome", "trireme", "mare_tyrrhenum")
    legion, = put(s, "carthage", "legion", "numidia")
    put(s, "carthage", "trireme", "mare_africum")
    start_military(s, "rome")
    assert_illegal(s, UsePower(card="poseidon", units=[mine]), "poseidon", "yours")
    assert_illegal(s, UsePower(card="poseidon", units=[legion]), "poseidon", "not a trireme")
    assert_illegal(s, UsePower(card="poseidon", units=[]), "poseidon", "one trireme")
    s2 = game(["rome", "carthage", "greece"])
    t, = put(s2, "carthage", "trireme", "mare_africum")
    start_military(s2, "rome")
    assert_illegal(s2, UsePower(card="poseidon", units=[t]), "poseidon", "do not hold")


def test_poseidon_against_a_declared_convoy_cancels_it_and_nobody_is_lost():
    """Q&A: Poseidon destroys a trireme after its owner announced the convoy: the convoy is
    cancelled, the transported units are not lost (they stay, and may still move)."""
    s = game(["rome", "carthage", "greece"])
    give_god(s, "carthage", "poseidon")
    legions = put(s, "rome", "legion", "roma", 2)
    t, = put(s, "rome", "trireme", "mare_tyrrhenum")
    start_military(s, "rome", "ground")
    ev = apply(s, Move(units=legions, to="sicilia"))
    assert not of(ev, UnitsMoved)
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "move_declared"
    assert s.prompt.civ == "carthage"
    ev = apply(s, UsePower(card="poseidon", units=[t]))
    assert of(ev, MoveCancelled) and not of(ev, UnitsMoved)
    assert ids_at(s, "roma", "rome") == legions
    assert ids_at(s, "mare_tyrrhenum", "rome") == []
    assert isinstance(s.prompt, GroundTurn) and s.prompt.civ == "rome"
    apply(s, Move(units=legions, to="etruria"))
    assert ids_at(s, "etruria", "rome") == legions


def test_passing_lets_the_convoy_through():
    s = game(["rome", "carthage", "greece"])
    give_god(s, "carthage", "poseidon")
    legions = put(s, "rome", "legion", "roma", 2)
    put(s, "rome", "trireme", "mare_tyrrhenum")
    start_military(s, "rome", "ground")
    apply(s, Move(units=legions, to="sicilia"))
    ev = apply(s, Pass())
    assert of(ev, UnitsMoved) and ids_at(s, "sicilia", "rome") == legions
    assert "poseidon" not in s.gods_used


def test_poseidon_before_a_naval_battle():
    """Poseidon: even as its owner tries to use it for fighting: before the dice of a naval
    battle the attacked side's only trireme sinks; no dice, no losses."""
    s = game(["rome", "carthage", "greece"])
    give_god(s, "carthage", "poseidon")
    put(s, "rome", "trireme", "mare_africum")
    mine, = put(s, "carthage", "trireme", "mare_africum")
    start_military(s, "rome")
    apply(s, NavalBattle(sea="mare_africum", opponent="carthage"))
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "before_battle"
    rome = ids_at(s, "mare_africum", "rome")
    ev = apply(s, UsePower(card="poseidon", units=rome))
    assert of(ev, BattleEnded)
    assert ids_at(s, "mare_africum", "rome") == [] and ids_at(s, "mare_africum",
                                                              "carthage") == [mine]
    assert isinstance(s.prompt, NavalTurn)
    apply(s, EndNaval())


def test_ishtar_protects_a_trireme_from_poseidon():
    s = game(["rome", "carthage", "greece"])
    give_god(s, "rome", "poseidon")
    give_god(s, "carthage", "ishtar")
    t, = put(s, "carthage", "trireme", "mare_africum")
    start_military(s, "rome")
    apply(s, UsePower(card="poseidon", units=[t]))
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "ishtar"
    apply(s, UsePower(card="ishtar", target="poseidon"))
    assert ids_at(s, "mare_africum", "carthage") == [t]
    assert {"poseidon", "ishtar"} <= set(s.gods_used)
    assert isinstance(s.prompt, NavalTurn) and s.prompt.civ == "rome"
