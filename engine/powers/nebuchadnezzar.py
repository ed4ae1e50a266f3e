"""Nebuchadnezzar: a card from the bank for each building his units sack: the caravan's
commodity for a caravan, a tax card for a city, and for a temple or a market one card of a
kind the province still produces (its cities' tax, its caravans' commodities), chosen by
him when there are several (window "nebuchadnezzar"). Nothing if the bank has none."""

from __future__ import annotations

from ..actions import Action, UsePower
from ..data.cards import RESOURCE_NAMES, RESOURCES, TAX
from ..events import CardReceived, Event, PowerUsed
from ..prompts import Reaction
from ..rules.common import holds, take_from_bank
from ..rules.windows import queue
from ..state import Building, GameState, PendingPower
from .base import refuse

CARD = "nebuchadnezzar"
HOOKS = ("on_sack", "ask", "legal", "answer")  # the hook points it takes part in
WHEN = "it works when your units sack a building"


def options(state: GameState, province: str, building: Building) -> list[str]:
    if building.kind == "caravan":
        kinds = {building.site}
    elif building.kind == "city":
        kinds = {TAX}
    else:
        kinds = {TAX if b.kind == "city" else b.site
                 for b in state.provinces[province].buildings if b.kind in ("city", "caravan")}
    return [c for c in RESOURCES if c in kinds and state.bank.get(c, 0) > 0]


def _give(state: GameState, civ: str, card: str, ev: list[Event]) -> None:
    take_from_bank(state, civ, card)
    ev.append(CardReceived(civ=civ, card=card, source=CARD))
    ev.append(PowerUsed(civ=civ, card=CARD, detail=f"{RESOURCE_NAMES[card]} from the sack"))


def on_sack(state: GameState, civ: str, province: str, building: Building,
            ev: list[Event]) -> None:
    if not holds(state, civ, CARD):
        return
    opts = options(state, province, building)
    if len(opts) == 1:
        _give(state, civ, opts[0], ev)
    elif opts:
        queue(state, PendingPower(card=CARD, civ=civ, options=opts))


def ask(state: GameState, pp: PendingPower, ev: list[Event]) -> Reaction | None:
    if not [c for c in pp.options if state.bank.get(c, 0) > 0]:
        return None
    return Reaction(civ=pp.civ, window=CARD, powers=[CARD],
                    detail="Nebuchadnezzar: choose the card the sack brings you")


def legal(state: GameState, pp: PendingPower) -> list[Action]:
    return [UsePower(card=CARD, choice=c) for c in pp.options if state.bank.get(c, 0) > 0]


def answer(state: GameState, pp: PendingPower, action: Action, ev: list[Event]) -> bool:
    if not isinstance(action, UsePower) or action.card != CARD:
        raise refuse(CARD, "Choose the card Nebuchadnezzar takes")
    if action.choice not in pp.options or state.bank.get(action.choice, 0) <= 0:
        names = ", ".join(RESOURCE_NAMES[c] for c in pp.options)
        raise refuse(CARD, f"The sacked province gives one of: {names}")
    _give(state, pp.civ, action.choice, ev)
    return True
