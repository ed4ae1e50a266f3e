"""Rulebook, Construction Phase; docs/rules.md, Construction: paying; docs/rules.md,
Construction: where things go."""

from __future__ import annotations

import pytest

from engine.actions import Buy, EndConstruction, Item
from engine.errors import IllegalAction
from engine.game import apply, legal_actions
from engine.prompts import ConstructionTurn
from engine.rules.common import new_unit, player, reserve, units_in
from engine.rules.payment import payment_options, set_value

from .helpers import assert_illegal, begin_phase, set_hand, start


def _rome(hand, **options):
    s = start(**options)
    set_hand(s, "rome", hand)
    begin_phase(s, "construction", first="rome")
    assert isinstance(s.prompt, ConstructionTurn) and s.prompt.civ == "rome"
    return s


def buy(kind, province="", site="", card="", **pay):
    return Buy(items=[Item(kind=kind, province=province, site=site, card=card)], payment=pay)


def test_sets_tax_only_or_different_commodities():
    """Construction Phase: a set is tax only or all-different commodities; value = count."""
    assert set_value({"tax": 4}) == 4
    assert set_value({"wine": 1, "fish": 1, "gems": 1}) == 3
    with pytest.raises(IllegalAction, match="mixed"):
        set_value({"tax": 1, "wine": 1})
    with pytest.raises(IllegalAction, match="twice"):
        set_value({"wine": 2, "fish": 1})



def test_influence_not_where_another_player_has_units_or_a_marker():
    """Construction: where things go: not in a province with another marker, nor with another
    player's units."""
    s = _rome({"tax": 6})
    new_unit(s, "carthage", "legion", "gallia_cisalpina")
    assert_illegal(s, buy("influence", "gallia_cisalpina", tax=3), "military units")
    assert_illegal(s, buy("influence", "carthago", tax=3), "another influence")


def test_build_only_where_you_held_influence_when_your_turn_began():
    """Rules for Construction: only in your provinces, not one you influenced this turn."""
    s = _rome({"tax": 9})
    apply(s, buy("influence", "gallia_cisalpina", tax=3))
    assert_illegal(s, buy("caravan", "gallia_cisalpina", "grain", tax=3), "this turn")
    assert_illegal(s, buy("legion", "carthago", tax=3), "no influence")


def test_buildings_need_their_sites():
    """Construction: where things go: a city on an empty city site, a caravan on an empty commodity
    site, a temple with a city, a market with a caravan, one of each per province."""
    s = _rome({"tax": 12})
    assert_illegal(s, buy("city", "etruria", tax=3), "no city site")
    assert_illegal(s, buy("city", "roma", tax=3), "taken")
    assert_illegal(s, buy("caravan", "roma", "wine", tax=3), "no free wine")
    apply(s, buy("caravan", "etruria", "pottery", tax=3))
    assert_illegal(s, buy("temple", "etruria", tax=6), "needs a city")
    apply(s, buy("temple", "roma", tax=6))
    set_hand(s, "rome", {"tax": 12})
    assert_illegal(s, buy("temple", "roma", tax=6), "one per province")
    apply(s, buy("market", "etruria", tax=6))
    assert [b.kind for b in s.provinces["etruria"].buildings] == ["caravan", "caravan", "market"]


def test_one_fortress_per_province_and_reserve_limits():
    """Construction: where things go: one fortress per province; a piece needs one left in the
    reserve."""
    s = _rome({"tax": 12})
    assert_illegal(s, buy("fortress", "roma", tax=3), "fortress")
    apply(s, buy("fortress", "etruria", tax=3))
    for _ in range(reserve(s, "rome", "legion")):
        new_unit(s, "rome", "legion", "roma")
    assert reserve(s, "rome", "legion") == 0
    assert_illegal(s, buy("legion", "roma", tax=3), "reserve")


def test_trireme_goes_to_a_coastal_province_in_port():
    """Construction: where things go: a trireme is built in a coastal province and sails out in a
    military phase."""
    s = start()
    set_hand(s, "babylon", {"tax": 6})
    begin_phase(s, "construction", first="babylon")
    assert_illegal(s, buy("trireme", "babylon", tax=3), "no coast")
    s = _rome({"tax": 3})
    apply(s, buy("trireme", "roma", tax=3))
    assert len(units_in(s, "roma", "rome", ["trireme"])) == 1


