"""Wrong link and invite codes, counted per key and per address across connections.

A code is short enough to type, so guessing must cost more than a reconnect: after
`MAX_WRONG` wrong codes within `WINDOW` seconds from one key, or from one address (guests
have no key of their own), that key or address may try no code until the oldest of those
guesses is a window old. Keys and addresses whose guesses are all a window old are
forgotten (looked for at most once a minute), so a server that runs for a season keeps only
the last hour's.
"""

from __future__ import annotations

import time
from collections.abc import Callable

MAX_WRONG = 5
WINDOW = 3600.0  # seconds
SWEEP_EVERY = 60.0  # seconds between two looks for keys and addresses to forget


class WrongCodes:
    def __init__(self, *, limit: int = MAX_WRONG, window: float = WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.window = window
        self._clock = clock
        self._times: dict[str, list[float]] = {}  # "key:…" or "address:…" -> wrong guesses
        self._swept = self._clock()

    def _recent(self, who: str) -> list[float]:
        since = self._clock() - self.window
        times = [t for t in self._times.get(who, ()) if t > since]
        if times:
            self._times[who] = times
        else:
            self._times.pop(who, None)
        return times

    def minutes_barred(self, key: str, address: str) -> int:
        """How many minutes this key or address must wait before its next code (0: none)."""
        wait = 0.0
        for who in _names(key, address):
            times = self._recent(who)
            if len(times) >= self.limit:
                wait = max(wait, times[-self.limit] + self.window - self._clock())
        return int(-(-wait // 60))  # whole minutes, rounded up

    def strike(self, key: str, address: str) -> None:
        """One more wrong code from this key and this address."""
        now = self._clock()
        if now - self._swept >= SWEEP_EVERY:
            self._forget_old(now)
        for who in _names(key, address):
            self._recent(who)
            self._times.setdefault(who, []).append(now)

    def _forget_old(self, now: float) -> None:
        since = now - self.window
        for who in [who for who, times in self._times.items() if times[-1] <= since]:
            del self._times[who]
        self._swept = now

    def __len__(self) -> int:
        """The keys and addresses remembered (for a test: what a season leaves behind)."""
        return len(self._times)


def _names(key: str, address: str) -> list[str]:
    return [name for name in (f"key:{key}" if key else "", f"address:{address}" if address else "")
            if name]
