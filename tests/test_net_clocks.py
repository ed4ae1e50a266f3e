"""Clocks, your-turn notices, digests and replays on the game server, with a clock the test
turns itself (no sleeping for minutes or days)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.test_tui_fixtures import settle
from tui.net import protocol as p
from tui.net import tables
from tui.net.clock import CORRESPONDENCE, LIVE, HandClock, Preset, duration, left_text
from tui.net.digest import digest, digest_text, replayed_since
from tui.net.notices import escapes
from tui.net.replays import SeenReplay, unpack

from .net_helpers import player, run, running
from .waiting import eventually, on_top_and_focused, settled, until

GAMES_DIR = Path(__file__).resolve().parent.parent / "saves" / "games"


async def _until(client, kind, test=lambda m: True, timeout=20.0):
    async def wait():
        while True:
            msg = await client.receive()
            if isinstance(msg, kind) and test(msg):
                return msg
    return await asyncio.wait_for(wait(), timeout)


FIVE_MINUTES = Preset(kind=LIVE, amount=5)


async def _table(server, anna, clock=FIVE_MINUTES, seats=None, sit=0):
    civs = ["rome", "greece", "egypt", "carthage"][:len(seats or "123")]
    anna.send(p.CreateTable(civs=civs,
                            seats=seats or ["remote", "remote", "remote"], sit=sit,
                            clock=clock))
    return (await anna.expect(p.Created)).table


def test_presets_and_words():
    assert Preset().seconds is None and Preset().label() == ""
    assert Preset(kind=LIVE, amount=5).seconds == 300
    assert Preset(kind=CORRESPONDENCE, amount=3).label() == \
        "3 days per decision"
    assert duration(45) == "45s" and duration(252) == "4m 12s"
    assert duration(3 * 3600 + 300) == "3h 05m" and duration(2 * 86400 + 3 * 3600) == "2d 3h"
    assert left_text(None) == "" and left_text(0) == "out of time"
    assert left_text(60) == "1m 00s left"


def test_a_bad_preset_is_refused(data):
    async def go():
        async with running(data, clock=HandClock()) as server:
            anna = await player(server, "SHA256:anna", "anna")
            anna.send(p.CreateTable(civs=["rome", "greece", "egypt"],
                                    seats=["remote", "remote", "remote"],
                                    clock=Preset(kind=LIVE, amount=0)))
            msg = await _until(anna, p.Rejected)
            assert "1 to" in msg.reason and not server.tables
    run(go())


def test_the_clock_runs_for_the_pending_decision_and_survives_a_restart(data):
    clock = HandClock()

    async def first():
        async with running(data, clock=clock) as server:
            anna = await player(server, "SHA256:anna", "anna")
            tid = await _table(server, anna, Preset(kind=CORRESPONDENCE, amount=2), sit=None)
            first = server.tables[tid].match.pending_seat()
            anna.send(p.Sit(table=tid, seat=first))
            up = await anna.expect(p.Update)
            assert up.info.clock == "2 days per decision"
            assert up.info.left == 2 * 86400 and up.info.pending == first
            clock.advance(86400)
            anna.send(p.ListTables())
            info = (await anna.expect(p.Tables)).tables[0]
            assert info.left == 86400 and info.waiting == 86400
            return tid, first

    tid, first = run(first())
    clock.advance(3600)

    async def second():  # the registry keeps when the decision began
        async with running(data, clock=clock) as server:
            anna = await player(server, "SHA256:anna", "anna")
            anna.send(p.ListTables())
            info = (await anna.expect(p.Tables)).tables[0]
            assert info.id == tid and info.left == 86400 - 3600
            anna.send(p.Sit(table=tid, seat=first))
            up = await anna.expect(p.Update)
            anna.send(p.Act(table=tid, version=up.version, action=up.legal[0]))
            up = await _until(anna, p.Update, lambda u, v=up.version: u.version > v)
            assert up.info.left == 2 * 86400  # the next decision gets its whole allowance
    run(second())


def test_a_late_seat_goes_to_a_computer_by_the_creator_and_comes_back(data):
    clock = HandClock()

    async def go():
        async with running(data, clock=clock) as server:
            anna = await player(server, "SHA256:anna", "anna")
            tid = await _table(server, anna, sit=None)
            bruno = await player(server, "SHA256:bruno", "bruno")
            carla = await player(server, "SHA256:carla", "carla")
            first = server.tables[tid].match.pending_seat()
            others = [s for s in range(3) if s != first]
            bruno.send(p.Sit(table=tid, seat=first))  # bruno decides first
            up = await bruno.expect(p.Update)
            carla.send(p.Sit(table=tid, seat=others[0]))
            await carla.expect(p.Update)
            anna.send(p.Sit(table=tid, seat=others[1]))
            await anna.expect(p.Update)
            anna.send(p.HandOver(table=tid, seat=first, to_bot=True))
            msg = await _until(anna, p.Rejected)
            assert "only an absent player's or a late player's" in msg.reason
            assert server.check_clocks() == []
            clock.advance(5 * 60)
            assert server.check_clocks() == [tid]
            assert server.check_clocks() == []  # told once
            up = await _until(bruno, p.Update, lambda u: u.info.left == 0)
            assert up.info.votes_needed == 0  # the creator is here: no vote
            carla.send(p.VoteHandOver(table=tid, seat=first))
            msg = await _until(carla, p.Rejected)
            assert "creator decides" in msg.reason
            anna.send(p.HandOver(table=tid, seat=first, to_bot=True, level="easy"))
            await _until(bruno, p.Update, lambda u: u.info.seats[first].kind == "easy")
            await eventually(lambda: server.tables[tid].match.pending_seat() != first,
                             what="the computer's decision in his seat")
            # bruno comes back to his seat: it is his again
            bruno.send(p.Sit(table=tid, seat=first))
            up = await _until(bruno, p.Update,
                              lambda u: u.info.seats[first].kind == "remote")
            assert server.tables[tid].seats[first].kind == "remote"
    run(go())


def test_without_the_creator_the_others_vote(data):
    clock = HandClock()

    async def go():
        async with running(data, clock=clock) as server:
            anna = await player(server, "SHA256:anna", "anna")
            tid = await _table(server, anna, Preset(kind=CORRESPONDENCE, amount=1),
                               seats=["remote"] * 4, sit=None)
            first = server.tables[tid].match.pending_seat()
            seats = [first] + [s for s in range(4) if s != first]
            anna.send(p.Sit(table=tid, seat=seats[3]))
            await anna.expect(p.Update)
            anna.close()  # the creator is away
            people = {}
            for i, name in zip(seats, ("bruno", "carla", "dario"), strict=False):
                c = people[name] = await player(server, f"SHA256:{name}", name)
                c.send(p.Sit(table=tid, seat=i))
                await c.expect(p.Update)
            carla, dario = people["carla"], people["dario"]
            carla.send(p.VoteHandOver(table=tid, seat=first))
            assert "not out of time" in (await _until(carla, p.Rejected)).reason
            clock.advance(86400)
            server.check_clocks()
            up = await _until(carla, p.Update, lambda u: u.info.votes_needed > 0)
            assert up.info.votes_needed == 2  # carla and dario: the late one and the
            people["bruno"].send(p.VoteHandOver(table=tid, seat=first))  # creator do not
            assert "only the other players" in (await _until(people["bruno"],
                                                             p.Rejected)).reason
            carla.send(p.VoteHandOver(table=tid, seat=first))  # vote
            up = await _until(carla, p.Update, lambda u: u.info.votes == 1)
            assert server.tables[tid].seats[first].kind == "remote"
            dario.send(p.VoteHandOver(table=tid, seat=first))
            await _until(carla, p.Update, lambda u: u.info.seats[first].kind != "remote")
            assert server.tables[tid].seats[first].identity == "SHA256:bruno"
    run(go())


async def _collect(client, into: list) -> None:
    try:
        while True:
            into.append(await client.receive())
    except Exception:  # noqa: BLE001  (the connection closed)
        return


async def _play(server, tid, players: dict, until, steps=400) -> None:
    """The people at `players` (seat -> client) decide (their first legal action) until
    `until()` holds."""
    match = server.tables[tid].match

    def ours() -> bool:
        seat = match.pending_seat()
        return seat in players and server.tables[tid].seats[seat].kind == "remote"
    for _ in range(steps):
        await eventually(lambda: until() or ours(), timeout=120, what="a person's decision")
        if until():
            return
        version = match.version
        players[match.pending_seat()].send(p.Act(table=tid, version=version,
                                                 action=match.legal()[0]))
        await eventually(lambda: match.version != version,  # noqa: B023
                         what="the decision played")
    raise AssertionError("the game never got there")


@pytest.mark.parametrize("log", [0, 8], ids=["in-the-log", "from-record"])
def test_your_turn_is_told_everywhere_and_the_digest_on_coming_back(data, monkeypatch, log):
    """The digest is picked from the table's recent events (the log), or, after a wait
    longer than the log holds, found again in the table's record: the same lines."""
    if log:  # a log of 8 events: the wait is longer than it holds
        monkeypatch.setattr(tables, "RECENT_EVENTS", log)

    def since(server, tid, mark):  # what happened since: the record tells it whole
        return replayed_since(server.tables[tid].match.record, mark)

    async def go():
        async with running(data, clock=HandClock()) as server:
            anna = await player(server, "SHA256:anna", "anna")
            tid = await _table(server, anna, Preset(kind=LIVE, amount=5),
                               seats=["remote", "remote", "easy"], sit=0)
            bruno = await player(server, "SHA256:bruno", "bruno")
            bruno.send(p.Sit(table=tid, seat=1))
            lobby = await player(server, "SHA256:bruno", "bruno")  # his second terminal
            got: list = []
            at_table: list = []
            tasks = [asyncio.create_task(_collect(lobby, got)),
                     asyncio.create_task(_collect(bruno, at_table)),
                     asyncio.create_task(_collect(anna, []))]
            turns = lambda box: [m for m in box if isinstance(m, p.YourTurn)]  # noqa: E731
            await _play(server, tid, {0: anna, 1: bruno}, lambda: len(turns(got)) >= 2)
            assert all(t.table == tid and t.civ == "greece" and t.what for t in turns(got))
            assert len(turns(at_table)) >= 2
            assert not any(t.civ == "rome" for t in turns(got))  # only his own decisions
            # bruno decides, goes away; a computer keeps his seat while the others play
            match = server.tables[tid].match
            await _play(server, tid, {0: anna}, lambda: match.pending_seat() == 1)
            await _play(server, tid, {1: bruno}, lambda: match.pending_seat() != 1)
            mark = server.deadlines.mark(tid, 1)
            assert mark == match.version or mark is not None
            bruno.close()
            lobby.close()
            await eventually(lambda: server.tables[tid].seats[1].identity not in
                             server._connected(server.tables[tid]), what="bruno gone")
            anna.send(p.HandOver(table=tid, seat=1, to_bot=True, level="easy"))
            await _play(server, tid, {0: anna},
                        lambda: len(digest(since(server, tid, mark), "greece")) >= 2)
            from_log = server.tables[tid].events_since(mark)
            assert (from_log is None) == bool(log) and \
                len(server.tables[tid].recent) <= tables.RECENT_EVENTS
            if from_log is not None:
                assert from_log == since(server, tid, mark)
            anna.send(p.HandOver(table=tid, seat=1, to_bot=False))
            await eventually(lambda: server.tables[tid].seats[1].kind == "remote",
                             what="his seat his again")
            bruno = await player(server, "SHA256:bruno", "bruno")
            bruno.send(p.Sit(table=tid, seat=1))
            got = await _until(bruno, p.Digest)
            assert got.lines == digest(since(server, tid, mark), "greece")[:len(got.lines)]
            assert server.deadlines.mark(tid, 1) == mark  # the computer's moves do not count
            for t in tasks:
                t.cancel()
            return tid, got.lines

    tid, lines = run(go())

    async def after_a_restart():  # the server's memory is gone: the record tells it again
        async with running(data, clock=HandClock()) as server:
            # found again in the record, in a thread
            await eventually(lambda: server.tables[tid].recent_from < server.tables[tid].match
                             .version, what="the table's log found again")
            bruno = await player(server, "SHA256:bruno", "bruno")
            bruno.send(p.Sit(table=tid, seat=1))
            up = await bruno.expect(p.Update)
            assert up.events  # his log comes back too
            got = await _until(bruno, p.Digest)
            assert got.lines[0] == lines[0]
    run(after_a_restart())


