"""The lobby of a game server (snapshots at 80x24) and how it names seats and tables."""

from __future__ import annotations

from tui.app import MareNostrumApp
from tui.net.protocol import SeatInfo, TableInfo
from tui.net.words import seat_text, waiting_text
from tui.screens.create_table import CreateTableScreen
from tui.screens.lobby import LobbyScreen

SMALL = (80, 24)


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
    monkeypatch.setattr(create_table, "_levels", lambda: ["random", "greedy"])
    app = MareNostrumApp(first_screen=LobbyScreen(tables=[], name="anna"), autosave=False)

    async def run_before(pilot):
        pilot.app.push_screen(CreateTableScreen())
        await pilot.pause(0.2)

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


def test_remote_table(snap_compare):
    """The minimal table of a remote player: seats, whose move, log, legal actions."""
    from engine.game import legal_actions, new_game, view
    from engine.state import Config
    from tui.net.protocol import Update
    from tui.screens.remote_table import RemoteTableScreen

    state, events = new_game(Config(civs=["rome", "carthage", "egypt"], seed=3))
    seat = next(p.seat for p in state.players if p.civ == state.prompt.civ)
    info = _tables()[0]
    info.pending = seat
    up = Update(table=1, version=0, seat=seat, view=view(state, seat), events=events,
                prompt=state.prompt, legal=legal_actions(state), info=info)
    for i, s in enumerate(info.seats):
        s.mine = i == seat
    app = MareNostrumApp(first_screen=RemoteTableScreen(None, 1, up), autosave=False)
    assert snap_compare(app, terminal_size=SMALL)
