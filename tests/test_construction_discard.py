"""The end of construction, shorter (issue 16): the discards (docs/rules.md, Construction: the end
of the phase) skip the players with nothing to give back, as the long way."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.data.cards import COMMODITIES, TAX
from engine.events import Event
from engine.game import clone
from engine.rules import construction
from engine.rules.common import clean, player, return_to_bank
from engine.rules.hooks import commodities_kept
from engine.state import GameState

from .test_engine_shortcuts import _positions


def _discard_the_long_way(state: GameState, civ: str, kept: dict[str, int],
                          ev: list[Any]) -> None:
    p = player(state, civ)
    out = {c: p.hand[c] - kept.get(c, 0) for c in COMMODITIES if p.hand.get(c)}
    if p.hand.get(TAX, 0) > 2:
        out[TAX] = p.hand[TAX] - 2
    out = clean(out)
    if out:
        return_to_bank(state, civ, out)
        ev.append(("discarded", civ, out))
    state.construction.discarded.append(civ)


def test_the_discards_are_the_long_ways() -> None:
    """Every player of every position discards as the long way would, his hand as it is
    and with more tax cards; those the phase passes over (nothing `_given_back`) would discard nothing."""
    seen = skipped = 0
    for state in _positions(seeds=(37,), steps=800):
        for extra_tax in (0, 3):
            for p in state.players:
                if extra_tax:
                    p.hand[TAX] = p.hand.get(TAX, 0) + extra_tax
                keep = commodities_kept(state, p.civ)
                hand = {c: p.hand[c] for c in COMMODITIES if p.hand.get(c)}
                kept = construction._keep_first(hand, keep)
                a, b = clone(state), clone(state)
                ev_a: list[Event] = []
                ev_b: list[Any] = []
                construction._discard(a, p.civ, kept, ev_a)
                _discard_the_long_way(b, p.civ, kept, ev_b)
                assert msgspec.json.encode(a) == msgspec.json.encode(b)
                assert [(e.civ, e.cards) for e in ev_a] == [(c, o) for _, c, o in ev_b]
                if not construction._given_back(p.hand, {}):
                    assert not ev_b
                    skipped += 1
                seen += 1
    assert seen > 1000 and skipped > 100
