"""Chat keeps its place among the events (issue 30, point 4): the game server stores each
line with the table's version when it was said, and sends each event with the version of
its step, so a log rebuilt after a server restart (or a take-back) puts the chat where it
was said, not after everything."""

from __future__ import annotations

import asyncio

from engine import events as E
from tui.net import protocol as p
from tui.sessions.base import ChatEntry
from tui.sessions.remote import RemoteSession
from tui.widgets.battle_log import log_entries

from .net_helpers import anna_against_computers, player, run, running
from .waiting import eventually


async def _wait_for_person(server, tid):
    match = server.tables[tid].match
    await eventually(lambda: not match.bot_to_move(), what="a person's decision")
    return match


def test_log_entries_put_each_line_after_the_steps_before_it():
    events = [E.TurnStarted(turn=1), E.Passed(civ="rome", phase="offering"),
              E.Passed(civ="egypt", phase="offering")]
    chat = [ChatEntry(who="anna", text="late", version=2),
            ChatEntry(who="bruno", text="early", version=0),
            ChatEntry(who="carla", text="unknown")]
    lines = [line for line, _ in log_entries(events, "rome", chat, [0, 1, 2])]
    assert lines == ["Turn 1 begins", "bruno: early", "Rome passes (offering to the gods)",
                     "Egypt passes (offering to the gods)", "anna: late", "carla: unknown"]
    # events whose versions are not known: the chat after them, as it came
    lines = [line for line, _ in log_entries(events, "rome", chat[:2])]
    assert lines[-2:] == ["anna: late", "bruno: early"]


def test_chat_keeps_its_place_among_the_events_after_a_server_restart(data):
    async def first():
        async with running(data) as server:
            anna, tid = await anna_against_computers(server)
            match = await _wait_for_person(server, tid)
            anna.send(p.Chat(table=tid, text="my first move comes"))
            said = (await anna.expect(p.ChatLine)).version
            assert said == match.version
            anna.send(p.Act(table=tid, version=match.version, action=match.legal()[0]))
            await eventually(lambda: match.version != said, what="her move played")
            match = await _wait_for_person(server, tid)
            anna.send(p.Chat(table=tid, text="and the others played"))
            await anna.expect(p.ChatLine)
            anna.close()
            return tid, said, match.version

    tid, said, later = run(first())
    assert later > said + 1  # the computers played after Anna's move

    async def second():
        async with running(data) as server:
            # found again in the record, in a thread
            await eventually(lambda: server.tables[tid].recent, what="the table's log")
            anna = await player(server, "SHA256:anna", "anna")
            anna.send(p.Sit(table=tid, seat=0))
            remote = RemoteSession(tid, anna.send)
            while remote.last is None:  # the chat history first, then the update
                msg = await anna.receive()
                if isinstance(msg, p.ChatLine):
                    remote.chat_line(msg)
                elif isinstance(msg, p.Update):
                    remote.update(msg)
            anna.close()
            return remote

    remote = run(second())
    assert [(c.text, c.version) for c in remote.chat_lines] == [
        ("my first move comes", said), ("and the others played", later)]
    assert len(remote.event_versions) == len(remote.events)
    lines = [line for line, _ in log_entries(remote.events, "rome", remote.chat_lines,
                                             remote.event_versions)]
    first_line = lines.index("anna: my first move comes")
    second_line = lines.index("anna: and the others played")
    # before the first: the events up to Anna's move; between: her move and the computers'
    before = [e for e, v in zip(remote.events, remote.event_versions, strict=True)
              if v <= said]
    between = [e for e, v in zip(remote.events, remote.event_versions, strict=True)
               if said < v <= later]
    assert between  # (the first steps may be older than the server keeps: then none before)
    assert first_line == len([e for e in before if not e.visible_to or "rome" in e.visible_to])
    assert second_line == first_line + 1 + len(
        [e for e in between if not e.visible_to or "rome" in e.visible_to])
    assert second_line == len(lines) - 1  # nothing happened since
    # as Anna meets it: her game screen's log, at both sizes
    for size in ((80, 24), (160, 48)):
        assert asyncio.run(_shown_log(remote, size, lines)) == lines


async def _shown_log(remote: RemoteSession, size: tuple[int, int],
                     want: list[str]) -> list[str]:
    """The game screen's log once it shows `want` (or what it shows after a while)."""
    from tests.test_log_words import log_lines
    from tests.test_tui_fixtures import settle
    from tui.app import MareNostrumApp
    from tui.screens.game import GameScreen

    app = MareNostrumApp(first_screen=GameScreen(remote, bot_delay=0.0), autosave=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, lambda: any(isinstance(s, GameScreen) for s in app.screen_stack))
        await settle(pilot, lambda: log_lines(app) == want)
        return log_lines(app)
