"""Hammurabi (Babylon): once each construction phase, in his holder's construction turn,
one influence marker for free, placed by the usual rules (next to his provinces, from his
reserve; also to complete a conversion, whose marker it pays for). `target`: the province.
The mechanism, shared with Spartacus': engine/powers/construction_piece.py."""

from __future__ import annotations

from ..actions import UsePower
from ..events import Event
from ..prompts import ConstructionTurn
from ..state import GameState
from .construction_piece import PieceInConstruction

CARD = "hammurabi"
HOOKS = ("uses", "use")  # the hook points it takes part in
WINDOWS = ()  # the reaction windows its power may be used in: none
DECISIONS = (ConstructionTurn,)  # the only decisions of its holder's it answers in

POWER = PieceInConstruction(
    card=CARD, kind="influence", piece="Hammurabi's marker",
    once="Hammurabi's free influence marker comes once each construction phase",
    placed="free influence in",
)


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    return POWER.uses(state, civ, window)


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    POWER.use(state, civ, action, ev, window)
