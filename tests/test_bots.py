"""Computer players: legal choices, time budgets, no peeking, determinization, arena."""

from __future__ import annotations

import msgspec
import pytest

from engine.bots import LEVELS, make_bot
from engine.bots.determinize import determinize
from engine.bots.hard import HardBot
from engine.bots.planner import PlannerBot
from engine.data.cards import RANDOM_PILE, RESOURCE_COUNTS, RESOURCES
from engine.game import apply, clone, legal_actions, new_game, view
from engine.prompts import TakeTradeCard
from engine.rng import Rng
from engine.state import Config, GameState
from tui.cli import main
from tui.commands.arena import seats_for, wilson

from .helpers import TickingClock, deciding_seat, sampled_positions

CIVS3 = ["rome", "carthage", "greece"]


def _play(state: GameState, decisions: int, seed: int = 0) -> GameState:
    bots = [make_bot("greedy", seed + i) for i in range(len(state.players))]
    for _ in range(decisions):
        if state.phase == "over":
            break
        s = deciding_seat(state)
        apply(state, bots[s].choose(view(state, s)))
    return state


def _totals(state: GameState) -> dict[str, int]:
    """Every resource card wherever it is (taken cards count apart only during a chain)."""
    tot = dict.fromkeys(RESOURCES, 0)
    for c, n in state.bank.items():
        tot[c] += n
    for p in state.players:
        for c, n in p.hand.items():
            tot[c] += n
    t = state.trade
    for offer in t.offers.values():
        for c in offer:
            tot[c] += 1
    if isinstance(state.prompt, TakeTradeCard):
        for got in t.acquired.values():
            for c in got:
                tot[c] += 1
    return tot


@pytest.fixture(scope="module")
def positions() -> list[GameState]:
    """Positions from a greedy game, every few decisions, through all phases."""
    return sampled_positions(Config(civs=CIVS3, seed=11),
                             [make_bot("greedy", i) for i in range(3)], 1500)


@pytest.mark.parametrize("level", LEVELS)
def test_bots_choose_only_legal_actions(level: str) -> None:
    state, _ = new_game(Config(civs=CIVS3, seed=3))
    bots = [make_bot(level, seed=i, budget=0.01) for i in range(3)]
    bots[1] = make_bot("greedy", 1)
    for _ in range(400 if level not in ("planner", "hard") else 150):
        if state.phase == "over":
            break
        s = deciding_seat(state)
        action = bots[s].choose(view(state, s))
        assert action in legal_actions(state)
        apply(state, action)


def test_planner_respects_its_budget(positions: list[GameState]) -> None:
    """The planner stops thinking by its budget: measured on a clock the test controls, no
    decision runs past the hard limit (1.6 budgets) by more than one rollout step."""
    budget = 0.05
    clock = TickingClock(tick=0.001)
    bot = PlannerBot(seed=5, budget=budget, clock=clock)
    worst = 0.0
    deliberated = 0
    for state in positions[40:160:4]:
        s = deciding_seat(state)
        v = view(state, s)
        t0 = clock.now
        bot.choose(v)
        worst = max(worst, clock.now - t0)
        deliberated += bot.last_rounds > 0
    assert deliberated > 0
    assert worst <= 1.6 * budget + 2 * clock.tick


def test_planner_answers_forced_decisions_at_once(positions: list[GameState]) -> None:
    """A decision with one legal action is answered without a single rollout."""
    clock = TickingClock(tick=0.001)
    bot = PlannerBot(seed=5, budget=5.0, clock=clock)
    forced = [s for s in positions if len(legal_actions(s)) == 1]
    assert forced
    for state in forced[:5]:
        t0 = clock.now
        assert bot.choose(view(state, deciding_seat(state))) == legal_actions(state)[0]
        assert bot.last_rounds == 0 and clock.now - t0 <= 2 * clock.tick


