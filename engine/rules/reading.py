"""Indexes that hold while a state is only read.

Listing the legal actions changes nothing, yet asks "which units stand in this area?" tens
of thousands of times per game. Inside `reading(state)` the units are indexed by area once,
and the queries of engine/rules/common.py answer from the index. It is tied to one state
object and one thread, and undone on leaving: the rules applying an action (which move
units) never see it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from ..state import GameState, Unit

_local = threading.local()
_local.read = None  # (state, units by area) while that state is being read


@contextmanager
def reading(state: GameState) -> Iterator[None]:
    """While the block runs, `state` must not change."""
    before = getattr(_local, "read", None)
    by_area: dict[str, list[Unit]] = {}
    for u in state.units:
        by_area.setdefault(u.area, []).append(u)
    _local.read = (state, by_area)
    try:
        yield
    finally:
        _local.read = before


def units_by_area(state: GameState) -> dict[str, list[Unit]] | None:
    """The units of each area, in the state's order, if `state` is being read; else None."""
    read = getattr(_local, "read", None)
    if read is not None and read[0] is state:
        by_area: dict[str, list[Unit]] = read[1]
        return by_area
    return None
