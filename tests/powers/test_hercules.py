"""Hercules: once a round one legion acts as a mythological unit of its owner, only his
own civilization's creature (rulebook, card text and Q&A)."""

from __future__ import annotations

from engine.actions import Move, Pass, UsePower
from engine.events import DiceRolled, UnitsLost
from engine.game import apply
from engine.prompts import Reaction
from engine.rules.common import unit

from ..helpers import assert_illegal
from ..test_military import game, of, put, start_military
from .support import give, uses


def _battle(attacker="rome", legions=2):
    s = game(["rome", "carthage", "greece"])
    give(s, attacker, "hercules")
    mine = put(s, attacker, "legion", "mauretania_caesariensis", legions)
    put(s, "carthage", "legion", "numidia", 2)
    start_military(s, attacker, "ground")
    apply(s, Move(units=mine, to="numidia"))
    return s, mine


def test_a_hercules_legion_fights_as_a_creature_then_is_a_legion_again():
    s, mine = _battle()
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "before_battle"
    assert uses(s, "hercules") == [UsePower(card="hercules", units=[mine[0]])]
    s.forced_dice = [1, 1, 1]
    ev = apply(s, UsePower(card="hercules", units=[mine[0]]))
    rome = of(ev, DiceRolled)[0]
    assert rome.dice == [1] and rome.automatic == [6]
    assert unit(s, mine[0]).kind == "legion"  # after the battle
    assert "hercules:rome" in s.used_powers  # once per round: the mark lasts the turn
    assert uses(s, "hercules") == []


def test_hercules_gives_the_owners_own_creature():
    """Q&A: only the creature of his civilization: Greece's legion is a Centaur, and kills
    a legion before the dice."""
    s, mine = _battle("greece")
    s.forced_dice = [1, 1]
    ev = apply(s, UsePower(card="hercules", units=[mine[0]]))
    lost = of(ev, UnitsLost)
    assert lost[0].civ == "carthage" and lost[0].kinds == ["legion"]
    assert len(of(ev, DiceRolled)[1].dice) == 1


def test_hercules_limits():
    s, mine = _battle()
    assert_illegal(s, UsePower(card="hercules", units=[mine[0] + 99]), "hercules", "legions")
    apply(s, Pass())
    assert not any(k.startswith("hercules") for k in s.used_powers)
    s2 = game(["rome", "carthage", "greece"])
    give(s2, "rome", "hercules")
    start_military(s2, "rome", "ground")
    assert_illegal(s2, UsePower(card="hercules", units=[1]), "hercules", "before the dice")


def test_a_babylonian_hercules_legion_moves_as_the_griffon():
    """Hercules: for one move a Babylonian legion is a Griffon: it flies two regions (and
    is not convoyed); other civilizations are not offered the move (their creatures move
    like legions)."""
    from engine.actions import Move as M

    from ..test_military import ids_at, illegal
    s = game(["babylon", "carthage", "rome"])
    give(s, "babylon", "hercules")
    a, b = put(s, "babylon", "legion", "mauretania_caesariensis", 2)
    start_military(s, "babylon", "ground")
    illegal(s, M(units=[a], to="carthago"), "not next to")
    assert uses(s, "hercules") == [UsePower(card="hercules", target="move", units=[a])]
    apply(s, UsePower(card="hercules", target="move", units=[a]))
    apply(s, M(units=[a], to="carthago"))
    assert ids_at(s, "carthago", "babylon") == [a]
    assert "hercules:babylon" in s.used_powers and b  # once per round
    s2 = game(["rome", "carthage", "greece"])
    give(s2, "rome", "hercules")
    put(s2, "rome", "legion", "roma")
    start_military(s2, "rome", "ground")
    assert uses(s2, "hercules") == []
