"""The `Reaction` prompt: a reaction window (docs/rules.md, Powers and reactions), or a choice a
card's power asks for. The decisions powers owe wait in `state.pending_powers`; the first one is
asked (engine/rules/windows.py), and its card module says what may be answered."""

from __future__ import annotations

from ..actions import Action
from ..events import Event
from ..prompts import Reaction
from ..state import GameState
from .registry import decision
from .windows import answer, legal


def _legal(state: GameState, prompt: Reaction) -> list[Action]:
    return legal(state, prompt)


@decision(Reaction, _legal, powers=False)
def _react(state: GameState, prompt: Reaction, action: Action, ev: list[Event]) -> None:
    answer(state, prompt, action, ev)
