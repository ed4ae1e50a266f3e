"""Athena: +2 toward one role of her holder's choice, named at role assignment
(rulebook, Roles note and card text; docs/rules.md, Roles)."""

from __future__ import annotations

from engine.actions import Pass, PickRoleHolder, UsePower
from engine.events import PowerUsed
from engine.game import apply, legal_actions
from engine.prompts import ChooseRoleHolder, Reaction
from engine.rules import roles

from ..helpers import assert_illegal, base_score, start
from .support import construction_turn, events_of, give_god, new_turn_roles


def test_athena_holder_names_a_role_before_roles_are_computed():
    s = start()
    give_god(s, "egypt", "athena")
    new_turn_roles(s)
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "athena"
    assert s.prompt.civ == "egypt"
    assert s.roles["director_of_commerce"] == "carthage"  # nothing computed yet
    acts = legal_actions(s)
    assert acts[0] == Pass() and len(acts) == 1 + len(roles.ROLES)
    ev = apply(s, UsePower(card="athena", choice="director_of_commerce"))
    # egypt: 2 caravans + 2 beats carthage's 3
    assert s.roles["director_of_commerce"] == "egypt"
    assert "athena" in s.gods_used
    assert events_of(ev, PowerUsed)[0].card == "athena"
    assert roles.scores(s, "director_of_commerce")["egypt"] == 4
    assert roles.scores(s, "political_leader")["egypt"] == 3  # only the role named


def test_athena_refuses_what_is_not_a_role_and_may_be_declined():
    s = start()
    give_god(s, "egypt", "athena")
    new_turn_roles(s)
    assert_illegal(s, UsePower(card="athena", choice="emperor"), "athena", "not a role")
    apply(s, Pass())
    assert s.roles["director_of_commerce"] == "carthage"
    assert "athena" not in s.gods_used


def test_athena_is_asked_once_and_not_when_used():
    s = start()
    give_god(s, "egypt", "athena")
    s.gods_used.append("athena")
    new_turn_roles(s)
    assert not isinstance(s.prompt, Reaction)


def test_athena_is_not_used_outside_role_assignment():
    s = start()
    give_god(s, "egypt", "athena")
    construction_turn(s, "egypt")
    assert_illegal(s, UsePower(card="athena", choice="high_priest"), "athena",
                   "roles are assigned")


def test_no_power_is_used_inside_role_assignment():
    """docs/rules.md, Roles: role assignment is one moment; a tie choice is not interrupted."""
    s = start()
    give_god(s, "rome", "baal")
    from engine.rules.common import new_unit
    for civ, pr in (("babylon", "babylon"), ("atlantis", "poseidonis")):
        for _ in range(7 - base_score(s, civ, "military_leader")):
            new_unit(s, civ, "legion", pr)
    new_turn_roles(s)
    assert isinstance(s.prompt, ChooseRoleHolder) and s.prompt.civ == "rome"
    assert all(isinstance(a, PickRoleHolder) for a in legal_actions(s))
    assert_illegal(s, UsePower(card="baal", target="alexandria"), "baal", "roles")
