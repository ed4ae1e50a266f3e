"""The hard level: the normal player's moves, checked by look-ahead within a time budget."""

from __future__ import annotations

import pytest

from engine.actions import Action, Move
from engine.bots import make_bot
from engine.bots.hard import HardBot, _clear_winner, _in_doubt, evaluate
from engine.bots.normal import NormalBot
from engine.game import apply, clone, legal_actions, new_game, view
from engine.state import Config, GameState

from .helpers import TickingClock, deciding_seat, sampled_positions

CIVS4 = ["rome", "carthage", "greece", "egypt"]


@pytest.fixture(scope="module")
def positions() -> list[GameState]:
    """Every fifth position of a seeded game of normal players, all phases."""
    return sampled_positions(Config(civs=CIVS4, seed=11),
                             [NormalBot(110 + i) for i in range(4)], 600)


def test_hard_is_the_hard_level() -> None:
    bot = make_bot("hard", 3, budget=0.5)
    assert isinstance(bot, HardBot) and bot.level == "hard" and bot.budget == 0.5


def test_hard_plays_normal_without_time(positions: list[GameState]) -> None:
    """With no time to look ahead, hard's move is the normal player's."""
    for state in positions[::6]:
        s = deciding_seat(state)
        hard = HardBot(seed=4, budget=0.0)
        assert hard.choose(view(state, s)) == NormalBot(4).choose(view(state, s))


def test_hard_weighs_the_normal_choice_first(positions: list[GameState]) -> None:
    """Its candidates: the normal choice first, then others, all legal and different."""
    for state in positions[::4]:
        acts = legal_actions(state)
        if len(acts) < 2:
            continue
        v = view(state, deciding_seat(state))
        bot = HardBot(seed=4)
        default = bot.greedy.choose(v)
        cands: list[Action] = bot.plausible(v, acts, default)
        assert cands[0] == default
        assert len(cands) == len(set(map(repr, cands))) <= bot.max_candidates
        assert all(a in acts for a in cands)


def test_hard_keeps_within_its_budget_and_often_stops_early(positions: list[GameState]) -> None:
    """No decision runs past the hard limit (1.6 budgets) by more than a rollout step; and
    the budget is a maximum: many searched decisions end well before it, once the
    candidates are told apart."""
    budget = 2.0  # in ticks of 1 ms: one per rollout step, about 16 rounds
    clock = TickingClock(tick=0.001)
    bot = HardBot(seed=5, budget=budget, clock=clock)
    used = []
    for state in positions[20:140:3]:
        t0 = clock.now
        bot.choose(view(state, deciding_seat(state)))
        if bot.last_rounds:
            used.append(clock.now - t0)
    assert used
    assert max(used) <= 1.6 * budget + 2 * bot.clock.tick
    assert sum(1 for t in used if t < 0.6 * budget) >= len(used) // 3


def test_dropping_and_stopping_rules() -> None:
    """A candidate equal to the normal choice in every deal, or clearly worse, is dropped;
    the search stops once one candidate is clearly ahead of all."""
    assert not _in_doubt([0.0, 0.0, 0.0], 1.0)
    assert not _in_doubt([-30.0, -28.0, -31.0], 1.0)
    assert _in_doubt([-5.0, 10.0, 2.0], 1.0)
    diffs = {1: [40.0, 42.0, 41.0, 39.0], 2: [1.0, -2.0, 0.0, 3.0]}
    assert _clear_winner(diffs, [0, 1, 2], 1.0)
    assert not _clear_winner({1: [40.0, -20.0, 41.0], 2: [0.0, 1.0, -1.0]}, [0, 1, 2], 1.0)


def test_a_win_is_worth_more_than_any_position(positions: list[GameState]) -> None:
    state = clone(positions[-1])
    civ = state.players[0].civ
    before = evaluate(state, civ)
    assert -10_000 < before < 10_000
    state.winner = civ
    assert evaluate(state, civ) == 10_000
    assert evaluate(state, state.players[1].civ) == -10_000


def _normal_game_at(seed: int, decisions: int) -> GameState:
    """The position after `decisions` decisions of a seeded game of normal players."""
    state, _ = new_game(Config(civs=CIVS4, seed=seed))
    bots = [NormalBot(seed * 10 + i) for i in range(4)]
    for _ in range(decisions):
        s = deciding_seat(state)
        apply(state, bots[s].choose(view(state, s)))
    return state


def _wins_played_on(state: GameState, civ: str, games: int, decisions: int = 120) -> int:
    """In how many of `games` continuations by normal players `civ` wins soon."""
    won = 0
    for g in range(games):
        s = clone(state)
        bots = [NormalBot(g * 10 + i) for i in range(4)]
        for _ in range(decisions):
            if s.phase == "over":
                break
            seat = deciding_seat(s)
            apply(s, bots[seat].choose(view(s, seat)))
        won += s.winner == civ
    return won


def test_hard_retakes_its_producing_province_and_wins() -> None:
    """Turn 15, Carthage's military: Egypt, one hero short of victory, has a creature in
    Carthage's Cyrenaica, on its caravan. Normal sends its army against Alexandria; hard
    sees that its lone legion next door retakes Cyrenaica and its production, and from
    that position Carthage wins nearly every game played on, against few after normal's
    attack."""
    state = _normal_game_at(1, 643)
    assert state.prompt is not None and state.prompt.civ == "carthage"
    v = view(state, deciding_seat(state))
    normal = NormalBot(11).choose(v)
    assert isinstance(normal, Move) and normal.to == "alexandria"
    hard = HardBot(seed=1).plan(v, rounds=8)
    assert hard == Move(units=[50], to="cyrenaica", seas=[])
    after_hard, after_normal = clone(state), clone(state)
    apply(after_hard, hard)
    apply(after_normal, normal)
    assert _wins_played_on(after_hard, "carthage", 6) >= 5
    assert _wins_played_on(after_normal, "carthage", 6) <= 2
