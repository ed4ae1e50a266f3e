"""The game's generator (engine/rng.py): its draws are part of every record, so a draw below
n must stay SplitMix64's output with rejection of the biased top, however it is worked out."""

from __future__ import annotations

import pytest

from engine.rng import Draws, Rng, next_u64, seed_state


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


@pytest.mark.parametrize("seed", [0, 17, 0xFFFF_FFFF_FFFF_FFFF, 1 << 63, -5, 1 << 70])
def test_a_computer_players_draws_are_the_games_generators(seed: int) -> None:
    """A computer player's generator (`Draws`, worked out in batches) draws what `Rng`
    draws, through many batches, with draws that are rejected (n just above 2**63 rejects
    almost half), and its state after each draw is `Rng`'s; shuffles too."""
    slow, fast = Rng(seed), Draws(seed)
    kinds = [15, 6, 1000, (1 << 63) + 1, 2, 1, (1 << 64) - 1, 65_536]
    for i in range(2_000):
        n = kinds[i % len(kinds)]
        assert fast.below(n) == slow.below(n)
        assert fast.state == slow.state
    cards, same = list(range(40)), list(range(40))
    slow.shuffle(cards)
    fast.shuffle(same)
    assert same == cards and fast.state == slow.state


def test_a_computer_players_generator_set_anew_draws_from_there() -> None:
    """Setting the state of a player's generator starts its draws from that state."""
    fast = Draws(seed_state(5))
    fast.below(6)
    fast.state = seed_state(9)
    slow = Rng(seed_state(9))
    assert [fast.below(6) for _ in range(100)] == [slow.below(6) for _ in range(100)]
    with pytest.raises(ValueError):
        fast.below(0)
