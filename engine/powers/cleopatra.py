"""Cleopatra (Egypt): once each construction phase, in her holder's construction turn,
swap one commodity card for one tax card with the bank, or one tax card for a commodity of
his choice (docs/rules.md, Cards). `target` is the card given, `choice` the card taken."""

from __future__ import annotations

from ..actions import UsePower
from ..data.cards import COMMODITIES, RESOURCE_NAMES, TAX
from ..events import Event, PowerUsed
from ..prompts import ConstructionTurn
from ..rules.common import holds, player, return_to_bank, take_from_bank
from ..state import GameState
from .base import (
    check_once_in_construction,
    in_construction_turn,
    mark_used,
    refuse,
    used,
)

CARD = "cleopatra"
HOOKS = ("uses", "use")  # the hook points it takes part in
WINDOWS = ()  # the reaction windows its power may be used in: none
DECISIONS = (ConstructionTurn,)  # the only decisions of its holder's it answers in


def swaps(state: GameState, civ: str) -> list[tuple[str, str]]:
    hand = player(state, civ).hand
    out: list[tuple[str, str]] = []
    if state.bank.get(TAX, 0) > 0:
        out += [(c, TAX) for c in COMMODITIES if hand.get(c)]
    if hand.get(TAX):
        out += [(TAX, c) for c in COMMODITIES if state.bank.get(c, 0) > 0]
    return out


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    if not holds(state, civ, CARD) or used(state, CARD, civ) or \
            not in_construction_turn(state, civ, window):
        return []
    return [UsePower(card=CARD, target=g, choice=t) for g, t in swaps(state, civ)]


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    check_once_in_construction(state, civ, CARD, window,
                               "Cleopatra swaps once each construction phase")
    give, take = action.target, action.choice
    if {give, take} & {TAX} != {TAX} or give == take or \
            (give not in COMMODITIES and take not in COMMODITIES):
        raise refuse(CARD, "Cleopatra swaps a commodity card for a tax card, or a tax card "
                           "for a commodity card")
    if not player(state, civ).hand.get(give):
        raise refuse(CARD, f"You hold no {RESOURCE_NAMES.get(give, give)} card")
    if state.bank.get(take, 0) <= 0:
        raise refuse(CARD, f"The bank has no {RESOURCE_NAMES.get(take, take)} left")
    return_to_bank(state, civ, {give: 1})
    take_from_bank(state, civ, take)
    mark_used(state, CARD, civ)
    ev.append(PowerUsed(civ=civ, card=CARD,
                        detail=f"{RESOURCE_NAMES[give]} for {RESOURCE_NAMES[take]}"))
