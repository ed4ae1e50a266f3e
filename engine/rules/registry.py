"""Which rule module answers which prompt.

Each prompt kind has one handler (validate, then change the state) and one generator of
its legal actions. The phase modules register theirs with `@decision(PromptType, legal)`.

Powers usable "at any time" (docs/rules.md, Powers and reactions) are offered in every decision of
their holder: unless a decision is registered with `powers=False`, its legal actions get the
holder's `UsePower` actions from `hooks.active_powers`, and a `UsePower` of a registered
card is applied by `hooks.use_power`; the decision stays
pending. A `UsePower` of any other card goes to the handler itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..actions import Action, UsePower
from ..events import Event
from ..state import GameState
from .hooks import active_powers, is_active, use_power
from .windows import after_own_use

Handler = Callable[[GameState, Any, Any, list[Event]], None]
Legal = Callable[[GameState, Any], list[Action]]

HANDLERS: dict[type, Handler] = {}
LEGAL: dict[type, Legal] = {}

# Phase runners: advance the state until a prompt is needed or the phase changes.
Runner = Callable[[GameState, list[Event]], None]
PHASES: dict[str, Runner] = {}


def decision(prompt_type: type, legal: Legal, powers: bool = True
             ) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        HANDLERS[prompt_type] = _with_powers(handler) if powers else handler
        LEGAL[prompt_type] = _listing_powers(legal) if powers else legal
        return handler
    return register


def _listing_powers(legal: Legal) -> Legal:
    def listed(state: GameState, prompt: Any) -> list[Action]:
        return legal(state, prompt) + active_powers(state, prompt.civ)
    return listed


def _with_powers(handler: Handler) -> Handler:
    def handled(state: GameState, prompt: Any, action: Any, ev: list[Event]) -> None:
        if isinstance(action, UsePower):
            if is_active(action.card):
                use_power(state, prompt.civ, action, ev)
                after_own_use(state, prompt)
                return
        handler(state, prompt, action, ev)
    return handled


def phase(name: str) -> Callable[[Runner], Runner]:
    def register(runner: Runner) -> Runner:
        PHASES[name] = runner
        return runner
    return register
