"""Indexes that hold while a state is only read.

Listing the legal actions changes nothing, yet asks "which units stand in this area?" tens
of thousands of times per game. Between `begin(state)` and `end(...)` the units are indexed
by area (once, when first asked), the queries of engine/rules/common.py answer from the
index, and a few counts asked again and again (pieces out, tokens in play) are remembered. It is tied to one state object and one thread, and undone at the end: the rules
applying an action (which move units) never see it.
"""

from __future__ import annotations

import threading
from typing import Any

import msgspec

from ..state import GameState, Unit


class Read(msgspec.Struct, gc=False):
    """A state being read: its units by area (made when first asked), and the memo of
    answers about it (keys name the question and its arguments)."""

    state: GameState
    by_area: dict[str, list[Unit]] | None = None
    memo: dict[Any, Any] = {}


class _Reading(threading.local):
    read: Read | None = None  # this thread's


# The thread's read, for engine.game's listing (every decision: looked at there directly
# instead of through `remembered`, `begin` and `end`).
LOCAL = _Reading()
_local = LOCAL


def begin(state: GameState) -> Read | None:
    """`state` will only be read until `end`; returns what `end` needs to put back."""
    before = _local.read
    if before is None or before.state is not state:  # already read: its indexes stand
        _local.read = Read(state)
    return before


def end(before: Read | None) -> None:
    _local.read = before


def remembered(state: GameState) -> dict[Any, Any] | None:
    """A memo for answers about `state` while it is being read (keys name the question
    and its arguments); None when it is not."""
    read = _local.read
    if read is None or read.state is not state:
        return None
    return read.memo


def units_by_area(state: GameState) -> dict[str, list[Unit]] | None:
    """The units of each area, in the state's order, if `state` is being read; else None."""
    read = _local.read
    if read is None or read.state is not state:
        return None
    by_area = read.by_area
    if by_area is None:
        made: dict[str, list[Unit]] = {}
        for u in state.units:
            made.setdefault(u.area, []).append(u)
        read.by_area = by_area = made
    return by_area
