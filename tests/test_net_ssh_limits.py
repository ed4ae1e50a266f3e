"""The door's limits against the real OpenSSH client (and an asyncssh client for sizes no
terminal has): a login that opens no session is closed; a session's process gets only the
client's terminal variables, a sane TERM and a clamped window size (at the start and on
every resize); a session started fresh takes its terminal and limits without preexec_fn."""

from __future__ import annotations

import asyncio
import fcntl
import os
import struct
import subprocess
import sys
import termios
import uuid
from pathlib import Path

import asyncssh
import pytest

from .net_helpers import authorize, cleanup, make_keys, sessions, short_dir, stop_server
from .test_net_ssh import TIMEOUT, Term, _free_port, _need
from .waiting import polled

SSH = ("-o IdentitiesOnly=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null "
       "-o LogLevel=ERROR")


class Door:
    def __init__(self, d: Path, port: int, proc: subprocess.Popen) -> None:
        self.d, self.port, self.proc = d, port, proc

    def console(self) -> str:
        return (self.d / "console.out").read_text()

    def log(self) -> str:
        """The door's log file (logins, sessions, errors with their tracebacks)."""
        return (self.d / "door.log").read_text()

    def session(self) -> int:
        """The one session's process, once it runs the session's own program: a fresh one
        has exec'd `tui.net.fresh` (until then it is a copy of the door, with the door's
        environment), a warm one is a fork of `tui.net.warm`."""
        def one() -> int:
            pids = sessions(self.proc.pid)
            if len(pids) != 1:
                return 0
            try:
                program = Path(f"/proc/{pids[0]}/cmdline").read_bytes()
            except OSError:
                return 0
            return pids[0] if b"tui.net.fresh" in program or b"tui.net.warm" in program else 0
        return polled(one, TIMEOUT, what="the session's process")


@pytest.fixture
def door():
    for b in ("ssh", "ssh-keygen", "tmux"):
        _need(b)
    d = short_dir()
    make_keys(d, "anna", "bruno")
    authorize(d, "anna", "bruno")
    procs: list[subprocess.Popen] = []

    def start(*extra: str) -> Door:
        port = _free_port()
        out = open(d / "console.out", "w")  # noqa: SIM115  (the server's, closed with it)
        proc = subprocess.Popen(
            [sys.executable, "-m", "tui", "serve-ssh", "--port", str(port), "--host-key",
             str(d / "hostkey"), "--authorized-keys", str(d / "authorized"), "--data",
             str(d / "data"), "--log-file", str(d / "door.log"), "--bot-delay", "0",
             *extra],
            stdout=out, stderr=subprocess.STDOUT)
        out.close()
        procs.append(proc)
        door = Door(d, port, proc)
        polled(lambda: "SSH door on" in door.console(), TIMEOUT, what="the door open")
        return door

    try:
        yield start
    finally:
        for proc in procs:
            stop_server(proc)
        cleanup(d)


def test_a_login_that_opens_no_session_is_closed(door):
    door = door("--session-within", "1")
    anna = Term(door.port, door.d / "anna", "anna")
    try:
        anna.wait_for("No tables yet")
        quiet = subprocess.Popen(
            ["ssh", "-N", "-p", str(door.port), "-i", str(door.d / "bruno"), *SSH.split(),
             "bruno@127.0.0.1"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        try:
            polled(lambda: quiet.poll() is not None, TIMEOUT, what="the idle login closed")
        finally:
            if quiet.poll() is None:
                quiet.kill()
        assert "closed: no session within 1 s" in door.log()
        # anna logged in first and opened her session: it stays
        assert "No tables yet" in anna.screen()
        assert len(sessions(door.proc.pid)) == 1
    finally:
        anna.close()


def _size(pid: int) -> tuple[int, int]:
    """(columns, rows) of the session's terminal."""
    fd = os.open(os.readlink(f"/proc/{pid}/fd/0"), os.O_RDONLY | os.O_NOCTTY)
    try:
        rows, cols, _, _ = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8))
    finally:
        os.close(fd)
    return cols, rows


