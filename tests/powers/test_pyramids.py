"""The Pyramids: on offer to every player, built once, cost 12 (13 in the long game) and
building them wins the game at once (docs/rules.md, Victory)."""

from __future__ import annotations

from engine.actions import Buy, Item
from engine.game import apply
from engine.powers import base_cost, cost
from engine.prompts import ConstructionTurn
from engine.rules.common import player
from engine.rules.construction import legal_items

from ..helpers import assert_illegal, begin_phase, set_hand, start

PYRAMIDS = Item(kind="card", card="pyramids")


def _construction(hand: dict[str, int], **options):
    s = start(**options)
    set_hand(s, "rome", hand)
    begin_phase(s, "construction", first="rome")
    assert isinstance(s.prompt, ConstructionTurn) and s.prompt.civ == "rome"
    return s


def test_pyramids_cost_twelve_or_thirteen_in_the_long_game():
    assert base_cost(start(), PYRAMIDS) == 12
    assert base_cost(start(long_game=True), PYRAMIDS) == 13
    assert cost(start(), "rome", Item(kind="card", card="hercules")) == 9  # a hero's cost


def test_building_the_pyramids_wins_at_once():
    s = _construction({"tax": 12})
    assert PYRAMIDS in legal_items(s, "rome")
    assert_illegal(s, Buy(items=[PYRAMIDS], payment={"tax": 11}), "cannot pay")
    apply(s, Buy(items=[PYRAMIDS], payment={"tax": 12}))
    assert (s.phase, s.winner, s.win_reason) == ("over", "rome", "built the Pyramids")


def test_the_pyramids_are_built_once():
    s = _construction({"tax": 12})
    player(s, "carthage").cards.append("pyramids")
    assert PYRAMIDS not in legal_items(s, "rome")
    assert_illegal(s, Buy(items=[PYRAMIDS], payment={"tax": 12}), "built already")
