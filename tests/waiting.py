"""Waiting for what a test means: a condition on the app, the server or a file, never a
fixed time. A busy machine then makes a test slower, not wrong; a condition that never comes
fails the test with what was awaited (and pytest-timeout stops anything that hangs).

- `until(pilot, condition)`: an app under Pilot, which runs between two looks (each
  `pilot.pause()` lets the app's messages and timers through until it is idle);
- `eventually(condition)`: asyncio code without an app (a server, a client's frames);
- `polled(condition)`: plain threads and other processes (a file, a log line, tmux).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

# Long enough for a loaded CI machine; a condition met sooner returns at once.
TIMEOUT = 20.0
# How often a condition outside the event loop (another thread or process) is looked at.
POLL = 0.02


def _failed(what: str, timeout: float, last: Any) -> AssertionError:
    return AssertionError(f"waited {timeout:g}s for {what or 'a condition'} (last: {last!r})")


async def until(pilot: Any, condition: Callable[[], T], timeout: float = TIMEOUT,
                what: str = "") -> T:
    """Let the app run until `condition()` is true; returns its value."""
    end = time.monotonic() + timeout
    while True:
        got = condition()
        if got:
            return got
        if time.monotonic() > end:
            raise _failed(what, timeout, got)
        await pilot.pause()


async def settled(pilot: Any) -> None:
    """The app idle with its animations over: what a screen shows once a key's effects
    are through. (Not its workers: a table's connection is one that never ends; wait for
    what a worker does with `until`.)"""
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


async def eventually(condition: Callable[[], T], timeout: float = TIMEOUT,
                     what: str = "") -> T:
    """Let the event loop run (a server, a client) until `condition()` is true."""
    end = time.monotonic() + timeout
    while True:
        got = condition()
        if got:
            return got
        if time.monotonic() > end:
            raise _failed(what, timeout, got)
        await asyncio.sleep(POLL)  # other threads (a server's writer) may be what we await


def polled(condition: Callable[[], T], timeout: float = TIMEOUT, what: str = "",
           every: float = POLL) -> T:
    """Look at `condition()` until it is true (another thread or process makes it so),
    `every` seconds (more when a look is itself costly, such as a terminal's capture)."""
    end = time.monotonic() + timeout
    while True:
        got = condition()
        if got:
            return got
        if time.monotonic() > end:
            raise _failed(what, timeout, got)
        time.sleep(every)


def on_top_and_focused(app: Any, screen: Any) -> bool:
    """`screen` is the one shown and its focused widget knows it: Textual names the widget
    at once but sets its `has_focus` (and so draws its caret) when the Focus event arrives."""
    focused = screen.focused
    return app.screen is screen and focused is not None and focused.has_focus
