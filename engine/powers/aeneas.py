"""Aeneas: his holder's ground units may move through one sea space without triremes; the
space is the same for the whole round, and he announces it when he wants (rulebook, card
text). Announced with a UsePower (`target`: the sea) in his ground step; from then on,
this turn, that sea counts as held by his triremes for his convoys (it may join a chain of
his triremes). The legal list offers the seas touching a province where he has a legion or
creature that has not moved."""

from __future__ import annotations

from ..actions import UsePower
from ..data import board
from ..data.costs import MOBILE_GROUND
from ..events import Event, PowerUsed
from ..prompts import GroundTurn
from ..rules.common import holds
from ..state import GameState
from .base import check_holds, refuse

CARD = "aeneas"
HOOKS = ("convoy_extra_seas", "uses", "use")  # the hook points it takes part in
WINDOWS = ()  # the reaction windows its power may be used in: none
DECISIONS = (GroundTurn,)  # the only decisions of its holder's it answers in


def announced(state: GameState, civ: str) -> str:
    prefix = f"{CARD}:{civ}@"
    return next((k[len(prefix):] for k in state.used_powers if k.startswith(prefix)), "")


def convoy_extra_seas(state: GameState, civ: str) -> list[str]:
    if not holds(state, civ, CARD):
        return []
    sea = announced(state, civ)
    return [sea] if sea else []


def _in_ground_turn(state: GameState, civ: str, window: str) -> bool:
    p = state.prompt
    return not window and isinstance(p, GroundTurn) and p.civ == civ


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    if not _in_ground_turn(state, civ, window) or not holds(state, civ, CARD) or \
            announced(state, civ):
        return []
    seas: set[str] = set()
    for u in state.units:
        if u.owner == civ and u.kind in MOBILE_GROUND and not u.moved and \
                u.area in board.PROVINCES:
            seas.update(board.PROVINCES[u.area].seas)
    return [UsePower(card=CARD, target=s) for s in sorted(seas)]


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    check_holds(state, civ, CARD)
    if not _in_ground_turn(state, civ, window):
        raise refuse(CARD, "Aeneas' sea is announced in your ground moves")
    if announced(state, civ):
        raise refuse(CARD, f"Aeneas' sea this round is {board.area_name(announced(state, civ))}"
                           ": one sea space for the entire round")
    if action.target not in board.SEAS:
        raise refuse(CARD, f"Name a sea space for Aeneas, not {action.target!r}")
    state.used_powers.append(f"{CARD}:{civ}@{action.target}")
    ev.append(PowerUsed(civ=civ, card=CARD,
                        detail=f"crosses {board.area_name(action.target)} without triremes"))
