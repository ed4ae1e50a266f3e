"""The hint (key h at a decision) and the review in the replay viewer (key r), as a player
meets them at 80 x 24: the screens, the worker that keeps the screen live, Escape."""

from __future__ import annotations

import asyncio
import time

import pytest

from engine.bots import advice as advice_module
from engine.bots import review as review_module
from engine.record import truncate
from engine.replay import Replay
from tests.test_tui_fixtures import WHOLE_GAME, decision_session, load_session, settle
from tests.waiting import settled
from tui.app import MareNostrumApp
from tui.decisions import DecisionScreen
from tui.screens import hint as hint_screen
from tui.screens import review as review_screen
from tui.screens.game import GameScreen
from tui.screens.hint import HintScreen
from tui.screens.replay import ReplayScreen
from tui.screens.review import ReviewScreen

SMALL = (80, 24)


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("MARE_NOSTRUM_HOME", str(tmp_path))


@pytest.fixture
def by_rounds(monkeypatch):
    """Hints and reviews by a fixed number of deals (the pictures must not hang on time)."""
    def advise(view, budget=1.0, rounds=None, **kw):
        return advice_module.advise(view, budget=0.0, rounds=4, **kw)

    def review(record, civ, budget=0.25, rounds=None, **kw):
        return review_module.review(record, civ, budget=0.0, rounds=2, **kw)
    monkeypatch.setattr(hint_screen, "advise", advise)
    monkeypatch.setattr(review_screen, "review", review)


def game_app(session) -> MareNostrumApp:
    return MareNostrumApp(session=session, bot_delay=0, autosave=False)


def on_top(app, cls):
    return lambda: isinstance(app.screen, cls) and bool(app.screen.query("KeyBar"))


async def open_hint(pilot) -> None:
    await settle(pilot, on_top(pilot.app, DecisionScreen))
    await pilot.press("h")
    await settle(pilot, lambda: isinstance(pilot.app.screen, HintScreen)
                 and pilot.app.screen.advice is not None, timeout=60)


def test_hint_screen(snap_compare, by_rounds):
    """The military decision of the example game: the hard player's choice, two
    alternatives, each with its gain over the normal move and why."""
    s = decision_session("GroundTurn")
    assert snap_compare(game_app(s), terminal_size=SMALL, run_before=open_hint)


def test_hint_from_the_board_and_escape_cancels(monkeypatch):
    """h on the game screen (the dialog put away) opens the hint; while it thinks the
    screen answers keys, and Escape stops the worker within a deal."""
    calls: list[advice_module.Advice] = []

    def slow(view, budget=1.0, rounds=None, between=None, **kw):
        def paced(done: int) -> bool:  # a deal every half second: a long think
            time.sleep(0.5)  # (the worker's pace, on its thread: not a wait of the test)
            return between(done)
        found = advice_module.advise(view, budget=30.0, between=paced, **kw)
        calls.append(found)
        return found
    monkeypatch.setattr(hint_screen, "advise", slow)
    s = decision_session("GroundTurn")
    app = game_app(s)

    async def go():
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, on_top(app, DecisionScreen))
            await pilot.press("v")
            await settle(pilot, on_top(app, GameScreen))
            await pilot.press("h")
            await settle(pilot, on_top(app, HintScreen))
            screen = app.screen
            assert screen.query_one("#hint-bar").display
            await settled(pilot)
            assert screen.advice is None  # still thinking, and the screen is live:
            started = time.perf_counter()
            await pilot.press("escape")
            await settle(pilot, lambda: bool(calls), timeout=20)
            assert isinstance(app.screen, GameScreen)
            assert calls and calls[0].cancelled and calls[0].choice == calls[0].normal
            assert time.perf_counter() - started < 10
    asyncio.run(go())


def test_no_hint_when_a_computer_player_decides():
    s = load_session(WHOLE_GAME, humans=[])
    found = hint_screen.hint_view(s)
    assert isinstance(found, str)


def _replay() -> Replay:
    record = load_session(WHOLE_GAME, humans=[0]).replay().record
    return Replay(truncate(record, 150))


async def open_review(pilot) -> None:
    await settle(pilot, on_top(pilot.app, ReplayScreen))
    await pilot.press("r")
    await settle(pilot, on_top(pilot.app, ReviewScreen))
    await pilot.press("enter")  # Rome, the first seat
    await settle(pilot, lambda: isinstance(pilot.app.screen, ReviewScreen)
                 and pilot.app.screen.found is not None, timeout=120)


def test_review_listing(snap_compare, by_rounds):
    data = _replay()
    app = MareNostrumApp(replay=(data, 0), autosave=False)
    assert snap_compare(app, terminal_size=SMALL, run_before=open_review)


def test_review_goes_to_a_swing_marks_it_and_opens_again_at_once(by_rounds):
    data = _replay()
    app = MareNostrumApp(replay=(data, 0), autosave=False)

    async def go():
        async with app.run_test(size=SMALL) as pilot:
            await open_review(pilot)
            found = app.screen.found
            top = found.swings()
            assert top
            await pilot.press("enter")  # the biggest swing
            await settle(pilot, on_top(app, ReplayScreen))
            replay = app.screen
            assert replay.index == top[0].index
            step = str(replay.query_one("#replay-step").render())
            assert "Swing 1" in step and top[0].better in step
            # again: the side file opens the same review without the work
            monkey = pytest.MonkeyPatch()
            monkey.setattr(review_screen, "review", lambda *a, **k: pytest.fail("worked again"))
            try:
                screen = ReviewScreen(data.record, budget=found.budget, rounds=found.rounds)
                await app.push_screen(screen)
                await pilot.pause()
                await pilot.press("enter")
                await settle(pilot, lambda: screen.found is not None)
                assert screen.found == found
            finally:
                monkey.undo()
    asyncio.run(go())


def test_hint_screen_with_reasons(snap_compare, monkeypatch):
    """Turn 15, Carthage's military (tests/test_bot_hard.py): Egypt one hero short of
    victory; the hard player retakes Cyrenaica with the lone legion next door, and says why
    against the normal player's attack on Alexandria."""
    from tests.helpers import deciding_seat
    from tests.test_bot_hard import _normal_game_at
    from tui.sessions.local import LocalSession

    def advise(view, budget=1.0, rounds=None, **kw):
        return advice_module.advise(view, budget=0.0, rounds=8, seed=1, **kw)
    monkeypatch.setattr(hint_screen, "advise", advise)
    state = _normal_game_at(1, 643)
    seats = ["random"] * len(state.players)
    seats[deciding_seat(state)] = "human"
    s = LocalSession(state, seats, autosave=False, save_name="test")
    assert snap_compare(game_app(s), terminal_size=SMALL, run_before=open_hint)
