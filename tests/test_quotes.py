"""Quotes: the numbers a screen shows that are rules, asked of the engine for one seat."""

from __future__ import annotations

import msgspec

from engine.actions import Item
from engine.game import quotes, seat_of
from engine.quotes import Quotes
from engine.rules.common import player

from .helpers import set_hand, start
from .powers.support import construction_turn, give


def _q(s, civ: str) -> Quotes:
    return quotes(s, seat_of(s, civ))


def test_the_temple_of_artemis_counts_in_what_a_hand_can_pay():
    """Temple of Artemis: in its holder's construction it completes a set of different
    commodities, so two commodities pay for a 3-cost item."""
    s = start()
    give(s, "rome", "temple_of_artemis")
    construction_turn(s, "rome", {"wine": 1, "fish": 1})
    h = _q(s, "rome").hand
    assert h is not None
    assert (h.commodities, h.wild, h.best) == (2, True, 3)
    assert "influence" in h.pays_for
    caravan = _q(s, "rome").item(Item(kind="caravan", province="etruria", site="pottery"))
    assert caravan is not None and caravan.payable


def test_without_the_temple_two_commodities_pay_for_nothing():
    s = start()
    construction_turn(s, "rome", {"wine": 1, "fish": 1})
    h = _q(s, "rome").hand
    assert h is not None and (h.best, h.wild, h.pays_for) == (2, False, [])


def test_outside_construction_the_temple_is_quoted_for_the_next_construction():
    s = start()
    give(s, "rome", "temple_of_artemis")
    set_hand(s, "rome", {"wine": 1, "fish": 1})
    h = _q(s, "rome").hand
    assert h is not None and (h.best, h.best_in_construction) == (2, 3)


def test_a_reduction_lowers_the_quoted_cost():
    """Mausoleum: influence markers and buildings cost 1 less; not heroes or wonders."""
    s = start()
    give(s, "greece", "mausoleum")
    q = _q(s, "greece")
    temple = q.item(Item(kind="temple"))
    assert temple is not None
    assert (temple.base, temple.cost, temple.reduced_by) == (6, 5, "mausoleum")
    assert q.cost(Item(kind="card", card="pyramids")) == 12
    other = _q(s, "rome").item(Item(kind="temple"))
    assert other is not None and (other.cost, other.reduced_by) == (6, "")


def test_imhotep_lowers_the_pyramids():
    """Imhotep: wonders and the Pyramids cost 1 less."""
    s = start()
    give(s, "egypt", "imhotep")
    pyr = _q(s, "egypt").item(Item(kind="card", card="pyramids"))
    assert pyr is not None and (pyr.base, pyr.cost, pyr.reduced_by) == (12, 11, "imhotep")


def test_the_long_game_needs_five_heroes_and_wonders_and_13_for_the_pyramids():
    """Object of the Game, long game: 5 heroes and wonders; the Pyramids cost 13."""
    q = _q(start(long_game=True), "rome")
    assert q.victory_cards == 5 and q.pyramids_cost == 13
    assert {p.needed for p in q.progress} == {5}
    q = _q(start(), "rome")
    assert q.victory_cards == 4 and q.pyramids_cost == 12


def test_progress_counts_heroes_and_wonders_held():
    s = start()
    give(s, "rome", "colossus")
    rome = next(p for p in _q(s, "greece").progress if p.civ == "rome")
    assert rome.heroes_wonders == len(player(s, "rome").cards)
    assert rome.roles_needed == 0
    assert all(p.roles_needed == 3 for p in _q(start(three_roles_win=True), "rome").progress)


def test_penthesilee_loses_a_ground_unit_per_six_points():
    """Penthesilee: her ground units are lost per 6 points of the other side, not 5; ships
    still per 5."""
    s = start()
    give(s, "rome", "penthesilee")
    q = _q(s, "greece")
    assert (q.losses["rome"].ground, q.losses["rome"].naval) == (6, 5)
    assert q.losses["greece"].ground == 5


def test_the_supply_left_is_the_tokens_not_on_the_board():
    """Number of Building Tokens: 6 players have 7 temples in the supply."""
    s = start()
    on_board = sum(1 for ps in s.provinces.values() for b in ps.buildings if b.kind == "temple")
    assert _q(s, "rome").supply["temple"] == 7 - on_board


def test_a_spectator_gets_no_hand_and_no_costs():
    q = quotes(start(), None)
    assert q.hand is None and q.items == [] and q.civ is None
    assert len(q.progress) == 6


def test_quotes_use_only_the_seats_own_hand():
    """Another hand changes nothing in a seat's quotes (nothing secret leaks)."""
    s = start()
    before = msgspec.json.encode(_q(s, "rome"))
    set_hand(s, "greece", {"tax": 7})
    assert msgspec.json.encode(_q(s, "rome")) == before


def test_quotes_cross_a_socket():
    q = _q(start(), "rome")
    assert msgspec.json.decode(msgspec.json.encode(q), type=Quotes) == q


def test_role_scores_and_free_setup_numbers():
    q = _q(start(), "rome")
    assert set(q.role_scores) == {"director_of_commerce", "high_priest", "political_leader",
                                  "military_leader"}
    assert (q.free_setup.points, q.free_setup.round_points, q.free_setup.rounds) == (45, 9, 5)


def test_gods_cost_three():
    q = _q(start(), "rome")
    assert q.god_cost == 3
    assert q.cost(Item(kind="card", card="mars")) == 3


def test_the_sets_a_hand_can_pay_with():
    """Construction Phase: a set is tax cards only, or commodities all different."""
    s = start()
    construction_turn(s, "rome", {"tax": 3, "wine": 2, "fish": 1})
    h = _q(s, "rome").hand
    assert h is not None and h.best == 3
    assert {"tax": 3} in h.sets[3] and {"fish": 1, "wine": 1} in h.sets[2]


def test_the_board_quote_says_where_there_is_war():
    s = start()
    province = next(pid for pid, ps in s.provinces.items() if ps.buildings)
    q = _q(s, "rome")
    assert q.board.at_war == []
    assert len(q.board.holders[province]) == len(s.provinces[province].buildings)


def test_units_alike_are_those_that_differ_only_by_id():
    """A choice among units (a move, a loss) shows each kind of unit in one place once."""
    from engine.rules.common import new_unit
    s = start(["rome", "greece", "egypt"])
    a = new_unit(s, "rome", "legion", "etruria").id
    b = new_unit(s, "rome", "legion", "etruria").id
    c = new_unit(s, "rome", "legion", "etruria")
    c.post = "city"
    alike = _q(s, "rome").alike
    assert alike[b] == alike[a] and alike[c.id] != alike[a]
    assert all(alike[i] not in (a, b) for i in (c.id,))
