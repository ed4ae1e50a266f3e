"""Isis: after production and Hermes, her holder gives every player, himself included, one
card from the bank, chosen by him; each receiver alone sees his card (the giver chose it).
Window "isis", asked once per receiver in seat order from the holder. He may decline before
the first gift; once he has begun he gives to all. A receiver holding Ishtar is asked first
whether he cancels his gift (the power is aimed at him)."""

from __future__ import annotations

from ..actions import Action, Pass, UsePower
from ..data.cards import RESOURCE_NAMES, RESOURCES
from ..events import CardReceived, Event, Passed, PowerUsed
from ..prompts import Reaction
from ..rules.common import holds_god, is_player, seat_order_from, take_from_bank
from ..rules.windows import queue
from ..state import GameState, PendingPower
from .base import god_ready, refuse, spend_god
from .ishtar import aim, can_cancel

CARD = "isis"
# the hook points it takes part in (engine/rules/hook_points.py)
HOOKS = ("after_production", "ask", "legal", "answer", "resolve", "cancelled")
WHEN = "she gives her cards after production and Hermes, when her holder is asked"


def _stock(state: GameState) -> list[str]:
    return [c for c in RESOURCES if state.bank.get(c, 0) > 0]


def after_production(state: GameState) -> bool:
    holder = state.gods.get(CARD)
    if holder is not None and is_player(state, holder) and god_ready(state, holder, CARD):
        queue(state, PendingPower(card=CARD, civ=holder,
                                  queue=seat_order_from(state, holder)))
        return True
    return False


def _begun(state: GameState) -> bool:
    return CARD in state.gods_used


def ask(state: GameState, pp: PendingPower, ev: list[Event]) -> Reaction | None:
    if not holds_god(state, pp.civ, CARD) or not (_begun(state) or god_ready(
            state, pp.civ, CARD)) or not _stock(state):
        return None
    while pp.queue:
        to = pp.queue[0]
        if to != pp.civ and to not in pp.options and can_cancel(state, to):
            pp.options.append(to)  # asked
            aim(state, pp.civ, UsePower(card=CARD, target=to), to, ev)
            return None
        return Reaction(civ=pp.civ, window=CARD, powers=[CARD],
                        detail=f"Isis: choose the card {to} receives in secret")
    return None


def legal(state: GameState, pp: PendingPower) -> list[Action]:
    to = pp.queue[0]
    gifts: list[Action] = [UsePower(card=CARD, target=to, choice=c) for c in _stock(state)]
    return gifts if _begun(state) else [Pass(), *gifts]


def answer(state: GameState, pp: PendingPower, action: Action, ev: list[Event]) -> bool:
    to = pp.queue[0]
    if isinstance(action, Pass):
        if _begun(state):
            raise refuse(CARD, "Isis gives a card to every player: go on with "
                               f"{to}'s card")
        ev.append(Passed(civ=pp.civ, phase=state.phase, powers=[CARD]))
        return True
    if not isinstance(action, UsePower) or action.card != CARD:
        raise refuse(CARD, f"Choose the card Isis gives to {to}")
    if action.target != to:
        raise refuse(CARD, f"Isis gives in seat order: {to}'s card comes now")
    if action.choice not in RESOURCES:
        raise refuse(CARD, f"{action.choice!r} is not a resource card")
    if state.bank.get(action.choice, 0) <= 0:
        raise refuse(CARD, f"The bank has no {RESOURCE_NAMES[action.choice]} left")
    take_from_bank(state, to, action.choice)
    spend_god(state, CARD)
    ev.append(CardReceived(civ=to, card=action.choice, source=CARD,
                           visible_to=sorted({to, pp.civ})))
    ev.append(PowerUsed(civ=pp.civ, card=CARD, detail=f"gave a card to {to}"))
    pp.queue.pop(0)
    return not pp.queue


# --- Ishtar's answer (engine/powers/ishtar.py) ---------------------------------------------
def resolve(state: GameState, by: str, action: UsePower, ev: list[Event]) -> None:
    """The receiver let the gift come: it is chosen when his turn in the queue comes."""


def cancelled(state: GameState, by: str, action: UsePower, ev: list[Event]) -> None:
    for pp in state.pending_powers:
        if pp.card == CARD and action.target in pp.queue:
            pp.queue.remove(action.target)
