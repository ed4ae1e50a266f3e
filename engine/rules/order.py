"""Phases in which a role holder names the players one at a time (rulebook, Roles:
"one at a time, only after the previous player has completed their turn")."""

from __future__ import annotations

from ..actions import Action, Name
from ..errors import IllegalAction
from ..events import Event, PlayerNamed
from ..prompts import NamePlayer
from ..state import GameState
from .registry import decision


def pick_next(state: GameState, role: str, ev: list[Event]) -> bool:
    """Make the next player active, or ask the role holder to name him.

    Returns False when every player has had his turn in this phase."""
    o = state.order
    if o.role != role:  # (asked at every decision of the phase: set once)
        o.role = role
    if o.active is not None:
        return True
    done = o.done
    left: list[str] = []  # in seat order (a loop: a comprehension is a call)
    for p in state.players:
        if p.civ not in done:
            left.append(p.civ)
    if not left:
        return False
    holder = state.roles.get(role) or left[0]
    if len(left) == 1:
        o.active = left[0]
        ev.append(PlayerNamed(by=holder, civ=left[0], phase=state.phase))
    else:
        state.prompt = NamePlayer(civ=holder, role=role, phase=state.phase, candidates=left)
    return True


def finish_turn(state: GameState) -> None:
    o = state.order
    if o.active is not None:
        o.done.append(o.active)
    o.active = None


def _legal(state: GameState, prompt: NamePlayer) -> list[Action]:
    out: list[Action] = []  # (a loop: a comprehension is a call; every naming decision)
    for c in prompt.candidates:
        out.append(Name(civ=c))
    return out


@decision(NamePlayer, _legal)
def _name(state: GameState, prompt: NamePlayer, action: Action, ev: list[Event]) -> None:
    if not isinstance(action, Name):
        raise IllegalAction("Name the next player in this phase", "Roles")
    if action.civ not in prompt.candidates:
        raise IllegalAction(
            f"{action.civ} cannot be named: the players still to play are "
            f"{', '.join(prompt.candidates)}", "Roles: the holder names one player at a time")
    state.order.active = action.civ
    state.prompt = None
    ev.append(PlayerNamed(by=prompt.civ, civ=action.civ, phase=state.phase))
