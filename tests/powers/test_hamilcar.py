"""Hamilcar: an automatic 4 instead of rolling, on some or all dice of a ground combat;
with Hannibal such a die counts 5 (rulebook, card text and Q&A)."""

from __future__ import annotations

from engine.actions import Move, Pass, UsePower
from engine.events import DiceRolled
from engine.game import apply
from engine.prompts import Reaction

from ..helpers import assert_illegal
from ..test_military import game, of, put, start_military
from .support import give, uses


def _battle(holder):
    s = game(["rome", "carthage", "greece"])
    give(s, holder, "hamilcar")
    mine = put(s, "rome", "legion", "mauretania_caesariensis", 3)
    put(s, "carthage", "legion", "numidia", 2)
    start_military(s, "rome", "ground")
    apply(s, Move(units=mine, to="numidia"))
    return s


def test_hamilcar_takes_fours_for_some_of_the_dice():
    """Hamilcar: Rome takes 4 for one die and rolls the other two."""
    s = _battle("rome")
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "before_battle"
    assert [a.choice for a in uses(s, "hamilcar")] == ["1", "2", "3"]
    s.forced_dice = [1, 1, 2, 2]
    ev = apply(s, UsePower(card="hamilcar", choice="1"))
    rome, carthage = of(ev, DiceRolled)
    assert rome.dice == [1, 1] and rome.automatic == [4] and rome.total == 6
    assert carthage.dice == [2, 2] and carthage.total == 6


def test_hamilcar_with_hannibal_gives_fives():
    """Q&A: Hamilcar's 4 and Hannibal's +1 combine into an automatic 5."""
    s = _battle("carthage")
    assert s.prompt.civ == "carthage"
    s.forced_dice = [3, 3, 3]
    ev = apply(s, UsePower(card="hamilcar", choice="2"))
    rome, carthage = of(ev, DiceRolled)
    assert carthage.dice == [] and carthage.automatic == [4, 4] and carthage.total == 10


def test_hamilcar_limits():
    s = _battle("carthage")
    assert_illegal(s, UsePower(card="hamilcar", choice="3"), "hamilcar", "1 to 2")
    assert_illegal(s, UsePower(card="hamilcar", choice="x"), "hamilcar", "how many")
    s.forced_dice = [1, 1, 1, 1, 1]
    ev = apply(s, Pass())
    assert of(ev, DiceRolled)[1].automatic == []
    s2 = _battle("greece")
    assert not isinstance(s2.prompt, Reaction)  # not his battle
    s3 = game(["rome", "carthage", "greece"])
    give(s3, "rome", "hamilcar")
    start_military(s3, "rome", "ground")
    assert_illegal(s3, UsePower(card="hamilcar", choice="1"), "hamilcar", "before the dice")
