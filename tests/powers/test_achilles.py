"""Achilles: after a successful combat, sack 1 building per military unit present
(rulebook, card text)."""

from __future__ import annotations

from engine.actions import Move, Occupy, Pass, Sack
from engine.events import Sacked
from engine.game import apply, legal_actions
from engine.prompts import ChooseConquest, GroundTurn
from engine.state import Building

from ..helpers import assert_illegal
from ..test_military import game, of, put, start_military
from .support import give


def _won(holder="rome", legions=3, defended=True):
    s = game(["rome", "carthage", "greece"])
    give(s, holder, "achilles")
    s.provinces["numidia"].buildings = [Building(kind="caravan", site="grain"),
                                        Building(kind="market"), Building(kind="temple"),
                                        Building(kind="city", site="x")]
    mine = put(s, "rome", "legion", "mauretania_caesariensis", legions)
    if defended:
        put(s, "carthage", "legion", "numidia")
    start_military(s, "rome", "ground")
    s.forced_dice = [6] * legions + [1]
    apply(s, Move(units=mine, to="numidia"))
    assert isinstance(s.prompt, ChooseConquest)
    return s


def test_achilles_sacks_one_building_per_unit_after_a_won_battle():
    """Three legions won: three buildings sacked, one conquest choice after another."""
    s = _won()
    ev = apply(s, Sack(building=0))
    assert isinstance(s.prompt, ChooseConquest)
    acts = legal_actions(s)
    assert acts[0] == Pass() and not any(isinstance(a, Occupy) for a in acts)
    assert_illegal(s, Occupy(posts=[]), "achilles")
    ev += apply(s, Sack(building=0))
    ev += apply(s, Sack(building=0))
    assert len(of(ev, Sacked)) == 3
    assert [b.kind for b in s.provinces["numidia"].buildings] == ["city"]
    assert isinstance(s.prompt, GroundTurn)


def test_achilles_may_stop_and_limits():
    s = _won(legions=2)
    apply(s, Sack(building=0))
    apply(s, Pass())
    assert len(s.provinces["numidia"].buildings) == 3 and isinstance(s.prompt, GroundTurn)
    s2 = _won(defended=False)  # no combat: one building, as usual
    apply(s2, Sack(building=0))
    assert isinstance(s2.prompt, GroundTurn)
    s3 = _won("greece")  # not Rome's card
    apply(s3, Sack(building=0))
    assert isinstance(s3.prompt, GroundTurn)
    s4 = _won()
    assert_illegal(s4, Pass(), "sack, occupy or convert")
