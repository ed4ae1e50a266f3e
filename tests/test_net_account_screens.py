"""The open server's screens at 80x24: a new key claims its name, the link code on the
first key's screen, this key's settings with the terminal check, a private table's invite
code; and the lobby listing a private table."""

from __future__ import annotations

from tests.test_tui_fixtures import settle
from tests.waiting import settled, until
from tui.app import MareNostrumApp
from tui.net import protocol as p
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
        # on top and laid out (a loaded machine lays a new screen out late)
        await settle(pilot, lambda: pilot.app.screen is screen and screen.is_mounted)

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


def test_settings_with_notices_while_away(snap_compare):
    """An e-mail address waiting for its code, and a push address."""
    contact = p.Contact(email="anna@example.org", push="ntfy://ntfy.sh/anna-games", mail=True)
    app, run_before = _over_lobby(SettingsScreen(Settings(), contact=contact))
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_the_settings_screen_sends_where_to_be_told_while_away():
    import asyncio

    async def go(contact, typed: dict[str, str]):
        sent: list = []
        app = MareNostrumApp(first_screen=LobbyScreen(tables=[], name="anna"), autosave=False)
        async with app.run_test(size=SMALL) as pilot:
            screen = SettingsScreen(Settings(), contact=None, send=sent.append)
            app.push_screen(screen)
            await until(pilot, lambda: app.screen is screen and screen.is_mounted)
            screen.show_contact(contact)  # the server's answer comes after the screen
            await settled(pilot)
            for field, text in typed.items():
                screen.query_one(f"#{field}").focus()
                await pilot.press(*text)
            await pilot.press("ctrl+s")
            await until(pilot, lambda: app.screen is not screen, what="the screen closed")
        return sent

    waiting = p.Contact(email="anna@example.org", mail=True)
    assert asyncio.run(go(waiting, {"code": "k7qxm2pa"})) == [p.ConfirmEmail(code="k7qxm2pa")]
    assert asyncio.run(go(p.Contact(mail=True), {"push": "ntfy://n.example.org/a"})) == [
        p.SetContact(email="", push="ntfy://n.example.org/a")]
    assert asyncio.run(go(None, {})) == []  # before the server said: nothing is changed


def test_the_lobby_asks_for_the_contact_and_the_open_settings_show_its_answer():
    import asyncio

    from textual.widgets import Input

    async def go():
        sent: list = []
        lobby = LobbyScreen(tables=[], name="anna")
        lobby.send = sent.append  # type: ignore[method-assign]
        app = MareNostrumApp(first_screen=lobby, autosave=False)
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, lambda: app.screen is lobby and lobby.is_mounted)
            lobby.welcomed(p.Welcome(identity="SHA256:anna", name="anna",
                                     settings=Settings()))
            await pilot.press("s")
            screen = await until(pilot, lambda: isinstance(app.screen, SettingsScreen)
                                 and app.screen.is_mounted and app.screen)
            assert screen.query_one("#email", Input).disabled  # until the server says
            lobby.receive(p.Contact(email="anna@example.org", mail=True,
                                    said="A code was sent to anna@example.org: type it in "
                                         "Settings (s) to confirm the address."))
            await settled(pilot)
            assert screen.query_one("#email", Input).value == "anna@example.org"
            assert screen.query_one("#code-row").display
            return sent

    assert p.GetContact() in asyncio.run(go())


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
            screen = SettingsScreen(Settings(theme="ansi", glyphs="ascii"))
            app.push_screen(screen, got.append)
            await until(pilot, lambda: app.screen is screen and screen.is_mounted)
            await pilot.press("ctrl+s")
            await until(pilot, lambda: got, what="the settings returned")
        return got

    assert asyncio.run(go()) == [Settings(theme="ansi", glyphs="ascii", notifications=True)]


def test_ascii_map_glyphs():
    """The ASCII setting: the map draws its borders with ASCII characters only."""
    import asyncio

    from tui.widgets.map import MapView

    from .test_net_lobby import _remote_app, _update

    async def go(ascii_only: bool) -> str:
        app, _, _ = _remote_app(_update("construction", mine=False))
        app.ascii_map = ascii_only
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, lambda: app.screen.query(MapView), what="the map")
            await settled(pilot)
            return "".join(s.text for line in app.screen.query_one(MapView)._build()
                           for s in line)

    assert "│" in asyncio.run(go(False))
    drawn = asyncio.run(go(True))
    assert drawn.isascii() and "|" in drawn


def test_players_mute_the_spectators_channel():
    from tui.net.protocol import ChatLine
    from tui.sessions.remote import RemoteSession

    sent, heard = [], []
    remote = RemoteSession(1, sent.append)
    remote.subscribe(lambda what, detail: heard.append(detail))
    remote.chat_line(ChatLine(table=1, name="carla", text="go rome", at="",
                              channel="spectators"))
    remote.chat("/mute")
    remote.chat_line(ChatLine(table=1, name="carla", text="again", at="", channel="spectators"))
    remote.chat_line(ChatLine(table=1, name="bruno", text="hi", at=""))
    remote.chat(" /UNMUTE ")
    remote.chat_line(ChatLine(table=1, name="carla", text="back", at="", channel="spectators"))
    assert sent == []  # the commands stay here
    assert [(d.who, d.text) for d in heard if d.who != "note"] == [
        ("carla (watching)", "go rome"), ("bruno", "hi"), ("carla (watching)", "back")]
