"""Baal: destroy another player's city anywhere, at any time (rulebook, card text and Q&A;
docs/rules.md, Powers and reactions)."""

from __future__ import annotations

from engine.actions import Buy, EndConstruction, Item, Name, Pass, UsePower
from engine.events import Produced
from engine.game import apply, legal_actions
from engine.prompts import ConstructionTurn, NamePlayer, Reaction
from engine.rules import flow
from engine.rules.common import new_unit, tokens_in_play, unit

from ..helpers import assert_illegal, begin_phase, start
from .support import construction_turn, events_of, give_god, uses


def _cities(s, pr):
    return [b for b in s.provinces[pr].buildings if b.kind == "city"]


def test_baal_destroys_another_players_city_and_is_spent():
    s = start()
    give_god(s, "rome", "baal")
    construction_turn(s, "rome")
    targets = {a.target for a in uses(s, "baal")}
    assert "alexandria" in targets and "roma" not in targets
    before = tokens_in_play(s, "city")
    apply(s, UsePower(card="baal", target="alexandria"))
    assert _cities(s, "alexandria") == []
    assert tokens_in_play(s, "city") == before - 1  # the token is back in the supply
    assert "baal" in s.gods_used
    assert isinstance(s.prompt, ConstructionTurn) and s.prompt.civ == "rome"
    assert uses(s, "baal") == []
    assert_illegal(s, UsePower(card="baal", target="thebais"), "baal", "face down")


def test_baal_limits():
    s = start()
    give_god(s, "rome", "baal")
    construction_turn(s, "rome")
    assert_illegal(s, UsePower(card="baal", target="roma"), "baal", "yours")
    assert_illegal(s, UsePower(card="baal", target="etruria"), "baal", "no city")
    assert_illegal(s, UsePower(card="baal", target="atlantis"), "baal", "province")
    s2 = start()
    construction_turn(s2, "rome")
    assert_illegal(s2, UsePower(card="baal", target="alexandria"), "baal", "do not hold")


def test_an_occupied_city_counts_for_its_occupier():
    """A city occupied by another player is his while he occupies it: Baal may take it
    from him, even in the holder's own province; the occupier stays, off his post."""
    s = start()
    give_god(s, "rome", "baal")
    u = new_unit(s, "carthage", "legion", "roma")
    u.post = "city"
    construction_turn(s, "rome")
    apply(s, UsePower(card="baal", target="roma"))
    u = unit(s, u.id)
    assert _cities(s, "roma") == [] and u.area == "roma" and u.post == ""


def test_baal_then_rebuilding_in_the_same_construction_phase():
    """Q&A: Baal used in the construction phase frees a city token, which the holder may
    build at once."""
    s = start()
    give_god(s, "rome", "baal")
    construction_turn(s, "rome", {"tax": 3})
    s.token_supply["city"] = tokens_in_play(s, "city")
    city = Buy(items=[Item(kind="city", province="magna_graecia")], payment={"tax": 3})
    assert_illegal(s, city, "no city token")
    apply(s, UsePower(card="baal", target="thebais"))
    apply(s, city)
    assert [b.site for b in _cities(s, "magna_graecia")] == ["Tarentum"]


def test_baal_in_the_window_at_the_start_of_a_phase():
    """docs/rules.md, Powers and reactions: a reaction window opens at the start of each phase; Baal
    used at the start of the commerce phase costs Egypt that city's production."""
    s = start()
    give_god(s, "rome", "baal")
    begin_phase(s, "commerce")
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "phase_start"
    assert s.prompt.civ == "rome" and s.prompt.powers == ["baal"]
    assert legal_actions(s)[0] == Pass()
    ev = apply(s, UsePower(card="baal", target="alexandria"))
    # nothing else to use: the window closes by itself and production follows
    egypt = next(e for e in events_of(ev, Produced) if e.civ == "egypt")
    assert egypt.cards["tax"] == 2
    s2 = start()
    give_god(s2, "rome", "baal")
    begin_phase(s2, "commerce")
    ev = apply(s2, Pass())
    egypt = next(e for e in events_of(ev, Produced) if e.civ == "egypt")
    assert egypt.cards["tax"] == 3  # passed: all three cities produce
    assert "baal" not in s2.gods_used


def test_baal_is_offered_in_the_holders_other_decisions():
    s = start()
    give_god(s, "rome", "baal")
    construction_turn(s, "egypt")
    assert uses(s, "baal") == []  # not rome's decision
    apply(s, EndConstruction())
    assert isinstance(s.prompt, NamePlayer) and s.prompt.civ == "egypt"
    apply(s, Name(civ="rome"))
    assert s.prompt.civ == "rome" and uses(s, "baal")
    # the Political Leader names players: Baal is offered there to its holder only
    s3 = start()
    give_god(s3, "egypt", "baal")
    construction_turn(s3, "rome")
    apply(s3, EndConstruction())
    assert isinstance(s3.prompt, NamePlayer) and s3.prompt.civ == "rome"
    assert uses(s3, "baal") == []


def test_the_window_asks_only_holders_of_usable_powers():
    s = start()
    give_god(s, "rome", "baal")
    s.gods_used.append("baal")
    ev: list = []
    s.prompt = None
    flow.start_phase(s, "construction", ev)
    assert not s.pending_powers
