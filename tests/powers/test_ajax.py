"""Ajax: in ground combat his holder re-rolls, once, any dice he wishes; a re-rolled die
stands (rulebook, card text and Q&A)."""

from __future__ import annotations

from engine.actions import Move, NavalBattle, Pass, UsePower
from engine.events import DiceRolled
from engine.game import apply
from engine.prompts import Reaction

from ..helpers import assert_illegal
from ..test_military import game, of, put, start_military
from .support import give, uses


def _battle(holder="rome"):
    s = game(["rome", "carthage", "greece"])
    give(s, holder, "ajax")
    mine = put(s, "rome", "legion", "mauretania_caesariensis", 3)
    put(s, "carthage", "legion", "numidia", 2)
    start_military(s, "rome", "ground")
    s.forced_dice = [1, 5, 2, 3, 3]  # Rome 8, Carthage 6 + 2 (Hannibal)
    apply(s, Move(units=mine, to="numidia"))
    return s


def test_ajax_rerolls_the_dice_he_chooses_once():
    """Ajax: re-roll the 1 and the 2 (positions 0 and 2): 6 + 5 + 4 = 15."""
    s = _battle()
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "after_dice"
    # any dice he chooses: the three dice differ, so every non-empty choice is offered
    assert sorted(a.choice for a in uses(s, "ajax")) == ["0", "0,1", "0,1,2", "0,2", "1",
                                                         "1,2", "2"]
    s.forced_dice = [6, 4]
    ev = apply(s, UsePower(card="ajax", choice="0,2"))
    # Q&A: a re-rolled die stands: no second re-roll, the window closes and losses follow
    rolled = of(ev, DiceRolled)
    assert rolled[0].dice == [6, 5, 4] and [d.total for d in rolled] == [15, 8]


def test_the_defender_may_hold_ajax():
    s = _battle("carthage")
    assert s.prompt.civ == "carthage"
    s.forced_dice = [6]
    ev = apply(s, UsePower(card="ajax", choice="1"))
    assert of(ev, DiceRolled)[1].dice == [3, 6] and of(ev, DiceRolled)[1].total == 11


def test_ajax_limits():
    """Ajax: ground combat only; positions must be dice of his side; his own battles."""
    s = _battle()
    assert_illegal(s, UsePower(card="ajax", choice="3"), "ajax", "position")
    assert_illegal(s, UsePower(card="ajax", choice="0,0"), "ajax", "position")
    assert_illegal(s, UsePower(card="ajax", choice=""), "ajax", "position")
    s.military.battle.powers_used.append("ajax:rome")  # as after a re-roll
    assert uses(s, "ajax") == []
    assert_illegal(s, UsePower(card="ajax", choice="1"), "ajax", "once")
    s.military.battle.powers_used.clear()
    ev = apply(s, Pass())
    assert [d.total for d in of(ev, DiceRolled)] == [8, 8]
    s2 = _battle("greece")
    assert not isinstance(s2.prompt, Reaction)  # Greece does not fight: not asked
    s3 = game(["rome", "carthage", "greece"])
    give(s3, "rome", "ajax")
    put(s3, "rome", "trireme", "mare_africum")
    put(s3, "carthage", "trireme", "mare_africum")
    start_military(s3, "rome")
    assert_illegal(s3, UsePower(card="ajax", choice="0"), "ajax", "ground battle")
    s3.forced_dice = [1, 1]
    apply(s3, NavalBattle(sea="mare_africum", opponent="carthage"))
    assert not isinstance(s3.prompt, Reaction)  # naval: no re-roll
