"""Castor & Pollux: a copy of another player's general hero, chosen when acquired and at
the start of every turn (rulebook, card text; docs/rules.md, Cards)."""

from __future__ import annotations

from engine.actions import Buy, Item, UsePower
from engine.game import apply, legal_actions
from engine.prompts import ConstructionTurn, Reaction
from engine.rules import roles
from engine.rules.common import holds

from ..helpers import assert_illegal, start
from .support import construction_turn, give, new_turn_roles


def _bought():
    s = start()
    give(s, "rome", "agamemnon")
    give(s, "greece", "solomon")
    give(s, "egypt", "ajax")
    s.set_aside.remove("castor_and_pollux")
    s.display.append("castor_and_pollux")
    construction_turn(s, "egypt", {"tax": 9})
    apply(s, Buy(items=[Item(kind="card", card="castor_and_pollux")], payment={"tax": 9}))
    return s


def test_the_copy_is_chosen_when_acquired_among_other_players_heroes():
    s = _bought()
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "castor_and_pollux"
    assert s.prompt.civ == "egypt"
    assert {a.choice for a in legal_actions(s)} == {"agamemnon", "solomon"}
    apply(s, UsePower(card="castor_and_pollux", choice="agamemnon"))
    assert holds(s, "egypt", "agamemnon") and not holds(s, "egypt", "solomon")
    assert roles.scores(s, "director_of_commerce")["egypt"] == 2 + 3
    assert isinstance(s.prompt, ConstructionTurn) and s.prompt.civ == "egypt"


def test_no_civilization_hero_no_own_hero_no_wonder():
    s = _bought()
    give(s, "babylon", "mausoleum")
    assert_illegal(s, UsePower(card="castor_and_pollux", choice="julius_caesar"),
                   "castor & pollux", "civilization hero")
    assert_illegal(s, UsePower(card="castor_and_pollux", choice="ajax"), "castor & pollux",
                   "another player")
    assert_illegal(s, UsePower(card="castor_and_pollux", choice="mausoleum"),
                   "castor & pollux")


def test_the_copy_is_chosen_again_at_the_start_of_each_turn():
    s = _bought()
    apply(s, UsePower(card="castor_and_pollux", choice="agamemnon"))
    new_turn_roles(s)
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "castor_and_pollux"
    assert "Agamemnon" in s.prompt.detail
    apply(s, UsePower(card="castor_and_pollux", choice="solomon"))
    # chosen before roles are computed: the copy of Agamemnon is gone, Solomon counts
    assert s.power_choices["castor_and_pollux:egypt"] == "solomon"
    assert not holds(s, "egypt", "agamemnon")
    assert s.roles["director_of_commerce"] == "rome"  # agamemnon's own holder: 2 + 3
    assert roles.scores(s, "political_leader")["egypt"] == 6


def test_nothing_to_copy_nothing_asked():
    s = start()
    give(s, "egypt", "castor_and_pollux")
    new_turn_roles(s)
    assert not isinstance(s.prompt, Reaction)
    construction_turn(s, "egypt")
    assert_illegal(s, UsePower(card="castor_and_pollux", choice="ajax"), "castor & pollux",
                   "start of each turn")
