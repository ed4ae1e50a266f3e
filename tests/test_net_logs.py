"""The server's log (tui/net/logs.py), against the real thing: `serve-ssh --log-file` in a
temporary folder, players logging in with the real OpenSSH client (in tmux), a table
created over SSH and one by a local client on the server's socket, a seat handed to a
computer, a malformed frame sent over the real socket, and an error with its traceback.

The log gets one line per login (the key's fingerprint, the address, the result), per table
created, finished or handed to a computer, per refused frame; a traceback goes to the log
only, and the console shows one line per start and one per error. No secret is written:
no seed, no token, no key (only its fingerprint).
"""

from __future__ import annotations

import asyncio
import contextlib
import getpass
import io
import logging
import re
import signal
import socket
import stat
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from engine.saves import load_save
from tui.net import protocol as p
from tui.net.client import Client, RemoteError, local_token
from tui.net.logs import start_log

from .net_helpers import authorize, cleanup, make_keys, running, short_dir
from .test_net_ssh import TIMEOUT, Term, _free_port, _need
from .test_net_ssh_drop import KillableTerm
from .waiting import eventually

FAULT = "a fault the test put in the chat"
# the real command line, with one fault put in: saying something at a table raises
FAULTY = textwrap.dedent(f"""
    import sys
    from tui.net.handlers import chat

    def faulty(text):
        raise RuntimeError({FAULT!r})

    chat.clean_chat = faulty
    from tui.cli import main
    sys.exit(main(sys.argv[1:]))
""")


def _fingerprint(pub: Path) -> str:
    out = subprocess.run(["ssh-keygen", "-l", "-E", "sha256", "-f", str(pub)],
                         capture_output=True, text=True, check=True, timeout=30).stdout
    return out.split()[1]


def _wait_in(path: Path, text: str, timeout: float = TIMEOUT) -> str:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        said = path.read_text() if path.exists() else ""
        if text in said:
            return said
        time.sleep(0.1)
    raise AssertionError(f"{text!r} never came in {path.name}:\n"
                         f"{path.read_text() if path.exists() else '(no file)'}")


@pytest.fixture
def door():
    for b in ("ssh", "ssh-keygen", "tmux"):
        _need(b)
    d = short_dir()
    make_keys(d, "anna", "mallory")
    authorize(d, "anna")
    (d / "faulty.py").write_text(FAULTY)
    port = _free_port()
    out, err = d / "console.out", d / "console.err"
    with open(out, "w") as o, open(err, "w") as e:
        proc = subprocess.Popen(
            [sys.executable, str(d / "faulty.py"), "serve-ssh", "--port", str(port),
             "--host-key", str(d / "hostkey"), "--authorized-keys", str(d / "authorized"),
             "--data", str(d / "data"), "--bot-delay", "0.2",
             "--log-file", str(d / "logs" / "door.log")],
            stdout=o, stderr=e)
    terms: list[Term] = []
    try:
        _wait_in(out, "SSH door on")
        yield d, port, terms, proc
    finally:
        for t in terms:
            t.close()
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=15)
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=5)
        cleanup(d)


async def _until(client: Client, test, timeout: float = TIMEOUT) -> p.Update:
    """The next update of which `test` holds."""
    async def wait() -> p.Update:
        while True:
            msg = await client.receive()
            if isinstance(msg, p.Update) and test(msg):
                return msg
    return await asyncio.wait_for(wait(), timeout)


async def _local_table(d: Path, port: int, terms: list[Term]) -> None:
    """A local user creates table 2 and sits; anna joins it over SSH and her client dies;
    the creator hands her seat to a computer; then says something, and meets the fault."""
    data = d / "data"
    me = await Client.connect(data / "server.sock", local_token(data))
    me.send(p.CreateTable(civs=["rome", "greece", "egypt"],
                          seats=["remote", "remote", "easy"], sit=0))
    tid = (await me.expect(p.Created)).table
    assert tid == 2
    anna = KillableTerm(port, d / "anna", "anna", "join 2", size=(100, 30))
    terms.append(anna)
    await _until(me, lambda up: up.info.seats[1].taken and up.info.seats[1].connected)
    anna.kill_ssh()
    await _until(me, lambda up: not up.info.seats[1].connected)
    me.send(p.HandOver(table=tid, seat=1, to_bot=True, level="easy"))
    await _until(me, lambda up: up.info.seats[1].kind == "easy")
    me.send(p.Chat(table=tid, text="ave"))
    with pytest.raises(RemoteError):  # the fault cuts this client off, and it alone
        while True:
            await me.receive()
    me.close()


