"""The open server's screens at 80x24: a new key claims its name, the link code on the
first key's screen, this key's settings with the terminal check, a private table's invite
code; and the lobby listing a private table."""

from __future__ import annotations

from tui.app import MareNostrumApp
from tui.net.protocol import SeatInfo, TableInfo
from tui.net.settings import Settings, suggest
from tui.screens.account import InviteScreen, LinkCodeScreen, NameClaimScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.settings import SettingsScreen

SMALL = (80, 24)


def _over_lobby(screen, name: str = "anna"):
    app = MareNostrumApp(first_screen=LobbyScreen(tables=[], name=name), autosave=False)

    async def run_before(pilot):
        pilot.app.push_screen(screen)
        await pilot.pause(0.2)

    return app, run_before


def test_name_claim(snap_compare):
    app, run_before = _over_lobby(NameClaimScreen("the name 'Anna' is taken: choose another"),
                                  name="")
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_link_code(snap_compare):
    app, run_before = _over_lobby(LinkCodeScreen("K7QX-M2PA", 10))
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_settings_with_the_terminal_check(snap_compare):
    settings, notes = suggest("linux", "", 72, 22)
    app, run_before = _over_lobby(SettingsScreen(settings, notes))
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_invite_code(snap_compare):
    app, run_before = _over_lobby(InviteScreen())
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_lobby_with_a_private_table(snap_compare):
    tables = [TableInfo(id=3, creator="anna", setup="predetermined", turn=2, phase="trade",
                        pending=1, private=True, spectators=False, invite="K7QXM2PA", seats=[
                            SeatInfo(civ="rome", kind="remote", name="anna", taken=True,
                                     connected=True, mine=True),
                            SeatInfo(civ="greece", kind="remote", name="bruno", taken=True,
                                     connected=True)])]
    app = MareNostrumApp(first_screen=LobbyScreen(tables=tables, name="anna"), autosave=False)
    assert snap_compare(app, terminal_size=SMALL)


def test_settings_screen_returns_the_choice():
    import asyncio

    async def go():
        got = []
        app = MareNostrumApp(first_screen=LobbyScreen(tables=[], name="anna"), autosave=False)
        async with app.run_test(size=SMALL) as pilot:
            app.push_screen(SettingsScreen(Settings(theme="ansi", glyphs="ascii")), got.append)
            await pilot.pause(0.1)
            await pilot.press("ctrl+s")
            await pilot.pause(0.1)
        return got

    assert asyncio.run(go()) == [Settings(theme="ansi", glyphs="ascii", notifications=True)]
