"""Colossus: once each commerce phase, after production, one commodity of choice from the
bank (docs/rules.md, Cards)."""

from __future__ import annotations

from engine.actions import Pass, UsePower
from engine.game import apply, legal_actions
from engine.prompts import AnnounceTrade, Reaction
from engine.rules.common import player

from ..helpers import assert_illegal, begin_phase, start
from .support import give


def _commerce():
    s = start()
    give(s, "rome", "colossus")
    begin_phase(s, "commerce")
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "colossus"
    return s


def test_colossus_gives_a_commodity_of_choice():
    s = _commerce()
    assert legal_actions(s)[0] == Pass()
    gems = player(s, "rome").hand.get("gems", 0)
    apply(s, UsePower(card="colossus", choice="gems"))
    assert player(s, "rome").hand["gems"] == gems + 1
    assert isinstance(s.prompt, AnnounceTrade)
    assert "colossus:rome" in s.used_powers


def test_colossus_limits():
    s = _commerce()
    assert_illegal(s, UsePower(card="colossus", choice="tax"), "colossus", "commodity")
    s.bank["gems"] = 0
    assert_illegal(s, UsePower(card="colossus", choice="gems"), "colossus", "no gems")
    assert all(a.choice != "gems" for a in legal_actions(s) if isinstance(a, UsePower))
    apply(s, Pass())
    assert isinstance(s.prompt, AnnounceTrade)


def test_colossus_is_not_used_elsewhere():
    s = start()
    give(s, "rome", "colossus")
    from .support import construction_turn
    construction_turn(s, "rome")
    assert_illegal(s, UsePower(card="colossus", choice="gems"), "colossus", "production")
