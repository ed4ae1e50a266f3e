"""Antigone: after hearing the number of cards the Director of Commerce announced, her
holder may stay out of the trade (rulebook, Commerce Phase Q&A: without her, a player who
has the cards must take part). Window "antigone", before any offer is chosen."""

from __future__ import annotations

from ..actions import Pass, UsePower
from ..events import Event, Passed, PowerUsed
from ..prompts import Reaction
from ..rules.common import holds
from ..rules.windows import queue
from ..state import GameState, PendingPower
from .base import refuse

CARD = "antigone"
WHEN = "she stays out of a trade when the number of cards is announced"


def trade_announced(state: GameState) -> bool:
    """Queue the question for each trader holding her, but the Director of Commerce: he
    chose the number, and the draft begins with him."""
    asked = False
    director = state.roles.get("director_of_commerce")
    for civ in state.trade.participants:
        if civ != director and holds(state, civ, CARD):
            queue(state, PendingPower(card=CARD, civ=civ))
            asked = True
    return asked


def may_stay_out(state: GameState, civ: str, n: int) -> bool:
    """Has civ chosen to stay out of this trade?"""
    return civ in state.trade.declined


def ask(state: GameState, pp: PendingPower, ev: list[Event]) -> Reaction | None:
    t = state.trade
    if pp.civ not in t.participants or pp.civ in t.offers or not holds(state, pp.civ, CARD):
        return None
    return Reaction(civ=pp.civ, window=CARD, powers=[CARD],
                    detail=f"Antigone: {t.n} cards each are traded; stay out of the trade?")


def legal(state: GameState, pp: PendingPower) -> list:
    return [Pass(), UsePower(card=CARD)]


def answer(state: GameState, pp: PendingPower, action, ev: list[Event]) -> bool:
    if isinstance(action, Pass):
        ev.append(Passed(civ=pp.civ, phase=state.phase))
        return True
    if not isinstance(action, UsePower) or action.card != CARD:
        raise refuse(CARD, "Stay out of the trade with Antigone, or take part (pass)")
    t = state.trade
    t.participants.remove(pp.civ)
    t.declined.append(pp.civ)
    ev.append(PowerUsed(civ=pp.civ, card=CARD, detail="stays out of the trade"))
    return True
