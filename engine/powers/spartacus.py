"""Spartacus: once each construction phase, in his holder's construction turn, one legion
for one Slaves card, built by the usual rules (not combined with any reduction: it costs
exactly that card). `target`: the province. The mechanism, shared with Hammurabi's:
engine/powers/construction_piece.py."""

from __future__ import annotations

from ..actions import UsePower
from ..events import Event
from ..prompts import ConstructionTurn
from ..state import GameState
from .construction_piece import PieceInConstruction

CARD = "spartacus"
HOOKS = ("uses", "use")  # the hook points it takes part in
WINDOWS = ()  # the reaction windows its power may be used in: none
DECISIONS = (ConstructionTurn,)  # the only decisions of its holder's it answers in
CARD_PAID = "slaves"

POWER = PieceInConstruction(
    card=CARD, kind="legion", piece="Spartacus' legion",
    once="Spartacus builds one legion each construction phase",
    placed="a legion in", paid_with=CARD_PAID,
    unpaid="Spartacus' legion is paid with a Slaves card: you hold none",
)


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    return POWER.uses(state, civ, window)


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    POWER.use(state, civ, action, ev, window)
