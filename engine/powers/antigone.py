"""Antigone: after hearing the number of cards the Director of Commerce announced, her
holder may stay out of the trade (rulebook, Commerce Phase Q&A: without her, a player who
has the cards must take part). Window "antigone", before any offer is chosen."""

from __future__ import annotations

from ..actions import Action, Pass, UsePower
from ..events import Event, PowerUsed
from ..prompts import Reaction
from ..rules.common import holds
from ..state import GameState, PendingPower
from .base import ask_each, passed

CARD = "antigone"
# the hook points it takes part in (engine/rules/hook_points.py)
HOOKS = ("trade_announced", "may_stay_out", "ask", "legal", "answer")
WHEN = "she stays out of a trade when the number of cards is announced"


def trade_announced(state: GameState) -> bool:
    """Queue the question for each trader holding her, but the Director of Commerce: he
    chose the number, and the draft begins with him."""
    director = state.roles.get("director_of_commerce")
    return ask_each(state, CARD, [c for c in state.trade.participants
                                  if c != director and holds(state, c, CARD)])


def may_stay_out(state: GameState, civ: str, n: int) -> bool:
    """Has civ chosen to stay out of this trade?"""
    return civ in state.trade.declined


def ask(state: GameState, pp: PendingPower, ev: list[Event]) -> Reaction | None:
    t = state.trade
    if pp.civ not in t.participants or pp.civ in t.offers or not holds(state, pp.civ, CARD):
        return None
    return Reaction(civ=pp.civ, window=CARD, powers=[CARD],
                    detail=f"Antigone: {t.n} cards each are traded; stay out of the trade?")


def legal(state: GameState, pp: PendingPower) -> list[Action]:
    return [Pass(), UsePower(card=CARD)]


def answer(state: GameState, pp: PendingPower, action: Action, ev: list[Event]) -> bool:
    if passed(state, pp, action, ev, CARD,
              "Stay out of the trade with Antigone, or take part (pass)"):
        return True
    t = state.trade
    t.participants.remove(pp.civ)
    t.declined.append(pp.civ)
    ev.append(PowerUsed(civ=pp.civ, card=CARD, detail="stays out of the trade"))
    return True
