"""Nebuchadnezzar: a card from the bank for each building his units sack (rulebook, card
text). The military phase calls the `on_sack` hook."""

from __future__ import annotations

from engine.actions import UsePower
from engine.game import apply, legal_actions
from engine.powers import on_sack
from engine.prompts import Reaction
from engine.rules import flow
from engine.rules.common import player
from engine.state import Building

from ..helpers import assert_illegal, start
from .support import give


def _sack(s, civ, pr, building):
    ev: list = []
    s.prompt = None
    s.provinces[pr].buildings.remove(building)
    on_sack(s, civ, pr, building, ev)
    flow.advance(s, ev)
    return ev


def test_a_caravan_gives_its_commodity_a_city_a_tax():
    s = start()
    give(s, "rome", "nebuchadnezzar")
    hand = dict(player(s, "rome").hand)
    ps = s.provinces["alexandria"]
    _sack(s, "rome", "alexandria", ps.buildings[1])  # the papyrus caravan
    _sack(s, "rome", "alexandria", ps.buildings[0])  # the city
    got = player(s, "rome").hand
    assert got.get("papyrus", 0) == hand.get("papyrus", 0) + 1
    assert got["tax"] == hand["tax"] + 1


def test_a_temple_or_market_gives_one_card_the_province_produces():
    s = start()
    give(s, "rome", "nebuchadnezzar")
    ps = s.provinces["athenae_sparta"]  # Athenae, an olive oil caravan, a market
    market = next(b for b in ps.buildings if b.kind == "market")
    _sack(s, "rome", "athenae_sparta", market)
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "nebuchadnezzar"
    assert {a.choice for a in legal_actions(s)} == {"tax", "olive_oil"}
    assert_illegal(s, UsePower(card="nebuchadnezzar", choice="gold"), "nebuchadnezzar")
    oil = player(s, "rome").hand.get("olive_oil", 0)
    apply(s, UsePower(card="nebuchadnezzar", choice="olive_oil"))
    assert player(s, "rome").hand["olive_oil"] == oil + 1


def test_nothing_without_him_or_from_an_empty_stack():
    s = start()
    hand = dict(player(s, "rome").hand)
    _sack(s, "rome", "alexandria", s.provinces["alexandria"].buildings[0])
    assert player(s, "rome").hand == hand
    give(s, "rome", "nebuchadnezzar")
    s.bank["papyrus"] = 0
    _sack(s, "rome", "alexandria", s.provinces["alexandria"].buildings[0])
    assert player(s, "rome").hand == hand
    t = start()
    give(t, "rome", "nebuchadnezzar")
    t.provinces["thebais"].buildings.append(Building(kind="temple"))
    _sack(t, "rome", "thebais", t.provinces["thebais"].buildings[-1])  # only the city: tax
    assert not isinstance(t.prompt, Reaction)


def _ground_turn(s, civ):
    """civ's ground moves in the military phase, every other player done."""
    from engine.actions import EndNaval
    from engine.state import MilitaryState, OrderState
    s.phase, s.step, s.military = "military", "", MilitaryState()
    s.order = OrderState(role="military_leader", active=civ,
                         done=[p.civ for p in s.players if p.civ != civ])
    s.prompt = None
    flow.advance(s, [])
    apply(s, EndNaval())


def test_through_the_military_phase():
    """A sack in the military phase (engine/rules/military.py calls on_sack)."""
    from engine.actions import Move, Sack
    from engine.prompts import ChooseConquest, GroundTurn
    from engine.rules.common import new_unit
    s = start(["rome", "carthage", "greece"])
    s.units = []
    give(s, "rome", "nebuchadnezzar")
    legions = [new_unit(s, "rome", "legion", "epirus").id for _ in range(2)]
    _ground_turn(s, "rome")
    apply(s, Move(units=legions, to="athenae_sparta"))
    assert isinstance(s.prompt, ChooseConquest)
    market = [b.kind for b in s.provinces["athenae_sparta"].buildings].index("market")
    apply(s, Sack(building=market))
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "nebuchadnezzar"
    tax = player(s, "rome").hand.get("tax", 0)
    apply(s, UsePower(card="nebuchadnezzar", choice="tax"))
    assert player(s, "rome").hand["tax"] == tax + 1
    assert isinstance(s.prompt, GroundTurn) and s.prompt.civ == "rome"
