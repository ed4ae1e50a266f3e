"""Answers kept from one decision to the next while their inputs stand.

A player's ground step lists his moves again after each of them, though most of his units
stand where they stood. A lister keeps what it worked out here, under a context it
computes afresh each time from everything its answers depend on; it reuses a part only
when that context is equal and the part's own inputs (its units, the areas it looks at)
are equal too, so nothing is trusted that was not checked.

The store is tied to one list of units (the match's state keeps its list while it changes
in place; a copy or another game has its own) and to one thread.
"""

from __future__ import annotations

import threading
from typing import Any

from ..state import GameState, Unit

_local = threading.local()


def kept(state: GameState, owner: Any, context: Any) -> dict[Any, Any]:
    """The parts `owner` (a lister and its player) kept for this game under `context`:
    empty (and from now on its store) when the context or the game changed."""
    store: tuple[list[Unit], dict[Any, Any]] | None = getattr(_local, "store", None)
    if store is None or store[0] is not state.units:
        store = _local.store = (state.units, {})
    entry = store[1].get(owner)
    if entry is None or entry[0] != context:
        entry = store[1][owner] = (context, {})
    parts: dict[Any, Any] = entry[1]
    return parts


def forget() -> None:
    """Drop everything kept (in this thread)."""
    _local.store = None
