"""Hannibal (Carthage): a free legion in Carthago when he is acquired, at the setup too
(rulebook, card text and Free Setup)."""

from __future__ import annotations

from engine.data import board
from engine.rules.common import units_in

from ..helpers import start


def test_hannibals_free_legion_is_in_carthago_from_the_start():
    s = start()
    pieces = sum(p.count for p in board.SETUPS["carthage"].pieces
                 if p.kind == "legion" and p.where == "carthago")
    assert len(units_in(s, "carthago", "carthage", ["legion"])) == pieces + 1
