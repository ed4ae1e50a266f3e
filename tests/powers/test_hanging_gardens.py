"""Hanging Gardens: keep two commodity cards at the end of construction (rulebook, card
text; docs/rules.md, Construction: paying)."""

from __future__ import annotations

from engine.actions import EndConstruction, Keep, Name
from engine.game import apply, legal_actions
from engine.prompts import KeepCommodities, NamePlayer
from engine.rules.common import player

from ..helpers import assert_illegal, set_hand, start
from .support import construction_turn, give


def _end_phase(s):
    while not isinstance(s.prompt, KeepCommodities) and s.phase == "construction":
        if isinstance(s.prompt, NamePlayer):
            apply(s, Name(civ=s.prompt.candidates[0]))
        else:
            apply(s, EndConstruction())


def test_the_gardens_keep_two_commodities():
    s = start(["rome", "carthage", "greece"])
    give(s, "rome", "hanging_gardens")
    for civ in ("carthage", "greece"):
        set_hand(s, civ, {"wine": 2})
    construction_turn(s, "rome", {"wine": 2, "fish": 1, "tax": 4})
    _end_phase(s)
    assert isinstance(s.prompt, KeepCommodities) and s.prompt.civ == "rome"
    assert Keep(cards={"wine": 1, "fish": 1}) in legal_actions(s)
    assert_illegal(s, Keep(cards={"wine": 2, "fish": 1}), "hanging gardens", "at most 2")
    apply(s, Keep(cards={"wine": 1, "fish": 1}))
    assert player(s, "rome").hand == {"wine": 1, "fish": 1, "tax": 2}
    assert player(s, "carthage").hand == {}


def test_without_the_gardens_every_commodity_goes():
    s = start(["rome", "carthage", "greece"])
    construction_turn(s, "rome", {"wine": 2, "fish": 1, "tax": 4})
    _end_phase(s)
    assert player(s, "rome").hand == {"tax": 2}
