"""Minos: on islands, one item of each kind each turn at -1 (rulebook, card text and Q&A:
the same principle as Croesus' "2 caravans and 3 legions")."""

from __future__ import annotations

from engine.actions import Buy, Item
from engine.game import apply
from engine.powers import cost, price
from engine.rules.common import player

from ..helpers import assert_illegal, start
from .support import construction_turn


def _islands(hand, *cards):
    s = start()
    p = player(s, "rome")
    p.cards = list(cards)
    for pr in ("sicilia", "sardinia"):
        s.provinces[pr].influence = "rome"
    construction_turn(s, "rome", hand)
    return s


def test_minos_two_caravans_and_three_legions():
    s = _islands({"tax": 16}, "minos")
    items = [Item(kind="caravan", province="sicilia", site="grain"),
             Item(kind="caravan", province="sicilia", site="fish"),
             *[Item(kind="legion", province="sicilia")] * 3]
    assert price(s, "rome", items)[0] == 2 + 3 + 2 + 3 + 3
    apply(s, Buy(items=items, payment={"tax": 13}))
    assert player(s, "rome").hand == {"tax": 3}


def test_one_of_each_kind_per_turn_over_all_islands():
    s = _islands({"tax": 12}, "minos")
    apply(s, Buy(items=[Item(kind="legion", province="sicilia")], payment={"tax": 2}))
    assert cost(s, "rome", Item(kind="legion", province="sardinia")) == 3
    assert cost(s, "rome", Item(kind="caravan", province="sardinia", site="metal")) == 2
    assert cost(s, "rome", Item(kind="legion", province="roma")) == 3  # not an island
    assert_illegal(s, Buy(items=[Item(kind="legion", province="sardinia")],
                          payment={"tax": 2}), "cannot pay")


def test_minos_and_caesar_do_not_add_up():
    s = _islands({"tax": 6}, "minos", "julius_caesar")
    assert cost(s, "rome", Item(kind="legion", province="sicilia")) == 2  # not 1


def test_minos_on_an_island_influence_marker():
    s = start()
    player(s, "rome").cards = ["minos"]
    construction_turn(s, "rome", {"tax": 3})
    assert cost(s, "rome", Item(kind="influence", province="sicilia")) == 2
    apply(s, Buy(items=[Item(kind="influence", province="sicilia")], payment={"tax": 2}))
    assert s.provinces["sicilia"].influence == "rome"
