"""Helen of Troy: once per military phase, before the dice of a battle in a province with
your influence marker, replace one enemy legion there with one from your reserve
(docs/rules.md, Cards)."""

from __future__ import annotations

from engine.actions import Move, Pass, UsePower
from engine.data.costs import PIECES_PER_CIV
from engine.events import DiceRolled
from engine.game import apply
from engine.prompts import Reaction

from ..helpers import assert_illegal
from ..test_military import game, ids_at, of, put, start_military
from .support import give, uses


def _battle(influence="carthage", holder="carthage"):
    s = game(["rome", "carthage", "greece"])
    give(s, holder, "helen_of_troy")
    s.provinces["numidia"].influence = influence
    s.provinces["tripolitania"].influence = influence
    mine = put(s, "rome", "legion", "mauretania_caesariensis", 2)
    more = put(s, "rome", "legion", "cyrenaica", 1)
    put(s, "carthage", "legion", "numidia")
    put(s, "carthage", "legion", "tripolitania")
    start_military(s, "rome", "ground")
    apply(s, Move(units=mine, to="numidia"))
    return s, mine, more


def test_helen_replaces_an_enemy_legion_with_one_of_hers():
    s, mine, more = _battle()
    assert isinstance(s.prompt, Reaction) and s.prompt.civ == "carthage"
    assert uses(s, "helen_of_troy") == [UsePower(card="helen_of_troy", target="numidia")]
    s.forced_dice = [1, 1, 1]  # Rome rolls one die now, Carthage two
    ev = apply(s, UsePower(card="helen_of_troy", target="numidia"))
    rome, carthage = of(ev, DiceRolled)
    assert len(rome.dice) == 1 and len(carthage.dice) == 2
    assert ids_at(s, "numidia", "rome") == mine[1:]
    assert len(ids_at(s, "numidia", "carthage")) == 2
    # once per military phase: the next battle, in Tripolitania, is not offered
    apply(s, Move(units=more, to="tripolitania"))
    assert not (isinstance(s.prompt, Reaction) and s.prompt.window == "before_battle")


def test_helen_limits():
    """Only in a province with her holder's influence, only if he fights there, only with a
    legion in reserve."""
    s, _, _ = _battle(influence="rome")
    assert not isinstance(s.prompt, Reaction)
    s2, _, _ = _battle(holder="greece", influence="greece")
    assert not isinstance(s2.prompt, Reaction)  # Greece does not fight
    s3 = game(["rome", "carthage", "greece"])
    give(s3, "carthage", "helen_of_troy")
    s3.provinces["numidia"].influence = "carthage"
    mine = put(s3, "rome", "legion", "mauretania_caesariensis", 1)
    put(s3, "carthage", "legion", "numidia", PIECES_PER_CIV["legion"])
    start_military(s3, "rome", "ground")
    apply(s3, Move(units=mine, to="numidia"))
    assert not isinstance(s3.prompt, Reaction)  # no legion left in reserve
    s4, _, _ = _battle()
    assert_illegal(s4, UsePower(card="midas"), "midas")
    apply(s4, Pass())
    assert "helen_of_troy:carthage" not in s4.used_powers
