"""Croesus: build in a province the turn you influence it, at -1 for one item of each kind
there (rulebook, card text and Q&A "2 caravans and 3 legions")."""

from __future__ import annotations

from engine.actions import Buy, Item
from engine.game import apply
from engine.powers import cost, price
from engine.rules.common import player

from ..helpers import assert_illegal, start
from .support import construction_turn

NEW = "gallia_cisalpina"  # grain and livestock sites, next to etruria


def _influenced(hand, *cards):
    s = start()
    player(s, "rome").cards = list(cards)  # no Caesar unless named
    construction_turn(s, "rome", hand)
    apply(s, Buy(items=[Item(kind="influence", province=NEW)], payment={"tax": 3}))
    return s


def _item(kind, site=""):
    return Item(kind=kind, province=NEW, site=site)


def test_croesus_builds_in_the_new_province_with_one_reduction_per_kind():
    """Q&A: 2 caravans and 3 legions: 1 caravan and 1 legion are reduced."""
    s = _influenced({"tax": 16}, "croesus")
    items = [_item("caravan", "grain"), _item("caravan", "livestock"),
             _item("legion"), _item("legion"), _item("legion")]
    assert price(s, "rome", items)[0] == 2 + 3 + 2 + 3 + 3
    assert_illegal(s, Buy(items=items, payment={"tax": 12}), "cannot pay for 13")
    apply(s, Buy(items=items, payment={"tax": 13}))
    assert player(s, "rome").hand == {}
    assert cost(s, "rome", _item("legion")) == 3  # spent for this turn


def test_croesus_reductions_bought_one_by_one():
    s = _influenced({"tax": 16}, "croesus")
    assert cost(s, "rome", _item("caravan", "grain")) == 2
    apply(s, Buy(items=[_item("caravan", "grain")], payment={"tax": 2}))
    assert cost(s, "rome", _item("caravan", "livestock")) == 3
    assert_illegal(s, Buy(items=[_item("caravan", "livestock")], payment={"tax": 2}),
                   "cannot pay")
    assert cost(s, "rome", _item("legion")) == 2
    assert cost(s, "rome", Item(kind="legion", province="roma")) == 3  # old province


def test_without_croesus_no_build_where_influence_is_new():
    s = _influenced({"tax": 6})
    assert_illegal(s, Buy(items=[_item("legion")], payment={"tax": 3}), "this turn")


def test_croesus_is_not_added_to_other_reductions():
    """Rules for Construction: reductions are not cumulative; the single best one."""
    s = _influenced({"tax": 9}, "croesus", "julius_caesar", "mausoleum")
    assert cost(s, "rome", _item("legion")) == 2
    assert cost(s, "rome", _item("caravan", "grain")) == 2
    # Caesar and the Mausoleum cover these: Croesus' once-only reduction is kept
    assert price(s, "rome", [_item("legion"), _item("caravan", "grain")])[1] == []
