"""Hermes: after production, 3 more cards of kinds his holder produced, before Isis
(rulebook, card text and Q&A on timing; docs/rules.md, Cards)."""

from __future__ import annotations

from engine.actions import Pass, UsePower
from engine.events import CardReceived
from engine.game import apply, legal_actions
from engine.prompts import AnnounceTrade, Reaction
from engine.rules.common import player

from ..helpers import assert_illegal, begin_phase, start
from .support import events_of, give_god


def _commerce(**gods):
    s = start()
    for god, civ in gods.items():
        give_god(s, civ, god)
    begin_phase(s, "commerce")
    return s


def test_hermes_gives_three_cards_of_produced_kinds():
    s = _commerce(hermes="greece")  # greece produces 2 tax and 2 olive oil
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "hermes"
    assert s.powers_produced["greece"] == ["olive_oil", "tax"]
    choices = {a.choice for a in legal_actions(s) if isinstance(a, UsePower)}
    assert choices == {"tax=3", "tax=2,olive_oil=1", "tax=1,olive_oil=2", "olive_oil=3"}
    before = dict(player(s, "greece").hand)
    ev = apply(s, UsePower(card="hermes", choice="tax=1,olive_oil=2"))
    hand = player(s, "greece").hand
    assert hand["tax"] == before["tax"] + 1 and hand["olive_oil"] == before["olive_oil"] + 2
    assert len(events_of(ev, CardReceived)) == 3
    assert "hermes" in s.gods_used
    assert isinstance(s.prompt, AnnounceTrade)


def test_hermes_limits():
    s = _commerce(hermes="greece")
    assert_illegal(s, UsePower(card="hermes", choice="wine=3"), "hermes", "produced no wine")
    assert_illegal(s, UsePower(card="hermes", choice="tax=2"), "hermes", "3 cards")
    assert_illegal(s, UsePower(card="hermes", choice="tax=4"), "hermes", "3 cards")
    assert_illegal(s, UsePower(card="hermes", choice="lots"), "hermes")
    apply(s, Pass())
    assert "hermes" not in s.gods_used and isinstance(s.prompt, AnnounceTrade)


def test_hermes_takes_what_the_bank_can_give():
    s = start()
    give_god(s, "greece", "hermes")
    s.bank["olive_oil"] = 4  # carthage and greece produce 3 of them: 1 is left
    s.bank["tax"] = 10
    begin_phase(s, "commerce")
    s.bank["tax"] = 0
    choices = {a.choice for a in legal_actions(s) if isinstance(a, UsePower)}
    assert choices == {"olive_oil=1"}


def test_hermes_acts_before_isis():
    """Q&A: when Hermes and Isis meet in the commerce phase, Hermes goes first."""
    s = _commerce(isis="rome", hermes="greece")
    assert s.prompt.window == "hermes" and s.prompt.civ == "greece"
    apply(s, Pass())
    assert s.prompt.window == "isis" and s.prompt.civ == "rome"
