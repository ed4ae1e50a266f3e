"""A table's clock: the preset chosen when the table is created, the source of time the
server reads (injectable: tests turn the hands themselves, never sleep), and the words for
time left.

Every decision gets the whole allowance again (minutes for live play, days for play by
correspondence); only the seat whose decision is pending has a clock running.
"""

from __future__ import annotations

import time
from typing import Protocol

import msgspec

NONE, LIVE, CORRESPONDENCE = "none", "live", "correspondence"
KINDS = (NONE, LIVE, CORRESPONDENCE)
_UNIT = {LIVE: 60.0, CORRESPONDENCE: 86400.0}  # seconds per minute / per day
MAX_AMOUNT = {LIVE: 24 * 60, CORRESPONDENCE: 60}


class Preset(msgspec.Struct, frozen=True, kw_only=True):
    kind: str = NONE
    amount: int = 0  # minutes (live) or days (correspondence) per decision

    @property
    def seconds(self) -> float | None:
        """The allowance per decision (None: no clock)."""
        if self.kind not in _UNIT or self.amount <= 0:
            return None
        return self.amount * _UNIT[self.kind]

    def label(self) -> str:
        """'5 min per decision' (live), '3 days per decision' (correspondence), ''."""
        if self.seconds is None:
            return ""
        if self.kind == LIVE:
            return f"{self.amount} min per decision"
        days = "day" if self.amount == 1 else "days"
        return f"{self.amount} {days} per decision"


class PresetError(ValueError):
    """A preset that cannot be: `str(e)` says why in one line."""


def check_preset(preset: Preset) -> Preset:
    if preset.kind not in KINDS:
        raise PresetError(f"unknown clock {preset.kind!r}: none, live or correspondence")
    if preset.kind == NONE:
        return Preset()
    if not 1 <= preset.amount <= MAX_AMOUNT[preset.kind]:
        unit = "minutes" if preset.kind == LIVE else "days"
        raise PresetError(f"a {preset.kind} clock gives 1 to {MAX_AMOUNT[preset.kind]} "
                          f"{unit} per decision")
    return preset


class Clock(Protocol):
    def now(self) -> float: ...  # seconds since the epoch (a correspondence clock outlives
    # a restart of the server, so it is wall time, not monotonic)


class WallClock:
    def now(self) -> float:
        return time.time()


class HandClock:
    """A clock the caller moves (tests)."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.t = start

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


def duration(seconds: float) -> str:
    """'45s', '4m 12s', '3h 05m', '2d 3h': two units at most, rounded down."""
    s = max(0, int(seconds))
    days, s = divmod(s, 86400)
    hours, s = divmod(s, 3600)
    minutes, s = divmod(s, 60)
    if days:
        return f"{days}d {hours}h"
    if hours:
        return f"{hours}h {minutes:02d}m"
    if minutes:
        return f"{minutes}m {s:02d}s"
    return f"{s}s"


def left_text(left: float | None) -> str:
    """'4m 12s left', 'out of time', '' (no clock)."""
    if left is None:
        return ""
    return "out of time" if left <= 0 else f"{duration(left)} left"
