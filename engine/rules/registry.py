"""Which rule module answers which prompt.

Each prompt kind has one handler (validate, then change the state) and one generator of
its legal actions. The phase modules register theirs with `@decision(PromptType, legal)`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..actions import Action
from ..events import Event
from ..state import GameState

Handler = Callable[[GameState, Any, Any, list[Event]], None]
Legal = Callable[[GameState, Any], list[Action]]

HANDLERS: dict[type, Handler] = {}
LEGAL: dict[type, Legal] = {}

# Phase runners: advance the state until a prompt is needed or the phase changes.
PHASES: dict[str, Callable[[GameState, list[Event]], None]] = {}


def decision(prompt_type: type, legal: Legal) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        HANDLERS[prompt_type] = handler
        LEGAL[prompt_type] = legal
        return handler
    return register


def phase(name: str) -> Callable:
    def register(runner: Callable[[GameState, list[Event]], None]) -> Callable:
        PHASES[name] = runner
        return runner
    return register
