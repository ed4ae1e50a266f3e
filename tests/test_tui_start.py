"""The work the app skips on its way to the title screen's first frame: the rules of the
other screens (each screen's sheet is read when it is first shown), the cycle collector's
passes over Textual's modules, a second layout for the terminal's size sent again, the key
bar drawn again for the same keys (the pictures themselves are the snapshots' business)."""

from __future__ import annotations

import asyncio
import gc
import subprocess
import sys
from pathlib import Path

import pytest
from textual import events
from textual.color import Color
from textual.css.stylesheet import Stylesheet
from textual.screen import Screen

from tests.waiting import settled, until
from tui import collector
from tui.app import MareNostrumApp
from tui.decisions.base import DecisionScreen
from tui.screens.game import GameScreen
from tui.screens.title import TitleScreen
from tui.widgets.keybar import KeyBar
from tui.widgets.map import MapView

SMALL = (80, 24)
ROOT = Path(__file__).resolve().parent.parent


def _sheets(app) -> set[str]:
    """The stylesheet files the app has read (their paths from the repository's root)."""
    return {Path(path).resolve().relative_to(ROOT).as_posix()
            for path, class_var in app.stylesheet.source if not class_var and path}


def test_the_title_screen_reads_only_the_shared_sheet_and_its_own():
    async def run():
        app = MareNostrumApp(autosave=False)
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)
            assert _sheets(app) == {"tui/app.tcss", "tui/screens/title.tcss"}
            # its own rules apply: the menu's width and border
            menu = app.screen.query_one("#title-menu")
            assert menu.styles.width.value == 64 and menu.styles.border_top[0] == "round"

    asyncio.run(run())


def test_a_screens_sheet_is_added_once_without_reading_every_sheet_again(monkeypatch):
    """The game's sheets come with the game (the map's colours with the map), parsed alone
    and before the screen is styled: Textual's way would parse every sheet again and
    restyle every screen. A new theme still reads them all, with its colours."""
    reparsed = []
    real = Stylesheet.reparse
    monkeypatch.setattr(Stylesheet, "reparse", lambda self: (reparsed.append(1), real(self)))

    async def run():
        app = MareNostrumApp(autosave=False, seed=5)
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            app.action_quick_game()
            await until(pilot, lambda: isinstance(app.screen, DecisionScreen)
                        and bool(app.screen.query("#dialog")), what="a dialog")
            assert {"tui/screens/game.tcss", "tui/decisions/decision.tcss",
                    "themes/game.tcss"} <= _sheets(app)
            assert not reparsed
            game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
            board_map = game.query_one("#map", MapView)
            assert board_map.styles.height.value == 20  # tui/screens/game.tcss
            assert app.screen.query_one("#dialog").styles.width.value == 50  # decision.tcss
            sea = board_map.get_component_styles("map--sea").background
            assert sea == Color.parse(app.theme_variables["map-sea"])  # themes/game.tcss
            app.theme = "mare-nostrum-high-contrast"
            await until(pilot, lambda: reparsed, what="the sheets read again")
            await settled(pilot)
            assert reparsed and board_map.styles.height.value == 20
            sea = board_map.get_component_styles("map--sea").background
            assert sea == Color.parse(app.theme_variables["map-sea"])

    asyncio.run(run())


def test_every_screens_sheet_is_a_file_beside_it_that_parses():
    from themes.palette import DEFAULT_VARIABLES
    from tui.decisions.base import PaymentScreen
    from tui.screens.game_over import GameOverScreen
    from tui.screens.help import HelpScreen
    from tui.screens.load import LoadScreen
    from tui.screens.new_game import NewGameScreen
    from tui.screens.pass_keyboard import PassKeyboardScreen
    from tui.screens.province import ProvinceScreen
    from tui.screens.replay import JumpScreen, ReplayScreen
    screens = [TitleScreen, GameScreen, DecisionScreen, PaymentScreen, NewGameScreen,
               LoadScreen, ReplayScreen, JumpScreen, PassKeyboardScreen, HelpScreen,
               GameOverScreen, ProvinceScreen]
    variables = {**MareNostrumApp().get_css_variables(), **DEFAULT_VARIABLES}
    for screen in screens:
        path = Path(screen.CSS_PATH)
        assert path.is_file() and path.parent == Path(sys.modules[screen.__module__]
                                                      .__file__).parent, screen
        sheet = Stylesheet(variables=variables)
        sheet.read(path)
        sheet.parse()
        assert sheet.rules, screen


def test_the_collector_rests_while_the_screens_modules_are_imported():
    frozen = gc.get_freeze_count()
    with collector.uncollected():
        assert not gc.isenabled()
    assert gc.isenabled() and gc.get_freeze_count() >= frozen
    with pytest.raises(ValueError), collector.uncollected():
        raise ValueError
    assert gc.isenabled()
    gc.disable()  # a program that holds the collector itself keeps it held
    try:
        with collector.uncollected():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
    # a fresh program: importing the app leaves the collector on, Textual's modules frozen
    code = ("import gc, sys; import tui.app; "
            "assert gc.isenabled() and gc.get_freeze_count() > 10000, gc.get_freeze_count(); "
            "assert 'textual.app' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_the_terminal_size_sent_again_lays_nothing_out(monkeypatch):
    layouts = []
    real = Screen._refresh_layout
    monkeypatch.setattr(Screen, "_refresh_layout",
                        lambda self, *a, **kw: (layouts.append(self), real(self, *a, **kw)))

    async def run():
        app = MareNostrumApp(autosave=False)
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            layouts.clear()
            app.post_message(events.Resize(app.size, app.size))
            await settled(pilot)  # the message handled
            assert not layouts
            app.post_message(events.Resize(app.size.with_height(30), app.size))
            await until(pilot, lambda: layouts and app.screen.size.height == 30)

    asyncio.run(run())


def test_the_key_bar_is_drawn_again_only_when_its_keys_change(monkeypatch):
    async def run():
        app = MareNostrumApp(autosave=False)
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            bar = app.screen.query_one(KeyBar)
            drawn = []
            monkeypatch.setattr(bar, "refresh", lambda *a, **kw: drawn.append(1))
            bar._bindings_changed(app.screen)
            bar._bindings_changed(app.screen)  # announced twice in one handler: looked at once
            await settled(pilot)
            assert not drawn
            monkeypatch.setattr(bar, "entries", lambda: [([("x", "x")], "Something new")])
            bar._bindings_changed(app.screen)
            await until(pilot, lambda: drawn, what="the key bar drawn with its new keys")
            assert drawn

    asyncio.run(run())


def test_the_title_screen_loads_no_widget_it_does_not_show():
    code = ("import sys; import tui.app, tui.screens.title; "
            "assert 'textual.widgets._selection_list' not in sys.modules; "
            "assert not any(m.startswith(('engine', 'tui.decisions')) for m in sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
