"""Penthesilee: in a battle on land, her holder loses one unit per full 6 points of the
other side's total instead of 5 (rulebook, card text); at sea the usual 5 holds."""

from __future__ import annotations

from ..rules.common import holds
from ..state import GameState

CARD = "penthesilee"
HOOKS = ("casualty_divisor",)  # the hook points it takes part in
WHEN = "she counts when battle losses are computed"
DIVISOR = 6
USUAL = 5


def casualty_divisor(state: GameState, civ: str, naval: bool) -> int:
    return DIVISOR if not naval and holds(state, civ, CARD) else USUAL
