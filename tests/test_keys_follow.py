"""The key bar follows what each key can do now: in the lobby (for a player, a table's
creator, a guest), at a server's table (a player waiting, a watcher) and in a list with
nothing to choose. A key that would do nothing is not shown; one that cannot act now is
dim. A refusal under the lobby's list leaves when the cursor moves or its table changes."""

from __future__ import annotations

import asyncio

import msgspec
import pytest

from tests.test_net_lobby import _remote_app, _tables, _update
from tests.test_tui_fixtures import dialog_open
from tests.waiting import settled, until
from tui.app import MareNostrumApp
from tui.net import protocol as p
from tui.net.protocol import SeatInfo, TableInfo
from tui.screens import lobby_keys as keys
from tui.screens.game import GameScreen
from tui.screens.lobby import LobbyScreen
from tui.widgets.keybar import KeyBar

SMALL = (80, 24)
GUEST = p.Welcome(identity="guest:1a2b3c", name="guest-1a2b3c", guest=True)


def _bar(app) -> dict[str, bool]:
    """The key bar's entries: words -> dim."""
    return {f"{e.keys[0][1]} {e.description}": e.dimmed
            for e in app.screen.query_one(KeyBar).entries()}


def _table(**kw) -> TableInfo:
    seats = kw.pop("seats", [
        SeatInfo(civ="rome", kind="remote", name="anna", taken=True, connected=True,
                 mine=True),
        SeatInfo(civ="carthage", kind="remote", name="bruno", taken=True),
        SeatInfo(civ="egypt", kind="greedy")])
    return TableInfo(id=kw.pop("id", 1), creator="anna", setup="predetermined", seats=seats,
                     **kw)


# --- what Enter and b do at a table ---------------------------------------------------------
def test_enter_sits_goes_back_watches_or_replays():
    mine = _table()
    assert keys.enter_plan(mine, False) == keys.EnterPlan(keys.BACK, 0)
    free = _tables()[1]
    assert keys.enter_plan(free, False) == keys.EnterPlan(keys.SIT, 0)
    full = _table(seats=[SeatInfo(civ="rome", kind="remote", name="carla", taken=True),
                         SeatInfo(civ="carthage", kind="greedy")])
    assert keys.enter_plan(full, False).kind == keys.WATCH  # no seat left: Enter watches
    assert keys.enter_plan(free, True).kind == keys.WATCH  # a guest watches
    assert keys.enter_plan(_table(status="over"), True).kind == keys.REPLAY


def test_a_table_without_spectators_is_watched_by_its_players_only():
    closed = msgspec.structs.replace(_tables()[1], spectators=False)
    assert keys.watch_refusal(closed) == "Table 2 has no spectators: only its players see it."
    assert keys.watch_refusal(_table(spectators=False)) is None  # anna sits there
    assert keys.watch_refusal(msgspec.structs.replace(closed, status="over")) is None


def test_b_for_the_creator_a_voter_and_nobody_else():
    absent = _table(yours=True)  # bruno is disconnected
    assert keys.hand_over_plan(absent, False) == keys.HandOverPlan(keys.TO_COMPUTER, 1)
    assert keys.hand_over_plan(_table(), False) is None  # not the creator: nothing to do
    assert keys.hand_over_plan(absent, True) is None  # a guest hands nothing over
    kept = _table(yours=True, seats=[
        SeatInfo(civ="rome", kind="remote", name="anna", taken=True, connected=True,
                 mine=True),
        SeatInfo(civ="carthage", kind="normal", name="bruno", taken=True)])
    assert keys.hand_over_plan(kept, False) == keys.HandOverPlan(keys.GIVE_BACK, 1)
    here = _table(yours=True, seats=[
        SeatInfo(civ="rome", kind="remote", name="anna", taken=True, connected=True,
                 mine=True),
        SeatInfo(civ="carthage", kind="remote", name="bruno", taken=True, connected=True)])
    assert keys.hand_over_plan(here, False) is None  # everybody is here
    late = _table(pending=1, left=0.0, votes_needed=1)  # bruno out of time, creator away
    late.creator = "carla"
    assert keys.hand_over_plan(late, False) == keys.HandOverPlan(keys.VOTE, 1)
    assert keys.hand_over_plan(_table(status="over", yours=True), False) is None


