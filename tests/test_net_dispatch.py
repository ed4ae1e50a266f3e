"""The game server's dispatch table (tui/net/handlers/dispatch.py): every client message has
its answer, and the guards shared by the answers refuse in their own words, in their order,
over a real Unix socket, leaving the table as it was."""

from __future__ import annotations

import asyncio
import typing

from tui.net import protocol as p
from tui.net.client import Client
from tui.net.handlers.dispatch import ROUTES

from .net_helpers import player, running


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


def test_every_client_message_has_one_route():
    assert set(ROUTES) == set(typing.get_args(p.ClientMsg))


async def _refused(client, msg: p.Msg) -> p.Rejected:
    client.send(msg)
    return await client.expect(p.Rejected)


def test_the_guards_refuse_in_order_and_in_their_words(data):
    async def go():
        async with running(data) as server:
            anna = await player(server, "SHA256:anna", "anna")
            bruno = await player(server, "SHA256:bruno", "bruno")
            anna.send(p.CreateTable(civs=["rome", "greece", "egypt"],
                                    seats=["remote", "remote", "remote"], sit=0))
            tid = (await anna.expect(p.Created)).table
            await anna.expect(p.Update)
            table = server.tables[tid]
            version = table.match.version
            # the table: unknown, whatever else is wrong with the message
            for msg in (p.Sit(table=99, seat=7), p.Watch(table=99), p.Chat(table=99, text="x"),
                        p.TakeBack(table=99, version=0), p.HandOver(table=99, seat=7, to_bot=True),
                        p.VoteHandOver(table=99, seat=7), p.GetReplay(table=99)):
                refused = await _refused(bruno, msg)
                assert (refused.reason, refused.table) == ("no table 99", 99), msg
            # the seat: not one of the table's
            for msg in (p.Sit(table=tid, seat=3), p.HandOver(table=tid, seat=-1, to_bot=True),
                        p.VoteHandOver(table=tid, seat=5)):
                seat = msg.seat
                refused = await _refused(bruno, msg)
                assert refused.reason == f"table {tid} has no seat {seat}", msg
            # seated: bruno only looks at the lobby
            refused = await _refused(bruno, p.TakeBack(table=tid, version=version))
            assert refused.reason == "you do not sit at this table"
            # here: chat goes only to those at the table
            refused = await _refused(bruno, p.Chat(table=tid, text="ave"))
            assert refused.reason == "you are not at this table"
            # at the table, watching: still not seated
            bruno.send(p.Watch(table=tid))
            await bruno.expect(p.Update)
            refused = await _refused(bruno, p.TakeBack(table=tid, version=version))
            assert refused.reason == "you do not sit at this table"
            bruno.send(p.Chat(table=tid, text="ave"))
            line = await bruno.expect(p.ChatLine)
            assert line.text == "ave"
            assert table.match.version == version  # no refusal moved the game (no computer)
            # a guest's message is refused before any table is looked at
            guest = await Client.connect(
                server.socket_path, server.issue_token("guest:1", "guest-1", guest=True))
            refused = await _refused(guest, p.Sit(table=99, seat=0))
            assert refused.reason.startswith("without a key you may only watch")
    run(go())
