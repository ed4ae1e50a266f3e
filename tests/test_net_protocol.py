"""The game server's protocol over a real Unix socket: framing, and every rejection."""

from __future__ import annotations

import asyncio
import os
import stat
import struct

import pytest

from tui.net import protocol as p
from tui.net.client import Client, RemoteError
from tui.net.conn import clean_chat

from .net_helpers import player, raw, read_msg, running
from .waiting import eventually


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


def test_frames_round_trip_and_limits():
    msg = p.Chat(table=3, text="ave")
    body = p.frame(msg)[4:]
    assert p.decode_client(body) == msg
    with pytest.raises(p.FrameError, match="malformed"):
        p.decode_client(b"\xc1garbage")
    with pytest.raises(p.FrameError, match="malformed"):
        p.decode_client(p.frame(p.Welcome(identity="x", name="y"))[4:])


def test_socket_is_private_and_hello_is_required(data):
    async def go():
        async with running(data) as server:
            mode = stat.S_IMODE(os.stat(server.socket_path).st_mode)
            assert mode == 0o600
            assert stat.S_IMODE(os.stat(data / "server.sqlite").st_mode) == 0o600
            assert stat.S_IMODE(os.stat(data).st_mode) == 0o700
            r, w = await raw(server)
            w.write(p.frame(p.ListTables()))
            msg = await read_msg(r)
            assert isinstance(msg, p.Rejected) and "hello" in msg.reason
            assert await read_msg(r) is None  # hung up
    run(go())


def test_bad_token_and_used_token_are_refused(data):
    async def go():
        async with running(data) as server:
            with pytest.raises(RemoteError, match="bad token"):
                await Client.connect(server.socket_path, "forged")
            token = server.issue_token("SHA256:anna", "anna")
            c = await Client.connect(server.socket_path, token)
            assert c.identity == "SHA256:anna" and c.name == "anna"
            with pytest.raises(RemoteError, match="bad token"):
                await Client.connect(server.socket_path, token)  # one time only
            c.close()
    run(go())


def test_oversized_frame_and_garbage_are_refused_without_harm(data):
    async def go():
        async with running(data) as server:
            anna = await player(server, "SHA256:anna", "anna")
            r, w = await raw(server)
            w.write(struct.pack(">I", p.MAX_CLIENT_FRAME + 1) + b"x" * 10)
            msg = await read_msg(r)
            assert isinstance(msg, p.Rejected) and "over the limit" in msg.reason
            assert await read_msg(r) is None
            r, w = await raw(server)
            w.write(p.frame(p.Hello(version=p.VERSION, token=server.issue_token("b", "b"))))
            assert isinstance(await read_msg(r), p.Welcome)
            for _ in range(10):
                w.write(struct.pack(">I", 5) + b"\xff\xfe\x00zz")
            msg = await read_msg(r)
            assert isinstance(msg, p.Rejected) and "malformed" in msg.reason
            while (msg := await read_msg(r)) is not None:  # cut off after a few strikes
                assert isinstance(msg, p.Rejected)
            # the other client is unharmed
            anna.send(p.ListTables())
            assert isinstance(await anna.expect(p.Tables), p.Tables)
            anna.close()
    run(go())


def test_flooding_client_is_cut_off_alone(data):
    async def go():
        async with running(data) as server:
            anna = await player(server, "SHA256:anna", "anna")
            r, w = await raw(server)
            w.write(p.frame(p.Hello(version=p.VERSION, token=server.issue_token("f", "f"))))
            assert isinstance(await read_msg(r), p.Welcome)
            w.write(p.frame(p.Chat(table=99, text="x")) * 500)
            seen = []
            while (msg := await read_msg(r)) is not None:
                seen.append(msg)
            assert any(isinstance(m, p.Rejected) and "too many" in m.reason for m in seen)
            anna.send(p.ListTables())
            assert isinstance(await anna.expect(p.Tables), p.Tables)
    run(go())


