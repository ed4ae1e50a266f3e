"""Midas: in combat, pay 2 tax cards to convert one opponent's legion to your own; a legion
must be left in reserve, but no province or influence condition (rulebook, card text, Q&A)."""

from __future__ import annotations

from engine.actions import Move, Pass, UsePower
from engine.data.costs import PIECES_PER_CIV
from engine.events import DiceRolled
from engine.game import apply
from engine.prompts import Reaction
from engine.rules.common import player

from ..helpers import assert_illegal, set_hand
from ..test_military import game, ids_at, of, put, start_military
from .support import give, uses


def _battle(tax=4, reserve_full=False):
    s = game(["rome", "carthage", "greece"])
    give(s, "rome", "midas")
    set_hand(s, "rome", {"tax": tax})
    mine = put(s, "rome", "legion", "mauretania_caesariensis", 1)
    if reserve_full:
        put(s, "rome", "legion", "roma", PIECES_PER_CIV["legion"] - 1)
    put(s, "carthage", "legion", "numidia", 3)
    start_military(s, "rome", "ground")
    apply(s, Move(units=mine, to="numidia"))
    return s


def test_midas_pays_two_tax_per_legion_converted():
    """Twice, for 4 tax: Carthage keeps one legion, Rome fights with three."""
    s = _battle()
    assert isinstance(s.prompt, Reaction) and s.prompt.civ == "rome"
    assert uses(s, "midas") == [UsePower(card="midas", choice="tax=2")]
    apply(s, UsePower(card="midas", choice="tax=2"))
    assert player(s, "rome").hand.get("tax", 0) == 2
    assert len(ids_at(s, "numidia", "carthage")) == 2
    s.forced_dice = [1, 1, 1, 1]
    ev = apply(s, UsePower(card="midas", choice="tax=2"))
    rome, carthage = of(ev, DiceRolled)
    assert len(rome.dice) == 3 and len(carthage.dice) == 1
    assert player(s, "rome").hand.get("tax", 0) == 0


def test_midas_limits():
    s = _battle(tax=1)
    assert not isinstance(s.prompt, Reaction)  # cannot pay
    s2 = _battle(reserve_full=True)
    assert not isinstance(s2.prompt, Reaction)  # Q&A: a legion must be in reserve
    s3 = _battle()
    apply(s3, Pass())
    assert player(s3, "rome").hand["tax"] == 4
    s4 = game(["rome", "carthage", "greece"])
    give(s4, "rome", "midas")
    start_military(s4, "rome", "ground")
    assert_illegal(s4, UsePower(card="midas", choice="tax=2"), "midas", "before the dice")
