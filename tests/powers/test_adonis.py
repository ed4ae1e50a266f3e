"""Adonis: a free god once every player has had his offering turn (rulebook, card text
and Q&A: the High Priest's Adonis still waits for the end; the original Adonis acts before
a copy made by Castor & Pollux)."""

from __future__ import annotations

from engine.actions import Name, Pass, UsePower, Worship
from engine.events import GodTaken
from engine.game import apply, legal_actions
from engine.prompts import MakeOffering, NamePlayer, Reaction

from ..helpers import assert_illegal, begin_phase, set_hand, start
from .support import events_of, give, uses


def _offering(hands=None):
    s = start()
    for p in s.players:
        set_hand(s, p.civ, (hands or {}).get(p.civ, {}))
    return s


def _name_all(s):
    """The High Priest names the players in turn; those who cannot pay pass at once."""
    while isinstance(s.prompt, NamePlayer):
        apply(s, Name(civ=s.prompt.candidates[0]))


def test_adonis_takes_a_free_god_at_the_end_of_the_offerings():
    s = _offering()
    give(s, "rome", "adonis")
    begin_phase(s, "offering")
    _name_all(s)  # nobody can pay: every turn passes by itself
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "adonis"
    assert s.prompt.civ == "rome" and legal_actions(s)[0] == Pass()
    ev = apply(s, UsePower(card="adonis", choice="mars"))
    assert s.gods["mars"] == "rome"
    assert events_of(ev, GodTaken)[0].free
    assert s.phase == "construction"


def test_adonis_limits():
    s = _offering()
    give(s, "rome", "adonis")
    begin_phase(s, "offering")
    _name_all(s)
    assert_illegal(s, UsePower(card="adonis", choice="zeus"), "adonis", "not a god")
    s.gods["mars"] = "egypt"
    assert_illegal(s, UsePower(card="adonis", choice="mars"), "adonis", "already taken")
    apply(s, Pass())
    assert s.phase == "construction" and "rome" not in s.gods.values()


def test_adonis_with_the_high_priest_still_acts_at_the_end():
    """Q&A: the High Priest plays first, but Adonis' god comes only after everyone."""
    s = _offering({"greece": {"tax": 3}, "rome": {"tax": 3}})
    give(s, "greece", "adonis")
    begin_phase(s, "offering", first="greece")
    assert isinstance(s.prompt, MakeOffering) and s.prompt.civ == "greece"
    assert uses(s, "adonis") == []
    assert_illegal(s, UsePower(card="adonis", choice="mars"), "adonis", "offerings are made")
    apply(s, Worship(god="hermes", payment={"tax": 3}))
    apply(s, Name(civ="rome"))
    apply(s, Worship(god="mars", payment={"tax": 3}))
    _name_all(s)
    # the other players cannot pay: their turns pass; then Adonis
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "adonis"
    assert s.prompt.civ == "greece"
    assert UsePower(card="adonis", choice="mars") not in legal_actions(s)
    apply(s, UsePower(card="adonis", choice="baal"))
    assert [g for g, c in s.gods.items() if c == "greece"] == ["baal", "hermes"]


def test_the_original_adonis_acts_before_a_copy():
    """Q&A: with Castor & Pollux copying Adonis, the original acts first, then the copy."""
    s = _offering()
    give(s, "egypt", "adonis")
    give(s, "rome", "castor_and_pollux")
    s.power_choices["castor_and_pollux:rome"] = "adonis"
    begin_phase(s, "offering")
    _name_all(s)
    assert s.prompt.window == "adonis" and s.prompt.civ == "egypt"  # rome sits first
    apply(s, UsePower(card="adonis", choice="isis"))
    assert s.prompt.window == "adonis" and s.prompt.civ == "rome"
    assert UsePower(card="adonis", choice="isis") not in legal_actions(s)
    apply(s, UsePower(card="adonis", choice="vulcan"))
    assert s.gods["isis"] == "egypt" and s.gods["vulcan"] == "rome"
