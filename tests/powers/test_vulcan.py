"""Vulcan: destroy another player's caravan anywhere, at any time (rulebook, card text and
Q&A)."""

from __future__ import annotations

from engine.actions import Buy, Item, UsePower
from engine.game import apply
from engine.rules.common import tokens_in_play

from ..helpers import assert_illegal, start
from .support import construction_turn, give_god, uses


def _caravans(s, pr):
    return [b.site for b in s.provinces[pr].buildings if b.kind == "caravan"]


def test_vulcan_destroys_another_players_caravan():
    s = start()
    give_god(s, "greece", "vulcan")
    construction_turn(s, "greece")
    opts = {(a.target, a.choice) for a in uses(s, "vulcan")}
    assert ("alexandria", "papyrus") in opts and ("athenae_sparta", "olive_oil") not in opts
    apply(s, UsePower(card="vulcan", target="roma", choice="wine"))
    assert _caravans(s, "roma") == []
    assert [b.kind for b in s.provinces["roma"].buildings] == ["city"]
    assert "vulcan" in s.gods_used and uses(s, "vulcan") == []


def test_vulcan_limits():
    s = start()
    give_god(s, "greece", "vulcan")
    construction_turn(s, "greece")
    assert_illegal(s, UsePower(card="vulcan", target="athenae_sparta", choice="olive_oil"),
                   "vulcan", "yours")
    assert_illegal(s, UsePower(card="vulcan", target="roma", choice="metal"), "vulcan",
                   "no metal caravan")
    assert_illegal(s, UsePower(card="vulcan", target="roma"), "vulcan", "caravan")
    apply(s, UsePower(card="vulcan", target="roma", choice="wine"))
    assert_illegal(s, UsePower(card="vulcan", target="etruria", choice="metal"), "vulcan",
                   "face down")


def test_vulcan_then_rebuilding_in_the_same_construction_phase():
    """Q&A: Vulcan frees a caravan token, which the holder may build at once."""
    s = start()
    give_god(s, "rome", "vulcan")
    construction_turn(s, "rome", {"tax": 3})
    s.token_supply["caravan"] = tokens_in_play(s, "caravan")
    build = Buy(items=[Item(kind="caravan", province="etruria", site="pottery")],
                payment={"tax": 3})
    assert_illegal(s, build, "no caravan token")
    apply(s, UsePower(card="vulcan", target="alexandria", choice="papyrus"))
    apply(s, build)
    assert sorted(_caravans(s, "etruria")) == ["metal", "pottery"]
