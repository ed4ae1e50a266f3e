"""Colossus: once each commerce phase, after production, take one commodity card of your
choice from the bank (docs/rules.md, Cards). Window "colossus", before Hermes and Isis."""

from __future__ import annotations

from ..actions import Action, Pass, UsePower
from ..data.cards import COMMODITIES, RESOURCE_NAMES
from ..events import CardReceived, Event, PowerUsed
from ..prompts import Reaction
from ..rules.common import holds, take_from_bank
from ..state import GameState, PendingPower
from .base import ask_each, mark_used, passed, refuse, used

CARD = "colossus"
HOOKS = ("after_production", "ask", "legal", "answer")  # the hook points it takes part in
WHEN = "it gives its card after production, when its holder is asked"


def _ready(state: GameState, civ: str) -> bool:
    return holds(state, civ, CARD) and not used(state, CARD, civ)


def _stock(state: GameState) -> list[str]:
    return [c for c in COMMODITIES if state.bank.get(c, 0) > 0]


def after_production(state: GameState) -> bool:
    return ask_each(state, CARD, [p.civ for p in state.players if _ready(state, p.civ)])


def ask(state: GameState, pp: PendingPower, ev: list[Event]) -> Reaction | None:
    if not _ready(state, pp.civ) or not _stock(state):
        return None
    return Reaction(civ=pp.civ, window=CARD, powers=[CARD],
                    detail="Colossus: take one commodity card of your choice from the bank")


def legal(state: GameState, pp: PendingPower) -> list[Action]:
    return [Pass(), *(UsePower(card=CARD, choice=c) for c in _stock(state))]


def answer(state: GameState, pp: PendingPower, action: Action, ev: list[Event]) -> bool:
    if passed(state, pp, action, ev, CARD, "Take a commodity with the Colossus, or pass"):
        return True
    assert isinstance(action, UsePower)  # passed() refuses anything else
    if action.choice not in COMMODITIES:
        raise refuse(CARD, f"The Colossus gives a commodity card, not {action.choice!r}")
    if state.bank.get(action.choice, 0) <= 0:
        raise refuse(CARD, f"The bank has no {RESOURCE_NAMES[action.choice]} left")
    take_from_bank(state, pp.civ, action.choice)
    mark_used(state, CARD, pp.civ)
    ev.append(CardReceived(civ=pp.civ, card=action.choice, source=CARD))
    ev.append(PowerUsed(civ=pp.civ, card=CARD, detail=RESOURCE_NAMES[action.choice]))
    return True
