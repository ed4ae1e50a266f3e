"""Penthesilee: in a battle on land, her holder loses one unit per full 6 points of the
other side's total, not 5 (rulebook, card text and B) Combat note); at sea, 5."""

from __future__ import annotations

from engine.actions import Move
from engine.events import DiceRolled
from engine.game import apply
from engine.powers import casualty_divisor
from engine.rules.common import player

from ..test_military import game, ids_at, of, put, start_military
from .support import give


def test_penthesilee_ground_losses_are_one_per_six_points():
    s = game(["rome", "carthage", "greece"])
    give(s, "rome", "penthesilee")
    mine = put(s, "rome", "legion", "mauretania_caesariensis", 3)
    put(s, "carthage", "fortress", "numidia", 2)
    put(s, "carthage", "legion", "numidia")
    start_military(s, "rome", "ground")
    s.forced_dice = [1, 1, 1, 4]  # Carthage 6 + 6 + 4 + 1 (Hannibal) = 17: 2 per 6, not 3
    ev = apply(s, Move(units=mine, to="numidia"))
    rome, carthage = of(ev, DiceRolled)
    assert (carthage.total, carthage.losses_inflicted) == (17, 2)
    assert (rome.total, rome.losses_inflicted) == (3, 0)
    assert len(ids_at(s, "numidia", "rome")) == 1  # 3 legions, 2 lost


def test_penthesilee_does_not_change_sea_battles_or_other_players():
    s = game(["rome", "carthage", "greece"])
    give(s, "carthage", "penthesilee")
    assert casualty_divisor(s, "carthage", naval=False) == 6
    assert casualty_divisor(s, "carthage", naval=True) == 5
    assert casualty_divisor(s, "rome", naval=False) == 5
    player(s, "carthage").cards.remove("penthesilee")
    assert casualty_divisor(s, "carthage", naval=False) == 5