def test_digest_words():
    from engine import events as E
    role = [E.RoleAssigned(civ="greece", role="trader", previous="rome")]
    battle = [E.BattleStarted(area="sicily", naval=False, attacker="egypt", defender="rome",
                              attacker_units=["legion"], defender_units=["legion"]),
              E.CardAcquired(civ="egypt", card="colossus", count=1),
              E.CardGiven(civ="egypt", to="greece", card="wine",
                          visible_to=["egypt", "greece"])]
    lines = digest(battle, "rome")
    assert len(lines) == 2 and lines[0].startswith("Battle in") and "Egypt" in lines[1]
    assert len(digest(role + battle, "rome")) == 3
    assert digest_text(lines).startswith("Since your last decision:\n• ")


def test_digest_of_a_military_turn_a_computer_played_for_the_absent_player():
    """Coming back to a seat a computer kept: the battles it fought and what it built for
    the player are told, not only what others did to them; and when others played and
    nothing touched the player, the digest still says the game moved on."""
    from engine import events as E
    military = [E.PhaseStarted(turn=4, phase="military"),
              E.UnitsMoved(civ="rome", units=[3], kinds=["legion"], origin="roma",
                           to="sicilia"),
              E.BattleStarted(area="sicilia", naval=False, attacker="rome", defender="egypt",
                              attacker_units=["legion"], defender_units=["legion"]),
              E.Occupied(civ="rome", province="sicilia", posts=["city"]),
              E.Built(civ="rome", kind="legion", province="roma")]
    lines = digest(military, "rome")
    assert lines[0].startswith("Battle in") and "Rome (a legion) attacks Egypt" in lines[0]
    assert len(lines) == 3 and "builds" in lines[2]
    roles = [E.PhaseStarted(turn=5, phase="roles"), E.Passed(civ="egypt", phase="roles")]
    assert digest(roles, "rome") == [
        "the others played on (now turn 5, roles); nothing touched you (the log, 5, has "
        "every move)"]
    assert digest([], "rome") == []  # nothing since: no digest


