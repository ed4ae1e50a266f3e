"""The order of a turn: roles, commerce, offering, construction, military."""

from __future__ import annotations

from ..events import Event, PhaseStarted, TurnStarted
from ..state import (
    ConstructionState,
    GameState,
    MilitaryState,
    OrderState,
    TradeState,
)
from .free_placement import step as free_placement_step
from .registry import PHASES
from .windows import phase_started
from .windows import step as ask_pending_power

TURN_PHASES: tuple[str, ...] = ("roles", "commerce", "offering", "construction", "military")
# the phase after each, "" after the last (a new turn)
_NEXT_PHASE: dict[str, str] = dict(zip(TURN_PHASES, (*TURN_PHASES[1:], ""), strict=True))


def advance(state: GameState, ev: list[Event]) -> None:
    """Run the automatic steps until someone must decide or the game is over."""
    guard = 0
    phases = PHASES  # run after every decision: looked up once
    while state.prompt is None and state.phase != "over":
        if state.free_placements:
            free_placement_step(state, ev)
        elif state.pending_powers:
            ask_pending_power(state, ev)
        else:
            phases[state.phase](state, ev)
            guard += 1
            if guard > 10_000:
                raise RuntimeError(f"the game is stuck in {state.phase}/{state.step}")


def start_phase(state: GameState, name: str, ev: list[Event]) -> None:
    state.phase = name
    state.step = ""
    state.order = OrderState()
    if name == "commerce":
        state.trade = TradeState()
    elif name == "construction":
        state.construction = ConstructionState()
    elif name == "military":
        state.military = MilitaryState()
    ev.append(PhaseStarted(turn=state.turn, phase=name))
    phase_started(state, name, ev)


def end_phase(state: GameState, ev: list[Event]) -> None:
    """Go on to the next phase, or the next turn after the military phase."""
    following = _NEXT_PHASE[state.phase]
    if following:
        start_phase(state, following, ev)
        return
    state.turn += 1
    state.used_powers = [u for u in state.used_powers if u.startswith("game:")]
    for u in state.units:
        if u.moved:  # (most units have not moved: left as they are)
            u.moved = False
        if u.fought:
            u.fought = False
    ev.append(TurnStarted(turn=state.turn))
    start_phase(state, "roles", ev)
