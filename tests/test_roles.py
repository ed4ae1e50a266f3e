"""Rulebook, Roles (and docs/rules.md, Roles): recomputed at the start of each turn."""

from __future__ import annotations

from engine.actions import Name, PickRoleHolder
from engine.game import apply
from engine.prompts import ChooseRoleHolder, NamePlayer
from engine.rules import flow, roles
from engine.rules.common import new_unit, player
from engine.state import Building

from .helpers import assert_illegal, start


def _reassign(s):
    ev = []
    s.prompt = None
    s.turn = 2
    flow.start_phase(s, "roles", ev)
    flow.advance(s, ev)
    return ev


def test_scores_count_buildings_and_units():
    """Roles: caravans + markets, temples + markets, cities + temples, military units on
    the board (fortresses and triremes in port included)."""
    s = start()
    assert roles.scores(s, "director_of_commerce")["carthage"] == 3
    assert roles.scores(s, "high_priest")["greece"] == 1
    assert roles.scores(s, "political_leader")["egypt"] == 3
    assert roles.scores(s, "military_leader")["rome"] == 6


def test_holder_keeps_a_tie():
    """Roles: in a tie between the holder and another player, the holder keeps the card."""
    s = start()
    s.provinces["macedonia"].buildings.append(Building(kind="city"))  # greece: 3 cities
    _reassign(s)
    assert s.roles["political_leader"] == "egypt"


def test_a_clear_leader_takes_the_role():
    """Roles: the player with the most takes the card."""
    s = start()
    for _ in range(2):
        new_unit(s, "babylon", "legion", "babylon")
    new_unit(s, "babylon", "fortress", "arabia")  # babylon 3 legions+2 fortresses+3 = 8
    ev = _reassign(s)
    assert s.roles["military_leader"] == "babylon"
    assert any(e.role == "military_leader" and e.previous == "rome"
               for e in ev if type(e).__name__ == "RoleAssigned")


def test_holder_chooses_among_tied_others():
    """Roles: if two or more OTHER players tie, the holder decides who inherits the role."""
    s = start()
    for civ, pr in (("babylon", "babylon"), ("atlantis", "poseidonis")):
        for _ in range(7 - roles.scores(s, "military_leader")[civ]):
            new_unit(s, civ, "legion", pr)
    assert roles.scores(s, "military_leader")["babylon"] == 7
    assert roles.scores(s, "military_leader")["atlantis"] == 7
    _reassign(s)
    assert isinstance(s.prompt, ChooseRoleHolder)
    assert s.prompt.civ == "rome" and sorted(s.prompt.candidates) == ["atlantis", "babylon"]
    assert_illegal(s, PickRoleHolder(civ="greece"), "not tied")
    apply(s, PickRoleHolder(civ="atlantis"))
    assert s.roles["military_leader"] == "atlantis"



def test_agamemnon_bonus():
    """Agamemnon: +3 toward the Director of Commerce."""
    s = start()
    player(s, "egypt").cards.append("agamemnon")
    assert roles.scores(s, "director_of_commerce")["egypt"] == 2 + 3
    _reassign(s)
    assert s.roles["director_of_commerce"] == "egypt"



def test_role_holder_names_players_one_at_a_time():
    """Roles Q&A: the holder names the next player only after the previous one is done."""
    from .helpers import begin_phase
    s = start()
    begin_phase(s, "construction", role_holder="egypt")
    assert isinstance(s.prompt, NamePlayer) and s.prompt.civ == "egypt"
    assert len(s.prompt.candidates) == 6
    assert_illegal(s, Name(civ="sparta"), "cannot be named")
    apply(s, Name(civ="rome"))
    assert s.prompt.civ == "rome"
    from engine.actions import EndConstruction
    apply(s, EndConstruction())
    assert isinstance(s.prompt, NamePlayer) and "rome" not in s.prompt.candidates
