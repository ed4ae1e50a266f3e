"""The start of the construction phase (issue 16, round 9) notes every player's provinces
in one look at the board: exactly what `controlled` answers player by player, in seat
order, in the positions of the phase saves and random games."""

from __future__ import annotations

from engine.rules.common import controlled, controlled_by_each

from .helpers import random_positions

CIVS = ["rome", "greece", "egypt", "carthage"]


def test_the_provinces_each_player_holds_at_the_phase_start_are_the_long_ways() -> None:
    """Each player's provinces in the board's order, the players in seat order (the saved
    state lists them so)."""
    held = 0
    for state in random_positions((63, 64), 1500, CIVS):
        long_way = {p.civ: controlled(state, p.civ) for p in state.players}
        got = controlled_by_each(state)
        assert list(got.items()) == list(long_way.items())
        held += sum(map(len, got.values()))
    assert held > 20_000
