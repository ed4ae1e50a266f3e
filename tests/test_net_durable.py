"""Nothing is told before it is saved, and a slow disk does not pile up saves: while the
writer thread is held up, a watcher is told nothing of the moves made meanwhile and one save
of the table waits; once it goes on, only the table's newest save is written, and every
update the watcher then gets shows a version already on disk, in order (tui.net.durable)."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

from engine.saves import load_save
from tui.net import protocol as p
from tui.net.durable import Saves

from .net_helpers import player, run, running
from .waiting import eventually

MOVES = 20  # the computers' moves made while the disk is held up


def test_a_slow_disk_holds_the_updates_and_writes_only_the_newest_save(data):
    async def go():
        async with running(data, bot_delay=0) as server:
            anna = await player(server, "SHA256:anna", "anna")
            anna.send(p.CreateTable(civs=["rome", "greece", "egypt"],
                                    seats=["random", "random", "random"]))
            tid = (await anna.expect(p.Created)).table
            path = data / "tables" / f"table-{tid}.json"
            written: list[int] = []  # the versions the writer thread wrote, in order
            put_save = server.store.put_save

            def counted(table: int, version: int, body: bytes, info: bytes) -> bool:
                written.append(version)
                return put_save(table, version, body, info)
            server.store.put_save = counted  # type: ignore[method-assign]

            disk = threading.Event()  # the disk is held up until set
            server.saver.submit(disk.wait)
            match = server.tables[tid].match
            on_disk = match.version  # every save queued so far is written before the wait
            turns = server.saves.queued
            carla = await player(server, "SHA256:carla", "carla")
            carla.send(p.Watch(table=tid))  # the computers play while she watches
            await eventually(lambda: match.version >= on_disk + MOVES,
                             what="the computers' moves while the disk is held up")
            held = [c for c in server.conns if c.held]
            assert held, "her updates are held until their saves are written"
            assert server.saves.queued - turns == 1  # one turn of the table waits,
            assert server.saves.replaced >= MOVES - 1  # with its newest save only

            disk.set()
            seen = on_disk
            while seen < on_disk + MOVES:
                up = await carla.expect(p.Update)
                assert up.version >= seen  # in order
                assert len(load_save(path).record.actions) >= up.version, \
                    "she was shown a move that is not on disk"
                seen = up.version
            carla.close()
            anna.close()
            # the moves made while the disk was held up were written at once, with the newest
            assert [v for v in written if v > on_disk][0] >= on_disk + MOVES
    run(go())


def test_a_save_made_while_the_server_closes_is_still_written() -> None:
    # a decision can come in while the server closes, after its writer thread has stopped:
    # its save is written there and then, and counted, instead of the client being cut off
    # by an error and the decision lost at the restart
    saves = Saves()
    writer = ThreadPoolExecutor(max_workers=1)
    writer.shutdown(wait=True)
    written: list[str] = []

    async def go() -> None:
        saves.later(writer, asyncio.get_running_loop(), 3, lambda: written.append("table 3"))
        await eventually(lambda: saves.written == 1, what="the save counted as written")

    asyncio.run(go())
    assert written == ["table 3"] and saves.queued == 1 and not saves.pending()
    saves.later(writer, None, 4, lambda: written.append("table 4"))  # before it served
    assert written == ["table 3", "table 4"]
