"""Steps with nothing to do in them, and why (issue 30: no empty steps, no silent skips).

A naval step of a player with no trireme (and no unit at sea), or a construction turn of a
player with no card in hand, offers one choice: to end it. The rules keep asking (records
of old games replay action for action), but a person is not shown an empty dialog: the
game loop answers the one choice for him (`engine.match.Match.pass_empty_steps`), and the
pass is an action of the record like any other. Its `Passed` event says why (the reasons
below, in engine/render.py's words). A power usable there (`UsePower` listed) makes the
step a real choice: then it is asked as usual.

The offering to the gods is passed by the rules themselves when a player cannot pay for a
god or none is left (engine/rules/offering.py): its event names the reason too.
"""

from __future__ import annotations

from ..actions import Action, EndConstruction, EndNaval
from ..data import board
from ..prompts import ConstructionTurn, NavalTurn
from ..state import GameState
from .common import player

NO_SET = "no_set"  # offering: no set of the hand pays for a god
NO_GOD = "no_god"  # offering: every god is taken
NO_TRIREME = "no_trireme"  # naval step: no trireme, no unit at sea
EMPTY_HAND = "empty_hand"  # construction turn: no card in hand
REASONS = (NO_SET, NO_GOD, NO_TRIREME, EMPTY_HAND)


def no_naval_unit(state: GameState, civ: str) -> bool:
    """civ has no trireme anywhere and no unit at sea: his naval step holds nothing."""
    seas = board.SEAS
    for u in state.units:  # (a loop: `any` of a generator resumes a frame per unit)
        if u.owner == civ and (u.kind == "trireme" or u.area in seas):
            return False
    return True


def empty_hand(state: GameState, civ: str) -> bool:
    return not any(player(state, civ).hand.values())


def pass_reason(state: GameState) -> str:
    """Why the pending step has nothing to do in it for its player ("" : it has): its
    reason whatever the powers (a power makes it a choice: see `passed_step`)."""
    prompt = state.prompt
    if isinstance(prompt, NavalTurn) and no_naval_unit(state, prompt.civ):
        return NO_TRIREME
    if isinstance(prompt, ConstructionTurn) and empty_hand(state, prompt.civ):
        return EMPTY_HAND
    return ""


def passed_step(state: GameState, legal: list[Action]) -> Action | None:
    """The one action of an empty step (`legal`: its legal actions), to be taken for its
    player; None when the step holds a choice (a move, a buy, a power to use)."""
    if len(legal) != 1 or not pass_reason(state):
        return None
    only = legal[0]
    return only if isinstance(only, EndNaval | EndConstruction) else None
