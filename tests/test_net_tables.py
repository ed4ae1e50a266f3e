"""Tables of the game server: they survive a restart, and no secret ever reaches a client."""

from __future__ import annotations

import asyncio

import msgspec

from engine import replay as replays
from engine.game import state_hash
from engine.saves import load_save
from tui.net import protocol as p

from .net_helpers import anna_against_computers, player, run, running
from .waiting import eventually


async def _wait_for_person(server, tid):
    match = server.tables[tid].match
    await eventually(lambda: not match.bot_to_move(), what="a person's decision")
    return match


def test_a_table_survives_a_server_restart(data):
    async def first():
        async with running(data) as server:
            anna, tid = await anna_against_computers(server)
            match = await _wait_for_person(server, tid)
            anna.send(p.Chat(table=tid, text="back soon"))
            await anna.expect(p.ChatLine)
            anna.close()
            return tid, match.version, state_hash(match.state)

    tid, version, digest = run(first())
    saved = load_save(data / "tables" / f"table-{tid}.json")  # an ordinary save file
    assert state_hash(saved.state) == digest and saved.seats == ["remote", "greedy", "greedy"]

    async def second():
        async with running(data) as server:
            match = server.tables[tid].match
            assert match.version == version and state_hash(match.state) == digest
            anna = await player(server, "SHA256:anna", "anna")
            anna.send(p.ListTables())
            info = (await anna.expect(p.Tables)).tables[0]
            assert info.seats[0].mine and not info.seats[0].connected
            anna.send(p.Sit(table=tid, seat=0))
            lines = [await anna.expect(p.ChatLine)]
            assert lines[0].text == "back soon"
            up = await anna.expect(p.Update)
            assert up.version == version and up.legal and up.info.pending == 0
            anna.send(p.Act(table=tid, version=up.version, action=up.legal[0]))
            while up.version == version:
                up = await anna.expect(p.Update)
            anna.close()
            return up.version

    assert run(second()) > version


def _secret_free(body: bytes, up: p.Update, seed: int, civ: str | None) -> None:
    st = up.view.state
    assert st.config.seed == 0 and st.rng == 0 and st.set_aside == [] and st.forced_dice == []
    assert seed.to_bytes(8, "big") not in body
    for pl in st.players:
        if pl.civ != civ:
            assert pl.hand == {}, f"{pl.civ}'s hand reached {civ}"
    if not st.trade.revealed:
        for c, offer in st.trade.offers.items():
            assert c == civ or offer == [], f"{c}'s face-down offer reached {civ}"
    for c, cards in st.trade.acquired.items():
        assert c == civ or cards == []
    for ev in up.events:
        assert not ev.visible_to or civ in ev.visible_to


def test_no_secret_reaches_a_seat_or_a_watcher_in_a_whole_bot_game(data):
    async def go():
        async with running(data) as server:
            anna, tid = await anna_against_computers(server)
            anna.close()
            lobby = await player(server, "SHA256:anna", "anna")  # the creator, not at the table
            lobby.send(p.HandOver(table=tid, seat=0, to_bot=True))
            await eventually(lambda: server.tables[tid].seats[0].kind != "remote",
                             what="her seat handed to a computer")
            seed = server.tables[tid].match.state.config.seed
            assert seed != 0
            seat0 = await player(server, "SHA256:anna", "anna")
            seat0.send(p.Sit(table=tid, seat=0))  # her own seat, played by a computer
            watcher = await player(server, "SHA256:carla", "carla")
            watcher.send(p.Watch(table=tid))
            counts = {}
            for client, civ in ((seat0, "rome"), (watcher, None)):
                n = 0
                while True:
                    body = await p.read_frame(client.reader, p.MAX_SERVER_FRAME)
                    assert body is not None
                    msg = p.decode_server(body)
                    if isinstance(msg, p.Update):
                        n += 1
                        _secret_free(body, msg, seed, civ)
                        if msg.info.status == "over":
                            break
                counts[civ] = n
            match = server.tables[tid].match
            assert match.state.phase == "over"
            assert counts["rome"] > 100 and counts[None] > 100
            # what the clients were sent carries no seed either way it is encoded
            assert str(seed).encode() not in msgspec.json.encode(match.view(0))
    run(go(), timeout=240)


def test_a_thinking_computer_never_holds_up_another_table(data):
    async def go():
        async with running(data) as server:
            anna = await player(server, "SHA256:anna", "anna")
            # a table of planners only: they think all the time, in the bots' threads
            anna.send(p.CreateTable(civs=["rome", "greece", "egypt"],
                                    seats=["planner", "planner", "planner"]))
            busy = (await anna.expect(p.Created)).table
            watcher = await player(server, "SHA256:bruno", "bruno")  # they play while watched
            watcher.send(p.Watch(table=busy))
            await eventually(lambda: busy in server._bot_tasks, what="the planners thinking")
            anna.send(p.CreateTable(civs=["rome", "greece", "egypt"],
                                    seats=["remote", "random", "random"], sit=0))
            tid = (await anna.expect(p.Created)).table
            slowest = 0.0
            for _ in range(5):
                match = await _wait_for_person(server, tid)
                if match.pending_seat() != 0:
                    break
                anna.send(p.Sit(table=tid, seat=0))
                up = await anna.expect(p.Update)
                while up.version != match.version:
                    up = await anna.expect(p.Update)
                loop = asyncio.get_running_loop()
                t0 = loop.time()
                old = up.version
                anna.send(p.Act(table=tid, version=old, action=up.legal[0]))
                while up.version <= old:
                    up = await anna.expect(p.Update)
                slowest = max(slowest, loop.time() - t0)
            assert server._bot_tasks[busy].done() is False  # still thinking
            assert slowest < 1.0, f"an action waited {slowest:.2f}s on another table's bots"
            anna.close()
    run(go())



def test_a_table_brought_back_by_a_restart_shows_its_log_as_it_was(data):
    """Who sits down at a table after the server restarted finds the log as it stood
    before (its recent events, kept packed, found again in its record), and the table's
    record replays to its saved state."""
    async def sit_down(server, tid):
        anna = await player(server, "SHA256:anna", "anna")
        anna.send(p.Sit(table=tid, seat=0))
        up = await anna.expect(p.Update)
        anna.close()
        return up

    async def first():
        async with running(data) as server:
            anna, tid = await anna_against_computers(server)
            await _wait_for_person(server, tid)
            anna.close()
            return tid, await sit_down(server, tid)

    tid, before = run(first())
    assert len(before.events) > 3  # the setup, and the computers' first decisions
    saved = load_save(data / "tables" / f"table-{tid}.json")
    assert replays.verify(saved.record, final_hash=state_hash(saved.state)).ok

    async def second():
        async with running(data) as server:
            # the restart's job of finding the log again in the record is done (the log
            # may stay empty: when Rome decides first, no decision was made before the
            # restart); its replay shares the server's threads with the computers'
            # thinking, so a loaded machine may take longer than the usual wait
            await eventually(lambda: not server._jobs, timeout=90,
                             what="the log found again")
            return await sit_down(server, tid)

    after = run(second())
    assert after.version == before.version
    # every decision's events, in order (the setup's own events are not in a record that
    # begins from the set-up position: the log after a restart starts at the first decision)
    decided = [(v, e) for v, e in zip(before.versions, before.events, strict=True) if v > 0]
    assert list(zip(after.versions, after.events, strict=True)) == decided
