"""The game's own pseudo-random generator.

Its whole state is one 64-bit integer kept inside the game state, so a game replays
bit-identically on any machine and after a save and load. The algorithm is SplitMix64.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_TWO_64 = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15  # SplitMix64's step between states
# `below`'s rejection limit for each n asked (the lengths of lists of choices, a die, the
# bots' noise): the same integers, not worked out again at every draw
_LIMITS: dict[int, int] = {}
_KEEP_LIMITS_BELOW = 1 << 16


def seed_state(seed: int) -> int:
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, output)."""
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def _limit(n: int) -> int:
    """`below`'s rejection limit for n: the largest multiple of n a draw may be."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = _TWO_64 - (_TWO_64 % n)  # big integers: worked out once for small n
    if n < _KEEP_LIMITS_BELOW:
        _LIMITS[n] = limit
    return limit


class Rng:
    """A cursor over a game's RNG state; write `state` back when done."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        limit = _LIMITS.get(n)
        if limit is None:
            limit = _limit(n)
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


# Draws worked out at once, each in a lane of one big integer: 128 bits hold a 64-bit state
# times a 64-bit constant, so no lane's product spills into the next.
_BATCH = 64
_LANE = 128
_ONES = sum(1 << (_LANE * k) for k in range(_BATCH))  # 1 in every lane
_LANES = _MASK * _ONES  # the low 64 bits of every lane
_BATCH_STEP = ((_BATCH * _GAMMA) & _MASK) * _ONES  # every lane on by a batch of states
# lane k: the steps from a state to the k-th draw of the batch before the next
_LANE_STEPS = sum(((k + 1 - _BATCH) * _GAMMA & _MASK) << (_LANE * k) for k in range(_BATCH))
_UNPACK = struct.Struct(f"<{2 * _BATCH}Q").unpack  # a lane: its low and its high 64 bits


class Draws(Rng):
    """`Rng`'s very draws, for a generator that lives long and draws at every decision (a
    computer player's). SplitMix64 is worked out for a batch of states at once, each in a
    lane of one big integer, so a draw costs a pop from a list instead of a dozen
    operations on big integers. `state` is the same as `Rng`'s after the same draws."""

    __slots__ = ("_start", "_made", "_ahead", "_lanes")

    @property
    def state(self) -> int:
        return (self._start + (self._made - len(self._ahead)) * _GAMMA) & _MASK

    @state.setter
    def state(self, state: int) -> None:
        self._start = state
        self._made = 0  # draws worked out since `_start`
        self._ahead: list[int] = []  # those not drawn yet, the next one last
        # lane k holds the state of the k-th draw of the batch before the first
        self._lanes = ((state & _MASK) * _ONES + _LANE_STEPS) & _LANES

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias: `Rng.below`'s answer."""
        limit = _LIMITS.get(n)
        if limit is None:
            limit = _limit(n)
        ahead = self._ahead
        while True:
            if not ahead:
                ahead = self._next_batch()
            x = ahead.pop()
            if x < limit:
                return x % n

    def _next_batch(self) -> list[int]:
        """next_u64's outputs for the next `_BATCH` states, every lane at once: each lane is
        cut back to its low 64 bits wherever a shift or a product would carry bits across
        lanes."""
        lanes = self._lanes = (self._lanes + _BATCH_STEP) & _LANES
        z = (lanes ^ (lanes >> 30)) & _LANES
        z = (z * 0xBF58476D1CE4E5B9) & _LANES
        z = (z ^ (z >> 27)) & _LANES
        z = (z * 0x94D049BB133111EB) & _LANES
        z ^= z >> 31
        self._made += _BATCH
        self._ahead = list(_UNPACK(z.to_bytes(_LANE // 8 * _BATCH, "little"))[-2::-2])
        return self._ahead