def test_a_fresh_session_gets_only_the_terminals_words_and_a_clamped_size(door):
    door = door("--spawn", "fresh", "--limit-files", "77")
    name = f"mn-env-{uuid.uuid4().hex[:8]}"
    sent = ("LD_PRELOAD=/tmp/evil.so FOO=bar PYTHONSTARTUP=/tmp/x.py LANG=fr_FR.UTF-8 "
            "LC_TIME=de_DE.UTF-8 LC_ALL=C TERM_PROGRAM=iTerm.app COLORTERM=truecolor")
    cmd = (f"env TERM={'x' * 5000} ssh -p {door.port} -i {door.d / 'anna'} {SSH} "
           f"-o 'SetEnv={sent}' -t anna@127.0.0.1; sleep 60")
    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "1000", "-y", "300", cmd],
                   check=True, timeout=10)
    try:
        pid = door.session()
        env = dict(item.split("=", 1) for item in
                   Path(f"/proc/{pid}/environ").read_text().split("\0") if "=" in item)
        assert env["TERM"] == "xterm-256color"  # 5000 characters: not a terminal's name
        assert env["TERM_PROGRAM"] == "iTerm.app" and env["COLORTERM"] == "truecolor"
        assert env["LANG"] == "fr_FR.UTF-8" and env["LC_TIME"] == "de_DE.UTF-8"
        assert env["LC_CTYPE"] == "C.UTF-8" and "LC_ALL" not in env  # the app writes UTF-8
        for never in ("LD_PRELOAD", "FOO", "PYTHONSTARTUP"):
            assert never not in env
        assert _size(pid) == (500, 200)  # the pty request of a 1000x300 window, clamped
        subprocess.run(["tmux", "resize-window", "-t", name, "-x", "90", "-y", "30"],
                       check=True, timeout=10)
        polled(lambda: _size(pid) == (90, 30), TIMEOUT, what="the window resized")
        subprocess.run(["tmux", "resize-window", "-t", name, "-x", "2000", "-y", "900"],
                       check=True, timeout=10)
        polled(lambda: _size(pid) == (500, 200), TIMEOUT, what="a huge resize, clamped")
        # started fresh without preexec_fn: its own session, the pty its controlling
        # terminal, and the limits set before the app loaded
        stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        assert int(stat[3]) == pid and int(stat[4]) != 0  # session leader, a tty
        limits = Path(f"/proc/{pid}/limits").read_text()
        assert any(line.startswith("Max open files") and line.split()[3:5] == ["77", "77"]
                   for line in limits.splitlines())
        assert any(line.startswith("Max core file size") and line.split()[4:6] == ["0", "0"]
                   for line in limits.splitlines())
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True, timeout=10)


def test_window_sizes_no_terminal_has_are_clamped(door):
    """An SSH client may send any 32-bit size, at the start or in a change: clamped, the
    session goes on (no error from the door)."""
    door = door()

    async def go() -> None:
        key = asyncssh.read_private_key(str(door.d / "anna"))
        async with asyncssh.connect("127.0.0.1", door.port, username="anna",
                                    client_keys=[key], known_hosts=None,
                                    agent_path=None) as conn:
            chan, _ = await conn.create_session(
                asyncssh.SSHClientSession, term_type="xterm-256color",
                term_size=(100_000, 4_000_000_000), encoding=None)
            pid = await asyncio.to_thread(door.session)
            assert _size(pid) == (500, 200)
            chan.change_terminal_size(80, 24)
            await asyncio.to_thread(polled, lambda: _size(pid) == (80, 24), TIMEOUT)
            chan.change_terminal_size(70_000, 70_000)
            await asyncio.to_thread(polled, lambda: _size(pid) == (500, 200), TIMEOUT)
            chan.close()

    asyncio.run(asyncio.wait_for(go(), 120))
    assert "Traceback" not in door.log()
