"""The lobby's records at 80x24 (p): a player's rated games, wins by civilization, average
length and rating, and the table of the best rated, whose rows open their player's record."""

from __future__ import annotations

import asyncio

from tests.test_tui_fixtures import settle
from tests.waiting import until
from tui.app import MareNostrumApp
from tui.net import protocol as p
from tui.screens.lobby import LobbyScreen
from tui.screens.profile import ProfileScreen, profile_text

SMALL = (80, 24)

ANNA = p.Profile(name="anna", mine=True, games=7, wins=3, turns=14.4, mu=29.12, sigma=3.05,
                 rating=19.97, rank=2, civs=[p.CivGames(civ="rome", games=4, wins=2),
                                             p.CivGames(civ="egypt", games=2, wins=1),
                                             p.CivGames(civ="carthage", games=1, wins=0)])
LEADERS = [
    p.Profile(name="bruno", games=12, wins=6, turns=15.0, mu=31.40, sigma=2.61,
              rating=23.57, rank=1),
    ANNA,
    p.Profile(name="Chiara Lombardi", games=9, wins=2, turns=13.1, mu=25.83, sigma=2.90,
              rating=17.13, rank=3),
    p.Profile(name="dmitri", games=3, wins=1, turns=16.7, mu=27.02, sigma=5.47,
              rating=10.61, rank=4),
    p.Profile(name="eve", games=2, wins=0, turns=12.5, mu=21.66, sigma=6.10,
              rating=3.36, rank=5),
]


def _over_lobby(screen: ProfileScreen):
    app = MareNostrumApp(first_screen=LobbyScreen(tables=[], name="anna"), autosave=False)

    async def run_before(pilot):
        pilot.app.push_screen(screen)
        await settle(pilot, lambda: pilot.app.screen is screen and screen.is_mounted)

    return app, run_before


def test_my_record_and_the_best_rated(snap_compare):
    app, run_before = _over_lobby(ProfileScreen(profile=ANNA, leaders=LEADERS))
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_a_new_player_on_a_server_where_nobody_is_rated(snap_compare):
    app, run_before = _over_lobby(ProfileScreen(profile=p.Profile(name="anna", mine=True),
                                                leaders=[]))
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_the_words_of_a_record():
    assert profile_text(ANNA).splitlines() == [
        "Your record: rating 20.0 (skill 29.1 ± 3.0), 2nd of the best rated",
        "7 games, 3 won; on average 14.4 turns long",
        "Rome 4 games, 2 won · Egypt 2 games, 1 won · Carthage 1 game, 0 won"]
    other = profile_text(LEADERS[0])
    assert other.startswith("The record of bruno: rating 23.6")


def test_p_asks_the_server_and_a_row_opens_its_players_record():
    async def go():
        app = MareNostrumApp(first_screen=LobbyScreen(tables=[], name="anna"), autosave=False)
        sent: list[p.Msg] = []
        async with app.run_test(size=SMALL) as pilot:
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            lobby.send = sent.append  # type: ignore[method-assign]  (no server here)
            await pilot.press("p")
            await until(pilot, lambda: isinstance(app.screen, ProfileScreen), what="records")
            screen = app.screen
            assert sent == [p.GetProfile(), p.GetLeaders()]
            lobby.receive(p.Leaders(leaders=LEADERS))  # the server's answers, via the lobby
            lobby.receive(ANNA)
            await until(pilot, lambda: screen.leaders == LEADERS and screen.profile == ANNA)
            await pilot.press("down", "down", "enter")  # bruno, anna, Chiara Lombardi
            await until(pilot, lambda: len(sent) == 3, what="a record asked for")
            lobby.receive(LEADERS[2])
            await until(pilot, lambda: screen.profile == LEADERS[2])
            await pilot.press("m")  # back to one's own
            await until(pilot, lambda: len(sent) == 4, what="my record asked for")
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is lobby, what="the lobby again")
        return sent

    sent = asyncio.run(go())
    assert sent[2:] == [p.GetProfile(name="Chiara Lombardi"), p.GetProfile(),
                        p.ListTables()]  # the lobby again: its list anew
