"""Medusa: once per round, prohibit all combat in a single province where her holder has
units, announced before the dice are thrown (rulebook, card text)."""

from __future__ import annotations

from engine.actions import EndMilitary, Move, Pass, UsePower
from engine.events import BattleEnded, DiceRolled, UnitsLost
from engine.game import apply
from engine.prompts import GroundTurn, Reaction

from ..helpers import assert_illegal
from ..test_military import game, ids_at, of, put, start_military
from .support import give, uses


def _attack(holder="rome"):
    s = game(["rome", "carthage", "greece"])
    give(s, holder, "medusa")
    mine = put(s, "rome", "legion", "mauretania_caesariensis", 3)
    theirs = put(s, "carthage", "legion", "numidia")
    start_military(s, "rome", "ground")
    ev = apply(s, Move(units=mine[:2], to="numidia"))
    return s, ev, mine, theirs


def test_medusa_forbids_the_battle_and_all_combat_there_this_turn():
    """Medusa: before the dice, no combat in Numidia: no dice, no losses; the units stay
    together (at war), and a later move there this turn fights no battle either."""
    s, ev, mine, theirs = _attack()
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "before_battle"
    assert uses(s, "medusa") == [UsePower(card="medusa", target="numidia")]
    ev = apply(s, UsePower(card="medusa", target="numidia"))
    assert of(ev, BattleEnded) and not of(ev, DiceRolled) and not of(ev, UnitsLost)
    assert ids_at(s, "numidia", "rome") == mine[:2] and ids_at(s, "numidia", "carthage") == theirs
    assert isinstance(s.prompt, GroundTurn)
    ev = apply(s, Move(units=mine[2:], to="numidia"))
    assert not of(ev, DiceRolled)
    ev = apply(s, EndMilitary())  # no battle at the end of the turn either
    assert not of(ev, DiceRolled)
    assert len(ids_at(s, "numidia", "rome")) == 3


def test_the_defender_may_use_medusa_and_passing_lets_the_battle_happen():
    s, ev, mine, theirs = _attack("carthage")
    assert isinstance(s.prompt, Reaction) and s.prompt.civ == "carthage"
    s.forced_dice = [1, 1, 1]
    ev = apply(s, Pass())
    assert of(ev, DiceRolled)
    assert not any(k.startswith("medusa") for k in s.used_powers)


def test_medusa_limits():
    """Medusa: only where her holder has units, only before the dice, once per round."""
    s, ev, mine, theirs = _attack("greece")
    assert not isinstance(s.prompt, Reaction)  # Greece has no unit in Numidia: not asked
    s2 = game(["rome", "carthage", "greece"])
    give(s2, "rome", "medusa")
    a = put(s2, "rome", "legion", "mauretania_caesariensis", 1)
    b = put(s2, "rome", "legion", "cyrenaica", 1)
    put(s2, "carthage", "legion", "numidia")
    put(s2, "carthage", "legion", "tripolitania")
    start_military(s2, "rome", "ground")
    apply(s2, Move(units=a, to="numidia"))
    assert_illegal(s2, UsePower(card="medusa", target="tripolitania"), "medusa", "numidia")
    apply(s2, UsePower(card="medusa", target="numidia"))
    apply(s2, Move(units=b, to="tripolitania"))  # once per round: the battle is fought
    assert not isinstance(s2.prompt, Reaction) or s2.prompt.window != "before_battle"
    s3 = game(["rome", "carthage", "greece"])
    give(s3, "rome", "medusa")
    start_military(s3, "rome", "ground")
    assert_illegal(s3, UsePower(card="medusa", target="numidia"), "medusa", "before the dice")
