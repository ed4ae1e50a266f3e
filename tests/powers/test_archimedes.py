"""Archimedes: +3 toward the Military Leader (rulebook, card text)."""

from __future__ import annotations

from engine.rules import roles

from ..helpers import start
from .support import give, new_turn_roles


def test_archimedes_adds_three_toward_the_military_leader_only():
    s = start()
    base = roles.scores(s, "military_leader")["babylon"]
    pol = roles.scores(s, "political_leader")["babylon"]
    give(s, "babylon", "archimedes")
    assert roles.scores(s, "military_leader")["babylon"] == base + 3
    assert roles.scores(s, "political_leader")["babylon"] == pol
    rome = roles.scores(s, "military_leader")["rome"]
    assert base + 3 > rome  # babylon 5 units + 3 beat rome's 6
    new_turn_roles(s)
    assert s.roles["military_leader"] == "babylon"
