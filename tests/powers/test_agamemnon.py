"""Agamemnon: +3 toward the Director of Commerce (rulebook, Roles and card text)."""

from __future__ import annotations

from engine.rules import roles

from ..helpers import start
from .support import give, new_turn_roles


def test_agamemnon_adds_three_toward_the_director_only():
    s = start()
    before = {r: roles.scores(s, r)["egypt"] for r in roles.ROLES}
    give(s, "egypt", "agamemnon")
    after = {r: roles.scores(s, r)["egypt"] for r in roles.ROLES}
    assert after["director_of_commerce"] == before["director_of_commerce"] + 3
    assert all(after[r] == before[r] for r in roles.ROLES if r != "director_of_commerce")
    new_turn_roles(s)  # egypt 2 caravans + 3 = 5 beats carthage's 3
    assert s.roles["director_of_commerce"] == "egypt"


def test_without_agamemnon_the_holder_keeps_the_role():
    s = start()
    new_turn_roles(s)
    assert s.roles["director_of_commerce"] == "carthage"
