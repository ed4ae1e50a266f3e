"""The game's own pseudo-random generator.

Its whole state is one 64-bit integer kept inside the game state, so a game replays
bit-identically on any machine and after a save and load. The algorithm is SplitMix64.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_TWO_64 = 1 << 64
# `below`'s rejection limit for each n asked (the lengths of lists of choices, a die, the
# bots' noise): the same integers, not worked out again at every draw
_LIMITS: dict[int, int] = {}
_KEEP_LIMITS_BELOW = 1 << 16


def seed_state(seed: int) -> int:
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


class Rng:
    """A cursor over a game's RNG state; write `state` back when done."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("n must be positive")
            limit = _TWO_64 - (_TWO_64 % n)  # big integers: worked out once for small n
            if n < _KEEP_LIMITS_BELOW:
                _LIMITS[n] = limit
        s = self.state
        while True:  # next_u64, written out: every decision of a random player asks it
            s = (s + 0x9E3779B97F4A7C15) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                self.state = s
                return x % n

    def die(self) -> int:
        return self.below(6) + 1

    def shuffle(self, items: list[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]
