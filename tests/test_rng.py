"""The game's generator (engine/rng.py): its draws are part of every record, so a draw below
n must stay SplitMix64's output with rejection of the biased top, however it is worked out."""

from __future__ import annotations

import pytest

from engine.rng import Rng, next_u64, seed_state


def _long_way(state: int, n: int) -> tuple[int, int]:
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, x = next_u64(state)
        if x < limit:
            return state, x % n


@pytest.mark.parametrize("n", [1, 2, 6, 7, 1000, 65_535, 65_536, 3 << 40, (1 << 63) + 1])
def test_a_draw_below_n_is_the_long_ways_first_and_again(n: int) -> None:
    rng = Rng(seed_state(17))
    state = rng.state
    for _ in range(50):  # the first draw of n and those after it (a limit kept, or not)
        state, want = _long_way(state, n)
        assert rng.below(n) == want and rng.state == state


def test_no_draw_below_zero_or_one() -> None:
    rng = Rng(seed_state(3))
    rng.below(5)
    before = rng.state
    for n in (0, -1, -5):
        with pytest.raises(ValueError):
            rng.below(n)
    assert rng.state == before
