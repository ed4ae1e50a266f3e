"""The limits of a public server, alone: sessions per key and per address, resource limits
for a session's child, and the lobby's idle timeout on a clock the test controls."""

from __future__ import annotations

import asyncio
import resource

import pytest

from tui.net import limits as lim
from tui.net import protocol as p

from .net_helpers import cleanup, player, running, short_dir
from .waiting import eventually


def test_sessions_per_key_and_per_address():
    limits = lim.Limits(per_key=2, per_address=3)
    open_now = [("SHA256:a", "10.0.0.1"), ("SHA256:a", "10.0.0.2")]
    assert "this key (2 at once)" in lim.refusal(limits, "SHA256:a", "10.0.0.3", open_now)
    assert lim.refusal(limits, "SHA256:b", "10.0.0.1", open_now) is None
    open_now.append(("", "10.0.0.1"))  # a guest: counted for its address only
    open_now.append(("SHA256:c", "10.0.0.1"))
    assert "your address (3 at once)" in lim.refusal(limits, "", "10.0.0.1", open_now)
    assert lim.refusal(limits, "", "10.0.0.9", open_now) is None
    assert lim.refusal(lim.Limits(per_key=0, per_address=0), "SHA256:a", "10.0.0.1",
                       open_now * 10) is None


def test_resource_limits_of_a_child():
    pairs = dict(lim.rlimits(lim.Limits(memory_mb=512, files=64, processes=100)))
    assert pairs == {resource.RLIMIT_CORE: 0, resource.RLIMIT_AS: 512 * lim.MB,
                     resource.RLIMIT_NOFILE: 64, resource.RLIMIT_NPROC: 100}
    assert resource.RLIMIT_CPU not in pairs  # a game lasts hours: no CPU-time limit
    assert dict(lim.rlimits(lim.Limits(memory_mb=0, files=0, processes=0))) == \
        {resource.RLIMIT_CORE: 0}


class _Session:
    def __init__(self, sid: str, last_input: float) -> None:
        self.sid, self.last_input, self.ended = sid, last_input, None

    def idle_out(self, seconds: float) -> None:
        self.ended = seconds


class _Server:
    def __init__(self, seated: set[str]) -> None:
        self.seated = seated

    def holds_seat(self, session: str) -> bool:
        return session in self.seated


def test_idle_sessions_end_but_never_a_seat():
    from tui.net.ssh import SSHFront

    async def go():
        now = [1000.0]
        front = SSHFront(_Server({"seated"}), None, None, None,  # type: ignore[arg-type]
                         limits=lim.Limits(idle=0.4))  # checked every 0.1 s
        lobby, seated, busy = (_Session("lobby", 1000.0), _Session("seated", 1000.0),
                               _Session("busy", 1000.0))
        front.sessions = {lobby, seated, busy}
        task = asyncio.get_running_loop().create_task(front.watch_idle(clock=lambda: now[0]))
        # no time has passed on our clock: nothing ends (a bounded look, three checks long,
        # since nothing is to come)
        await asyncio.sleep(0.3)
        assert lobby.ended is None
        now[0] += 30
        busy.last_input = now[0]
        await eventually(lambda: lobby.ended is not None, what="the idle lobby session ended")
        assert lobby.ended == 0.4 and seated.ended is None and busy.ended is None
        task.cancel()

    asyncio.run(go())


# --- on the real socket ----------------------------------------------------------------------
@pytest.fixture
def data():
    d = short_dir()
    yield d / "data"
    cleanup(d)


THREE = ["rome", "greece", "egypt"]


def test_a_player_may_have_only_so_many_unfinished_tables(data):
    async def go():
        async with running(data, max_tables=2) as server:
            anna = await player(server, "SHA256:anna", "anna")
            for _ in range(2):
                anna.send(p.CreateTable(civs=THREE, seats=["remote", "remote", "random"]))
                await anna.expect(p.Created)
            anna.send(p.CreateTable(civs=THREE, seats=["remote", "remote", "random"]))
            why = (await anna.expect(p.Rejected)).reason
            assert "2 unfinished tables of your own" in why and "finish one first" in why
            assert len(server.tables) == 2
            bruno = await player(server, "SHA256:bruno", "bruno")  # others are not counted
            bruno.send(p.CreateTable(civs=THREE, seats=["remote", "remote", "random"]))
            await bruno.expect(p.Created)
    asyncio.run(go())


def test_a_table_of_computers_plays_only_while_someone_watches(data):
    """Unwatched, a table of computers only waits (it costs nothing); a watcher wakes it,
    and when the last one leaves its computers stop after the move they are making."""
    async def go():
        async with running(data, bot_delay=0.01) as server:
            anna = await player(server, "SHA256:anna", "anna")
            anna.send(p.CreateTable(civs=THREE, seats=["random"] * 3))
            tid = (await anna.expect(p.Created)).table
            match = server.tables[tid].match
            first = match.version
            assert match.bot_to_move() and tid not in server._bot_tasks
            watcher = await player(server, "SHA256:bruno", "bruno")
            watcher.send(p.Watch(table=tid))
            await eventually(lambda: match.version > first + 3, what="the computers playing")
            watcher.close()
            # paused: no task is left for the table (none is kept per table once done)
            await eventually(lambda: tid not in server._bot_tasks, what="the computers paused")
            paused = match.version
            assert match.bot_to_move() and match.version == paused  # no task left to move it
            anna.send(p.Watch(table=tid))
            await eventually(lambda: match.version > paused, what="the computers again")
    asyncio.run(go())