def _malformed_frame(sock_path: Path) -> p.ServerMsg:
    """A frame of garbage on the real socket, before any hello: the server's answer."""
    with socket.socket(socket.AF_UNIX) as s:
        s.settimeout(10)
        s.connect(str(sock_path))
        body = b"\xc1 this is no message"
        s.sendall(len(body).to_bytes(4, "big") + body)
        size = int.from_bytes(s.recv(4), "big")
        reply = b""
        while len(reply) < size:
            reply += s.recv(size - len(reply))
    return p.decode_server(reply)


def test_the_door_logs_logins_tables_bad_frames_and_tracebacks(door):
    d, port, terms, proc = door
    log_file = d / "logs" / "door.log"
    anna_fp, mallory_fp = _fingerprint(d / "anna.pub"), _fingerprint(d / "mallory.pub")

    # a key that is not in the authorized keys: refused
    r = subprocess.run(["ssh", "-p", str(port), "-i", str(d / "mallory"),
                        "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
                        "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                        "-o", "LogLevel=ERROR", "mallory@127.0.0.1", "join", "1"],
                       capture_output=True, text=True, timeout=TIMEOUT)
    assert r.returncode != 0
    _wait_in(log_file, f"login: key {mallory_fp} from 127.0.0.1, refused")

    # anna logs in with her key and creates table 1
    anna = Term(port, d / "anna", "anna", size=(100, 30))
    terms.append(anna)
    anna.wait_for("No tables yet")
    anna.press("n")
    anna.wait_for("A new table")
    anna.press("C-s")
    anna.wait_for("Rome (you)")
    _wait_in(log_file, "table 1 created by")

    asyncio.run(asyncio.wait_for(_local_table(d, port, terms), 3 * TIMEOUT))
    _wait_in(log_file, "Traceback")

    reply = _malformed_frame(d / "data" / "server.sock")
    assert isinstance(reply, p.Rejected) and "malformed" in reply.reason
    _wait_in(log_file, "bad frame")

    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=30)
    log = log_file.read_text()
    lines = log.splitlines()

    def one(pattern: str) -> str:
        found = [line for line in lines if re.search(pattern, line)]
        assert len(found) == 1, f"{pattern!r} in the log {len(found)} times:\n{log}"
        return found[0]

    user = getpass.getuser()
    assert "INFO tui.net.ssh: started: SSH door on 127.0.0.1" in log
    # one line per login: the key's fingerprint, the address, the result
    one(rf"WARNING tui\.net\.ssh: login: key {re.escape(mallory_fp)} from 127\.0\.0\.1, "
        "refused")
    logins = [line for line in lines
              if f"login: key {anna_fp} (anna) from 127.0.0.1, accepted" in line]
    assert len(logins) == 2  # her lobby, then `join 2`
    one(rf"INFO tui\.net\.server: login: local:{user} on this machine, accepted")
    # one line per table created, and per seat handed to a computer
    one(rf"INFO tui\.net\.handlers\.lobby: table 1 created by {re.escape(anna_fp)} \(anna\) "
        r"from 127\.0\.0\.1: rome, carthage, \w+; seats remote, remote, \w+; setup ")
    one(rf"table 2 created by local:{user} \({user}\): rome, greece, egypt; seats remote, "
        "remote, easy; setup predetermined; clock none$")
    one(rf"INFO tui\.net\.handlers\.seats: table 2: seat 2 handed to a computer \(easy\) by "
        rf"local:{user} \({user}\), its player away")
    # one line per refused frame
    one(r"WARNING tui\.net\.server: bad frame from a client before its hello: malformed "
        r"message: .* \(strike 1 of 5\)")
    # the error: one line and its traceback, in the log
    at = lines.index(one(rf"ERROR tui\.net\.server: client local:{user} \({user}\) cut off "
                         "by an error"))
    assert lines[at + 1] == "Traceback (most recent call last):"
    assert f"RuntimeError: {FAULT}" in log
    assert lines[-1].endswith("INFO tui.net.ssh: stopped")

    # the console: one line per start, one per error, never a traceback
    out = (d / "console.out").read_text().splitlines()
    assert len(out) == 2, out
    assert out[0].startswith("mare-nostrum: created host key ")
    assert out[1].startswith("mare-nostrum: SSH door on 127.0.0.1:")
    err = (d / "console.err").read_text().splitlines()
    assert err == [f"mare-nostrum: client local:{user} ({user}) cut off by an error: "
                   f"RuntimeError: {FAULT} (the traceback is in {log_file})"]

    # no secret: not the seeds, not the local token, not a key
    for tid in (1, 2):
        seed = load_save(d / "data" / "tables" / f"table-{tid}.json").state.config.seed
        assert str(seed) not in log
    assert local_token(d / "data") not in log
    for who in ("anna", "mallory"):
        assert (d / f"{who}.pub").read_text().split()[1] not in log
    assert stat.S_IMODE(log_file.stat().st_mode) == 0o600


