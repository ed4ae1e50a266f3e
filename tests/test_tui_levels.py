"""What each computer level does is told where a level is chosen: the new-game screen, the
new table of a game server and the level of a computer keeping an absent player's seat
(snapshots at 80x24 and 160x50; the descriptions are the engine's)."""

from __future__ import annotations

import asyncio

import pytest

from engine.bots import DESCRIPTIONS
from tests.waiting import on_top_and_focused, settled, until
from tui.app import MareNostrumApp
from tui.screens import create_table
from tui.screens import new_game as new_game_screen
from tui.screens.bot_level import BotLevelScreen
from tui.screens.create_table import CreateTableScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.new_game import NewGameScreen
from tui.sessions import local as tui_session

SMALL = (80, 24)
LARGE = (160, 50)
LEVELS = ["easy", "normal", "hard"]


@pytest.fixture(autouse=True)
def _fixed_levels(monkeypatch):
    monkeypatch.setattr(tui_session, "default_bot_level", lambda: "normal")
    monkeypatch.setattr(tui_session, "available_bot_levels", lambda: list(LEVELS))
    monkeypatch.setattr(new_game_screen, "default_bot_level", lambda: "normal")
    monkeypatch.setattr(new_game_screen, "available_bot_levels", lambda: list(LEVELS))
    monkeypatch.setattr(create_table, "_levels", lambda: list(LEVELS))


def _lobby_with(screen) -> MareNostrumApp:
    app = MareNostrumApp(first_screen=LobbyScreen(tables=[], name="anna"), autosave=False)

    async def run_before(pilot):
        pushed = screen()
        pilot.app.push_screen(pushed)
        await until(pilot, lambda: on_top_and_focused(pilot.app, pushed))
        await settled(pilot)
    app.run_before = run_before  # type: ignore[attr-defined]
    return app


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "160x50"])
def test_new_game_levels(snap_compare, size):
    app = MareNostrumApp(first_screen=NewGameScreen(seed=7), autosave=False)
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "160x50"])
def test_create_table_levels(snap_compare, size):
    app = _lobby_with(CreateTableScreen)
    assert snap_compare(app, terminal_size=size, run_before=app.run_before)


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "160x50"])
def test_bot_level(snap_compare, size):
    app = _lobby_with(lambda: BotLevelScreen("Rome: bruno"))
    assert snap_compare(app, terminal_size=size, run_before=app.run_before)


def test_the_level_note_follows_the_seat_chosen():
    async def run():
        app = MareNostrumApp(first_screen=NewGameScreen(seed=7), autosave=False)
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            note = app.screen.query_one("#level-note")
            assert DESCRIPTIONS["normal"][:30] in str(note.render())
            app.screen.query_one("#kind2").value = "hard"
            await pilot.pause()
            assert DESCRIPTIONS["hard"][:30] in str(note.render())
            app.screen.query_one("#kind0").focus()  # a person's seat: the note stays
            await pilot.pause()
            assert DESCRIPTIONS["hard"][:30] in str(note.render())
    asyncio.run(run())


def test_the_bot_level_screen_tells_the_highlighted_level():
    async def run():
        app = MareNostrumApp(first_screen=LobbyScreen(tables=[], name="anna"),
                             autosave=False)
        async with app.run_test(size=SMALL) as pilot:
            chosen = []
            screen = BotLevelScreen("Rome: bruno")
            app.push_screen(screen, callback=chosen.append)
            await until(pilot, lambda: app.screen is screen and screen.query("#level-note"))
            note = app.screen.query_one("#level-note")
            assert DESCRIPTIONS["normal"][:30] in str(note.render())
            await pilot.press("down")
            assert DESCRIPTIONS["hard"][:30] in str(note.render())
            await pilot.press("enter")
            await pilot.pause()
            assert chosen == ["hard"]
    asyncio.run(run())
