"""The match's records of its steps: msgspec Structs, kept out of engine/match.py, which the
compiled build turns into a C extension (engine/compiled.py: msgspec reads a Struct's field
types from its module)."""

from __future__ import annotations

import msgspec

from .actions import Action
from .events import Event
from .state import GameState


class Step(msgspec.Struct, gc=False):
    """One applied decision: the match's version after it (the action's number, from 1),
    the seat that made it, the action and the events it caused. (gc=False: plain data,
    never a cycle; one is made per decision.)"""

    version: int
    seat: int
    action: Action
    events: list[Event]


class Listing(msgspec.Struct, gc=False):
    """The legal actions of the match's position at one version."""

    version: int
    actions: list[Action]


class BotChoice(msgspec.Struct, gc=False):
    """A computer player's decision that is the very object the engine listed for the
    match's position (`state`, at `version`, `seat`'s decision): applied by `act` without
    a check, as long as nothing has changed since."""

    version: int
    state: GameState
    seat: int
    action: Action


class Undoable(msgspec.Struct):
    step: Step
    before: GameState
    hash_before: str | None
    automatic: bool = False  # a pass the match took for the seat (`pass_empty_steps`)