def _swap_hidden(state: GameState, seat: int) -> GameState | None:
    """The same position except for the hidden hands of the two others (their sizes
    kept) and the dice: seat `seat` sees exactly the same."""
    other = clone(state)
    a, b = (p for p in other.players if p.seat != seat)
    ca = [c for c in RESOURCES if a.hand.get(c)]
    cb = [c for c in RESOURCES if b.hand.get(c) and c not in ca]
    if not ca or not cb:
        return None
    x, y = ca[0], cb[0]
    a.hand[x] -= 1
    b.hand[y] -= 1
    a.hand[y] = a.hand.get(y, 0) + 1
    b.hand[x] = b.hand.get(x, 0) + 1
    for p in (a, b):
        p.hand = {c: n for c, n in p.hand.items() if n}
    other.rng ^= 0xDEADBEEF
    return other


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_cannot_read_another_hand(level: str, positions: list[GameState]) -> None:
    checked = 0
    for state in positions[10::3]:
        if checked >= 6:
            break
        s = deciding_seat(state)
        if len(legal_actions(state)) < 2:
            continue
        changed = _swap_hidden(state, s)
        if changed is None:
            continue
        v1, v2 = view(state, s), view(changed, s)
        assert msgspec.json.encode(v1) == msgspec.json.encode(v2)  # the same view...
        assert changed.players != state.players  # ...of different games
        for p in v1.state.players:
            if p.seat != s:
                assert p.hand == {}
        # Fixed rounds, not a clock, so that the planner's choice is reproducible.
        bot1 = make_bot(level, seed=9, budget=10.0)
        bot2 = make_bot(level, seed=9, budget=10.0)
        if level in ("planner", "hard"):
            bot1.budget = bot2.budget = 0.0  # the policy's default, then the rollouts below
            assert bot1.choose(v1) == bot2.choose(v2)
            r1 = HardBot(seed=9) if level == "hard" else PlannerBot(seed=9)
            r2 = HardBot(seed=9) if level == "hard" else PlannerBot(seed=9)
            assert r1.plan(v1, rounds=3) == r2.plan(v2, rounds=3)
        else:
            assert bot1.choose(v1) == bot2.choose(v2)
        checked += 1
    assert checked >= 5


def test_determinization_conserves_cards(positions: list[GameState]) -> None:
    rng = Rng(1)
    assert all(_totals(s) == RESOURCE_COUNTS for s in positions)
    for state in positions:
        s = deciding_seat(state)
        v = view(state, s)
        d = determinize(v, rng)
        assert _totals(d) == RESOURCE_COUNTS
        for p, q in zip(d.players, state.players, strict=True):
            assert sum(p.hand.values()) == sum(q.hand.values())
            if p.seat == s:
                assert p.hand == q.hand
        for civ, offer in d.trade.offers.items():
            assert len(offer) == len(state.trade.offers[civ])
        assert len(d.set_aside) == len(state.set_aside)
        visible = set(d.display).union(*(p.cards for p in d.players))
        assert not visible & set(d.set_aside)
        assert set(d.set_aside) <= set(RANDOM_PILE)
        assert d.rng != 0
        # The determinized game goes on legally.
        if d.prompt is not None:
            apply(d, legal_actions(d)[0])


def test_arena_helpers() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.404, abs=0.002) and hi == pytest.approx(0.596, abs=0.002)
    assert wilson(0, 0) == (0.0, 1.0)
    assert [seats_for(["p", "g", "g"], g) for g in range(3)] == [
        ["p", "g", "g"], ["g", "p", "g"], ["g", "g", "p"]]


def test_arena_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--seats", "greedy,random,random", "--games", "2", "--seed", "4",
                 "--max-turns", "15"]) == 0
    out = capsys.readouterr().out
    assert "greedy   wins" in out and "95% CI" in out and "average turns" in out
    assert main(["arena", "--seats", "greedy,nobody,random"]) == 2


def test_arena_reports_a_failed_game_and_counts_the_others(monkeypatch, capsys) -> None:
    """One game that breaks (a bot bug) is named with its error; the rest still count."""
    from tui.commands import arena
    real = arena.play_one

    def flaky(levels, seed, *rest):
        if seed == 5:
            raise AttributeError("a bug")
        return real(levels, seed, *rest)

    monkeypatch.setattr(arena, "play_one", flaky)
    assert main(["arena", "--seats", "greedy,greedy,greedy", "--games", "2", "--seed", "4"]) == 1
    out = capsys.readouterr().out
    assert "seed 5 seats" in out and "FAILED (AttributeError: a bug)" in out
    assert "1 games" in out and "1 game(s) failed and are not counted: seeds 5" in out
