"""Adonis: when every player has had his turn in the offering phase, his holder takes one
more god for free (so he may hold two). The High Priest's order does not bring it forward
(rulebook Q&A). The original Adonis acts first, then a copy made by Castor & Pollux (Q&A).
Window "adonis"."""

from __future__ import annotations

from ..actions import Action, Pass, UsePower
from ..data.cards import GODS
from ..events import Event, GodTaken, PowerUsed
from ..prompts import Reaction
from ..rules.common import holds
from ..rules.windows import queue
from ..state import GameState, PendingPower
from .base import card_name, passed, refuse

CARD = "adonis"
HOOKS = ("after_offering", "ask", "legal", "answer")  # the hook points it takes part in
WHEN = "he takes his god when all offerings are made"


def _gods(state: GameState) -> list[str]:
    return [g for g in GODS if state.gods.get(g) is None]


def holders(state: GameState) -> list[str]:
    """Who acts with Adonis: the card's holder, then the player copying him."""
    original = [p.civ for p in state.players if CARD in p.cards]
    if not state.power_choices:  # a copy is a choice on record (`holds`): none then
        return original
    copies = [p.civ for p in state.players if CARD not in p.cards and holds(state, p.civ, CARD)]
    return original + copies


def after_offering(state: GameState) -> bool:
    civs = holders(state)
    for civ in civs:
        queue(state, PendingPower(card=CARD, civ=civ))
    return bool(civs)


def ask(state: GameState, pp: PendingPower, ev: list[Event]) -> Reaction | None:
    if not holds(state, pp.civ, CARD) or not _gods(state):
        return None
    return Reaction(civ=pp.civ, window=CARD, powers=[CARD],
                    detail="Adonis: take one more god, free")


def legal(state: GameState, pp: PendingPower) -> list[Action]:
    return [Pass(), *(UsePower(card=CARD, choice=g) for g in _gods(state))]


def answer(state: GameState, pp: PendingPower, action: Action, ev: list[Event]) -> bool:
    if passed(state, pp, action, ev, CARD, "Take a god with Adonis, or pass"):
        return True
    assert isinstance(action, UsePower)  # passed() refuses anything else
    if action.choice not in GODS:
        raise refuse(CARD, f"{action.choice!r} is not a god")
    if state.gods.get(action.choice) is not None:
        raise refuse(CARD, f"{card_name(action.choice)} is already taken")
    state.gods[action.choice] = pp.civ
    ev.append(GodTaken(civ=pp.civ, god=action.choice, free=True))
    ev.append(PowerUsed(civ=pp.civ, card=CARD, detail=f"takes {card_name(action.choice)}"))
    return True
