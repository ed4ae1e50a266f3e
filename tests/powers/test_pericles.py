"""Pericles (Greece): triremes cost 2 and he brings a free trireme in Athenae/Sparta
(rulebook, card text and Free Setup)."""

from __future__ import annotations

from engine.actions import Item
from engine.powers import cost
from engine.rules.common import units_in

from ..helpers import start


def test_pericles_triremes_for_two():
    s = start()
    assert cost(s, "greece", Item(kind="trireme", province="athenae_sparta")) == 2
    assert cost(s, "greece", Item(kind="legion", province="athenae_sparta")) == 3
    assert cost(s, "rome", Item(kind="trireme", province="roma")) == 3


def test_pericles_free_trireme_is_placed_at_the_setup():
    s = start()
    assert len(units_in(s, "athenae_sparta", "greece", ["trireme"])) == 1
    s = start(setup="free")
    # in the free setup he is bought like other pieces; his trireme still comes with him
    from engine.powers import on_acquire
    on_acquire(s, "greece", "pericles", [], free_setup=True)
    assert s.free_placements[-1].item == "trireme"
    assert s.free_placements[-1].province == "athenae_sparta"
