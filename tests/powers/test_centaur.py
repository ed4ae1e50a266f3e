"""Centaur (Greece): before the dice of a combat where it is involved, each centaur
destroys one enemy legion, not a fortress, trireme or creature (rulebook, creature text)."""

from __future__ import annotations

from engine.actions import Move
from engine.events import DiceRolled, UnitsLost
from engine.game import apply

from ..test_military import game, ids_at, of, put, start_military


def test_each_centaur_destroys_one_enemy_legion_before_the_dice():
    s = game(["rome", "carthage", "greece"])
    mine = put(s, "rome", "legion", "mauretania_caesariensis", 3)
    put(s, "greece", "creature", "numidia", 2)  # two centaurs (as with Hercules' help)
    start_military(s, "rome", "ground")
    s.forced_dice = [1]
    ev = apply(s, Move(units=mine, to="numidia"))
    lost = of(ev, UnitsLost)
    assert lost[0].civ == "rome" and lost[0].units == mine[:2]
    rome, greece = of(ev, DiceRolled)
    assert rome.dice == [1] and greece.automatic == [6, 6]
    assert ids_at(s, "numidia", "rome") == []  # 12 points kill the last legion


def test_the_centaur_spares_fortresses_and_creatures_and_attacks_too():
    """The attacking centaur destroys the one legion; the fortress and the Behemoth fight."""
    s = game(["rome", "carthage", "greece"])
    legion = put(s, "carthage", "legion", "numidia")
    put(s, "carthage", "fortress", "numidia")
    put(s, "carthage", "creature", "numidia")
    cen = put(s, "greece", "creature", "mauretania_caesariensis")
    start_military(s, "greece", "ground")
    s.forced_dice = [1]  # the Behemoth makes the centaur roll
    ev = apply(s, Move(units=cen, to="numidia"))
    assert of(ev, UnitsLost)[0].civ == "carthage" and of(ev, UnitsLost)[0].units == legion
    greece, carthage = of(ev, DiceRolled)
    assert greece.dice == [1] and carthage.automatic == [6, 6]
