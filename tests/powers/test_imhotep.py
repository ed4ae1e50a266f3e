"""Imhotep: wonders cost 1 card less, the Pyramids included; heroes do not (rulebook,
card text)."""

from __future__ import annotations

from engine.actions import Buy, Item
from engine.game import apply
from engine.powers import cost

from ..helpers import assert_illegal, start
from .support import construction_turn, give


def test_imhotep_wonders_and_pyramids_one_less():
    s = start()
    give(s, "rome", "imhotep")
    assert cost(s, "rome", Item(kind="card", card="lighthouse")) == 8
    assert cost(s, "rome", Item(kind="card", card="pyramids")) == 11
    assert cost(s, "rome", Item(kind="card", card="ajax")) == 9  # a hero
    construction_turn(s, "rome", {"tax": 11})
    apply(s, Buy(items=[Item(kind="card", card="pyramids")], payment={"tax": 11}))
    assert s.winner == "rome"


def test_imhotep_in_the_long_game_and_without_him():
    s = start(long_game=True)
    give(s, "rome", "imhotep")
    assert cost(s, "rome", Item(kind="card", card="pyramids")) == 12
    s = start()
    construction_turn(s, "rome", {"tax": 8})
    assert_illegal(s, Buy(items=[Item(kind="card", card="lighthouse")], payment={"tax": 8}),
                   "cannot pay for 9")


def test_imhotep_and_the_mausoleum_do_not_add_up():
    """The Mausoleum's reduction is not for wonders; Imhotep's is: 8, never 7."""
    s = start()
    give(s, "rome", "imhotep")
    give(s, "rome", "mausoleum")
    assert cost(s, "rome", Item(kind="card", card="lighthouse")) == 8
    assert cost(s, "rome", Item(kind="city", province="magna_graecia")) == 2
