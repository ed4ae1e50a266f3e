"""Notices while away (tui/net/away.py): a key registers an e-mail address, confirmed by the
code a real SMTP server (aiosmtpd) receives, and a push address (apprise's json:// to a real
local HTTP receiver); a decision that becomes the absent player's is told there once per
table per hour, with a daily digest when several tables wait, each notice saying how to turn
them off and carrying no card of a hand or an offer. The server's clock is turned by the
test (no sleeping for hours)."""

from __future__ import annotations

import asyncio
import email
import email.policy
import json
import logging
import re
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from aiosmtpd.controller import Controller

from engine.data.cards import ALL_CARDS, RESOURCE_NAMES
from engine.render import prompt_title
from tui.net import protocol as p
from tui.net.away import (
    AwayConfig,
    Notice,
    Waiting,
    check_config,
    decision_notice,
    deliver,
    digest_notice,
    mail_url,
)
from tui.net.clock import CORRESPONDENCE, HandClock, Preset
from tui.net.contacts import ContactError, check_email, check_push
from tui.net.handlers.away import present

from .net_helpers import player, run, running
from .test_net_clocks import _collect, _play
from .waiting import eventually

BRUNO = "SHA256:bruno"
REACH = "ssh -p 2222 games.example.org"
TWO_DAYS = Preset(kind=CORRESPONDENCE, amount=2)
SECRETS = sorted({c.name for c in ALL_CARDS.values()} | set(RESOURCE_NAMES.values()))


# --- the real receivers --------------------------------------------------------------------------
class Mailbox:
    """What a real SMTP server received: (recipients, subject, plain text) per e-mail."""

    def __init__(self) -> None:
        self.mails: list[tuple[list[str], str, str]] = []

    async def handle_DATA(self, server, session, envelope) -> str:
        msg = email.message_from_bytes(envelope.content, policy=email.policy.default)
        body = msg.get_body(preferencelist=("plain",))
        text = body.get_content() if body is not None else ""
        self.mails.append((list(envelope.rcpt_tos), str(msg["subject"]), text))
        return "250 OK"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtp():
    box = Mailbox()
    port = _free_port()
    relay = Controller(box, hostname="127.0.0.1", port=port)
    relay.start()
    box.port = port  # type: ignore[attr-defined]
    yield box
    relay.stop()


