"""A computer player that needs only its options (docs/architecture.md, Views and secrets;
engine.bots.Picker).

The random player chooses among its legal actions and reads nothing else, so the match hands
it those, listed on the match's own state, and builds no view for it. That is safe only if a
seat's options never depend on what the seat may not see: checked here over random games,
together with the picker playing exactly as it would from its view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec
import pytest

from engine import game
from engine.actions import Action
from engine.bots.random_bot import RandomBot
from engine.data.board import CIVS
from engine.errors import IllegalAction
from engine.match import Match, replay_match
from engine.rules import reading
from engine.state import Config
from engine.view import View, shared_view

from .helpers import random_positions


def _options_seen(state: Any, seat: int) -> bytes:
    v = shared_view(state, seat)
    before = reading.begin(v.state)
    try:
        return msgspec.json.encode(game.legal_actions(v.state))
    finally:
        reading.end(before)


@pytest.mark.parametrize("civs", [list(CIVS[:3]), list(CIVS[:4]), list(CIVS[:6])])
def test_a_seats_options_are_the_same_on_its_view(civs: list[str]) -> None:
    """Hands of others, face-down cards, the set-aside heroes and wonders and the seed
    change no seat's legal actions: listed on the whole state or on the seat's view, the
    same actions in the same order (the public view, `game.view`, too)."""
    seen = set()
    for state in random_positions(seeds=(71, 72), steps=1200, civs=civs):
        if state.prompt is None or state.phase == "over":
            continue
        seat = game.seat_of(state, state.prompt.civ)
        whole = msgspec.json.encode(game.legal_actions(state))
        assert _options_seen(state, seat) == whole
        assert msgspec.json.encode(game.legal_actions(game.view(state, seat).state)) == whole
        seen.add(type(state.prompt).__name__)
    assert {"GroundTurn", "ConstructionTurn", "NamePlayer", "MakeOffering"} <= seen


class _ViewOnly:
    """The random player without `pick`: it decides from the view the match builds."""

    level = "random"

    def __init__(self, seed: int) -> None:
        self.inner = RandomBot(seed)

    def choose(self, view: View) -> Action:
        return self.inner.choose(view)


def _match(monkeypatch: pytest.MonkeyPatch, make: Any, seed: int, players: int) -> Match:
    monkeypatch.setattr("engine.match.make_bot", lambda level, seed=0, budget=1.0: make(seed))
    match = Match.new(Config(civs=list(CIVS[:players]), seed=seed), ["random"] * players,
                      bot_secret=b"picker test")
    for seat in range(players):  # made now, while `make` is the factory
        match.bot(seat)
    return match


@pytest.mark.parametrize("players", [3, 5])
def test_the_random_player_given_its_options_plays_as_from_its_view(
        monkeypatch: pytest.MonkeyPatch, players: int) -> None:
    """Given its options only, the random player makes the same decisions, one by one, as
    when it decides from its view: the same record and the same state hashes."""
    a = _match(monkeypatch, RandomBot, 5, players)
    b = _match(monkeypatch, _ViewOnly, 5, players)
    for _ in range(3000):
        if a.over:
            break
        step_a, step_b = a.play_bots(1), b.play_bots(1)
        assert msgspec.json.encode(step_a) == msgspec.json.encode(step_b)
    assert a.version > 1000
    assert a.record.hashes == b.record.hashes
    assert game.state_hash(a.state) == game.state_hash(b.state)


def test_a_picker_gets_no_view_and_a_chooser_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """The match builds no view for a picker (its decisions cost no copy of the players);
    a player that chooses from a view still gets one."""
    views: list[int] = []

    def counted(state: Any, seat: int | None) -> View:
        views.append(1)
        return shared_view(state, seat)

    monkeypatch.setattr("engine.match.shared_view", counted)
    picker = _match(monkeypatch, RandomBot, 9, 4)
    picker.play_bots(200)
    assert picker.version == 200 and views == []
    chooser = _match(monkeypatch, _ViewOnly, 9, 4)
    chooser.play_bots(200)
    assert len(views) == 200


class _Miscounter(RandomBot):
    """A picker that answers a number that is no option of its: past the end of the list,
    before its start, or not a number at all."""

    def __init__(self, seed: int, answer: Any) -> None:
        super().__init__(seed)
        self.answer = answer

    def pick_index(self, legal: Sequence[Action]) -> int:
        super().pick_index(legal)
        return self.answer if self.answer != "end" else len(legal)


def test_a_picked_option_is_played_unchecked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The picker's choice is the very object listed, so it skips the checks
    (engine.game._play_listed) and plays as the same choice checked would."""
    unchecked: list[Action] = []
    play_listed = game._play_listed

    def spied(state: Any, action: Action) -> Any:
        unchecked.append(action)
        return play_listed(state, action)

    monkeypatch.setattr("engine.game._play_listed", spied)
    plain = _match(monkeypatch, RandomBot, 3, 4)
    plain.play_bots(300)
    assert len(unchecked) == 300
    # the same decisions as copies (as from the network) are checked, and play the same
    record = plain.record  # (its hashes owed are worked out now, by a replay)
    unchecked.clear()
    checked = replay_match(record)
    for action in record.actions:
        seat = checked.pending_seat()
        assert seat is not None
        checked.act(seat, msgspec.json.decode(msgspec.json.encode(action), type=type(action)))
    assert unchecked == []
    assert checked.record.hashes == record.hashes


@pytest.mark.parametrize("answer", ["end", -1, "1", 1.0, None])
def test_a_picked_number_that_is_no_option_is_refused(monkeypatch: pytest.MonkeyPatch,
                                                      answer: Any) -> None:
    """A picker's number outside its options is refused with its reason, and the state
    stays as it was."""
    wrong = _match(monkeypatch, lambda seed: _Miscounter(seed, answer), 3, 4)
    before = game.encode_state(wrong.state)
    with pytest.raises(IllegalAction, match="picked option"):
        wrong.play_bots(1)
    assert game.encode_state(wrong.state) == before
    assert wrong.version == 0
