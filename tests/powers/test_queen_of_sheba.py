"""Queen of Sheba: legions from the reserve built in any edge province, without influence
there, even in another player's province (rulebook, card text and Rules for Construction)."""

from __future__ import annotations

from engine.actions import Buy, Item
from engine.game import apply, legal_actions
from engine.rules.common import units_in

from ..helpers import assert_illegal, start
from .support import construction_turn, give


def _buy(pr, kind="legion"):
    return Buy(items=[Item(kind=kind, province=pr)], payment={"tax": 3})


def test_mercenaries_in_edge_provinces_even_another_players():
    s = start()
    give(s, "egypt", "queen_of_sheba")
    construction_turn(s, "egypt", {"tax": 9})
    assert _buy("macedonia") in legal_actions(s)  # greek, on the edge
    apply(s, _buy("macedonia"))
    apply(s, _buy("scythia"))  # nobody's, on the edge
    assert len(units_in(s, "macedonia", "egypt", ["legion"])) == 1
    assert len(units_in(s, "scythia", "egypt", ["legion"])) == 1
    assert s.provinces["scythia"].influence is None


def test_only_legions_and_only_on_the_edge():
    s = start()
    give(s, "egypt", "queen_of_sheba")
    construction_turn(s, "egypt", {"tax": 9})
    assert_illegal(s, _buy("sicilia"), "no influence")  # an island inside the board
    assert_illegal(s, _buy("macedonia", "fortress"), "no influence")
    s2 = start()
    construction_turn(s2, "egypt", {"tax": 3})
    assert_illegal(s2, _buy("scythia"), "no influence")  # without the Queen
