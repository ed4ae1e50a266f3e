"""Snapshot tests (pytest-textual-snapshot): every screen and every decision dialog.

The states come from tests/test_tui_fixtures.py (fixed seeds, random bots); regenerate
with `pytest tests/test_tui_snapshots.py --snapshot-update` after a deliberate change, and
look at the SVGs in tests/__snapshots__/.
"""

from __future__ import annotations

import pytest

from engine.replay import Replay
from tests.test_tui_fixtures import (
    WHOLE_GAME,
    decision_session,
    load_session,
    phase_session,
    settle,
)
from tests.waiting import settled
from tui.app import MareNostrumApp
from tui.bridge import SaveInfo
from tui.decisions import DecisionScreen
from tui.screens import new_game as new_game_screen
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.help import HelpScreen
from tui.screens.legend import LegendScreen
from tui.screens.load import LoadScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.pass_keyboard import PassKeyboardScreen
from tui.screens.province import ProvinceScreen
from tui.screens.replay import ReplayScreen
from tui.screens.whole_map import WholeMapScreen
from tui.sessions import local as tui_session

SMALL = (80, 24)
LARGE = (160, 50)


@pytest.fixture(autouse=True)
def _fixed_bot_levels(monkeypatch):
    """The screens name the computer levels and say what each does; pin the levels that
    a player picks from so that a new bot level landing in the engine does not change the
    pictures."""
    levels = ["easy", "normal", "hard"]
    monkeypatch.setattr(tui_session, "default_bot_level", lambda: "normal")
    monkeypatch.setattr(tui_session, "available_bot_levels", lambda: list(levels))
    monkeypatch.setattr(new_game_screen, "default_bot_level", lambda: "normal")
    monkeypatch.setattr(new_game_screen, "available_bot_levels", lambda: list(levels))


def game_app(session, **kw) -> MareNostrumApp:
    return MareNostrumApp(session=session, bot_delay=0, autosave=False, **kw)


def top_is(app, cls):
    """The screen on top is a `cls`, and its key bar is there."""
    return lambda: isinstance(app.screen, cls) and bool(app.screen.query("KeyBar"))


async def open_decision(pilot) -> None:
    await settle(pilot, top_is(pilot.app, DecisionScreen))


async def board_only(pilot) -> None:
    """Wait for the pending decision, then put it away to see the board."""
    await open_decision(pilot)
    await pilot.press("v")
    await settle(pilot, top_is(pilot.app, GameScreen))
    await settled(pilot)


# --- screens -----------------------------------------------------------------------------
def test_title(snap_compare):
    assert snap_compare(MareNostrumApp(seed=7, autosave=False), terminal_size=SMALL)


def test_too_small(snap_compare):
    assert snap_compare(MareNostrumApp(seed=7, autosave=False), terminal_size=(60, 20))


def test_new_game(snap_compare):
    app = MareNostrumApp(first_screen=NewGameScreen(seed=7), autosave=False)
    assert snap_compare(app, terminal_size=(80, 30))


def test_new_game_error(snap_compare):
    """Two seats with the same civilization: the engine's reason is shown."""
    app = MareNostrumApp(first_screen=NewGameScreen(seed=7), autosave=False)

    async def run_before(pilot):
        screen = pilot.app.screen
        screen.query_one("#civ1").value = "rome"
        await pilot.pause()
        screen.action_start()
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 30), run_before=run_before)


def test_game_main(snap_compare):
    assert snap_compare(game_app(phase_session("ConstructionTurn")), terminal_size=SMALL,
                        run_before=board_only)


def test_game_main_large(snap_compare):
    s = phase_session("GroundTurn")
    assert snap_compare(game_app(s), terminal_size=LARGE, run_before=board_only)


def test_game_main_wide(snap_compare):
    s = phase_session("MakeOffering")
    assert snap_compare(game_app(s), terminal_size=(120, 30), run_before=board_only)


def test_game_main_tall(snap_compare):
    s = phase_session("MakeOffering")
    assert snap_compare(game_app(s), terminal_size=(80, 40), run_before=board_only)


@pytest.mark.parametrize("key,pane", [("2", "hand"), ("3", "roles"), ("4", "gods"),
                                      ("5", "log")])
def test_game_pane(snap_compare, key, pane):
    s = phase_session("ConstructionTurn")

    async def run_before(pilot):
        await board_only(pilot)
        await pilot.press(key)
        await settled(pilot)

    assert snap_compare(game_app(s), terminal_size=SMALL, run_before=run_before)


def test_province_detail(snap_compare):
    s = phase_session("GroundTurn")

    async def run_before(pilot):
        await board_only(pilot)
        await pilot.press("right", "down", "enter")
        await settle(pilot, top_is(pilot.app, ProvinceScreen))

    assert snap_compare(game_app(s), terminal_size=SMALL, run_before=run_before)


def test_pass_keyboard(snap_compare):
    app = MareNostrumApp(first_screen=PassKeyboardScreen("greece", "Anna"), autosave=False)
    assert snap_compare(app, terminal_size=SMALL)


def test_help(snap_compare):
    assert snap_compare(MareNostrumApp(first_screen=HelpScreen(), autosave=False),
                        terminal_size=SMALL)


def test_load(snap_compare):
    saves = [SaveInfo(path=__import__("pathlib").Path(f"/saves/{n}.json"), name=n)
             for n in ("game-7", "hot-seat-with-anna", "demo-3-players")]
    app = MareNostrumApp(first_screen=LoadScreen(saves=saves, where="saves/"),
                         autosave=False)
    assert snap_compare(app, terminal_size=SMALL)


