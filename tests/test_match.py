"""The match loop: who may act, what a refusal leaves, observers, and how bots are seeded."""

from __future__ import annotations

import msgspec
import pytest

from engine.actions import Announce
from engine.data.board import CIVS
from engine.errors import IllegalAction
from engine.game import encode_state, state_hash
from engine.match import HUMAN, REMOTE, Match, Step, bot_seed, replay_match
from engine.replay import verify
from engine.state import Config

CONFIG = Config(civs=list(CIVS[:3]), seed=21)


def _snapshot(match: Match) -> tuple[bytes, bytes]:
    return encode_state(match.state), msgspec.json.encode(match.record)


def _human_match() -> Match:
    return Match.new(CONFIG, [HUMAN, HUMAN, HUMAN], bot_secret=b"s")


def _refused(match: Match, seat: int, action, version: int | None, *words: str) -> None:
    before = _snapshot(match)
    with pytest.raises(IllegalAction) as e:
        match.act(seat, action, version)
    assert all(w in str(e.value) for w in words), str(e.value)
    assert _snapshot(match) == before


def test_a_legal_action_is_applied_recorded_and_told():
    match = _human_match()
    seen: list[Step] = []

    class Watch:
        def on_step(self, m: Match, step: Step) -> None:
            assert m is match
            seen.append(step)

    match.add_observer(Watch())
    seat = match.pending_seat()
    assert seat is not None
    action = match.legal()[0]
    step = match.act(seat, action, version=0)
    assert step.version == 1 == match.version and step.seat == seat and step.action == action
    assert seen == [step]
    assert match.events_for(step, None) == [e for e in step.events if not e.visible_to]
    assert match.record.actions == [action]
    assert match.record.hashes[1] == state_hash(match.state)


def test_wrong_seat_stale_version_malformed_and_illegal_change_nothing():
    match = _human_match()
    seat = match.pending_seat()
    assert seat is not None
    good = match.legal()[0]
    _refused(match, (seat + 1) % 3, good, None, "wrong seat")
    _refused(match, seat, good, 5, "stale version")
    _refused(match, seat, {"type": "Pass"}, None, "malformed")
    _refused(match, seat, "Pass", 0, "malformed")
    illegal = next(a for a in (Announce(n=99), Announce(n=-1)) if a not in match.legal())
    _refused(match, seat, illegal, 0)
    match.act(seat, good, 0)
    _refused(match, match.pending_seat(), good, 0, "stale version")


def test_bots_play_until_a_human_must_decide_and_the_record_replays():
    match = Match.new(CONFIG, ["greedy", HUMAN, "random"], bot_secret=b"x")
    for _ in range(40):
        match.play_bots()
        seat = match.pending_seat()
        if seat is None:
            break
        assert match.seats[seat] == HUMAN
        match.act(seat, match.legal()[0], match.version)
    assert verify(match.record, final_hash=state_hash(match.state)).ok
    # a replay is a match fed the record's actions
    again = replay_match(match.record)
    for action in match.record.actions:
        again.act(again.pending_seat(), action, again.version)
    assert state_hash(again.state) == state_hash(match.state)
    assert again.record.hashes == match.record.hashes


def _bot_game(secret: bytes, actions: int = 150) -> str:
    match = Match.new(CONFIG, ["random", "greedy", "random"], bot_secret=secret)
    match.play_bots(limit=actions)
    return state_hash(match.state)


def test_same_secret_same_game_and_the_secret_decides():
    assert _bot_game(b"one") == _bot_game(b"one")
    assert len({_bot_game(s) for s in (b"one", b"two", b"three")}) > 1


def test_a_bot_seed_is_not_derived_from_the_config_alone():
    seeds = {bot_seed(CONFIG.seed, secret, 0) for secret in (b"a", b"b", b"")}
    assert len(seeds) == 3
    assert bot_seed(CONFIG.seed, b"a", 0) != bot_seed(CONFIG.seed, b"a", 1)
    # the old rules derived it from the game seed and the seat alone
    assert all(s not in seeds for s in (CONFIG.seed * 7919, CONFIG.seed * 131))
    # without a secret given, each match draws its own
    assert Match.new(CONFIG, [HUMAN] * 3).bot_secret != Match.new(CONFIG, [HUMAN] * 3).bot_secret


