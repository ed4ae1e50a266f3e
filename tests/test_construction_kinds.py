"""Every kind of item quoted in a construction turn, with what it lacks (issue 30, point 8):
its cost to the player, whether a set in hand pays it, where it may go, the supply left
(rulebook, Rules for Construction; docs/rules.md, Construction: where things go: where each item may be built)."""

from __future__ import annotations

from engine.data import board
from engine.game import legal_actions, quotes, seat_of
from engine.quotes import Quotes
from engine.render_kinds import kind_detail, kind_line, lacks
from engine.rules.common import new_unit
from engine.rules.shortfall import KINDS, KindQuote
from engine.state import GameState

from .helpers import start
from .powers.support import construction_turn


def _kinds(s: GameState, civ: str) -> dict[str, KindQuote]:
    q: Quotes = quotes(s, seat_of(s, civ))
    return {k.kind: k for k in q.kinds}


def test_every_kind_is_quoted_in_the_players_construction_turn():
    s = start()
    construction_turn(s, "rome", {"wine": 1, "fish": 1})
    kinds = _kinds(s, "rome")
    assert list(kinds) == list(KINDS)
    # Julius Caesar: Rome's legions cost 1 less
    assert (kinds["legion"].cost, kinds["legion"].reduced_by) == (2, "julius_caesar")
    assert kinds["temple"].cost == 6 and kinds["temple"].best_set == 2


def test_a_trireme_a_set_cannot_pay_says_the_set_and_where_it_could_go():
    """Two different commodities make a set of 2; a trireme costs 3. Triremes are built in
    one's own coastal provinces (docs/rules.md, Construction: where things go)."""
    s = start()
    construction_turn(s, "rome", {"wine": 1, "fish": 1})
    tri = _kinds(s, "rome")["trireme"]
    own_coasts = [pr for pr, ps in s.provinces.items()
                  if ps.influence == "rome" and board.PROVINCES[pr].coastal]
    assert sorted(tri.where) == sorted(own_coasts) and tri.where
    assert not tri.paid and not tri.buyable
    assert lacks(tri) == ["a set of 3 (yours: 2)"]
    assert "Roma" in kind_detail(tri) and "4 left in your reserve" in kind_detail(tri)
    # the engine offers no trireme to buy (the quote and the listing agree)
    assert not any(getattr(a, "items", None) and a.items[0].kind == "trireme"
                   for a in legal_actions(s))


def test_no_trireme_left_in_the_reserve_is_the_lack_named():
    """Components: 5 triremes a civilization; a sixth cannot be built."""
    s = start()
    construction_turn(s, "rome", {"tax": 3})
    while sum(1 for u in s.units if u.owner == "rome" and u.kind == "trireme") < 5:
        new_unit(s, "rome", "trireme", "mare_tyrrhenum")
    tri = _kinds(s, "rome")["trireme"]
    assert tri.paid and tri.supply == 0 and not tri.buyable
    assert lacks(tri) == ["a piece (none left in your reserve)"]
    assert kind_line(tri) == "needs a piece (none left in your reserve)"


def test_a_temple_with_no_city_of_ones_own_has_no_place_and_says_why():
    """A temple goes only where one has a city, one per province (docs/rules.md, Construction: where things go)."""
    s = start()
    construction_turn(s, "rome", {"tax": 6})
    for ps in s.provinces.values():
        if ps.influence == "rome":
            ps.buildings = [b for b in ps.buildings if b.kind not in ("city", "temple")]
    temple = _kinds(s, "rome")["temple"]
    assert temple.paid and temple.where == [] and "city" in temple.no_site
    assert lacks(temple) == [f"a place: {temple.no_site[0].lower()}{temple.no_site[1:]}"]


def test_a_buyable_kind_lacks_nothing_and_names_its_places():
    s = start()
    construction_turn(s, "rome", {"tax": 3})
    legion = _kinds(s, "rome")["legion"]
    assert legion.buyable and lacks(legion) == []
    assert kind_line(legion).startswith("could go in ")


def test_the_kinds_are_the_deciding_players_own():
    """Another seat (and a spectator) gets no kinds: they would tell the size of the best
    set of a hand that is not theirs."""
    s = start()
    construction_turn(s, "rome", {"tax": 3})
    assert _kinds(s, "greece") == {}
    assert quotes(s, None).kinds == []