async def _table_with_two(server):
    anna = await player(server, "SHA256:anna", "anna")
    bruno = await player(server, "SHA256:bruno", "bruno")
    anna.send(p.CreateTable(civs=["rome", "greece", "egypt"],
                            seats=["remote", "remote", "random"], sit=0))
    created = await anna.expect(p.Created)
    await anna.expect(p.Update)
    bruno.send(p.Sit(table=created.table, seat=1))
    up = await bruno.expect(p.Update)
    return anna, bruno, created.table, up


async def _fresh(server, client, tid: int, seat: int) -> p.Update:
    """Wait for a person's decision at the table, then the client's update at its version."""
    match = server.tables[tid].match
    await eventually(lambda: not match.bot_to_move(), what="a person's decision")
    client.send(p.Sit(table=tid, seat=seat))
    while True:
        up = await client.expect(p.Update)
        if up.seat == seat and up.version == match.version:
            return up


def test_every_rejection_at_a_table(data):
    async def go():
        async with running(data) as server:
            anna, bruno, tid, _ = await _table_with_two(server)
            table = server.tables[tid]
            up = await _fresh(server, anna, tid, 0)
            pending = up.info.pending
            assert pending in (0, 1)
            mover, other = (anna, bruno) if pending == 0 else (bruno, anna)
            up = await _fresh(server, mover, tid, pending)
            before = table.match.state.actions_taken
            assert up.legal, "the pending seat gets its legal actions"
            action = up.legal[0]
            # unknown table
            mover.send(p.Act(table=999, version=up.version, action=action))
            assert "no table 999" in (await mover.expect(p.Rejected)).reason
            # wrong seat: the other one tries the mover's action
            other.send(p.Act(table=tid, version=up.version, action=action))
            assert "not your decision" in (await other.expect(p.Rejected)).reason
            # stale version
            mover.send(p.Act(table=tid, version=up.version + 5, action=action))
            assert isinstance(await mover.expect(p.Resync), p.Resync)
            assert "stale" in (await mover.expect(p.Rejected)).reason
            # a seat taken by someone else; a computer's seat
            other.send(p.Sit(table=tid, seat=pending))
            assert "taken by" in (await other.expect(p.Rejected)).reason
            anna.send(p.Sit(table=tid, seat=2))
            assert "computer" in (await anna.expect(p.Rejected)).reason
            # an illegal action for this prompt: the engine's reason
            mover.send(p.Act(table=tid, version=up.version, action=_illegal(up)))
            assert (await mover.expect(p.Rejected)).reason
            # hand-over by a non-creator
            bruno.send(p.HandOver(table=tid, seat=0, to_bot=True))
            assert "creator" in (await bruno.expect(p.Rejected)).reason
            # nothing changed; then the right move is accepted
            assert table.match.state.actions_taken == before
            mover.send(p.Act(table=tid, version=up.version, action=action))
            nxt = await mover.expect(p.Update)
            while nxt.version == up.version:
                nxt = await mover.expect(p.Update)
            assert nxt.version > up.version
            anna.close()
            bruno.close()
    run(go())


def _illegal(up: p.Update):
    """An action the prompt does not accept."""
    from engine.actions import SelectCapital
    assert up.seat is not None
    return SelectCapital(province="nowhere")


def test_malformed_message_is_rejected_with_reason(data):
    async def go():
        async with running(data) as server:
            r, w = await raw(server)
            w.write(p.frame(p.Hello(version=p.VERSION, token=server.issue_token("m", "m"))))
            assert isinstance(await read_msg(r), p.Welcome)
            import msgspec
            body = msgspec.msgpack.encode({"msg": "Act", "table": 1, "version": 0,
                                           "action": {"type": "NoSuchAction"}})
            w.write(struct.pack(">I", len(body)) + body)
            msg = await read_msg(r)
            assert isinstance(msg, p.Rejected) and "malformed" in msg.reason
    run(go())


