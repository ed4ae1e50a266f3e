"""Limits that keep a public SSH door up: sessions per key and per address, the lobby's
idle timeout, and resource limits on each session's child process.

- Too many sessions for one key (or one address) are refused with one clear line.
- A connection that logs in has `session_within` seconds to open its session (one that
  never does holds nothing open for long; one that never logs in is asyncssh's
  login timeout's).
- A session idle in the lobby (no key pressed for `idle` seconds) is ended; a session whose
  player sits at a table never is (a game may wait days for a decision).
- Each child process gets hard limits (setrlimit, set in the child before it runs the app):
  address space, open files, processes, and no core files. No CPU-time limit: a long game
  legitimately uses a lot of it over hours.
"""

from __future__ import annotations

import resource
from collections.abc import Iterable

import msgspec

MB = 1024 * 1024


class Limits(msgspec.Struct, kw_only=True):
    per_key: int = 3  # sessions of one key at once (0: no limit)
    per_address: int = 10  # sessions from one address at once (0: no limit)
    idle: float = 600.0  # seconds in the lobby without a key pressed (0: never)
    session_within: float = 30.0  # seconds from login to the session's opening (0: never)
    memory_mb: int = 1024  # address space of a session's child (0: unchanged)
    files: int = 256  # open files of a session's child (0: unchanged)
    # processes (and threads) of the server's user, as the child sees them: run a public
    # server as a user of its own so that this counts only the game (0: unchanged)
    processes: int = 512


def refusal(limits: Limits, key: str, address: str,
            others: Iterable[tuple[str, str]]) -> str | None:
    """Why a new session of `key` from `address` is refused, given the (key, address) of
    the sessions open now (None: welcome)."""
    others = list(others)
    if key and limits.per_key and sum(k == key for k, _ in others) >= limits.per_key:
        return (f"too many sessions for this key ({limits.per_key} at once): "
                "close one and try again")
    if limits.per_address and sum(a == address for _, a in others) >= limits.per_address:
        return (f"too many sessions from your address ({limits.per_address} at once): "
                "close one and try again")
    return None


def rlimits(limits: Limits) -> list[tuple[int, int]]:
    """(resource, limit) pairs for a session's child."""
    out = [(resource.RLIMIT_CORE, 0)]
    if limits.memory_mb:
        out.append((resource.RLIMIT_AS, limits.memory_mb * MB))
    if limits.files:
        out.append((resource.RLIMIT_NOFILE, limits.files))
    if limits.processes:
        out.append((resource.RLIMIT_NPROC, limits.processes))
    return out


def apply_rlimits(pairs: list[tuple[int, int]]) -> None:
    """In the child (before exec): lower each limit, never above what it already is."""
    for res, value in pairs:
        soft, hard = resource.getrlimit(res)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        resource.setrlimit(res, (value, value))


def idle_check_every(limits: Limits) -> float:
    """How often the door looks for idle sessions: often enough to end one within a
    quarter of the timeout (at most every 15 seconds)."""
    return max(0.1, min(limits.idle / 4, 15.0))
