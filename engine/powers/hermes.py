"""Hermes: after production, 3 more cards of kinds his holder produced in this phase
(`state.powers_produced`), before Isis (rulebook Q&A on timing). Window "hermes"; the
choice is a card list such as "tax=1,wine=2". When the bank cannot give 3 of those kinds,
he takes what it can give."""

from __future__ import annotations

from itertools import combinations_with_replacement

from ..actions import Action, Pass, UsePower
from ..data.cards import RESOURCE_NAMES
from ..events import CardReceived, Event, PowerUsed
from ..prompts import Reaction
from ..rules.common import is_player, take_from_bank
from ..rules.windows import queue
from ..state import GameState, PendingPower
from .base import decode_cards, encode_cards, god_ready, passed, refuse, spend_god

CARD = "hermes"
HOOKS = ("after_production", "ask", "legal", "answer")  # the hook points it takes part in
WHEN = "he gives his cards after production, when his holder is asked"
COUNT = 3


def _kinds(state: GameState, civ: str) -> list[str]:
    return [k for k in state.powers_produced.get(civ, []) if state.bank.get(k, 0) > 0]


def _size(state: GameState, civ: str) -> int:
    return min(COUNT, sum(state.bank.get(k, 0) for k in _kinds(state, civ)))


def choices(state: GameState, civ: str) -> list[dict[str, int]]:
    """Every set of cards Hermes may give now."""
    kinds, size = _kinds(state, civ), _size(state, civ)
    bank = state.bank
    # a bank holding `size` cards of each kind gives every set: none is checked then
    plenty = all(bank.get(k, 0) >= size for k in kinds)
    out: list[dict[str, int]] = []
    for combo in combinations_with_replacement(kinds, size):
        cards: dict[str, int] = {}
        for k in combo:
            cards[k] = cards.get(k, 0) + 1
        if plenty or all(bank.get(k, 0) >= n for k, n in cards.items()):
            out.append(cards)
    return out


def after_production(state: GameState) -> bool:
    holder = state.gods.get(CARD)
    if holder is not None and is_player(state, holder) and god_ready(state, holder, CARD):
        queue(state, PendingPower(card=CARD, civ=holder))
        return True
    return False


def ask(state: GameState, pp: PendingPower, ev: list[Event]) -> Reaction | None:
    if not god_ready(state, pp.civ, CARD) or not _size(state, pp.civ):
        return None
    kinds = ", ".join(RESOURCE_NAMES[k] for k in _kinds(state, pp.civ))
    return Reaction(civ=pp.civ, window=CARD, powers=[CARD],
                    detail=f"Hermes: take {_size(state, pp.civ)} more cards among {kinds}")


def legal(state: GameState, pp: PendingPower) -> list[Action]:
    return [Pass(), *(UsePower(card=CARD, choice=encode_cards(c))
                      for c in choices(state, pp.civ))]


def answer(state: GameState, pp: PendingPower, action: Action, ev: list[Event]) -> bool:
    if passed(state, pp, action, ev, CARD, "Take Hermes' cards, or pass"):
        return True
    assert isinstance(action, UsePower)  # passed() refuses anything else
    cards = decode_cards(CARD, action.choice)
    size = _size(state, pp.civ)
    produced = state.powers_produced.get(pp.civ, [])
    if sum(cards.values()) != size:
        raise refuse(CARD, f"Hermes gives {size} cards, not {sum(cards.values())}")
    for k, n in cards.items():
        if k not in produced:
            raise refuse(CARD, f"You produced no {RESOURCE_NAMES.get(k, k)} this phase: "
                               "Hermes gives only kinds you produced")
        if state.bank.get(k, 0) < n:
            raise refuse(CARD, f"The bank has only {state.bank.get(k, 0)} "
                               f"{RESOURCE_NAMES[k]}")
    for k, n in cards.items():
        take_from_bank(state, pp.civ, k, n)
        ev += [CardReceived(civ=pp.civ, card=k, source=CARD) for _ in range(n)]
    spend_god(state, CARD)
    ev.append(PowerUsed(civ=pp.civ, card=CARD, detail=", ".join(
        f"{n} {RESOURCE_NAMES[k]}" for k, n in cards.items())))
    return True
