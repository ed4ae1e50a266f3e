"""Behemoth (Carthage's creature): fortresses and creatures fighting it roll a die instead
of their automatic 6 (rulebook, creature text); a second Behemoth adds nothing (Q&A)."""

from __future__ import annotations

from engine.actions import Move
from engine.events import DiceRolled
from engine.game import apply
from engine.powers import loses_automatic_six
from engine.rules.common import new_unit

from ..test_military import game, of, put, start_military


def test_behemoth_makes_the_fortress_and_the_creature_it_fights_roll():
    s = game(["carthage", "rome", "greece"])
    b = put(s, "carthage", "creature", "etruria", 2)  # two Behemoths: no more than one
    put(s, "rome", "fortress", "roma")
    put(s, "rome", "creature", "roma")
    start_military(s, "carthage", "ground")
    s.forced_dice = [2, 3]
    ev = apply(s, Move(units=b, to="roma"))
    car, rom = of(ev, DiceRolled)
    assert (car.dice, car.automatic, car.total) == ([], [6, 6], 12)  # Rome has no Behemoth: 6 each
    assert (rom.dice, rom.automatic, rom.total) == ([2, 3], [], 5)


def test_no_behemoth_no_die_and_legions_are_not_concerned():
    s = game(["carthage", "rome", "greece"])
    fortress = new_unit(s, "rome", "fortress", "roma")
    legion = new_unit(s, "rome", "legion", "roma")
    behemoth = new_unit(s, "carthage", "creature", "etruria")
    centaur = new_unit(s, "greece", "creature", "etruria")
    carthage_legion = new_unit(s, "carthage", "legion", "etruria")
    assert loses_automatic_six(s, fortress, [behemoth])
    assert not loses_automatic_six(s, legion, [behemoth])  # a legion rolls anyway
    assert not loses_automatic_six(s, fortress, [centaur, carthage_legion])
