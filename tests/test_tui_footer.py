"""Every key meant to be shown is in the key bar in full at 80x24, on every main screen
(the game is played over SSH in small terminals: a key cut off is a key nobody knows)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.test_tui_fixtures import (
    WHOLE_GAME,
    decision_session,
    dialog_open,
    load_session,
    settle,
)
from tests.waiting import settled, until
from tui.app import MareNostrumApp
from tui.bridge import SaveInfo
from tui.decisions.base import DecisionScreen
from tui.screens.game import GameScreen
from tui.widgets.keybar import KeyBar, keys_text

SMALL = (80, 24)


def footer_line(app) -> str:
    return app.screen._compositor.render_strips()[-1].text


def shown_keys(app) -> list[str]:
    """'keys description' of every binding the screen means to show (enabled, shown)."""
    screen = app.screen
    palette = app.COMMAND_PALETTE_BINDING
    out = []
    for entry in screen.query_one(KeyBar).entries():
        out.append(keys_text(entry.keys) + " " + entry.description)
    described = {entry.description for entry in screen.query_one(KeyBar).entries()}
    by_action: dict[str, set[str]] = {}  # the bar shows one entry per action
    for _node, binding, enabled, _tip in screen.active_bindings.values():
        if binding.show and enabled and binding.key != palette:
            desc = binding.group.description if binding.group else binding.description
            by_action.setdefault(binding.action, set()).add(desc)
    for action, descs in by_action.items():
        assert descs & described, f"{action} ({descs}) is not in the key bar"
    return out


def assert_fits(app, where: str) -> str:
    line = footer_line(app)
    assert len(line.rstrip()) <= SMALL[0]
    for entry in shown_keys(app):
        assert entry in line, f"{where}: {entry!r} is cut from the key bar: {line!r}"
    return line


def run(app, steps) -> None:
    async def go():
        async with app.run_test(size=SMALL) as pilot:
            await settled(pilot)
            await steps(pilot)
    asyncio.run(go())


def on_first(screen, *, also=None):
    app = MareNostrumApp(first_screen=screen, autosave=False)

    async def steps(pilot):
        assert_fits(pilot.app, type(screen).__name__)
        if also:
            await also(pilot)
    run(app, steps)


def test_title():
    app = MareNostrumApp(seed=7, autosave=False)

    async def steps(pilot):
        assert_fits(app, "title")
    run(app, steps)


def test_new_game_load_help_pass_keyboard():
    from tui.screens.help import HelpScreen
    from tui.screens.load import LoadScreen
    from tui.screens.new_game import NewGameScreen
    from tui.screens.pass_keyboard import PassKeyboardScreen
    on_first(NewGameScreen(seed=7))
    on_first(HelpScreen())
    on_first(PassKeyboardScreen("greece", "Anna"))
    saves = [SaveInfo(path=Path(f"/saves/{n}.json"), name=n) for n in ("a", "b")]
    on_first(LoadScreen(saves=saves, where="saves/"))


def test_lobby_create_table_and_bot_level():
    from tui.screens.bot_level import BotLevelScreen
    from tui.screens.create_table import CreateTableScreen
    from tui.screens.lobby import LobbyScreen

    async def more(pilot):
        for screen in (CreateTableScreen(), BotLevelScreen("Rome: bruno")):
            pilot.app.push_screen(screen)
            await until(pilot, lambda: pilot.app.screen is screen and screen.is_mounted)  # noqa: B023
            await settled(pilot)
            assert_fits(pilot.app, type(screen).__name__)
    on_first(LobbyScreen(tables=[], name="anna"), also=more)


@pytest.mark.parametrize("kind", ["ConstructionTurn", "GroundTurn", "NamePlayer",
                                  "ChooseTradeOffer", "ChooseLosses", "FreeSetupTurn",
                                  "MakeOffering", "GreekBlockade"])
def test_decision_and_game_screen(kind):
    """The decision's dialog, then the board (the map, then a pane focused), the card
    browser and a province's detail."""
    app = MareNostrumApp(session=decision_session(kind), bot_delay=0, autosave=False)

    async def steps(pilot):
        await settle(pilot, lambda: isinstance(app.screen, DecisionScreen))
        await settled(pilot)
        assert_fits(app, kind)
        await pilot.press("v")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        line = assert_fits(app, "game screen")
        # how to act, undo, open the cards and get help, at a glance
        for words in ("d Decide", "ndo", "c Cards", "1-6 Panes", "? Help"):
            assert words in line
        if kind != "ConstructionTurn":
            return
        await pilot.press("2")
        await settled(pilot)
        assert_fits(app, "game screen, hand pane")
        await pilot.press("1", "c")
        await until(pilot, lambda: not isinstance(app.screen, GameScreen), what="the cards")
        await settled(pilot)
        assert_fits(app, "card browser")
        await pilot.press("escape", "enter")
        await until(pilot, lambda: not isinstance(app.screen, GameScreen), what="a province")
        await settled(pilot)
        assert_fits(app, "province")
    run(app, steps)


def test_game_over_and_replay():
    from tui.screens.game_over import GameOverScreen
    from tui.screens.replay import ReplayScreen
    app = MareNostrumApp(session=load_session(WHOLE_GAME, humans=[0]), bot_delay=0,
                         autosave=False)

    async def steps(pilot):
        await settle(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert_fits(app, "game over")
        await pilot.press("r")
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await settled(pilot)
        assert_fits(app, "replay")
    run(app, steps)


@pytest.mark.parametrize("mine", [True, False], ids=["deciding", "waiting"])
def test_a_remote_table(mine):
    """At a server's table the key bar adds talk and the way back to the lobby."""
    from tests.test_net_lobby import _remote_app, _update
    app, _, _ = _remote_app(_update("construction", mine=mine))

    async def steps(pilot):
        if isinstance(app.screen, DecisionScreen):
            assert_fits(app, "remote decision")
            await pilot.press("v")
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            await settled(pilot)
        line = assert_fits(app, "remote game screen")
        for words in ("d Decide", "ndo", "c Cards", "t Talk", "esc Lobby", "? Help"):
            assert words in line
    run(app, steps)


# --- the screens whose keys changed, at 80x24 and 160x50 ------------------------------------
SIZES = [(80, 24), (160, 50)]
IDS = ["80x24", "160x50"]


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_remote_board_keys(snap_compare, size):
    """A player's board at a server's table, the dialog put away: talk, lobby, undo."""
    from tests.test_net_lobby import _remote_app, _update
    app, _, _ = _remote_app(_update("construction", mine=True))

    async def run_before(pilot):
        await until(pilot, lambda: dialog_open(pilot.app), what="the dialog")
        await pilot.press("v")
        await until(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
        await settled(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_province_keys(snap_compare, size):
    from tests.test_tui_fixtures import phase_session
    from tui.screens.province import ProvinceScreen
    app = MareNostrumApp(session=phase_session("ConstructionTurn"), bot_delay=0,
                         autosave=False)

    async def run_before(pilot):
        await settle(pilot, lambda: isinstance(app.screen, DecisionScreen))
        await pilot.press("v")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, ProvinceScreen))

    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_help_large(snap_compare):
    from tui.screens.help import HelpScreen
    assert snap_compare(MareNostrumApp(first_screen=HelpScreen(), autosave=False),
                        terminal_size=(160, 50))