def test_notice_escapes_only_where_the_terminal_shows_them():
    assert escapes({"TERM": "xterm-256color"}, "Your turn") == "\a"
    assert escapes({"TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"}, "Your turn") \
        == "\a\x1b]9;Your turn\a"
    assert escapes({"TERM": "foot"}, "Your\x07turn") == \
        "\a\x1b]777;notify;Mare Nostrum;Yourturn\a"
    assert "]777;notify" in escapes({"TERM": "xterm-256color", "VTE_VERSION": "7600"}, "x")


def test_a_finished_table_replays_as_the_seat_saw_it(data):
    """And a finished table keeps its record in its save only (the server's memory does not
    grow with every game played): the replay, the save and, after a restart, the log are
    the same."""
    async def go():
        async with running(data, clock=HandClock()) as server:
            anna = await player(server, "SHA256:anna", "anna")
            tid = await _table(server, anna, seats=["remote", "easy", "easy"], sit=0)
            anna.send(p.GetReplay(table=tid))
            assert "still playing" in (await _until(anna, p.Rejected)).reason
            table = server.tables[tid]
            # play the game out with computer players in every seat
            table.bind(0, "SHA256:anna", "easy")
            server._wake_bots(table)
            await eventually(lambda: table.over, timeout=240, what="the game over")
            await eventually(lambda: table.retired, what="its record in its save only")
            with pytest.raises(RuntimeError, match="put away"):
                table.match.record  # noqa: B018
            anna.send(p.GetReplay(table=tid))
            frames = await _until(anna, p.ReplayFrames, timeout=60)
            anna.send(p.Watch(table=tid))
            up = await _until(anna, p.Update, lambda u: u.table == tid)
            assert up.info.status == "over" and up.version == table.match.version
            log_end = table.log()
            assert not table.recent and up.events and up.events[-1] == log_end[0][-1]
            return tid, frames, server.store.load_save(tid).record, log_end

    tid, frames, record, log_end = run(go(), timeout=300)
    assert frames.seat == 0
    replay = SeenReplay(unpack(frames.data))
    assert replay.last == len(record.actions)
    final = replay.state_at(replay.last)
    assert final.phase == "over" and final.config.seed == 0 and final.rng == 0
    for pl in final.players[1:]:
        assert pl.hand == {}

    async def after_a_restart():  # its log found again in its record, then retired again
        async with running(data, clock=HandClock()) as server:
            table = server.tables[tid]
            await eventually(lambda: table.retired, what="the finished table retired")
            assert table.log() == log_end and table.match.version == len(record.actions)
            anna = await player(server, "SHA256:anna", "anna")
            anna.send(p.GetReplay(table=tid))
            again = await _until(anna, p.ReplayFrames, timeout=60)
            assert again.data == frames.data
    run(after_a_restart(), timeout=120)


