"""Kraken (Atlantis): on land it moves only in coastal territories; it cannot be convoyed
(rulebook, creature text; the convoy refusal is tested in tests/test_military.py)."""

from __future__ import annotations

from engine.actions import Move
from engine.game import apply, legal_actions

from ..test_military import game, ids_at, illegal, put, start_military


def test_the_kraken_moves_only_in_coastal_provinces():
    s = game(["atlantis", "egypt", "rome"])
    k, = put(s, "atlantis", "creature", "alexandria")
    legion, = put(s, "atlantis", "legion", "alexandria")
    start_military(s, "atlantis", "ground")
    dests = {a.to for a in legal_actions(s) if isinstance(a, Move) and a.units == [k]}
    assert "heptanomis" not in dests and "thebais" not in dests
    assert {"heptanomis", "thebais"} <= {a.to for a in legal_actions(s)
                                          if isinstance(a, Move) and a.units == [legion]}
    illegal(s, Move(units=[k], to="heptanomis"), "not next to")
    apply(s, Move(units=[legion], to="heptanomis"))  # a legion goes inland
    assert ids_at(s, "heptanomis", "atlantis") == [legion]
