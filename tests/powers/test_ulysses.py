"""Ulysses: once each commerce phase, after trading, swap one commodity card with the bank
(docs/rules.md, Cards)."""

from __future__ import annotations

from engine.actions import Announce, Pass, UsePower
from engine.game import apply, legal_actions
from engine.prompts import Reaction
from engine.rules.common import player

from ..helpers import assert_illegal, begin_phase, set_hand, start
from .support import give


def _after_trade():
    s = start()
    give(s, "rome", "ulysses")
    begin_phase(s, "commerce")
    set_hand(s, "rome", {"wine": 1, "tax": 2})
    apply(s, Announce(n=0))  # no trade: the commerce phase goes on to "after trading"
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "ulysses"
    return s


def test_ulysses_swaps_a_commodity_with_the_bank():
    s = _after_trade()
    acts = legal_actions(s)
    assert acts[0] == Pass()
    assert {(a.target, a.choice) for a in acts[1:]} == {
        ("wine", c) for c in ("fish", "grain", "livestock", "metal", "olive_oil", "slaves",
                              "fruit", "gems", "gold", "papyrus", "perfume", "pottery")}
    apply(s, UsePower(card="ulysses", target="wine", choice="gold"))
    assert player(s, "rome").hand == {"gold": 1, "tax": 2}
    assert s.phase == "offering"


def test_ulysses_limits():
    s = _after_trade()
    assert_illegal(s, UsePower(card="ulysses", target="tax", choice="gold"), "ulysses",
                   "commodity")
    assert_illegal(s, UsePower(card="ulysses", target="fish", choice="gold"), "ulysses",
                   "no fish")
    assert_illegal(s, UsePower(card="ulysses", target="wine", choice="wine"), "ulysses",
                   "different")
    assert_illegal(s, UsePower(card="ulysses", target="wine", choice="tax"), "ulysses",
                   "commodity")
    apply(s, Pass())
    assert player(s, "rome").hand == {"wine": 1, "tax": 2} and s.phase == "offering"


def test_ulysses_without_commodities_is_not_asked():
    s = start()
    give(s, "rome", "ulysses")
    begin_phase(s, "commerce")
    set_hand(s, "rome", {"tax": 2})
    apply(s, Announce(n=0))
    assert s.phase == "offering"