# --- the lobby and the create-table screen with clocks (80x24) ---------------------------
def _clock_tables():
    from tui.net.protocol import SeatInfo, TableInfo
    return [
        TableInfo(id=1, creator="bruno", setup="predetermined", turn=4, phase="trade",
                  pending=1, clock="5 min per decision", left=140, waiting=160,
                  seats=[SeatInfo(civ="rome", kind="remote", name="bruno", taken=True,
                                  connected=True),
                         SeatInfo(civ="carthage", kind="remote", name="carla", taken=True,
                                  connected=True),
                         SeatInfo(civ="egypt", kind="normal")]),
        TableInfo(id=2, creator="anna", setup="predetermined", turn=7, phase="military",
                  pending=0, clock="3 days per decision",
                  left=86400 + 3 * 3600, waiting=2 * 86400 - 3 * 3600, seats=[
                      SeatInfo(civ="greece", kind="remote", name="anna", taken=True,
                               connected=True, mine=True),
                      SeatInfo(civ="babylon", kind="remote", name="dario", taken=True)]),
        TableInfo(id=3, creator="anna", setup="free", turn=12, phase="over", status="over",
                  winner="greece", seats=[
                      SeatInfo(civ="greece", kind="remote", name="anna", taken=True,
                               mine=True),
                      SeatInfo(civ="rome", kind="hard")]),
        TableInfo(id=4, creator="dario", setup="predetermined", turn=2, phase="commerce",
                  pending=1, clock="1 day per decision", left=7200,
                  waiting=86400 - 7200, seats=[
                      SeatInfo(civ="egypt", kind="remote", name="dario", taken=True),
                      SeatInfo(civ="atlantis", kind="remote", name="anna", taken=True,
                               connected=True, mine=True)]),
    ]


