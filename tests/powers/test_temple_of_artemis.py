"""Temple of Artemis: once each construction phase, counts as one commodity of choice in a
set of different commodities, without being spent (docs/rules.md, Cards)."""

from __future__ import annotations

from engine.actions import Buy, Item, Worship
from engine.events import Paid, PowerUsed
from engine.game import apply, legal_actions
from engine.rules.common import player
from engine.rules.payment import WILD, max_set_value, set_value

from ..helpers import assert_illegal, begin_phase, set_hand, start
from .support import construction_turn, events_of, give

CARAVAN = Item(kind="caravan", province="etruria", site="pottery")


def _turn(hand):
    s = start()
    give(s, "rome", "temple_of_artemis")
    construction_turn(s, "rome", hand)
    return s


def test_the_temple_completes_a_set_and_stays():
    s = _turn({"wine": 1, "fish": 1})
    assert max_set_value(player(s, "rome"), wild=True) == 3
    assert Buy(items=[CARAVAN], payment={"fish": 1, "wine": 1, WILD: 1}) in legal_actions(s)
    ev = apply(s, Buy(items=[CARAVAN], payment={"wine": 1, "fish": 1, WILD: 1}))
    assert events_of(ev, Paid)[0].cards == {"fish": 1, "wine": 1}
    assert events_of(ev, PowerUsed)[0].card == "temple_of_artemis"
    assert "temple_of_artemis" in player(s, "rome").cards
    assert player(s, "rome").hand == {}


def test_the_temple_counts_once_per_construction_phase():
    s = _turn({"wine": 2, "fish": 2})
    apply(s, Buy(items=[CARAVAN], payment={"wine": 1, "fish": 1, WILD: 1}))
    again = Buy(items=[Item(kind="legion", province="roma")],
                payment={"wine": 1, "fish": 1, WILD: 1})
    assert_illegal(s, again, "temple of artemis", "this phase")


def test_the_temple_is_not_a_tax_card_nor_a_set_alone():
    s = _turn({"tax": 2, "wine": 1})
    assert_illegal(s, Buy(items=[CARAVAN], payment={"tax": 2, WILD: 1}), "temple of artemis",
                   "tax")
    assert_illegal(s, Buy(items=[Item(kind="legion", province="roma")],
                          payment={WILD: 1}), "no cards")
    assert_illegal(s, Buy(items=[CARAVAN], payment={"wine": 1, WILD: 2}), "temple of artemis",
                   "once")
    from engine.data.cards import COMMODITIES
    assert set_value({c: 1 for c in COMMODITIES[:12]} | {WILD: 1}) == 13
    import pytest

    from engine.errors import IllegalAction
    with pytest.raises(IllegalAction, match="every commodity"):
        set_value({c: 1 for c in COMMODITIES} | {WILD: 1})


def test_the_temple_needs_its_holder_and_the_construction_phase():
    s = start()
    construction_turn(s, "rome", {"wine": 1, "fish": 1})
    assert_illegal(s, Buy(items=[CARAVAN], payment={"wine": 1, "fish": 1, WILD: 1}),
                   "temple of artemis")
    s = start()
    give(s, "greece", "temple_of_artemis")
    set_hand(s, "greece", {"wine": 1, "fish": 1, "gems": 1})
    begin_phase(s, "offering", first="greece")
    assert_illegal(s, Worship(god="mars", payment={"wine": 1, "fish": 1, WILD: 1}),
                   "temple of artemis")
