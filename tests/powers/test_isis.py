"""Isis: after production and Hermes, her holder gives each player one card from the bank,
chosen by him, seen only by its receiver (rulebook, card text; docs/rules.md, Cards)."""

from __future__ import annotations

from engine.actions import Pass, UsePower
from engine.events import CardReceived
from engine.game import apply, legal_actions, visible_events
from engine.prompts import AnnounceTrade, Reaction
from engine.rules.common import player

from ..helpers import assert_illegal, begin_phase, start
from .support import events_of, give_god


def _isis(holder="egypt"):
    s = start()
    give_god(s, holder, "isis")
    begin_phase(s, "commerce")
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "isis"
    return s


def test_isis_gives_every_player_a_secret_card_in_seat_order():
    s = _isis()
    order = []
    ev = []
    before = {p.civ: dict(p.hand) for p in s.players}
    while isinstance(s.prompt, Reaction) and s.prompt.window == "isis":
        to = legal_actions(s)[-1].target
        order.append(to)
        ev += apply(s, UsePower(card="isis", target=to, choice="gold"))
    assert order == ["egypt", "babylon", "atlantis", "rome", "carthage", "greece"]
    for p in s.players:
        assert p.hand.get("gold", 0) == before[p.civ].get("gold", 0) + 1
    gifts = events_of(ev, CardReceived)
    assert all(sorted(g.visible_to) == sorted({g.civ, "egypt"}) for g in gifts)
    seen_by_rome = [e for e in visible_events(gifts, "rome")]
    assert [g.civ for g in seen_by_rome] == ["rome"]
    assert visible_events(gifts, None) == []
    assert "isis" in s.gods_used
    assert isinstance(s.prompt, AnnounceTrade)


def test_isis_may_be_declined_before_the_first_gift_only():
    s = _isis()
    assert legal_actions(s)[0] == Pass()
    apply(s, UsePower(card="isis", target="egypt", choice="tax"))
    assert Pass() not in legal_actions(s)
    assert_illegal(s, Pass(), "isis", "every player")
    s2 = _isis()
    apply(s2, Pass())
    assert "isis" not in s2.gods_used and isinstance(s2.prompt, AnnounceTrade)


def test_isis_limits():
    s = _isis()
    assert_illegal(s, UsePower(card="isis", target="rome", choice="tax"), "isis",
                   "egypt's card")
    assert_illegal(s, UsePower(card="isis", target="egypt", choice="dragons"), "isis",
                   "not a resource")
    s.bank["gold"] = 0
    assert_illegal(s, UsePower(card="isis", target="egypt", choice="gold"), "isis",
                   "no gold")
    assert player(s, "egypt").hand.get("gold", 0) == 0