def test_lobby_order_and_words():
    from tui.net.words import lobby_line, lobby_order
    order = lobby_order(_clock_tables())
    assert [t.id for t in order] == [2, 4, 1, 3]  # waiting for me, longest first
    assert lobby_line(order[0]) == "▶ your decision, waiting 1d 21h · 1d 3h left"
    assert lobby_line(order[2]).endswith("· 2m 20s left")
    assert lobby_line(order[3]).startswith("game over: Greece won")


def test_lobby_with_clocks(snap_compare):
    from tui.app import MareNostrumApp
    from tui.screens.lobby import LobbyScreen
    app = MareNostrumApp(first_screen=LobbyScreen(tables=_clock_tables(), name="anna"),
                         autosave=False)
    assert snap_compare(app, terminal_size=(80, 24))


def test_create_table_with_a_clock(snap_compare, monkeypatch):
    from textual.widgets import Select

    from tui.app import MareNostrumApp
    from tui.screens import create_table
    from tui.screens.lobby import LobbyScreen
    monkeypatch.setattr(create_table, "_levels", lambda: ["easy", "normal", "hard"])
    app = MareNostrumApp(first_screen=LobbyScreen(tables=[], name="anna"), autosave=False)

    async def run_before(pilot):
        screen = create_table.CreateTableScreen()
        pilot.app.push_screen(screen)
        await settle(pilot, lambda: on_top_and_focused(pilot.app, screen))
        clock = pilot.app.screen.query_one("#clock", Select)
        clock.focus()  # as when chosen by keys (and no text cursor blinks in the shot)
        clock.value = CORRESPONDENCE
        await until(pilot, lambda: "days per decision" in str(
            pilot.app.screen.query_one("#clock-unit").render()), what="the clock's unit")
        await settled(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_create_table_sends_the_clock():
    from tui.app import MareNostrumApp
    from tui.screens import create_table
    from tui.screens.lobby import LobbyScreen

    async def go():
        app = MareNostrumApp(first_screen=LobbyScreen(tables=[], name="anna"),
                             autosave=False)
        got = []
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = create_table.CreateTableScreen()
            app.push_screen(screen, got.append)
            await until(pilot, lambda: on_top_and_focused(app, screen))
            from textual.widgets import Input, Select
            app.screen.query_one("#clock", Select).value = LIVE
            amount = app.screen.query_one("#clock-amount", Input)
            await until(pilot, lambda: "minutes per decision" in str(
                app.screen.query_one("#clock-unit").render()), what="the clock's unit")
            amount.value = "0"
            await pilot.press("ctrl+s")
            await until(pilot, lambda: "1 to" in str(app.screen.query_one(
                "#create-error").render()))
            assert not got
            amount.value = "10"
            await pilot.press("ctrl+s")
            await until(pilot, lambda: got, what="the table created")
        assert got and got[0].clock == Preset(kind=LIVE, amount=10)
    run(go())


def test_ssh_commands_words():
    from tui.net.commands import CommandError, child_args
    assert child_args("join 3") == ["3"]
    assert child_args("watch 12") == ["12", "--watch"]
    assert child_args("replay 1") == ["1", "--replay"]
    for bad in ("", "bash", "join", "join x", "join 1 2", "watch -1", "join '1",
                "replay 0", "join 1; rm -rf /"):
        with pytest.raises(CommandError):
            child_args(bad)


def test_the_players_pane_and_status_line_show_the_clock():
    from engine.game import new_game
    from engine.state import Config
    from tui.net.protocol import SeatInfo, TableInfo, Update
    from tui.sessions.remote import RemoteSession
    from tui.widgets.players import players_markup

    state, _ = new_game(Config(civs=["rome", "greece", "egypt"], seed=7))
    from engine.game import legal_actions, quotes, view
    seat = next(pl.seat for pl in state.players if pl.civ == state.prompt.civ)
    info = TableInfo(id=1, creator="anna", setup="predetermined", pending=seat,
                     clock="5 min per decision", left=250.9, seats=[
                         SeatInfo(civ=pl.civ, kind="remote", name=f"p{pl.seat}", taken=True,
                                  connected=True, mine=pl.seat == seat)
                         for pl in state.players])
    up = Update(table=1, version=0, seat=seat, view=view(state, seat), events=[],
                prompt=state.prompt, legal=legal_actions(state), info=info,
                quotes=quotes(state, seat))
    remote = RemoteSession(1, lambda m: None, up)
    assert remote.ticking
    assert remote.clocks() == {state.prompt.civ: "4m 10s left"}
    assert remote.status_line().endswith("· 4m 10s left")
    remote.received -= 300  # five minutes later, with no word from the server
    assert remote.clocks() == {state.prompt.civ: "out of time"}
    text = players_markup(up.view, up.quotes, remote.clocks())
    assert "⏱ out of time" in text


def test_the_lobby_rings_and_notifies_on_your_turn(monkeypatch):
    from tui.app import MareNostrumApp
    from tui.net import notices
    from tui.screens.lobby import LobbyScreen

    rung = []
    monkeypatch.setattr(notices, "ring", rung.append)

    async def go():
        screen = LobbyScreen(tables=[], name="anna")
        app = MareNostrumApp(first_screen=screen, autosave=False)
        told = []
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            monkeypatch.setattr(app, "notify", lambda text, **kw: told.append((text, kw)))
            screen.receive(p.YourTurn(table=3, civ="rome", what="Trade: announce"))
            screen.receive(p.Digest(table=3, lines=["Egypt becomes Trader"]))
            await until(pilot, lambda: len(told) >= 2, what="both told")
        assert told[0][0] == "Table 3: your decision as Rome — Trade: announce"
        assert told[0][1]["title"] == "Your turn"
        assert told[1][0] == "Since your last decision:\n• Egypt becomes Trader"
        assert rung == []  # a headless app has no terminal to ring
    run(go())


def test_the_lobby_votes_on_a_late_seat_and_opens_replays(monkeypatch):
    from engine.saves import load_save
    from tui.app import MareNostrumApp
    from tui.net.protocol import SeatInfo, TableInfo
    from tui.net.replays import frames
    from tui.screens.lobby import LobbyScreen
    from tui.screens.replay import ReplayScreen

    late = TableInfo(id=5, creator="dario", setup="predetermined", pending=1, left=-10.0,
                     votes_needed=1, seats=[
                         SeatInfo(civ="rome", kind="remote", name="anna", taken=True,
                                  connected=True, mine=True),
                         SeatInfo(civ="greece", kind="remote", name="bruno", taken=True,
                                  connected=True)])
    over = TableInfo(id=6, creator="anna", setup="predetermined", status="over",
                     winner="rome", seats=late.seats)

    async def go():
        screen = LobbyScreen(tables=[late, over], name="anna")
        app = MareNostrumApp(first_screen=screen, autosave=False)
        sent = []
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            monkeypatch.setattr(screen, "send", sent.append)
            await pilot.press("b")
            assert sent[0] == p.VoteHandOver(table=5, seat=1)
            await pilot.press("down", "enter")  # the finished table: its replay
            assert sent[-1] == p.GetReplay(table=6)
            record = load_save(GAMES_DIR / "six-player-greedy.json").record
            screen.receive(p.ReplayFrames(table=6, seat=None, data=frames(record, None)))
            await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
            await pilot.press("q")
            await until(pilot, lambda: app.screen is screen)
    run(go())
