"""Rulebook, Offering to the Gods Phase."""

from __future__ import annotations

from engine.actions import Pass, Worship
from engine.game import apply

from .helpers import assert_illegal, begin_phase, set_hand, start


def _offering(hands, first="greece"):
    s = start()
    for civ, h in hands.items():
        set_hand(s, civ, h)
    begin_phase(s, "offering", first=first)
    return s



def test_a_taken_god_is_not_available_and_passing_is_allowed():
    """Offering: each god has one holder; making an offering is optional."""
    s = _offering({"greece": {"tax": 3}, "rome": {"tax": 3}})
    apply(s, Worship(god="baal", payment={"tax": 3}))
    from engine.actions import Name
    apply(s, Name(civ="rome"))
    assert "baal" not in s.prompt.gods
    assert_illegal(s, Worship(god="baal", payment={"tax": 3}), "already taken")
    apply(s, Pass())
    assert s.gods["baal"] == "greece"


def test_gods_return_at_the_start_of_the_phase():
    """Offering: at the start of each offering phase every god returns, used or not."""
    s = _offering({"greece": {"tax": 3}})
    apply(s, Worship(god="hermes", payment={"tax": 3}))
    s.gods_used.append("hermes")
    set_hand(s, "greece", {"tax": 3})
    begin_phase(s, "offering", first="greece")
    assert s.gods["hermes"] is None and s.gods_used == []
    assert "hermes" in s.prompt.gods
