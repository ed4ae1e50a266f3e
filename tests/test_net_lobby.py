"""The lobby of a game server (snapshots at 80x24) and how it names seats and tables."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Input

from tests.test_tui_fixtures import dialog_open, settle
from tests.waiting import on_top_and_focused, settled, until
from tui.app import MareNostrumApp
from tui.net.protocol import SeatInfo, TableInfo
from tui.net.words import seat_text, waiting_text
from tui.screens.create_table import CreateTableScreen
from tui.screens.lobby import LobbyScreen

SMALL = (80, 24)
PHASES = Path(__file__).resolve().parent.parent / "saves" / "phases"


def _tables() -> list[TableInfo]:
    return [
        TableInfo(id=1, creator="anna", setup="predetermined", turn=3, phase="construction",
                  pending=2, watchers=1, seats=[
                      SeatInfo(civ="rome", kind="remote", name="anna", taken=True,
                               connected=True, mine=True),
                      SeatInfo(civ="carthage", kind="remote", name="bruno", taken=True),
                      SeatInfo(civ="egypt", kind="greedy")]),
        TableInfo(id=2, creator="bruno", setup="free", options=["long game"], turn=1,
                  phase="setup", pending=0, seats=[
                      SeatInfo(civ="greece", kind="remote"),
                      SeatInfo(civ="babylon", kind="remote", name="bruno", taken=True,
                               connected=True),
                      SeatInfo(civ="atlantis", kind="random")]),
    ]


def test_seat_and_waiting_words():
    t = _tables()[0]
    assert [seat_text(s) for s in t.seats] == [
        "Rome: anna (you)", "Carthage: bruno, disconnected", "Egypt: computer, greedy"]
    assert waiting_text(t, "construction") == \
        "waiting for Egypt (computer, greedy) — construction"
    t.pending = 1
    assert waiting_text(t) == "waiting for Carthage (bruno) — construction"
    t.status, t.winner = "over", "rome"
    assert waiting_text(t) == "game over: Rome won"


def test_lobby(snap_compare):
    app = MareNostrumApp(first_screen=LobbyScreen(tables=_tables(), name="anna"),
                         autosave=False)
    assert snap_compare(app, terminal_size=SMALL)


def test_lobby_create_table(snap_compare, monkeypatch):
    from tui.screens import create_table
    monkeypatch.setattr(create_table, "_levels", lambda: ["easy", "normal", "hard"])
    app = MareNostrumApp(first_screen=LobbyScreen(tables=[], name="anna"), autosave=False)

    async def run_before(pilot):
        screen = CreateTableScreen()
        pilot.app.push_screen(screen)
        # on top and focused (a loaded machine lays a new screen out late)
        await settle(pilot, lambda: on_top_and_focused(pilot.app, screen))

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def _update(phase: str, *, mine: bool, watch: bool = False):
    """A server's update for a seat of a table at a phase save's position: the deciding
    seat (mine), another seat, or a watcher."""
    from engine.game import legal_actions, quotes, view
    from engine.saves import load_save
    from tui.net.protocol import SeatInfo, TableInfo, Update

    state = load_save(PHASES / f"{phase}.json").state
    pending = next(p.seat for p in state.players if p.civ == state.prompt.civ)
    seat = None if watch else pending if mine else (pending + 1) % len(state.players)
    names = ["anna", "bruno", "carla", "dario", "elena", "fabio"]
    info = TableInfo(id=1, creator="anna", setup=state.config.setup, turn=state.turn,
                     phase=state.phase, pending=pending, seats=[
                         SeatInfo(civ=p.civ, kind="remote", name=names[p.seat], taken=True,
                                  connected=p.seat != (pending + 2) % len(state.players),
                                  mine=p.seat == seat)
                         for p in state.players])
    return Update(table=1, version=len(state.players), seat=seat, view=view(state, seat),
                  events=[], prompt=state.prompt if seat == pending else None,
                  legal=legal_actions(state) if seat == pending else [],
                  info=info, quotes=quotes(state, seat))


def _remote_app(up, chat: list[tuple[str, str]] = ()):
    from tui.net.protocol import ChatLine
    from tui.screens.game import GameScreen
    from tui.sessions.remote import RemoteSession

    sent = []
    remote = RemoteSession(1, sent.append, up)
    for who, text in chat:
        remote.chat_line(ChatLine(table=1, name=who, text=text, at=""))
    app = MareNostrumApp(first_screen=GameScreen(remote, bot_delay=0.0), autosave=False)
    return app, remote, sent


async def _shown(pilot, decision: bool = False) -> None:
    """Until the game screen is up (and its decision dialog, when `decision`), drawn."""
    from tui.screens.game import GameScreen
    app = pilot.app
    await until(pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack)
                and dialog_open(app) == decision, what="the screen")
    await settled(pilot)


def test_remote_game_screen_waiting(snap_compare):
    """A remote player on the real game screen while another seat decides: the status line
    names whom the table waits for and who is disconnected; the chat line is open."""
    app, _, _ = _remote_app(_update("construction", mine=False),
                            [("bruno", "[b]hi[/] all")])

    async def run_before(pilot):
        await _shown(pilot)
        await pilot.press("5", "t")
        await until(pilot, lambda: isinstance(pilot.app.focused, Input), what="the chat line")
        await settled(pilot)

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_remote_game_screen_watching(snap_compare):
    """A watcher: the public view on the map, whom the table waits for, no dialog."""
    app, _, _ = _remote_app(_update("military", mine=False, watch=True))

    async def run_before(pilot):
        await _shown(pilot)

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_remote_game_screen_decision(snap_compare):
    """The seat that must decide gets the same decision dialog as local play."""
    app, _, _ = _remote_app(_update("roles", mine=True))

    async def run_before(pilot):
        await _shown(pilot, decision=True)

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_remote_session_sends_decisions_and_chat():
    asyncio.run(_sends_decisions_and_chat())


async def _sends_decisions_and_chat():
    from tui.decisions.base import DecisionScreen
    from tui.net.protocol import Chat

    up = _update("roles", mine=True)
    app, remote, sent = _remote_app(up)
    async with app.run_test(size=(100, 34)) as pilot:
        await until(pilot, lambda: dialog_open(app))
        app.screen.dismiss(up.legal[0])
        await until(pilot, lambda: sent, what="the decision sent")
        assert [type(m).__name__ for m in sent] == ["Act"]
        assert sent[0].version == up.version and sent[0].action == up.legal[0]
        assert remote.pending_seat is None  # nothing to decide until the server answers
        assert "waiting for the server" in remote.status_line()
        remote.refused("not your decision")  # refused: the dialog comes back
        await until(pilot, lambda: dialog_open(app))
        app.screen.dismiss(None)
        await until(pilot, lambda: not isinstance(app.screen, DecisionScreen))
        await pilot.press("t", *"hello", "enter")
        await until(pilot, lambda: isinstance(sent[-1], Chat), what="the chat line sent")
        assert isinstance(sent[-1], Chat) and sent[-1].text == "hello"
        await pilot.press("d")
        await until(pilot, lambda: dialog_open(app))
        # a computer takes the seat over and decides: the open dialog goes
        later = _update("roles", mine=False)
        later.version = up.version + 1
        later.info.seats[up.seat].kind = "greedy"
        remote.update(later)
        await until(pilot, lambda: not isinstance(app.screen, DecisionScreen))


def test_a_watcher_gets_no_dialog():
    up = _update("military", mine=False, watch=True)
    from tui.sessions.remote import RemoteSession
    remote = RemoteSession(1, lambda m: None, up)
    assert remote.human_seats == [] and remote.legal() == []
    # the deciding player in the third person, never "your" words read to a watcher
    assert remote.status_line() == ("Turn 3 · Military (Military Leader: Atlantis) │ "
                                    "watching · Rome (anna) is moving ground units · "
                                    "carla disconnected")
