"""Ariane: each building in the province gives her holder's side a combat bonus: +1 per
city and caravan, +2 per market and temple (rulebook, card text)."""

from __future__ import annotations

from engine.actions import Move, NavalBattle
from engine.events import DiceRolled
from engine.game import apply
from engine.state import Building

from ..test_military import game, of, put, start_military
from .support import give


def _battle(holder, extra=()):
    s = game(["rome", "carthage", "greece"])
    give(s, holder, "ariane")
    s.provinces["numidia"].buildings = [Building(kind="caravan", site="grain"), *extra]
    mine = put(s, "rome", "legion", "mauretania_caesariensis", 2)
    put(s, "carthage", "legion", "numidia")
    start_military(s, "rome", "ground")
    s.forced_dice = [1, 1, 1]
    return of(apply(s, Move(units=mine, to="numidia")), DiceRolled)


def test_ariane_counts_the_buildings_of_the_province_for_the_attacker():
    """Rulebook, Ariane: caravan +1, market +2, temple +2, city +1: Rome 2 + 6."""
    rome, carthage = _battle("rome", [Building(kind="market"), Building(kind="temple"),
                                      Building(kind="city", site="x")])
    assert rome.total == 2 + 6 and rome.bonus == 6
    assert carthage.total == 1 + 1  # Hannibal only


def test_ariane_for_the_defender_and_nobody_else():
    rome, carthage = _battle("carthage")
    assert carthage.total == 1 + 1 + 1 and rome.total == 2
    rome, carthage = _battle("greece", [Building(kind="temple")])
    assert rome.total == 2 and carthage.total == 2  # not in the battle: no effect


def test_ariane_gives_nothing_at_sea():
    s = game(["rome", "carthage", "greece"])
    give(s, "rome", "ariane")
    put(s, "rome", "trireme", "mare_africum")
    put(s, "carthage", "trireme", "mare_africum")
    start_military(s, "rome")
    s.forced_dice = [1, 1]
    rome, _ = of(apply(s, NavalBattle(sea="mare_africum", opponent="carthage")), DiceRolled)
    assert rome.total == 1