def test_token_supply_is_limited():
    """Number of Building Tokens: no city can be built when none is left."""
    s = _rome({"tax": 3}, civs=["rome", "carthage", "greece"])
    s.provinces["gallia_cisalpina"].influence = "rome"
    s.construction.turn_start.append("gallia_cisalpina")
    from engine.rules.common import tokens_in_play
    s.token_supply["caravan"] = tokens_in_play(s, "caravan")
    assert_illegal(s, buy("caravan", "gallia_cisalpina", "grain", tax=3), "supply")


def test_one_set_for_several_items_and_no_adding_sets():
    """Construction: paying: one set pays for items whose costs add up to its value; surplus is
    lost; two sets are never added together."""
    s = _rome({"tax": 7, "wine": 1, "fish": 1})
    s.players[0].cards = []  # no Caesar: legions cost 3
    apply(s, Buy(items=[Item(kind="legion", province="roma"),
                        Item(kind="legion", province="etruria")], payment={"tax": 7}))
    assert player(s, "rome").hand == {"wine": 1, "fish": 1}
    assert len(units_in(s, "roma", "rome", ["legion"])) == 3
    assert_illegal(s, buy("legion", "roma", wine=1, fish=1), "cannot pay")


def test_caesar_makes_legions_cheaper():
    """Julius Caesar: legions cost 2."""
    s = _rome({"tax": 4})
    apply(s, Buy(items=[Item(kind="legion", province="roma")] * 2, payment={"tax": 4}))
    assert player(s, "rome").hand == {}


def test_heroes_from_the_display_and_civilization_heroes():
    """Construction: where things go: each hero exists once; a civilization hero only for its
    civilization; a hero needs one set of 9."""
    s = _rome({"tax": 9, "wine": 1})
    card = s.display[0]
    assert_illegal(s, buy("card", card="hannibal", tax=9), "another civilization")
    assert_illegal(s, buy("card", card=s.set_aside[0], tax=9), "not on offer")
    apply(s, buy("card", card=card, tax=9))
    assert card in player(s, "rome").cards and card not in s.display
    assert_illegal(s, buy("card", card=card, tax=9), "only")


def test_pyramids_win_at_once():
    """Object of the Game: building the Pyramids (12 cards) wins."""
    s = _rome({"tax": 12})
    assert_illegal(s, buy("card", card="pyramids", tax=11), "cannot pay")
    apply(s, buy("card", card="pyramids", tax=12))
    assert s.phase == "over" and s.winner == "rome" and "Pyramids" in s.win_reason


def test_fourth_hero_or_wonder_wins_and_long_game_needs_five():
    """Object of the Game: 4 heroes and/or wonders (5 in the long game)."""
    s = _rome({"tax": 9})
    player(s, "rome").cards += ["ajax", "midas"]
    apply(s, buy("card", card=s.display[0], tax=9))
    assert s.winner == "rome"
    s = _rome({"tax": 9}, long_game=True)
    player(s, "rome").cards += ["ajax", "midas"]
    apply(s, buy("card", card=s.display[0], tax=9))
    assert s.winner is None
    set_hand(s, "rome", {"tax": 12})
    assert_illegal(s, buy("card", card="pyramids", tax=12), "cannot pay")  # 13 needed


def test_end_of_phase_discard():
    """Construction: the end of the phase: at the end of construction, all commodities and all tax
    cards but 2 go."""
    s = start(["rome", "carthage", "greece"])
    for civ in ("rome", "carthage", "greece"):
        set_hand(s, civ, {"tax": 5, "wine": 2, "fish": 1})
    begin_phase(s, "construction")
    ev = []
    while s.phase == "construction":
        ev += apply(s, EndConstruction() if isinstance(s.prompt, ConstructionTurn)
                    else legal_actions(s)[0])
    discarded = {e.civ: e.cards for e in ev if type(e).__name__ == "Discarded"}
    assert discarded == {c: {"fish": 1, "tax": 3, "wine": 2}
                         for c in ("rome", "carthage", "greece")}


def test_payment_helper_finds_sets():
    """The payment helper offers tax sets and all-different commodity sets."""
    s = start()
    set_hand(s, "rome", {"tax": 3, "wine": 2, "fish": 1, "gems": 1})
    opts = payment_options(player(s, "rome"), 3)
    assert {"tax": 3} in opts
    assert {"wine": 1, "fish": 1, "gems": 1} in opts
    assert payment_options(player(s, "rome"), 4) == []