def test_explicit_bot_seeds_replace_the_secret():
    """The example games in saves/ are played from fixed seeds (bench/make_fixtures.py)."""
    from engine.bots import make_bot
    from engine.game import apply, new_game, view

    seeds = [5, 6, 7]
    match = Match.new(CONFIG, ["random", "greedy", "random"], bot_seeds=seeds)
    match.play_bots(limit=60)
    state, _ = new_game(CONFIG)
    bots = [make_bot(level, s) for level, s in zip(match.seats, seeds, strict=True)]
    for _ in range(60):
        assert state.prompt is not None
        seat = next(p.seat for p in state.players if p.civ == state.prompt.civ)
        apply(state, bots[seat].choose(view(state, seat)))
    assert state_hash(state) == state_hash(match.state)


def test_seats_are_handed_over_and_remote_seats_wait():
    match = Match.new(CONFIG, [REMOTE, REMOTE, REMOTE], bot_secret=b"k")
    assert not match.bot_to_move() and match.play_bots() == []
    seat = match.pending_seat()
    assert seat is not None
    match.replace_seat(seat, "random")
    assert match.bot_to_move()
    steps = match.play_bots(limit=1)
    assert len(steps) == 1 and steps[0].seat == seat
    with pytest.raises(ValueError):
        match.replace_seat(0, "grandmaster")
    with pytest.raises(ValueError):
        Match.new(CONFIG, [HUMAN, HUMAN])


def test_a_step_goes_over_the_wire():
    match = _human_match()
    step = match.act(match.pending_seat(), match.legal()[0])
    assert msgspec.json.decode(msgspec.json.encode(step), type=Step) == step


def test_bots_stop_at_the_turn_limit_as_when_asked_one_decision_at_a_time():
    """`play_bots(max_turns=...)` (simulate's games, in runs of 64 decisions) ends where
    asking for one decision at a time while the turn is within the limit ends: the same
    decisions, the same final position, whether the turn limit, the count of decisions or
    the end of the game stops it."""
    from tui.commands.simulate import SECRET, play_game

    for seed, max_turns, max_decisions in ((3, 4, 200_000), (4, 200, 150), (5, 200, 200_000)):
        config = Config(civs=list(CIVS[:4]), seed=seed)
        one = Match.new(config, ["random"] * 4, bot_secret=SECRET)
        decisions = 0
        while one.state.turn <= max_turns and decisions < max_decisions and one.play_bots(1):
            decisions += 1
        state, n = play_game(config, ["random"], max_turns=max_turns,
                             max_decisions=max_decisions)
        assert n == decisions > 0
        assert state_hash(state) == state_hash(one.state)
        if max_turns == 4:
            assert state.turn == 5 and state.phase != "over"  # stopped by the turn limit
        elif max_decisions == 150:
            assert n == 150  # by the count, in the middle of a run of 64
        else:
            assert state.phase == "over"  # by the end of the game


def test_a_game_over_puts_its_record_away_and_keeps_its_state_and_version():
    """A game server keeps a finished game's record in its save only: the match lets go of
    it, and whoever reads it by mistake is told, not given an empty history."""
    match = Match.new(CONFIG, ["random"] * 3, bot_secret=b"s")
    with pytest.raises(ValueError, match="over"):
        match.put_away()  # a game still playing keeps its record
    while not match.over:
        match.act(match.pending_seat(), match.bot_action())
    version, position = match.version, state_hash(match.state)
    assert verify(match.record, final_hash=position).ok
    match.put_away()
    assert match.version == version and state_hash(match.state) == position
    assert not match.can_undo(0) and match.pending_seat() is None
    with pytest.raises(RuntimeError, match="put away"):
        match.record  # noqa: B018