# --- the lobby as each of them sees it --------------------------------------------------------
def _lobby(tables, *, welcome: p.Welcome | None = None, steps=()):
    """The lobby's key bar and message after `steps` (keys pressed, or callables)."""
    screen = LobbyScreen(tables=tables, name="anna")
    app = MareNostrumApp(first_screen=screen, autosave=False)
    seen: list = []

    async def go():
        async with app.run_test(size=SMALL) as pilot:
            await settled(pilot)
            if welcome is not None:
                screen.welcomed(welcome)
            for step in steps:
                if callable(step):
                    step(screen)
                else:
                    await pilot.press(step)
                await settled(pilot)
            seen.append((_bar(app), str(screen.query_one("#lobby-message").render())))
    asyncio.run(go())
    return seen[0]


def test_a_player_sees_enter_say_what_it_does():
    bar, _ = _lobby(_tables())
    assert "⏎ My seat" in bar and "w Watch" in bar and "n New table" in bar
    assert "⏎ Choose" not in bar  # the list's own Enter gives way to the screen's
    assert not any("b " in k for k in bar)  # not the creator: b does nothing here
    bar, _ = _lobby(_tables(), steps=["down"])
    assert "⏎ Sit" in bar


def test_the_creator_sees_b_when_a_seat_is_absent():
    tables = _tables()
    tables[0].yours = True
    bar, _ = _lobby(tables)
    assert "b Seat to computer" in bar
    bar, _ = _lobby(tables, steps=["down"])  # the other table is not anna's
    assert not any(k.startswith("b ") for k in bar)


def test_a_guest_is_offered_watching_only():
    bar, message = _lobby(_tables(), welcome=GUEST)
    assert "⏎ Watch" in bar and "w Watch" in bar
    assert "n New table" not in bar and not any(k.startswith("b ") for k in bar)
    assert "without a key" in message
    bar, _ = _lobby([], welcome=GUEST)
    assert "n New table" not in bar and "↑↓ Move" not in bar  # nothing to move to


def test_a_guest_enter_watches_or_says_why_not():
    sent: list = []
    tables = _tables()
    tables[1].spectators = False

    def wire(screen):
        screen.send = sent.append

    _lobby(tables, welcome=GUEST, steps=[wire, "enter"])
    assert sent == [p.Watch(table=1)]
    sent.clear()
    bar, message = _lobby(tables, welcome=GUEST, steps=[wire, "down", "enter"])
    assert sent == [] and message == "Table 2 has no spectators: only its players see it."
    assert bar["w Watch"] is True  # dim: nobody may watch this table
    _, message = _lobby(tables, welcome=GUEST, steps=[wire, "down", "enter", "up"])
    assert "without a key" in message  # the refusal left with the cursor


def test_the_empty_lobby_tells_each_what_to_do():
    from textual.widgets import OptionList

    def first_line(screen) -> str:
        return str(screen.query_one(OptionList).get_option_at_index(0).prompt)

    for welcome, words in ((None, "press n to create one"),
                           (GUEST, "a player with a key creates one"),
                           (p.Welcome(identity="k", name="", needs_name=True),
                            "choose a name (k)")):
        screen = LobbyScreen(tables=[], name="anna")
        app = MareNostrumApp(first_screen=screen, autosave=False)

        async def go(welcome=welcome, words=words, screen=screen, app=app):
            async with app.run_test(size=SMALL) as pilot:
                await settled(pilot)
                if welcome is not None:
                    screen.guest, screen.unnamed = welcome.guest, welcome.needs_name
                    screen.show_tables([])
                assert words in first_line(screen)
        asyncio.run(go())


def test_a_refusal_leaves_when_its_table_changes():
    tables = _tables()

    def refuse(screen):
        screen.receive(p.Rejected(reason="table 1 has no free seat", table=1))

    def changed(screen):
        screen.show_tables([msgspec.structs.replace(tables[0], turn=4), tables[1]])

    _, message = _lobby(tables, steps=[refuse])
    assert message == "Table 1 has no free seat."
    _, message = _lobby(tables, steps=[refuse, lambda s: s.show_tables(list(tables))])
    assert message == "Table 1 has no free seat."  # the same list: the cause stays
    _, message = _lobby(tables, steps=[refuse, changed])
    assert message.startswith("Enter:")  # its table moved on: the note is back