def test_a_frame_nested_thousands_deep_is_refused_with_a_reason(data):
    """msgspec skips an unknown field by recursing into its value: 60,000 nested arrays
    there must be a refusal like any malformed frame, not a dropped client."""
    deep = b"\x91" * 60_000 + b"\xc0"
    body = b"\x82\xa3msg\xaaListTables\xa5extra" + deep

    async def go():
        async with running(data) as server:
            r, w = await raw(server)
            w.write(p.frame(p.Hello(version=p.VERSION, token=server.issue_token("m", "m"))))
            assert isinstance(await read_msg(r), p.Welcome)
            w.write(struct.pack(">I", len(body)) + body)
            msg = await read_msg(r)
            assert isinstance(msg, p.Rejected) and msg.reason == "malformed message: nested too deep"
            w.write(p.frame(p.ListTables()))  # still served
            assert isinstance(await read_msg(r), p.Tables)
    run(go())


def test_chat_is_cleaned_limited_and_stored(data):
    async def go():
        async with running(data) as server:
            anna, bruno, tid, _ = await _table_with_two(server)
            anna.send(p.Chat(table=tid, text="ave \x1b[31mred\x07" + "x" * 500))
            line = await bruno.expect(p.ChatLine)
            assert line.name == "anna" and "\x1b" not in line.text and "\x07" not in line.text
            assert len(line.text) <= 200
            for i in range(6):
                anna.send(p.Chat(table=tid, text=f"line {i}"))
            assert "too fast" in (await anna.expect(p.Rejected)).reason
            assert server.store.chat(tid)[0][1].startswith("ave [31mred")
    run(go())


def test_disconnect_keeps_the_seat_and_creator_hands_it_over(data):
    async def go():
        async with running(data) as server:
            anna, bruno, tid, _ = await _table_with_two(server)
            bruno.close()
            up = await anna.expect(p.Update)
            # Updates sent before bruno sat down may still be on their way: wait for the one
            # that shows his seat taken and him gone.
            while not up.info.seats[1].taken or up.info.seats[1].connected:
                up = await anna.expect(p.Update)
            assert up.info.seats[1].name == "bruno"
            anna.send(p.HandOver(table=tid, seat=1, to_bot=True))
            up = await anna.expect(p.Update)
            while up.info.seats[1].kind == "remote":
                up = await anna.expect(p.Update)
            anna.send(p.HandOver(table=tid, seat=1, to_bot=False))
            up = await anna.expect(p.Update)
            while up.info.seats[1].kind != "remote":
                up = await anna.expect(p.Update)
            bruno = await player(server, "SHA256:bruno", "bruno")
            bruno.send(p.Sit(table=tid, seat=1))
            up = await bruno.expect(p.Update)
            assert up.seat == 1 and up.info.seats[1].mine
    run(go())


def test_another_protocol_version_is_refused(data):
    async def go():
        async with running(data) as server:
            r, w = await raw(server)
            w.write(p.frame(p.Hello(version=p.VERSION + 1, token=server.issue_token("v", "v"))))
            msg = await read_msg(r)
            assert isinstance(msg, p.Rejected) and "protocol version" in msg.reason
            assert await read_msg(r) is None
    run(go())


def test_create_table_refusals(data):
    async def go():
        async with running(data) as server:
            anna = await player(server, "SHA256:anna", "anna")
            for bad, reason in [
                (p.CreateTable(civs=["rome", "greece"], seats=["remote"] * 2), ""),
                (p.CreateTable(civs=["rome", "greece", "egypt"], seats=["remote"] * 2),
                 "seats"),
                (p.CreateTable(civs=["rome", "greece", "mars"], seats=["remote"] * 3),
                 "unknown civilization"),
                (p.CreateTable(civs=["rome", "greece", "egypt"],
                               seats=["remote", "genius", "remote"]), "unknown player kind"),
                (p.CreateTable(civs=["rome", "greece", "egypt"],
                               seats=["greedy", "remote", "remote"], sit=0), "creator"),
            ]:
                anna.send(bad)
                assert reason in (await anna.expect(p.Rejected)).reason
            assert server.tables == {} and server.store.tables() == []
    run(go())