class Receiver:
    """A real HTTP server: the JSON body of every POST it received."""

    def __init__(self) -> None:
        posts = self.posts = []

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                size = int(self.headers.get("Content-Length", 0))
                posts.append((self.path, json.loads(self.rfile.read(size))))
                self.send_response(200)
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.http.server_address[1]
        self.thread = threading.Thread(target=self.http.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.http.shutdown()
        self.http.server_close()


@pytest.fixture
def receiver():
    r = Receiver()
    yield r
    r.close()


def _away(smtp: Mailbox, **kw) -> AwayConfig:
    return AwayConfig(smtp=f"127.0.0.1:{smtp.port}", sender="games@example.org",  # type: ignore[attr-defined]
                      reach=REACH, local_push=True, **kw)


def _no_secret(text: str) -> None:
    named = [name for name in SECRETS if re.search(rf"\b{re.escape(name)}\b", text)]
    assert named == [], f"a card's name in a notice: {named}"


async def _drained(server) -> None:
    """Every notice handed to the courier has gone (or failed)."""
    await asyncio.to_thread(server.away.courier.drain)


# --- the words -----------------------------------------------------------------------------------
def test_a_notice_says_table_civilization_decision_time_left_and_how_to_turn_it_off():
    config = AwayConfig(reach=REACH)
    w = Waiting(table=3, civ="Rome", what="Construction", left=2 * 86400 + 60)
    n = decision_notice(w, config)
    assert n.body.startswith("table 3, Rome: your decision (Construction); 2d 0h left on "
                             "the clock.")
    assert f"turn these notices off: connect ({REACH})" in n.body and "Settings" in n.body
    assert "table 3" in n.title
    d = digest_notice([w, Waiting(table=5, civ="Egypt", what="Trade: your offer")], config)
    assert d.title == "Mare Nostrum: 2 tables wait for you"
    assert "- table 5, Egypt: your decision (Trade: your offer)\n" in d.body
    assert "turn these notices off" in d.body
    url = mail_url(AwayConfig(smtp="relay.example.org:587", sender="g@example.org",
                              security="starttls", user="me", password="p@ss"), "a+b@x.org")
    assert url.startswith("mailtos://me:p%40ss@relay.example.org:587?") and \
        "to=a%2Bb%40x.org" in url and "mode=starttls" in url


def test_addresses_and_the_hosts_settings_are_checked_and_refused_with_a_reason():
    assert check_email(" Anna.B+games@Example.ORG ") == "Anna.B+games@example.org"
    for bad in ("anna", "anna@", "a@b", "a b@example.org", "a@example.org, b@example.org",
                "Anna <a@example.org>", "x" * 250 + "@example.org"):
        with pytest.raises(ContactError, match="not an e-mail address"):
            check_email(bad)
    assert check_push("ntfy://ntfy.example.org/my-topic") == "ntfy://ntfy.example.org/my-topic"
    with pytest.raises(ContactError, match="begins with its service"):
        check_push("mailto://anna@example.org")  # an e-mail goes through its code first
    with pytest.raises(ContactError, match="begins with its service"):
        check_push("https://example.org/hook")
    for near in ("json://localhost:8080/x", "ntfy://127.0.0.1/t", "json://10.1.2.3/x",
                 "gotify://[::1]/token", "json://printer.local/x"):
        with pytest.raises(ContactError, match="server's own machine or network"):
            check_push(near)
        check_push(near, local=True)  # a host who runs their own service allows them
    with pytest.raises(ContactError, match="one line"):
        check_push("ntfy://example.org/a b")
    with pytest.raises(ContactError, match="not one its service accepts"):
        check_push("discord://")
    with pytest.raises(ValueError, match="HOST:PORT"):
        check_config(AwayConfig(smtp="relay.example.org", sender="g@example.org"))
    with pytest.raises(ValueError, match="--smtp-from"):
        check_config(AwayConfig(smtp="relay.example.org:25"))
    with pytest.raises(ValueError, match="0 to 23"):
        check_config(AwayConfig(digest_hour=24))


def test_a_notice_that_cannot_go_is_logged_and_never_raised(caplog):
    dead = _free_port()  # nobody listens there
    with caplog.at_level(logging.WARNING, logger="tui.net.away"):
        assert not deliver([f"json://127.0.0.1:{dead}/x"], Notice("t", "b"), "table 1 to x")
        relay = AwayConfig(smtp=f"127.0.0.1:{dead}", sender="games@example.org")
        assert not deliver([mail_url(relay, "c@example.org")], Notice("t", "b"),
                           "table 2 to y")
    lines = [r.getMessage() for r in caplog.records if r.name == "tui.net.away"]
    assert any("table 1 to x" in line and "not delivered" in line for line in lines)
    assert any("table 2 to y" in line for line in lines)


# --- on a real server ----------------------------------------------------------------------------
async def _set_up_bruno(server, smtp: Mailbox, receiver: Receiver):
    """Bruno registers an e-mail address and a push address, and confirms the address with
    the code the real SMTP server received."""
    bruno = await player(server, BRUNO, "bruno")
    bruno.send(p.GetContact())
    empty = await bruno.expect(p.Contact)
    assert (empty.email, empty.push, empty.mail) == ("", "", True)
    push = f"json://127.0.0.1:{receiver.port}/bruno"
    bruno.send(p.SetContact(email="bruno@example.org", push=push))
    saved = await bruno.expect(p.Contact)
    assert (saved.email, saved.confirmed, saved.push) == ("bruno@example.org", False, push)
    assert "A code was sent to bruno@example.org" in saved.said
    await eventually(lambda: smtp.mails and receiver.posts, what="the code and a first notice")
    to, subject, text = smtp.mails[0]
    assert to == ["bruno@example.org"] and "code" in subject
    code = re.search(r"Your code: ([A-Z0-9]{4}-[A-Z0-9]{4})", text).group(1)
    assert receiver.posts[0][0] == "/bruno" and "notices while away" in \
        receiver.posts[0][1]["title"]
    assert "turn these notices off" in receiver.posts[0][1]["message"]
    assert not server.contacts.of(BRUNO)[0].confirmed  # the push address only, for now
    bruno.send(p.ConfirmEmail(code="AAAA-AAAA"))
    assert "not the code" in (await bruno.expect(p.Rejected)).reason
    bruno.send(p.ConfirmEmail(code=code.lower()))
    confirmed = await bruno.expect(p.Contact)
    assert confirmed.confirmed and "is confirmed" in confirmed.said
    assert code not in str(server.store.db.execute("SELECT * FROM contacts").fetchall())
    return bruno


def test_an_absent_player_is_told_once_per_table_per_hour_with_no_secret(data, smtp, receiver):
    clock = HandClock()

    async def go():
        async with running(data, clock=clock, away=_away(smtp)) as server:
            anna = await player(server, "SHA256:anna", "anna")
            anna.send(p.CreateTable(civs=["rome", "greece", "egypt"],
                                    seats=["remote", "remote", "easy"], sit=0,
                                    clock=TWO_DAYS))
            tid = (await anna.expect(p.Created)).table
            reading = [asyncio.create_task(_collect(anna, []))]
            bruno = await _set_up_bruno(server, smtp, receiver)
            match = server.tables[tid].match
            mails, posts = len(smtp.mails), len(receiver.posts)

            async def bruno_decides_and_goes():
                me = await player(server, BRUNO, "bruno")
                reading.append(asyncio.create_task(_collect(me, [])))
                me.send(p.Sit(table=tid, seat=1))
                await eventually(lambda: present(server, BRUNO), what="bruno back")
                await _play(server, tid, {0: anna, 1: me}, lambda: match.pending_seat() == 0)
                me.close()
                await eventually(lambda: not present(server, BRUNO), what="bruno gone")

            bruno.close()
            await bruno_decides_and_goes()
            await _play(server, tid, {0: anna}, lambda: match.pending_seat() == 1)
            await eventually(lambda: len(smtp.mails) > mails and len(receiver.posts) > posts,
                             what="the notice by e-mail and push")
            state = match.state
            hand = state.players[1].hand
            (to, subject, text), = smtp.mails[mails:]
            (path, body), = receiver.posts[posts:]
            assert to == ["bruno@example.org"] and path == "/bruno"
            for words in (text, body["message"]):
                assert f"table {tid}, Greece: your decision ({prompt_title(state.prompt)}); " \
                       "2d 0h left on the clock" in words
                assert f"turn these notices off: connect ({REACH})" in words
                _no_secret(words)
                _no_secret(subject + body["title"])
            # the same hour, a new decision of his at the same table: not told again
            await bruno_decides_and_goes()
            await _play(server, tid, {0: anna}, lambda: match.pending_seat() == 1)
            await _drained(server)
            assert len(smtp.mails) == mails + 1 and len(receiver.posts) == posts + 1
            # an hour later, told again
            clock.advance(3601)
            await bruno_decides_and_goes()
            await _play(server, tid, {0: anna}, lambda: match.pending_seat() == 1)
            await _drained(server)
            assert len(smtp.mails) == mails + 2 and len(receiver.posts) == posts + 2
            for task in reading:
                task.cancel()
            return hand

    hand = run(go())
    assert hand  # the notices were checked against a hand that holds cards


def test_a_daily_digest_when_several_tables_wait(data, smtp, receiver):
    clock = HandClock(start=1_800_000_000.0)  # 08:00 UTC
    config = _away(smtp, digest_hour=20)

    async def go():
        async with running(data, clock=clock, away=config) as server:
            anna = await player(server, "SHA256:anna", "anna")
            bruno = await _set_up_bruno(server, smtp, receiver)
            tables = []
            for _ in range(2):
                anna.send(p.CreateTable(civs=["rome", "greece", "egypt"],
                                        seats=["remote", "remote", "easy"], sit=0,
                                        clock=TWO_DAYS))
                tables.append(await anna.expect(p.Created, timeout=30))
            reading = [asyncio.create_task(_collect(anna, [])),
                       asyncio.create_task(_collect(bruno, []))]
            # bruno sits at both, each when the decision there is anna's, and goes
            for created in tables:
                tid = created.table
                match = server.tables[tid].match
                bruno.send(p.Sit(table=tid, seat=1))
                await eventually(lambda: server.tables[tid].seats[1].identity == BRUNO)  # noqa: B023
                anna.send(p.Sit(table=tid, seat=0))
                await _play(server, tid, {0: anna, 1: bruno},
                            lambda: match.pending_seat() == 0)  # noqa: B023
            bruno.close()
            await eventually(lambda: not present(server, BRUNO), what="bruno gone")
            for created in tables:
                tid = created.table
                anna.send(p.Sit(table=tid, seat=0))
                await _play(server, tid, {0: anna},
                            lambda: server.tables[tid].match.pending_seat() == 1)  # noqa: B023
            await _drained(server)
            before = len(receiver.posts)
            assert before == 3  # the first notice, and one per table
            assert server.check_clocks() == [] and len(receiver.posts) == before  # not 20:00
            clock.advance(12 * 3600)  # 20:00 UTC
            server.check_clocks()
            await _drained(server)
            (_, digest), = receiver.posts[before:]
            assert digest["title"] == "Mare Nostrum: 2 tables wait for you"
            for created in tables:
                assert f"- table {created.table}, Greece: your decision (" in digest["message"]
            assert "1d 12h left on the clock" in digest["message"]
            assert "turn these notices off" in digest["message"]
            _no_secret(digest["message"])
            assert any("2 tables wait" in subject for _, subject, _ in smtp.mails)
            clock.advance(3600)  # the same day: no second digest
            server.check_clocks()
            await _drained(server)
            assert len(receiver.posts) == before + 1
            clock.advance(86400 - 3600)  # the next day, still waiting: told again
            server.check_clocks()
            await _drained(server)
            assert len(receiver.posts) == before + 2
            clock.advance(86400 + 2 * 3600)  # the server was down at the hour: not late
            server.check_clocks()
            await _drained(server)
            assert len(receiver.posts) == before + 2
            for task in reading:
                task.cancel()

    run(go())


def test_contacts_refused_in_their_words_and_turned_off(data, receiver):
    clock = HandClock()

    async def go():
        async with running(data, clock=clock, away=AwayConfig(reach=REACH)) as server:
            bruno = await player(server, BRUNO, "bruno")
            bruno.send(p.SetContact(email="bruno@example.org"))
            assert "sends no e-mail" in (await bruno.expect(p.Rejected)).reason
            bruno.send(p.SetContact(push=f"json://127.0.0.1:{receiver.port}/b"))
            assert "own machine or network" in (await bruno.expect(p.Rejected)).reason
            # (.invalid: a name that never resolves, so its first notice goes nowhere)
            bruno.send(p.SetContact(push="ntfy://ntfy.invalid/bruno-games"))
            saved = await bruno.expect(p.Contact)
            assert saved.push == "ntfy://ntfy.invalid/bruno-games" and not saved.mail
            bruno.send(p.SetContact(push="ntfy://ntfy.invalid/other"))
            assert "try again in 10 minutes" in (await bruno.expect(p.Rejected)).reason
            bruno.send(p.ConfirmEmail(code="ABCD-EFGH"))
            assert "no e-mail address" in (await bruno.expect(p.Rejected)).reason
            bruno.send(p.SetContact())  # off: nothing is sent any more
            off = await bruno.expect(p.Contact)
            assert (off.email, off.push) == ("", "") and "nothing will be sent" in off.said
            assert server.contacts.of(BRUNO) == []
            from tui.net.client import Client
            assert server.socket_path is not None
            keyless = await Client.connect(server.socket_path, server.issue_token(
                "guest:2", "guest-2", guest=True))
            keyless.send(p.GetContact())
            assert "only watch" in (await keyless.expect(p.Rejected)).reason

    run(go())


def test_serve_refuses_a_relay_it_cannot_use_in_one_line(data):
    import subprocess
    import sys
    for flags, said in ((["--smtp", "relay.example.org"], "--smtp wants HOST:PORT"),
                        (["--smtp", "relay.example.org:25"], "--smtp needs --smtp-from"),
                        (["--notice-hour", "25"], "0 to 23")):
        r = subprocess.run([sys.executable, "-m", "tui", "serve", "--data", str(data), *flags],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 2 and r.stderr.strip().splitlines() == [
            f"mare-nostrum: {r.stderr.strip().removeprefix('mare-nostrum: ')}"]
        assert said in r.stderr and "Traceback" not in r.stderr
        assert not (data / "server.sock").exists()
