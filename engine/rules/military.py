"""The military phase (placeholder until the military rules land)."""

from __future__ import annotations

from ..events import Event
from ..state import GameState
from . import flow
from .registry import phase


@phase("military")
def run(state: GameState, ev: list[Event]) -> None:
    flow.end_phase(state, ev)
