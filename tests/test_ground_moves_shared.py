"""The military phase's shortcuts of round 10 (issue 16) answer exactly as the long way, in
the positions of random games (tests/helpers.random_positions):

- the moves of a ground listing share their lists (the units of a choice going to each
  destination, one empty list of seas): playing a listed move leaves every move the
  listing offered as it was.
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec

from engine import game
from engine.actions import Move
from engine.prompts import GroundTurn
from engine.rng import Rng
from engine.state import GameState

from .helpers import random_positions

CIVS = ["rome", "greece", "egypt", "carthage"]


def _ground_turns(seeds: tuple[int, ...], steps: int = 1500) -> Iterator[GameState]:
    for state in random_positions(seeds, steps, CIVS):
        if isinstance(state.prompt, GroundTurn):
            yield state


def test_playing_a_listed_move_leaves_the_other_listed_moves_as_they_were() -> None:
    rng = Rng(5)
    played = shared = 0
    for state in _ground_turns((71, 72, 73)):
        moves = [a for a in game.legal_actions(state) if isinstance(a, Move)]
        if not moves:
            continue
        before = [msgspec.json.encode(m) for m in moves]
        units = {id(m.units) for m in moves}
        shared += len(units) < len(moves)
        # the very object listed, played as a computer player's choice (not copied)
        game.play_listed(state, moves[rng.below(len(moves))])
        assert [msgspec.json.encode(m) for m in moves] == before
        played += 1
    assert played > 300 and shared > 100
