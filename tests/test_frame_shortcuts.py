"""The frame every decision passes through (issue 16, round 9) answers as the long way it
replaces, in the positions of the phase saves and of random games: a listing looks at the
thread's read once (not through `reading.remembered`, `begin` and `end`); computer players
moving on their own (`Match.play_bots`) play as each one asked and acted on.
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec
import pytest

from engine import game
from engine.actions import Action
from engine.events import Event
from engine.match import Match, Step
from engine.rules import reading
from engine.rules.registry import LEGAL
from engine.state import Config, GameState

from .helpers import random_positions

CIVS = ["rome", "greece", "egypt", "carthage"]


def _positions(steps: int = 600) -> Iterator[GameState]:
    return random_positions((71, 72), steps, CIVS)


def _listed_the_long_way(state: GameState) -> list[Action]:
    """`game.legal_actions` as it was: the memo asked, then a read of its own."""
    if state.prompt is None or state.phase == "over":
        return []
    memo = reading.remembered(state)
    if memo is not None:
        listed: list[Action] | None = memo.get("legal_actions")
        if listed is None:
            listed = memo["legal_actions"] = LEGAL[type(state.prompt)](state, state.prompt)
        return list(listed)
    before = reading.begin(state)
    try:
        return LEGAL[type(state.prompt)](state, state.prompt)
    finally:
        reading.end(before)


def _encoded(actions: list[Action]) -> list[bytes]:
    return [msgspec.msgpack.encode(a) + type(a).__name__.encode() for a in actions]


def test_a_players_options_are_listed_as_the_long_way_and_leave_no_read_behind() -> None:
    """Unread, read by another position, or read itself (a computer player deciding: the
    first listing's very actions again, in a list of the caller's own), every position
    lists the long way's actions, and the thread's read is as it was after."""
    n = 0
    for state in _positions():
        want = _encoded(_listed_the_long_way(game.clone(state)))
        assert reading.LOCAL.read is None
        assert _encoded(game.legal_actions(state)) == want
        assert reading.LOCAL.read is None
        other = game.clone(state)
        before = reading.begin(other)
        try:
            assert _encoded(game.legal_actions(state)) == want
            assert reading.LOCAL.read is not None and reading.LOCAL.read.state is other
        finally:
            reading.end(before)
        before = reading.begin(state)
        try:
            first = game.legal_actions(state)
            again = game.legal_actions(state)
            long = _listed_the_long_way(state)
            assert _encoded(first) == want and first is not again
            assert all(a is b is c for a, b, c in zip(first, again, long, strict=True))
        finally:
            reading.end(before)
        assert reading.LOCAL.read is None
        n += 1
    assert n > 1000


@pytest.mark.parametrize(("levels", "seed"), [(["random"] * 4, 81),
                                              (["greedy", "random", "normal", "easy"], 82)])
def test_computer_players_moving_on_their_own_play_as_each_decision_asked_and_acted(
        levels: list[str], seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """`play_bots` acts on its computer player's choice without handing it through
    `act`: the same steps, the same record, and the same decisions applied unchecked
    (`game._play_listed`, only the very objects listed) as asking each player
    (`bot_action`) and acting on its answer (`act`)."""
    unchecked: list[tuple[int, bytes]] = []
    play_listed = game._play_listed

    def spied(state: GameState, action: Action) -> list[Event]:
        unchecked.append((state.actions_taken, msgspec.msgpack.encode(action)))
        return play_listed(state, action)

    monkeypatch.setattr(game, "_play_listed", spied)
    config = Config(civs=CIVS, seed=seed)
    moving = Match.new(config, levels, bot_secret=b"frame")
    asked = Match.new(config, levels, bot_secret=b"frame")
    steps: list[Step] = []
    while moving.version < 700 and not moving.over:
        steps += moving.play_bots(7)
    by_moving, unchecked[:] = list(unchecked), []
    answered: list[Step] = []
    while asked.version < moving.version:
        answered.append(asked.act(asked.pending_seat() or 0, asked.bot_action()))
    assert by_moving == unchecked and len(unchecked) > 300
    assert msgspec.msgpack.encode(steps) == msgspec.msgpack.encode(answered)
    assert msgspec.msgpack.encode(moving.state) == msgspec.msgpack.encode(asked.state)
    assert moving.record == asked.record
