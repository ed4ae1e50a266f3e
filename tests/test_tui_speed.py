"""The work the screens skip to keep a decision's round trip short: the map redrawn only
when what it shows changed, the board beside a dialog drawn from its own lines and reused
while it is unchanged (the pictures themselves are the snapshots' business)."""

from __future__ import annotations

import asyncio

from engine import game
from tests.test_tui_fixtures import phase_session, settle
from tests.waiting import settled, until
from tui.app import MareNostrumApp
from tui.decisions.base import DecisionScreen
from tui.screens.game import GameScreen
from tui.widgets.map import MapView

SMALL = (80, 24)


def test_the_map_is_redrawn_only_when_what_it_shows_changed():
    state = phase_session("ConstructionTurn").state
    m = MapView(game.clone(state))
    m._lines = ["drawn"]  # type: ignore[list-item]
    same = game.clone(state)
    same.turn += 1  # not drawn on the map
    m.set_state(same)
    assert m._lines == ["drawn"] and m._state is same
    moved = game.clone(state)
    moved.units[0].area = "mare_nostrum" if moved.units[0].area != "mare_nostrum" else "roma"
    m.set_state(moved)
    assert m._lines is None


def test_the_board_beside_a_dialog_is_drawn_once_while_unchanged():
    from tui.widgets import beneath

    calls = []
    real = beneath._inert

    def counted(strip, base):
        calls.append(1)
        return real(strip, base)

    async def run():
        beneath._inert = counted
        try:
            app = MareNostrumApp(session=phase_session("ConstructionTurn"), bot_delay=0,
                                 autosave=False)
            async with app.run_test(size=SMALL) as pilot:
                await settle(pilot, lambda: isinstance(app.screen, DecisionScreen))
                await settled(pilot)
                game_screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
                key, lines = game_screen.beneath_cache
                assert len(lines) == SMALL[1] and calls
                # nothing on the board changes: drawing the dialog again reuses the lines
                drawn = len(calls)
                app.screen.refresh()
                await settled(pilot)  # drawn again
                assert len(calls) == drawn
                # no click target of the board is left under the dialog
                assert all(not (seg.style and seg.style.meta) for line in lines
                           for seg in line)
                # the board changes (the map cursor moves): it is drawn again
                game_screen.map.action_move("right")
                await until(pilot, lambda: len(calls) > drawn, what="the board drawn again")
                await settled(pilot)
                assert len(calls) > drawn and game_screen.beneath_cache[0] != key
        finally:
            beneath._inert = real
    asyncio.run(run())


def test_each_new_dialog_is_drawn_whole_in_its_first_frame():
    """From one decision to the next (the computer players' moves between), the next
    dialog's first frame is already its final picture: the preview, the scroll bar and the
    highlighted row come with it, not in frames after it."""
    from engine.data.board import CIVS
    from engine.state import Config
    from tests.test_tui_fixtures import KeyPlayer, _ready
    from tui.sessions.local import LocalSession

    async def run():
        s = LocalSession.new(Config(civs=list(CIVS[:3]), seed=16),
                            ["human", "greedy", "greedy"], autosave=False)
        app = MareNostrumApp(session=s, bot_delay=0, autosave=False)
        frames: list[tuple[object, str]] = []
        display = app._display

        def drawn(screen, update) -> None:
            display(screen, update)
            if update is not None and not app._batch_count:  # held back: not written
                frames.append((screen, "\n".join(
                    strip.text for strip in screen._compositor.render_strips())))

        app._display = drawn  # type: ignore[method-assign]
        async with app.run_test(size=SMALL) as pilot:
            kp = KeyPlayer()
            assert await settle(pilot, lambda: _ready(app), 30)
            dialogs = 0
            for _ in range(12):
                before = app.screen
                frames.clear()
                await kp.step(pilot)
                assert await settle(pilot, lambda: _ready(app), 30)
                mine = [text for screen, text in frames if screen is app.screen]
                if app.screen is before or not mine:
                    continue
                dialogs += 1
                assert mine[0] == mine[-1], type(app.screen).__name__
            assert dialogs >= 8
    asyncio.run(run())


def test_quick_computer_players_move_between_two_dialogs_without_a_worker(monkeypatch):
    """Fast play with computer players that do not deliberate: their moves are made on
    the screen's thread at once; a deliberating level at the table still thinks in a
    worker. (The screen's in-line budget is widened: on a loaded machine quick players may
    outlast 50 ms, even seconds when the suite runs beside it: what is checked is where
    they play, not how fast.)"""
    monkeypatch.setattr("tui.screens.computers.IN_LINE_BUDGET", 120.0)
    from engine.data.board import CIVS
    from engine.state import Config
    from tests.test_tui_fixtures import KeyPlayer, _ready
    from tui.sessions.local import LocalSession

    async def run(levels: list[str], decisions: int) -> tuple[int, int]:
        s = LocalSession.new(Config(civs=list(CIVS[:3]), seed=16), ["human", *levels],
                            autosave=False)
        app = MareNostrumApp(session=s, bot_delay=0, autosave=False)
        async with app.run_test(size=SMALL) as pilot:
            game_screen = next(x for x in app.screen_stack if isinstance(x, GameScreen))
            workers = []
            real = game_screen.run_worker

            def counted(*a, **kw):
                workers.append(1)
                return real(*a, **kw)

            game_screen.run_worker = counted  # type: ignore[method-assign]
            kp = KeyPlayer()
            for _ in range(decisions):
                assert await settle(pilot, lambda: _ready(app), 30)
                await kp.step(pilot)
            return len(workers), s.version

    quick_workers, quick_moves = asyncio.run(run(["greedy", "greedy"], 5))
    assert quick_workers == 0 and quick_moves > 5
    slow_workers, _ = asyncio.run(run(["planner", "greedy"], 2))
    assert slow_workers > 0


def test_a_theme_chosen_at_start_is_set_up_as_if_switched_to():
    """The theme a player starts with is in place before the stylesheet is first read
    (no second reading of it): the same classes and variables as switching to it."""
    async def variables(theme: str | None, switch_to: str | None) -> tuple:
        app = MareNostrumApp(theme=theme, autosave=False)
        async with app.run_test(size=SMALL) as pilot:
            if switch_to:
                app.theme = switch_to
            await pilot.pause()
            filters = [(type(f).__name__, getattr(f, "_terminal_theme", None))
                       for f in app._filters]
            return (app.theme, sorted(app.classes), app.theme_variables,
                    app.stylesheet._variables, filters)

    from themes.palette import resolve_theme_name
    for name in ("textual-light", "ansi", "high-contrast"):
        started = asyncio.run(variables(name, None))
        switched = asyncio.run(variables(None, resolve_theme_name(name)))
        assert started[0] == switched[0]
        assert started == switched, name
