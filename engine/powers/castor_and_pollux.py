"""Castor & Pollux: a copy of another player's hero (not a civilization hero).

The copy is chosen when the card is acquired and again at the start of every turn, before
roles are assigned (docs/rules.md, Cards): window "castor_and_pollux". The choice is kept in
`state.power_choices["castor_and_pollux:<civ>"]`, which `engine.rules.common.holds` reads,
so every other hook treats the copied hero as held. With no hero to copy, nothing is asked."""

from __future__ import annotations

from ..actions import Action, UsePower
from ..data.cards import ALL_CARDS
from ..events import Event, PowerUsed
from ..prompts import Reaction
from ..rules.common import is_player, player
from ..rules.windows import queue
from ..state import GameState, PendingPower
from .base import ask_each, card_name, refuse

CARD = "castor_and_pollux"
# the hook points it takes part in (engine/rules/hook_points.py)
HOOKS = ("holds_copy", "on_acquire", "before_roles", "ask", "legal", "answer")
WHEN = "the copied hero is chosen when they are acquired and at the start of each turn"


def _key(civ: str) -> str:
    return f"{CARD}:{civ}"


def candidates(state: GameState, civ: str) -> list[str]:
    """The general heroes other players hold."""
    return sorted(c for p in state.players if p.civ != civ for c in p.cards
                  if ALL_CARDS[c].kind == "hero" and c != CARD)


def copied(state: GameState, civ: str) -> str | None:
    return state.power_choices.get(_key(civ))


def holds_copy(state: GameState, civ: str, card: str) -> bool:
    """civ holds the hero his Castor & Pollux copy."""
    if not state.power_choices:  # asked for every card held by anyone: answer cheaply
        return False
    return copied(state, civ) == card and is_player(state, civ) and \
        CARD in player(state, civ).cards


def on_acquire(state: GameState, civ: str, ev: list[Event], free_setup: bool) -> None:
    queue(state, PendingPower(card=CARD, civ=civ))


def before_roles(state: GameState) -> bool:
    return ask_each(state, CARD, [p.civ for p in state.players
                                  if CARD in p.cards and candidates(state, p.civ)])


def ask(state: GameState, pp: PendingPower, ev: list[Event]) -> Reaction | None:
    if CARD not in player(state, pp.civ).cards or not candidates(state, pp.civ):
        return None
    now = copied(state, pp.civ)
    detail = "Castor & Pollux: choose the hero they copy this turn"
    if now:
        detail += f" (now {card_name(now)})"
    return Reaction(civ=pp.civ, window=CARD, powers=[CARD], detail=detail)


def legal(state: GameState, pp: PendingPower) -> list[Action]:
    return [UsePower(card=CARD, choice=h) for h in candidates(state, pp.civ)]


def answer(state: GameState, pp: PendingPower, action: Action, ev: list[Event]) -> bool:
    if not isinstance(action, UsePower) or action.card != CARD:
        raise refuse(CARD, "Choose the hero Castor & Pollux copy")
    options = candidates(state, pp.civ)
    if action.choice not in options:
        what = ALL_CARDS.get(action.choice)
        why = "a civilization hero" if what and what.kind == "civ_hero" else \
            "not another player's general hero"
        raise refuse(CARD, f"Castor & Pollux cannot copy {card_name(action.choice)}: {why} "
                           f"(choose among {', '.join(card_name(c) for c in options)})")
    state.power_choices[_key(pp.civ)] = action.choice
    ev.append(PowerUsed(civ=pp.civ, card=CARD, detail=f"copy {card_name(action.choice)}"))
    return True
