"""Mars: +6 to the total of a single combat roll, after having seen the result (rulebook,
card text; docs/rules.md, Powers and reactions: the reaction window after the dice, before the
losses)."""

from __future__ import annotations

from engine.actions import Move, Pass, UsePower
from engine.events import DiceRolled, UnitsLost
from engine.game import apply, legal_actions
from engine.prompts import Reaction

from ..helpers import assert_illegal
from ..test_military import game, ids_at, of, put, start_military
from .support import give_god, uses


def _battle(mars_holder: str = "rome"):
    s = game(["rome", "carthage", "greece"])
    give_god(s, mars_holder, "mars")
    mine = put(s, "rome", "legion", "mauretania_caesariensis", 2)
    put(s, "carthage", "legion", "numidia")
    start_military(s, "rome", "ground")
    s.forced_dice = [2, 1, 3]  # Rome 3, Carthage 3 + 1 (Hannibal)
    ev = apply(s, Move(units=mine, to="numidia"))
    return s, ev


def test_mars_adds_six_to_its_holders_total_after_the_dice():
    """Mars: after seeing the dice (Rome 3 against 4) Rome adds +6: 9 kills the legion."""
    s, ev = _battle()
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "after_dice"
    assert s.prompt.civ == "rome" and s.prompt.powers == ["mars"]
    assert not of(ev, DiceRolled)  # the totals are not final yet
    # one use per side of the battle, no more
    assert sorted(a.target for a in uses(s, "mars")) == ["carthage", "rome"]
    ev = apply(s, UsePower(card="mars", target="rome"))
    assert [d.total for d in of(ev, DiceRolled)] == [9, 4]
    assert ids_at(s, "numidia", "carthage") == []
    assert of(ev, UnitsLost)
    assert "mars" in s.gods_used


def test_mars_held_by_a_third_player_may_help_either_side():
    """Mars: "a single combat roll", any battle's: Greece adds +6 to Carthage's 4."""
    s, _ = _battle("greece")
    assert isinstance(s.prompt, Reaction) and s.prompt.civ == "greece"
    ev = apply(s, UsePower(card="mars", target="carthage"))
    assert [d.total for d in of(ev, DiceRolled)] == [3, 10]
    assert len(ids_at(s, "numidia", "rome")) == 0
    assert len(ids_at(s, "mauretania_caesariensis", "rome")) == 0


def test_mars_limits():
    """Mars: once (the god turns face down), only on a side of the battle, only after the
    dice; passing keeps him."""
    s, _ = _battle()
    assert_illegal(s, UsePower(card="mars", target="greece"), "mars", "side of this battle")
    ev = apply(s, Pass())
    assert [d.total for d in of(ev, DiceRolled)] == [3, 4]
    assert "mars" not in s.gods_used
    # in the holder's own decision, outside the window, Mars is not offered
    assert not [a for a in legal_actions(s) if isinstance(a, UsePower) and a.card == "mars"]
    s2, _ = _battle("carthage")
    apply(s2, UsePower(card="mars", target="carthage"))
    assert "mars" in s2.gods_used
    assert_illegal(s2, UsePower(card="mars", target="carthage"), "mars")
