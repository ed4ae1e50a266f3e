"""Undo at a game server's table: a person takes back their last decision over the
protocol (TakeBack), with the engine's rule; the refusal says why; everyone at the table
gets the position before it and the log without its events; the save goes back too. The
real server on a real Unix socket, and the real app driven by keys."""

from __future__ import annotations

import pytest

from engine.game import state_hash
from engine.saves import load_save
from tui.net import protocol as p

from .net_helpers import cleanup, player, run, running, short_dir
from .test_tui_fixtures import settle
from .waiting import eventually, until

CIVS = ["rome", "greece", "egypt"]


@pytest.fixture
def data(monkeypatch):
    import secrets
    monkeypatch.setattr(secrets, "randbits", lambda n: 7)  # the tables' seeds: one game
    d = short_dir()
    yield d
    cleanup(d)


async def _table(server, creator) -> tuple[int, int]:
    """A table of three people's seats; the creator sits where the first decision is."""
    creator.send(p.CreateTable(civs=CIVS, seats=["remote"] * 3))
    tid = (await creator.expect(p.Created)).table
    seat = server.tables[tid].match.pending_seat()
    creator.send(p.Sit(table=tid, seat=seat))
    return tid, seat


async def _until(client, cond) -> p.Update:
    """The next update that satisfies `cond` (others, such as a newcomer's, pass by)."""
    while True:
        up = await client.expect(p.Update)
        if cond(up):
            return up


def test_take_back_over_the_protocol(data):
    async def go():
        async with running(data) as server:
            anna = await player(server, "SHA256:anna", "anna")
            tid, seat = await _table(server, anna)
            civ = CIVS[seat]
            start = await anna.expect(p.Update)
            assert start.legal and start.no_undo == "nothing to take back yet"
            bruno = await player(server, "SHA256:bruno", "bruno")
            bruno.send(p.Watch(table=tid))
            await bruno.expect(p.Update)

            anna.send(p.Act(table=tid, version=start.version, action=start.legal[0]))
            first = await _until(anna, lambda u: u.version > start.version)
            assert first.no_undo == "" and first.version == start.version + 1
            await _until(bruno, lambda u: u.version == first.version)

            # a stale version is refused and changes nothing
            anna.send(p.TakeBack(table=tid, version=start.version))
            assert "moved on" in (await anna.expect(p.Rejected)).reason
            # a watcher takes nothing back
            bruno.send(p.TakeBack(table=tid, version=first.version))
            assert "do not sit" in (await bruno.expect(p.Rejected)).reason
            assert server.tables[tid].match.version == first.version

            anna.send(p.TakeBack(table=tid, version=first.version))
            back = await _until(anna, lambda u: u.taken_back)
            assert back.taken_back == civ and back.version == start.version
            assert back.legal == start.legal and back.no_undo == "nothing more to take back"
            # the whole log as each may see it, without the events taken back
            assert len(back.events) == len(server.tables[tid].recent)
            seen = await _until(bruno, lambda u: u.taken_back)
            assert seen.taken_back == civ and seen.version == start.version
            assert seen.no_undo == "you are watching" and not seen.legal
            # the server's writer thread saves the table
            path = data / "tables" / f"table-{tid}.json"
            def taken_back():
                saved = load_save(path)
                return saved if len(saved.record.actions) == start.version else None
            saved = await eventually(taken_back, what="the table saved as taken back")
            assert state_hash(saved.state) == state_hash(server.tables[tid].match.state)
            assert len(saved.record.actions) == start.version

            anna.send(p.TakeBack(table=tid, version=back.version))
            refused = await anna.expect(p.Rejected)
            assert "nothing more to take back" in refused.reason
            assert server.tables[tid].match.version == start.version

            # once another player has decided, the decision stands
            anna.send(p.Act(table=tid, version=back.version, action=back.legal[0]))
            await _until(anna, lambda u: u.version > back.version)
            carla = await player(server, "SHA256:carla", "carla")
            nxt = server.tables[tid].match.pending_seat()
            carla.send(p.Sit(table=tid, seat=nxt))
            mine = await carla.expect(p.Update)
            carla.send(p.Act(table=tid, version=mine.version, action=mine.legal[0]))
            up = await _until(anna, lambda u: u.version > mine.version)
            assert up.no_undo == "it was not your decision"
            anna.send(p.TakeBack(table=tid, version=up.version))
            assert "not your decision" in (await anna.expect(p.Rejected)).reason
            for c in (anna, bruno, carla):
                c.close()
    run(go())


def test_a_remote_player_takes_back_by_keys(data):
    """The app at a server's table: u takes back, the dialog of the decision before comes
    back, and the key bar then says there is no undo, with the reason in the dialog."""
    from tui.app import MareNostrumApp
    from tui.decisions.base import DecisionScreen
    from tui.screens.game import GameScreen
    from tui.screens.lobby import LobbyScreen
    from tui.widgets.keybar import KeyBar

    def footer(app) -> str:
        return app.screen.query_one(KeyBar).text

    async def go():
        async with running(data) as server:
            anna = await player(server, "SHA256:anna", "anna")
            tid, _seat = await _table(server, anna)
            await anna.expect(p.Update)
            anna.close()

            async def connect():
                return await player(server, "SHA256:anna", "anna")

            app = MareNostrumApp(first_screen=LobbyScreen(connect), autosave=False)
            match = server.tables[tid].match
            async with app.run_test(size=(80, 24)) as pilot:
                def dialog_at(version):
                    return lambda: isinstance(app.screen, DecisionScreen) and \
                        app.screen.session.version == version and \
                        bool(app.screen.query(KeyBar))
                assert await settle(pilot, dialog_at(0), 20)
                assert "u No undo" in footer(app)
                await pilot.press("enter")  # the next decision is another seat's
                assert await settle(pilot, lambda: match.version == 1 and isinstance(
                    app.screen, GameScreen) and app.screen._undo_ok, 20)
                assert "u Undo" in footer(app)
                await pilot.press("u")
                assert await settle(pilot, dialog_at(0), 20)
                assert match.version == 0
                assert any("taken back" in n.message for n in app._notifications)
                await pilot.press("u")
                await until(pilot, lambda: "No undo" in str(
                    app.screen.query_one("#d-error").render()), what="the refusal")
                error = str(app.screen.query_one("#d-error").render())
                assert "No undo" in error and "nothing more to take back" in error
                assert match.version == 0
    run(go())
