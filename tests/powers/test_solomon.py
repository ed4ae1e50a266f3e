"""Solomon: +3 toward the Political Leader (rulebook, card text)."""

from __future__ import annotations

from engine.rules import roles

from ..helpers import start
from .support import give, new_turn_roles


def test_solomon_adds_three_toward_the_political_leader_only():
    s = start()
    base = roles.scores(s, "political_leader")["rome"]
    dir_ = roles.scores(s, "director_of_commerce")["rome"]
    give(s, "rome", "solomon")
    assert roles.scores(s, "political_leader")["rome"] == base + 3
    assert roles.scores(s, "director_of_commerce")["rome"] == dir_
    new_turn_roles(s)  # rome 1 city + 3 = 4 beats egypt's 3 cities
    assert s.roles["political_leader"] == "rome"
