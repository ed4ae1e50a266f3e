"""Imhotep: wonders cost 1 card less, the Pyramids included; heroes do not."""

from __future__ import annotations

from ..actions import Item
from ..data.cards import ALL_CARDS
from ..rules.common import holds
from ..state import GameState

CARD = "imhotep"
HOOKS = ("reduction",)  # the hook points it takes part in
WHEN = "his reduction applies when wonders are bought"
REDUCES = frozenset({"card"})  # the kinds of item his reduction may apply to


def reduction(state: GameState, civ: str, item: Item) -> tuple[int, str] | None:
    if item.kind == "card" and item.card in ALL_CARDS and \
            ALL_CARDS[item.card].kind == "wonder" and holds(state, civ, CARD):
        return (1, "")
    return None
