"""What a listing offered, remembered for the decision it was made for.

Listing the legal actions works out facts that applying one of them needs again (where a
convoy starts, which trireme moves, whether reductions were spent). When the action applied
is the very object a listing just offered, for the same decision, with no action taken
since, it is legal: the rules then take those facts from the listing instead of checking
and searching again. Any other action (typed, decoded from a file or a socket, copied) is
never one of those objects and goes the long way, with the same refusals.

Each kind of listing keeps its last one. A prompt object stands for one decision; the
state's count of actions tells whether anything (a power used in the same turn too)
happened since.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

import msgspec

from ..state import GameState

Facts = TypeVar("Facts")


class Offer(msgspec.Struct, Generic[Facts], gc=False):
    """One listing: the decision it was made for (the state, its prompt object, its count
    of actions then), its actions, and the facts it found. (A Struct: made in C, one per
    decision.)"""

    state: GameState
    prompt: object
    actions_taken: int
    actions: list[Any]
    facts: Facts


class Found(msgspec.Struct, Generic[Facts], gc=False):
    """An action a listing offered: its index in the listing, and the listing's facts."""

    index: int
    facts: Facts


class Offered(Generic[Facts]):
    """The last listing of one kind. Not one per thread: computer players list in worker
    threads, and a listing made in another thread is simply not found (`find` compares the
    state and the prompt), while a whole `Offer` is replaced at once, never in part."""

    __slots__ = ("last",)

    def __init__(self) -> None:
        self.last: Offer[Facts] | None = None

    def keep(self, state: GameState, prompt: object, actions: list[Any],
             facts: Facts) -> None:
        self.last = Offer(state, prompt, state.actions_taken, actions, facts)

    def find(self, state: GameState, prompt: object, action: object) -> Found[Facts] | None:
        """Where the last listing offered this very `action` for this decision, nothing
        having happened since; None otherwise: the action goes the long way."""
        last = self.last
        if last is None or last.prompt is not prompt or last.state is not state or \
                last.actions_taken != state.actions_taken:
            return None
        actions = last.actions
        for i in range(len(actions)):  # the very object, not an equal one
            if actions[i] is action:
                return Found(i, last.facts)
        return None
