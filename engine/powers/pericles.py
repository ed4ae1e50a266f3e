"""Pericles (Greece): triremes cost 2, and he brings one free trireme in Athenae/Sparta
(also at the setup: rulebook, Free Setup). He adds 1 to each die his holder's
triremes roll."""

from __future__ import annotations

from ..actions import Item
from ..events import Event
from ..rules.common import holds
from ..state import FreePlacement, GameState

CARD = "pericles"
HOOKS = ("reduction", "die_bonus", "on_acquire")  # the hook points it takes part in
WHEN = "his reduction applies when triremes are bought"
REDUCES = frozenset({"trireme"})  # the kinds of item his reduction may apply to


def reduction(state: GameState, civ: str, item: Item) -> tuple[int, str] | None:
    return (1, "") if item.kind == "trireme" and holds(state, civ, CARD) else None


def die_bonus(state: GameState, civ: str, naval: bool) -> int:
    return 1 if naval and holds(state, civ, CARD) else 0


def on_acquire(state: GameState, civ: str, ev: list[Event], free_setup: bool) -> None:
    state.free_placements.append(
        FreePlacement(civ=civ, item="trireme", card=CARD, province="athenae_sparta"))
