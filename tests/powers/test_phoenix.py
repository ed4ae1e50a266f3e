"""Phoenix (Egypt's creature): a Phoenix lost waits on its card and may come back to the
capital for a set of 3 in a later construction phase (rulebook, creature text)."""

from __future__ import annotations

from engine.actions import UsePower
from engine.game import apply
from engine.rules.common import new_unit, player, unit

from ..helpers import assert_illegal, start
from .support import construction_turn, give, uses


def _waiting(civ="egypt"):
    s = start()
    u = new_unit(s, civ, "creature", "")  # on its card (the military phase puts it there)
    return s, u.id


def test_the_phoenix_returns_to_the_capital_for_a_set_of_three():
    s, uid = _waiting()
    construction_turn(s, "egypt", {"tax": 3, "grain": 1, "papyrus": 1, "gold": 1})
    pays = {a.choice for a in uses(s, "phoenix")}
    assert pays == {"tax=3", "grain=1,gold=1,papyrus=1"}
    apply(s, UsePower(card="phoenix", units=[uid], choice="tax=3"))
    assert unit(s, uid).area == "alexandria"
    assert player(s, "egypt").hand == {"grain": 1, "papyrus": 1, "gold": 1}
    assert uses(s, "phoenix") == []


def test_the_phoenix_limits():
    s, uid = _waiting()
    construction_turn(s, "egypt", {"tax": 2, "grain": 1})
    assert uses(s, "phoenix") == []
    assert_illegal(s, UsePower(card="phoenix", units=[uid], choice="tax=2"), "phoenix",
                   "cannot pay")
    assert_illegal(s, UsePower(card="phoenix", units=[uid], choice="tax=2,grain=1"),
                   "phoenix", "mixed")
    assert_illegal(s, UsePower(card="phoenix", units=[uid + 99], choice="tax=3"), "phoenix",
                   "waiting")
    s.provinces["alexandria"].influence = "babylon"
    assert_illegal(s, UsePower(card="phoenix", units=[uid], choice="tax=3"), "phoenix",
                   "no influence marker in alexandria")


def test_only_egypt_has_a_phoenix():
    s, _ = _waiting("rome")  # rome's creature is the Titan
    construction_turn(s, "rome", {"tax": 3})
    assert uses(s, "phoenix") == []
    assert_illegal(s, UsePower(card="phoenix", units=[_], choice="tax=3"), "phoenix",
                   "egypt")


def test_the_temple_of_artemis_may_help_pay():
    s, uid = _waiting()
    give(s, "egypt", "temple_of_artemis")
    construction_turn(s, "egypt", {"grain": 1, "papyrus": 1})
    assert {a.choice for a in uses(s, "phoenix")} == {
        "grain=1,papyrus=1,temple_of_artemis=1"}
    apply(s, UsePower(card="phoenix", units=[uid],
                      choice="grain=1,papyrus=1,temple_of_artemis=1"))
    assert unit(s, uid).area == "alexandria" and player(s, "egypt").hand == {}


def test_a_phoenix_lost_in_battle_goes_to_its_card():
    """Phoenix: when eliminated it goes to its card (area ""), not back to the supply; it
    no longer counts on the board; other creatures are removed as usual."""
    from engine.actions import Move
    from engine.rules.common import military_count

    from ..test_military import game, ids_at, put, start_military
    s = game(["rome", "egypt", "greece"])
    phoenix, = put(s, "egypt", "creature", "cyrenaica")
    mine = put(s, "rome", "legion", "tripolitania", 2)
    start_military(s, "rome", "ground")
    s.forced_dice = [6, 6]
    apply(s, Move(units=mine, to="cyrenaica"))
    assert ids_at(s, "cyrenaica", "egypt") == []
    assert unit(s, phoenix).area == ""
    assert military_count(s, "egypt") == 0
    s2 = game(["rome", "carthage", "greece"])
    behemoth, = put(s2, "carthage", "creature", "numidia")
    legions = put(s2, "rome", "legion", "mauretania_caesariensis", 2)
    start_military(s2, "rome", "ground")
    s2.forced_dice = [6, 6]
    apply(s2, Move(units=legions, to="numidia"))
    assert all(u.id != behemoth for u in s2.units)
