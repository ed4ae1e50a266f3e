"""The Pyramids: a wonder on offer to every player, built once; its cost is the cost
chart's own (12, or 13 in the long game) and building it wins the game at once
(docs/rules.md, Construction: where things go)."""

from __future__ import annotations

from ..data.costs import PYRAMIDS_COST, PYRAMIDS_COST_LONG
from ..errors import IllegalAction
from ..rules.common import player
from ..state import GameState

CARD = "pyramids"
# the hook points it takes part in (engine/rules/hook_points.py)
HOOKS = ("card_cost", "offered", "check_acquire", "wins_by_card")
WHEN = "building them wins the game"


def card_cost(state: GameState, card: str) -> int | None:
    if card != CARD:
        return None
    return PYRAMIDS_COST_LONG if state.config.long_game else PYRAMIDS_COST


def offered(state: GameState, civ: str) -> list[str]:
    """Always on offer (a second purchase is refused by `check_acquire`)."""
    return [CARD]


def check_acquire(state: GameState, civ: str) -> None:
    if any(CARD in p.cards for p in state.players):
        raise IllegalAction("The Pyramids are built already", "Construction: where things go")


def wins_by_card(state: GameState, civ: str) -> str:
    return "built the Pyramids" if CARD in player(state, civ).cards else ""
