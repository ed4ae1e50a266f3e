"""Moses: +2 toward the High Priest (rulebook, Roles note and card text)."""

from __future__ import annotations

from engine.rules import roles

from ..helpers import base_score, start
from .support import give, new_turn_roles


def test_moses_adds_two_toward_the_high_priest_only():
    s = start()
    assert roles.scores(s, "high_priest")["egypt"] == 0
    give(s, "egypt", "moses")
    assert roles.scores(s, "high_priest")["egypt"] == 2
    assert roles.scores(s, "military_leader")["egypt"] == base_score(
        s, "egypt", "military_leader")
    new_turn_roles(s)  # egypt 2 beats greece's 1 (its market)
    assert s.roles["high_priest"] == "egypt"


def test_moses_bonus_is_not_enough_against_a_bigger_lead():
    s = start()
    give(s, "egypt", "moses")
    from engine.state import Building
    for pr in ("macedonia", "epirus"):
        s.provinces[pr].buildings.append(Building(kind="temple"))
    new_turn_roles(s)  # greece 3, egypt 2
    assert s.roles["high_priest"] == "greece"
