"""Antigone: her holder may stay out of the trade after hearing the number announced
(rulebook, card text and Commerce Phase Q&A)."""

from __future__ import annotations

from engine.actions import Announce, Pass, UsePower
from engine.events import PowerUsed
from engine.game import apply, legal_actions
from engine.prompts import ChooseTradeOffer, Reaction

from ..helpers import assert_illegal, begin_phase, set_hand, start
from .support import events_of, give


def _announced(n, hands, civs=None):
    s = start(civs)
    give(s, "rome", "antigone")
    begin_phase(s, "commerce")
    for civ, h in hands.items():
        set_hand(s, civ, h)
    apply(s, Announce(n=n))
    return s


def test_antigone_may_stay_out_after_hearing_the_number():
    s = _announced(2, {})
    assert "rome" in s.trade.participants
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "antigone"
    assert s.prompt.civ == "rome" and "2 cards" in s.prompt.detail
    assert legal_actions(s) == [Pass(), UsePower(card="antigone")]
    ev = apply(s, UsePower(card="antigone"))
    assert "rome" not in s.trade.participants and s.trade.declined == ["rome"]
    assert events_of(ev, PowerUsed)[0].detail == "stays out of the trade"
    assert isinstance(s.prompt, ChooseTradeOffer) and s.prompt.civ != "rome"


def test_antigone_takes_part_when_she_passes():
    s = _announced(2, {})
    apply(s, Pass())
    assert "rome" in s.trade.participants
    assert isinstance(s.prompt, ChooseTradeOffer)


def test_without_antigone_a_player_with_the_cards_must_trade():
    s = start()
    begin_phase(s, "commerce")
    apply(s, Announce(n=2))
    assert isinstance(s.prompt, ChooseTradeOffer)
    assert_illegal(s, UsePower(card="antigone"), "antigone")


def test_a_trade_left_with_one_player_does_not_happen():
    s = _announced(2, {"carthage": {"tax": 3}, "rome": {"tax": 2}, "greece": {"tax": 1}},
                   civs=["rome", "carthage", "greece"])
    assert s.trade.participants == ["carthage", "rome"]
    apply(s, UsePower(card="antigone"))
    assert s.phase == "offering" and s.trade.participants == []


def test_antigone_is_not_asked_when_she_cannot_take_part():
    s = _announced(3, {"rome": {"tax": 2}})
    assert "rome" not in s.trade.participants
    assert not (isinstance(s.prompt, Reaction) and s.prompt.window == "antigone")


def test_the_director_holding_antigone_takes_part():
    """The Director chose the number and takes first: he is not asked."""
    s = start()
    give(s, "carthage", "antigone")
    begin_phase(s, "commerce")
    apply(s, Announce(n=1))
    assert isinstance(s.prompt, ChooseTradeOffer)
    assert "carthage" in s.trade.participants
