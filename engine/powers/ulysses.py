"""Ulysses: once each commerce phase, after trading, swap one of your commodity cards with
the bank for a commodity card of your choice (docs/rules.md, Cards). Window "ulysses"; `target`
is the card given, `choice` the card taken."""

from __future__ import annotations

from ..actions import Action, Pass, UsePower
from ..data.cards import COMMODITIES, RESOURCE_NAMES
from ..events import CardReceived, Event, PowerUsed
from ..prompts import Reaction
from ..rules.common import holds, player, return_to_bank, take_from_bank
from ..state import GameState, PendingPower
from .base import ask_each, mark_used, passed, refuse, used

CARD = "ulysses"
HOOKS = ("after_trade", "ask", "legal", "answer")  # the hook points it takes part in
WHEN = "he swaps after trading, when his holder is asked"


def _ready(state: GameState, civ: str) -> bool:
    return holds(state, civ, CARD) and not used(state, CARD, civ)


def swaps(state: GameState, civ: str) -> list[tuple[str, str]]:
    hand = player(state, civ).hand
    return [(g, t) for g in COMMODITIES if hand.get(g) for t in COMMODITIES
            if t != g and state.bank.get(t, 0) > 0]


def after_trade(state: GameState) -> bool:
    return ask_each(state, CARD, [p.civ for p in state.players if _ready(state, p.civ)])


def ask(state: GameState, pp: PendingPower, ev: list[Event]) -> Reaction | None:
    if not _ready(state, pp.civ) or not swaps(state, pp.civ):
        return None
    return Reaction(civ=pp.civ, window=CARD, powers=[CARD],
                    detail="Ulysses: swap one of your commodity cards with the bank")


def legal(state: GameState, pp: PendingPower) -> list[Action]:
    return [Pass(), *(UsePower(card=CARD, target=g, choice=t) for g, t in swaps(state, pp.civ))]


def answer(state: GameState, pp: PendingPower, action: Action, ev: list[Event]) -> bool:
    if passed(state, pp, action, ev, CARD, "Swap a commodity with Ulysses, or pass"):
        return True
    assert isinstance(action, UsePower)  # passed() refuses anything else
    give, take = action.target, action.choice
    if give not in COMMODITIES or take not in COMMODITIES:
        raise refuse(CARD, "Ulysses swaps a commodity card for a commodity card")
    if give == take:
        raise refuse(CARD, "Ulysses swaps for a different commodity")
    if not player(state, pp.civ).hand.get(give):
        raise refuse(CARD, f"You hold no {RESOURCE_NAMES[give]}")
    if state.bank.get(take, 0) <= 0:
        raise refuse(CARD, f"The bank has no {RESOURCE_NAMES[take]} left")
    return_to_bank(state, pp.civ, {give: 1})
    take_from_bank(state, pp.civ, take)
    mark_used(state, CARD, pp.civ)
    ev.append(CardReceived(civ=pp.civ, card=take, source=CARD))
    ev.append(PowerUsed(civ=pp.civ, card=CARD,
                        detail=f"{RESOURCE_NAMES[give]} for {RESOURCE_NAMES[take]}"))
    return True