def test_who_sits_down_finds_the_recent_events_in_the_log(data):
    async def go():
        async with running(data) as server:
            anna, bruno, tid, up = await _table_with_two(server)
            table = server.tables[tid]
            assert up.events and len(up.events) <= len(table.recent)
            assert all(not e.visible_to or "greece" in e.visible_to for e in up.events)
            carla = await player(server, "SHA256:carla", "carla")
            carla.send(p.Watch(table=tid))
            seen = await carla.expect(p.Update)
            assert seen.events and all(not e.visible_to for e in seen.events)
    run(go())


def test_updates_carry_the_seats_quotes_and_the_prompt_to_the_decider_only(data):
    async def go():
        async with running(data) as server:
            anna, bruno, tid, _ = await _table_with_two(server)
            match = server.tables[tid].match
            ups = [await _fresh(server, c, tid, seat) for seat, c in ((0, anna), (1, bruno))]
            carla = await player(server, "SHA256:carla", "carla")
            carla.send(p.Watch(table=tid))
            ups.append(await carla.expect(p.Update))
            pending = match.pending_seat()
            for up in ups:
                assert up.quotes is not None and up.quotes.seat == up.seat
                decides = up.seat is not None and up.seat == pending
                assert (up.prompt is not None) == decides and bool(up.legal) == decides
                assert up.view.state.prompt is not None  # whose decision, of what kind
            assert ups[2].quotes.hand is None  # a watcher holds no hand

    run(go())


def test_a_seat_goes_only_to_a_known_computer_level(data):
    async def go():
        async with running(data) as server:
            anna, bruno, tid, _ = await _table_with_two(server)
            bruno.close()
            await eventually(lambda: server.tables[tid].seats[1].identity not in
                             server._connected(server.tables[tid]), what="bruno gone")
            anna.send(p.HandOver(table=tid, seat=1, to_bot=True, level="oracle"))
            assert "unknown computer level" in (await anna.expect(p.Rejected)).reason
            anna.send(p.HandOver(table=tid, seat=1, to_bot=True, level="random"))
            up = await anna.expect(p.Update)
            while up.info.seats[1].kind == "remote":
                up = await anna.expect(p.Update)
            assert up.info.seats[1].kind == "random" and up.info.seats[1].name == "bruno"

    run(go())


def test_a_chat_line_keeps_no_line_or_paragraph_separator():
    """U+2028/U+2029 would break a line in a terminal or a log; odd spaces read as
    blanks: each becomes a plain space, and controls and format characters go."""
    assert clean_chat("brb\u20282 min\u2029ok\u00a0now\u3000!\u200b\x1b") == "brb 2 min ok now !"
    assert clean_chat("\u2028\u2029 ") == ""


def test_a_silent_client_and_a_half_frame_are_timed_out(data, monkeypatch):
    """A socket client that never says hello, or stops in the middle of a frame, is told why
    and disconnected once its time is up; everyone else goes on being served."""
    from tui.net import server as server_module
    monkeypatch.setattr(server_module, "HELLO_WITHIN", 0.5)
    monkeypatch.setattr(server_module, "FRAME_WITHIN", 0.5)

    async def go():
        async with running(data) as server:
            silent_r, _silent_w = await raw(server)
            half_r, half_w = await raw(server)
            half_w.write(p.frame(p.Hello(version=p.VERSION, token=server.issue_token("h", "h"))))
            assert isinstance(await read_msg(half_r), p.Welcome)
            half_w.write(struct.pack(">I", 100) + b"\x82\xa3msg")  # 5 bytes of 100
            anna = await player(server, "a", "anna")
            msg = await read_msg(silent_r)
            assert isinstance(msg, p.Rejected) and msg.reason == "no hello within 0.5 s"
            assert await read_msg(silent_r) is None  # hung up
            msg = await read_msg(half_r)
            assert isinstance(msg, p.Rejected) and "did not come within 0.5 s" in msg.reason
            assert await read_msg(half_r) is None
            anna.send(p.ListTables())
            assert isinstance(await anna.expect(p.Tables), p.Tables)
    run(go())