@pytest.fixture
def root_logging():
    """The process's logging as it was, after a test that sets it up."""
    root = logging.getLogger()
    handlers, level, hook = list(root.handlers), root.level, threading.excepthook
    yield
    threading.excepthook = hook
    for h in list(root.handlers):
        root.removeHandler(h)
        h.close()
    for h in handlers:
        root.addHandler(h)
    root.setLevel(level)


def test_the_log_is_rotated_and_the_console_gets_one_line_per_error(root_logging):
    d = short_dir()
    try:
        console = io.StringIO()
        path = d / "logs" / "server.log"
        start_log(path, size_mb=1 / 1024, keep=2, console=console)  # 1 KB a file
        log = logging.getLogger("tui.net.server")
        for i in range(60):
            log.info("table %s created by someone", i)
        try:
            raise ValueError("a broken table")
        except ValueError:
            log.exception("table 61 failed")
        files = sorted(f.name for f in path.parent.iterdir())
        assert files == ["server.log", "server.log.1", "server.log.2"]  # two kept, no more
        for f in path.parent.iterdir():
            assert f.stat().st_size <= 1024 + 200
            assert stat.S_IMODE(f.stat().st_mode) == 0o600
        assert "Traceback (most recent call last)" in path.read_text()
        assert console.getvalue() == ("mare-nostrum: table 61 failed: ValueError: a broken "
                                      f"table (the traceback is in {path})\n")

        def broken() -> None:
            raise OSError("a disk that went away")

        thread = threading.Thread(target=broken, name="saves")
        thread.start()
        thread.join()
        assert console.getvalue().splitlines()[1] == (
            "mare-nostrum: thread saves failed: OSError: a disk that went away (the "
            f"traceback is in {path})")
        assert 'raise OSError("a disk that went away")' in path.read_text()
    finally:
        cleanup(d)


def test_a_finished_table_is_logged(caplog):
    """A table played out by computer players (watched: unwatched, they wait): one line
    when it is over."""
    d = short_dir()

    async def go():
        async with running(d, bot_delay=0.0) as server:
            me = await Client.connect(server.socket_path, server.issue_token("SHA256:a", "a"))
            me.send(p.CreateTable(civs=["rome", "greece", "egypt"],
                                  seats=["easy", "easy", "easy"]))
            tid = (await me.expect(p.Created)).table
            me.send(p.Watch(table=tid))
            table = server.tables[tid]
            while not table.over:
                await asyncio.sleep(0.05)
            # a finished game's record and events: in its save only, once it is written
            await eventually(lambda: table.retired, what="the finished table retired")
            return tid, table.match.state
    try:
        with caplog.at_level(logging.INFO, logger="tui.net"):
            tid, state = asyncio.run(asyncio.wait_for(go(), 300))
    finally:
        cleanup(d)
    finished = [r.getMessage() for r in caplog.records if "finished" in r.getMessage()]
    assert finished == [f"table {tid} finished at turn {state.turn}: {state.winner} won"]
