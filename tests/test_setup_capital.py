"""Rulebook, Free Setup: every player must place an influence marker in his capital while
building. The engine reads it as the first purchase (docs/rulings.md, Setup): nothing else
is bought before it, and no other player may take the capital first."""

from __future__ import annotations

from engine.actions import Item, SelectCapital, SetupBuy
from engine.bots import make_bot
from engine.data.board import PROVINCES
from engine.data.cards import CIV_HERO
from engine.game import apply, legal_actions, seat_of, view
from engine.prompts import ChooseCapital, FreeSetupTurn
from engine.rules.common import player
from engine.rules.placement import R_CAPITAL
from engine.state import GameState

from .helpers import assert_illegal, start


def _first_build(civs: list[str], seed: int, capitals: dict[str, str] | None = None
                 ) -> GameState:
    """A free setup at its first FreeSetupTurn, the capitals chosen as given (or the first
    option)."""
    s = start(civs, seed=seed, setup="free")
    while isinstance(s.prompt, ChooseCapital):
        choice = (capitals or {}).get(s.prompt.civ, s.prompt.options[0])
        apply(s, SelectCapital(province=choice))
    assert isinstance(s.prompt, FreeSetupTurn) and s.prompt.round == 1
    return s


def test_the_capital_marker_is_the_only_first_purchase():
    """Free Setup: before his capital carries his marker, a player is offered only that
    marker; a marker next door, a building or a unit in the capital and his hero are all
    refused with the capital rule, and nothing changes."""
    s = _first_build(["rome", "carthage", "egypt"], seed=2)
    civ = s.prompt.civ
    cap = player(s, civ).capital
    assert legal_actions(s) == [SetupBuy(item=Item(kind="influence", province=cap))]
    neighbour = sorted(PROVINCES[cap].land_neighbours)[0]
    refused = [Item(kind="influence", province=neighbour),
               Item(kind="legion", province=cap), Item(kind="fortress", province=cap),
               Item(kind="creature", province=cap), Item(kind="city", province=cap),
               Item(kind="card", card=CIV_HERO[civ])]
    for item in refused:
        e = assert_illegal(s, SetupBuy(item=item), "first influence marker",
                           PROVINCES[cap].name)
        assert e.rule == R_CAPITAL
    apply(s, SetupBuy(item=Item(kind="influence", province=cap)))
    assert s.provinces[cap].influence == civ
    offered = {a.item.kind for a in legal_actions(s) if isinstance(a, SetupBuy)}
    assert {"influence", "legion", "fortress"} <= offered


def test_another_player_cannot_take_a_capital():
    """Free Setup: Greece settled on Creta reaches Alexandria across the sea, but it is
    Egypt's capital, kept for Egypt's compulsory marker; Egypt's first purchase is then
    its marker there, and it ends the setup holding its capital."""
    for seed in range(1, 40):
        s = start(["greece", "egypt", "rome"], seed=seed, setup="free")
        order = s.free_setup.order
        if order.index("greece") < order.index("egypt"):
            break
    s = _first_build(["greece", "egypt", "rome"], seed, {"greece": "creta"})
    while s.prompt.civ != "greece":
        apply(s, legal_actions(s)[0])
    apply(s, SetupBuy(item=Item(kind="influence", province="creta")))
    e = assert_illegal(s, SetupBuy(item=Item(kind="influence", province="alexandria")),
                       "alexandria", "capital of egypt")
    assert e.rule == R_CAPITAL
    assert not any(isinstance(a, SetupBuy) and a.item.province == "alexandria"
                   for a in legal_actions(s))
    while s.phase == "setup" and s.prompt.civ != "egypt":
        apply(s, legal_actions(s)[0])
    assert legal_actions(s) == [SetupBuy(item=Item(kind="influence", province="alexandria"))]
    while s.phase == "setup":
        apply(s, legal_actions(s)[0])
    assert s.provinces["alexandria"].influence == "egypt"


def test_every_player_ends_the_free_setup_holding_his_capital():
    """Free Setup: the compulsory marker is placed by everyone, whatever the others build
    (random players, Greece and Atlantis choosing at random among their capitals)."""
    for seed in (1, 2, 3):
        s = start(["greece", "egypt", "atlantis", "carthage"], seed=seed, setup="free")
        bots = [make_bot("random", seed * 10 + p.seat) for p in s.players]
        while s.phase == "setup":
            seat = seat_of(s, s.prompt.civ)
            apply(s, bots[seat].choose(view(s, seat)))
        for p in s.players:
            assert s.provinces[p.capital].influence == p.civ, (seed, p.civ)