# --- at a server's table ----------------------------------------------------------------------
@pytest.mark.parametrize("who", ["deciding", "waiting", "watching"])
def test_decide_and_undo_follow_the_seat(who):
    """d Decide shows for the seat that decides, dims while another seat decides, and is
    not there for a watcher; undo is not offered to a watcher."""
    app, _, _ = _remote_app(_update("construction", mine=who == "deciding",
                                    watch=who == "watching"))
    seen: list = []

    async def go():
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, lambda: isinstance(app.screen, GameScreen) or dialog_open(app))
            if who == "deciding":
                await until(pilot, lambda: dialog_open(app), what="the dialog")
                await pilot.press("v")  # the dialog put away: the board
                await until(pilot, lambda: isinstance(app.screen, GameScreen))
            await settled(pilot)
            seen.append(_bar(app))
    asyncio.run(go())
    bar = seen[0]
    if who == "deciding":
        assert bar["d Decide"] is False and ("u Undo" in bar or "u No undo" in bar)
    elif who == "waiting":
        assert bar["d Decide"] is True and ("u Undo" in bar or "u No undo" in bar)
    else:
        assert "d Decide" not in bar and not any(k.startswith("u ") for k in bar)


# --- snapshots of the new states --------------------------------------------------------------
def _lobby_app(tables, welcome=None, steps=()):
    screen = LobbyScreen(tables=tables, name="anna")
    app = MareNostrumApp(first_screen=screen, autosave=False)

    async def run_before(pilot):
        await settled(pilot)
        if welcome is not None:
            screen.welcomed(welcome)
        screen.send = lambda msg: None
        for step in steps:
            await pilot.press(step)
        await settled(pilot)
    return app, run_before


def test_lobby_guest(snap_compare):
    """A guest: Enter watches; a table without spectators says so, its w dim."""
    tables = _tables()
    tables[1].spectators = False
    app, run_before = _lobby_app(tables, GUEST, ["down", "enter"])
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_lobby_creator_hand_over(snap_compare):
    """The creator of a table with an absent player: b shows."""
    tables = _tables()
    tables[0].yours = True
    app, run_before = _lobby_app(tables)
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_lobby_guest_no_tables(snap_compare):
    app, run_before = _lobby_app([], GUEST)
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_remote_board_waiting_keys(snap_compare):
    """A player while another seat decides: d Decide dim."""
    app, _, _ = _remote_app(_update("construction", mine=False))

    async def run_before(pilot):
        await until(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
        await settled(pilot)

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


# --- `mare-nostrum join N` for a table that is not there ---------------------------------------
@pytest.mark.parametrize("how", ["join", "watch", "replay"])
def test_join_a_table_that_does_not_exist(how):
    """The lobby `mare-nostrum join 99` (with --watch, --replay) opens on a real server:
    it says there is no such table, and stays."""
    from tests.net_helpers import cleanup, player, running, short_dir

    d = short_dir()
    seen: list[str] = []

    async def go():
        async with running(d) as server:
            async def connect():
                return await player(server, "SHA256:anna", "anna")

            screen = LobbyScreen(connect, table=99, watch=how == "watch",
                                 replay=how == "replay")
            app = MareNostrumApp(first_screen=screen, autosave=False)
            lists: list = []  # the lists of tables the lobby was given
            shown = screen.show_tables

            def counted(tables: list) -> None:
                lists.append(tables)
                shown(tables)
            screen.show_tables = counted
            async with app.run_test(size=SMALL) as pilot:
                await until(pilot, lambda: "99" in str(
                    screen.query_one("#lobby-message").render()), what="no table 99")
                before = len(lists)
                await pilot.press("r")  # a new list: the table is still not there
                await until(pilot, lambda: len(lists) > before, what="a new list")
                await settled(pilot)
                seen.append(str(screen.query_one("#lobby-message").render()))
    try:
        asyncio.run(go())
    finally:
        cleanup(d)
    assert seen == ["There is no table 99 on this server."]


# --- a dialog's keys ----------------------------------------------------------------------------
def test_my_own_cards_leaves_the_bar_while_choosing_them():
    """The payment dialog: c opens the card picker; while it is open c has nothing more to
    open and leaves the bar; Back brings the suggestions and c again."""
    from tests.test_tui_fixtures import phase_session, settle
    from tui.decisions.base import DecisionScreen, PaymentScreen
    app = MareNostrumApp(session=phase_session("MakeOffering"), bot_delay=0, autosave=False)
    seen: list = []

    async def go():
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, lambda: isinstance(app.screen, DecisionScreen))
            await pilot.press("enter")
            await settle(pilot, lambda: isinstance(app.screen, PaymentScreen))
            await settled(pilot)
            seen.append(_bar(app))
            await pilot.press("c")
            await settled(pilot)
            seen.append(_bar(app))
            await pilot.press("escape")
            await settled(pilot)
            seen.append(_bar(app))
    asyncio.run(go())
    assert "c My own cards" in seen[0]
    assert "c My own cards" not in seen[1] and "esc Back" in seen[1]
    assert "c My own cards" in seen[2]
