"""Poseidon: destroy an enemy trireme anywhere on the board, at any time, even as its owner
tries to use it for a convoy or a battle (rulebook, card text; docs/rules.md, Powers and reactions):
in any decision of the holder and in any reaction window (after a move is declared, before the
dice...). `units`: the trireme. Q&A: a trireme destroyed after its owner announced a
convoy cancels the convoy; the carried units are not lost (they stay where they were).
Ishtar may cancel it."""

from __future__ import annotations

from ..actions import UsePower
from ..data import board
from ..events import Event, MoveCancelled, PowerUsed
from ..rules.common import remove_unit
from ..state import GameState, Unit
from .base import (
    ANY_WINDOW,
    any_time,
    check_god,
    god_ready,
    other_owner,
    player_target,
    refuse,
    spend_god,
)
from .ishtar import aim

CARD = "poseidon"
HOOKS = ("uses", "use", "resolve", "cancelled")  # the hook points it takes part in
WINDOWS = (ANY_WINDOW,)  # the reaction windows its power may be used in
FACE_UP_ONLY = True  # its `uses` lists nothing once the god is spent (face down)


def _trireme(state: GameState, uid: int) -> Unit | None:
    return next((u for u in state.units if u.id == uid and u.area), None)


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    if not any_time(state, window) or not god_ready(state, civ, CARD):
        return []
    # every enemy trireme: those of one area may differ (moved, fought, carrying)
    return [UsePower(card=CARD, units=[u.id]) for u in state.units
            if u.kind == "trireme" and u.area and other_owner(state, civ, u.owner)]


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    check_god(state, civ, CARD)
    if not any_time(state, window):
        raise refuse(CARD, "Poseidon is not used while roles are assigned")
    if len(action.units) != 1:
        raise refuse(CARD, "Name the one trireme Poseidon destroys")
    u = _trireme(state, action.units[0])
    if u is None or u.kind != "trireme":
        raise refuse(CARD, f"Unit {action.units[0]} is not a trireme on the board")
    if not other_owner(state, civ, u.owner):
        raise refuse(CARD, "That trireme is yours: Poseidon destroys an enemy trireme")
    spend_god(state, CARD)
    ev.append(PowerUsed(civ=civ, card=CARD, detail=f"aimed at a trireme of {u.owner} in "
                                                   f"{board.area_name(u.area)}"))
    if aim(state, civ, action, player_target(state, u.owner), ev):
        return
    resolve(state, civ, action, ev)


def resolve(state: GameState, by: str, action: UsePower, ev: list[Event]) -> None:
    u = _trireme(state, action.units[0])
    if u is None:
        return
    area, owner = u.area, u.owner
    remove_unit(state, u)
    ev.append(PowerUsed(civ=by, card=CARD,
                        detail=f"destroyed a trireme of {owner} in {board.area_name(area)}"))
    pm = state.military.pending_move if state.phase == "military" else None
    if pm is not None and area in pm.seas and owner == state.order.active:
        state.military.pending_move = None  # Q&A: the convoy is cancelled, nobody is lost
        ev.append(MoveCancelled(civ=owner, units=list(pm.units),
                                reason="Poseidon destroyed a carrying trireme"))


def cancelled(state: GameState, by: str, action: UsePower, ev: list[Event]) -> None:
    """Ishtar cancelled it: the trireme stays, Poseidon is spent."""