def test_game_over(snap_compare):
    s = load_session(WHOLE_GAME, humans=[0])
    assert snap_compare(game_app(s), terminal_size=SMALL,
                        run_before=lambda pilot: settle(pilot, top_is(pilot.app,
                                                                      GameOverScreen)))


def _replay_data() -> Replay:
    return load_session(WHOLE_GAME, humans=[0]).replay()


def test_replay(snap_compare):
    data = _replay_data()
    app = MareNostrumApp(replay=(data, data.step_of_turn(4) + 5), autosave=False)
    assert snap_compare(app, terminal_size=SMALL)


def test_replay_large(snap_compare):
    data = _replay_data()
    app = MareNostrumApp(replay=(data, data.step_of_turn(6)), autosave=False)

    async def run_before(pilot):
        await settle(pilot, top_is(pilot.app, ReplayScreen))
        await pilot.press("right", "right", "right")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(160, 44), run_before=run_before)


# --- decisions ---------------------------------------------------------------------------
DECISIONS = [
    "ChooseCapital", "FreeSetupTurn", "ChooseRoleHolder", "AnnounceTrade", "ChooseTradeOffer",
    "TakeTradeCard", "GiveBalancingCard", "NamePlayer", "MakeOffering", "ConstructionTurn",
    "PlaceFree", "KeepCommodities", "NavalTurn", "GroundTurn", "ChooseOpponent",
    "ChooseLosses", "ChooseConquest", "GreekBlockade", "Reaction",
]


@pytest.mark.parametrize("kind", DECISIONS)
def test_decision(snap_compare, kind):
    s = decision_session(kind)
    assert snap_compare(game_app(s), terminal_size=SMALL, run_before=open_decision)


def test_trade_offer_chosen(snap_compare):
    """The card picker after choosing some cards."""
    s = decision_session("ChooseTradeOffer")

    async def run_before(pilot):
        await open_decision(pilot)
        await pilot.press("right", "down", "right", "right")
        await pilot.pause()

    assert snap_compare(game_app(s), terminal_size=SMALL, run_before=run_before)


def test_offering_payment(snap_compare):
    s = phase_session("MakeOffering")

    async def run_before(pilot):
        await open_decision(pilot)
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(game_app(s), terminal_size=SMALL, run_before=run_before)


def test_construction_payment(snap_compare):
    s = phase_session("ConstructionTurn")

    async def run_before(pilot):
        await open_decision(pilot)
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(game_app(s), terminal_size=SMALL, run_before=run_before)


def test_construction_illegal(snap_compare):
    """A hero the player cannot pay for: the engine's reason is shown."""
    s = phase_session("ConstructionTurn")

    async def run_before(pilot):
        await open_decision(pilot)
        await pilot.press("end", "up", "enter")
        await pilot.pause()

    assert snap_compare(game_app(s), terminal_size=SMALL, run_before=run_before)


def test_construction_kind_lacking(snap_compare):
    """Issue 30, point 8: a kind of item the player cannot buy now is listed with what it
    lacks (a temple: a set of 6), and its preview says its cost, supply and places."""
    s = phase_session("ConstructionTurn")

    async def run_before(pilot):
        await open_decision(pilot)
        await pilot.press(*["down"] * 7)
        await pilot.pause()

    assert snap_compare(game_app(s), terminal_size=SMALL, run_before=run_before)


def test_construction_large(snap_compare):
    assert snap_compare(game_app(phase_session("ConstructionTurn")), terminal_size=LARGE,
                        run_before=open_decision)


def test_move_composer(snap_compare):
    s = phase_session("GroundTurn")

    async def run_before(pilot):
        await open_decision(pilot)
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("space")
        await pilot.pause()

    assert snap_compare(game_app(s), terminal_size=SMALL, run_before=run_before)


def test_title_ansi_theme(snap_compare):
    assert snap_compare(MareNostrumApp(seed=7, theme="ansi", autosave=False),
                        terminal_size=SMALL)


def test_game_high_contrast(snap_compare):
    s = phase_session("ConstructionTurn")
    assert snap_compare(game_app(s, theme="high-contrast"), terminal_size=SMALL,
                        run_before=board_only)


def test_game_ansi(snap_compare):
    s = phase_session("ConstructionTurn")
    assert snap_compare(game_app(s, theme="ansi"), terminal_size=SMALL,
                        run_before=board_only)


# --- the map's legend and the whole map while a dialog waits ------------------------------
@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "160x50"])
def test_legend(snap_compare, size):
    """The legend (l on the board), written from the map's table of marks; a battle is
    waiting in Iudaea (war)."""
    s = decision_session("ChooseOpponent")

    async def run_before(pilot):
        await board_only(pilot)
        await pilot.press("l")
        await settle(pilot, top_is(pilot.app, LegendScreen))
        await settled(pilot)

    assert snap_compare(game_app(s), terminal_size=size, run_before=run_before)


def test_whole_map(snap_compare):
    """1 in a dialog at 80 columns: the whole map (Iudaea at war), the dialog waiting."""
    s = decision_session("ChooseOpponent")

    async def run_before(pilot):
        await open_decision(pilot)
        await pilot.press("1")
        await settle(pilot, top_is(pilot.app, WholeMapScreen))
        await settled(pilot)

    assert snap_compare(game_app(s), terminal_size=SMALL, run_before=run_before)
