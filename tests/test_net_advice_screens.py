"""Hints and reviews at a game server as a player meets them (80 x 24): the create-table
option, the lobby that says which tables offer hints, h at a decision of such a table and
the review of a finished table from its replay, against a real server."""

from __future__ import annotations

import asyncio

from textual.widgets import Checkbox

from tests.net_helpers import player, running
from tests.test_net_advice import _finished_table
from tests.test_tui_fixtures import settle
from tests.waiting import on_top_and_focused, settled, until
from tui.app import MareNostrumApp
from tui.decisions import DecisionScreen
from tui.net import protocol as p
from tui.net.handlers.advice import AdviceLimits
from tui.net.protocol import SeatInfo, TableInfo
from tui.net.words import table_summary
from tui.screens import create_table
from tui.screens.hint import HintScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.replay import ReplayScreen
from tui.screens.review import ReviewScreen

SMALL = (80, 24)


def _tables() -> list[TableInfo]:
    return [
        TableInfo(id=1, creator="anna", setup="predetermined", turn=3, phase="construction",
                  pending=2, hints=True, seats=[
                      SeatInfo(civ="rome", kind="remote", name="anna", taken=True,
                               connected=True, mine=True),
                      SeatInfo(civ="carthage", kind="remote", name="bruno", taken=True,
                               connected=True),
                      SeatInfo(civ="egypt", kind="hard")]),
        TableInfo(id=2, creator="bruno", setup="free", options=["long game"], turn=1,
                  phase="setup", pending=0, seats=[
                      SeatInfo(civ="greece", kind="remote"),
                      SeatInfo(civ="babylon", kind="remote", name="bruno", taken=True,
                               connected=True),
                      SeatInfo(civ="atlantis", kind="normal")]),
    ]


def test_the_lobby_says_which_tables_offer_hints(snap_compare):
    one, two = _tables()
    assert "· hints ·" in table_summary(one) and "hints" not in table_summary(two)
    app = MareNostrumApp(first_screen=LobbyScreen(tables=_tables(), name="anna"),
                         autosave=False)
    assert snap_compare(app, terminal_size=SMALL)


async def _create_form(pilot) -> create_table.CreateTableScreen:
    screen = create_table.CreateTableScreen()
    pilot.app.push_screen(screen, pilot.app.created.append)
    await settle(pilot, lambda: on_top_and_focused(pilot.app, screen))
    return screen


def _create_app(monkeypatch) -> MareNostrumApp:
    monkeypatch.setattr(create_table, "_levels", lambda: ["easy", "normal", "hard"])
    app = MareNostrumApp(first_screen=LobbyScreen(tables=[], name="anna"), autosave=False)
    app.created = []  # type: ignore[attr-defined]
    return app


def test_create_table_offers_hints_off_by_default(snap_compare, monkeypatch):
    """The option is the form's last line; ticked here."""
    app = _create_app(monkeypatch)

    async def run_before(pilot):
        screen = await _create_form(pilot)
        box = screen.query_one("#hints", Checkbox)
        assert not box.value  # off unless the creator chooses it
        box.focus()
        await pilot.press("space")
        await until(pilot, lambda: box.value, what="hints ticked")
        await settled(pilot)

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_create_table_sends_the_hints_option(monkeypatch):
    app = _create_app(monkeypatch)

    async def go():
        async with app.run_test(size=SMALL) as pilot:
            screen = await _create_form(pilot)
            await pilot.press("ctrl+s")
            await until(pilot, lambda: app.created, what="the table asked for")
            screen = await _create_form(pilot)
            screen.query_one("#hints", Checkbox).value = True
            await pilot.press("ctrl+s")
            await until(pilot, lambda: len(app.created) == 2, what="the second table")
        return app.created

    plain, hinted = asyncio.run(go())
    assert isinstance(plain, p.CreateTable) and not plain.hints and hinted.hints


def test_h_at_a_servers_table_shows_the_servers_hint(data):
    """Anna sits at a table that offers hints; at her decision h opens the hint, worked out
    on the server from her seat's view."""
    shown: list = []

    async def go():
        async with running(data, advice=AdviceLimits(rounds=2)) as server:
            creator = await player(server, "SHA256:anna", "anna")
            creator.send(p.CreateTable(civs=["rome", "greece", "egypt"],
                                       seats=["remote", "greedy", "greedy"], hints=True))
            tid = (await creator.expect(p.Created)).table
            creator.close()

            async def connect():
                return await player(server, "SHA256:anna", "anna")

            app = MareNostrumApp(first_screen=LobbyScreen(connect, table=tid),
                                 autosave=False)
            async with app.run_test(size=SMALL) as pilot:
                await settle(pilot, lambda: isinstance(app.screen, DecisionScreen),
                             timeout=60)
                await pilot.press("h")
                hint = await until(pilot, lambda: isinstance(app.screen, HintScreen)
                                   and app.screen.advice is not None and app.screen,
                                   timeout=60, what="the server's hint")
                shown.append((hint.advice, str(hint.query_one("#hint-body").render())))
                await pilot.press("escape")
                await until(pilot, lambda: isinstance(app.screen, DecisionScreen))

    asyncio.run(asyncio.wait_for(go(), 180))
    [(advice, body)] = shown
    assert advice.civ == "rome"
    assert "▶" in body  # the hard player's choice, first


def test_a_player_reviews_a_finished_table_from_its_replay(data):
    """Anna opens the replay of a finished table she played at; r asks the server for the
    review of her own seat (Rome), and its swings are listed."""
    _finished_table(data)
    found: list = []

    async def go():
        async with running(data, advice=AdviceLimits(rounds=1)) as server:
            async def connect():
                return await player(server, "SHA256:anna", "anna")

            app = MareNostrumApp(first_screen=LobbyScreen(connect, table=1, replay=True),
                                 autosave=False)
            async with app.run_test(size=SMALL) as pilot:
                await until(pilot, lambda: isinstance(app.screen, ReplayScreen), timeout=60,
                            what="the replay")
                await pilot.press("r")
                screen = await until(pilot, lambda: isinstance(app.screen, ReviewScreen)
                                     and app.screen, what="the review screen")
                await until(pilot, lambda: screen.found is not None, timeout=90,
                            what="the server's review")
                found.append((screen.found, str(screen.query_one("#review-title").render())))

    asyncio.run(asyncio.wait_for(go(), 240))
    [(review, title)] = found
    assert review.civ == "rome" and review.judgements
    assert title.startswith("Review — Rome,") and "biggest swings" in title
