"""Clients that vanish: the SSH door keeps quiet and keeps serving.

A seated player and a watcher, each the real OpenSSH client in a terminal (tmux), are
killed (SIGKILL on the ssh processes) while the table goes on; the server must print no
traceback and no error about it, and a new client gets in afterwards.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from .net_helpers import authorize, cleanup, make_keys, sessions, short_dir, stop_server
from .test_net_ssh import TIMEOUT, Term, _free_port, _need
from .waiting import eventually, polled

# what a server says when something went wrong: a traceback, an error or an exception
TROUBLE = re.compile(r"Traceback|Error|Exception")


class KillableTerm(Term):
    """A terminal whose process is the ssh client itself, so that it can be killed."""

    def __init__(self, port: int, key: Path, user: str, command: str = "",
                 size=(80, 24)) -> None:
        self.name = f"mn-{user}-{uuid.uuid4().hex[:8]}"
        cmd = (f"exec ssh -p {port} -i {key} -o IdentitiesOnly=yes "
               "-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null "
               f"-o LogLevel=ERROR -t {user}@127.0.0.1 {command}")
        # remain-on-exit: the pane stays after its ssh is killed, for a look at it
        subprocess.run(["tmux", "new-session", "-d", "-s", self.name, "-x", str(size[0]),
                        "-y", str(size[1]), cmd], check=True, timeout=10)
        subprocess.run(["tmux", "set-option", "-t", self.name, "remain-on-exit", "on"],
                       capture_output=True, timeout=10)

    def ssh_pid(self) -> int:
        r = subprocess.run(["tmux", "display-message", "-p", "-t", self.name,
                            "#{pane_pid}"], capture_output=True, text=True, timeout=10,
                           check=True)
        return int(r.stdout.strip())

    def kill_ssh(self, busy: str = "") -> None:
        """SIGKILL the ssh client (after pressing `busy`'s keys, so that its app is
        drawing when its client dies)."""
        pid = self.ssh_pid()
        for key in busy.split():
            self.press(key)
        assert "ssh" in Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
        os.kill(pid, signal.SIGKILL)


@pytest.fixture
def door():
    for b in ("ssh", "ssh-keygen", "tmux"):
        _need(b)
    d = short_dir()
    make_keys(d, "anna", "bruno", "carla")
    authorize(d, "anna", "bruno", "carla")
    port = _free_port()
    out, err = d / "server.out", d / "server.err"
    with open(out, "w") as o, open(err, "w") as e:
        # computer players at watching speed: the screens keep changing while clients die
        proc = subprocess.Popen(
            [sys.executable, "-m", "tui", "serve-ssh", "--port", str(port),
             "--host-key", str(d / "hostkey"), "--authorized-keys", str(d / "authorized"),
             "--data", str(d / "data"), "--bot-delay", "0.3"],
            stdout=o, stderr=e)
    terms: list[Term] = []
    try:
        with contextlib.suppress(AssertionError):
            polled(lambda: proc.poll() is not None or "SSH door on" in out.read_text(),
                   TIMEOUT)
        assert "SSH door on" in out.read_text(), out.read_text() + err.read_text()
        yield d, port, terms, proc
    finally:
        for t in terms:
            t.close()
        stop_server(proc)
        cleanup(d)


def _server_said(d: Path) -> str:
    return (d / "server.out").read_text() + (d / "server.err").read_text()


def _assert_quiet(d: Path) -> None:
    said = _server_said(d)
    bad = [line for line in said.splitlines() if TROUBLE.search(line)]
    assert not bad, "the server printed trouble:\n" + said


def _sessions_ended(proc: subprocess.Popen, left: int) -> None:
    """Until the server has ended the sessions of the killed clients: each session runs in
    a process of its own, which the door ends when the client's connection is lost."""
    polled(lambda: len(sessions(proc.pid)) <= left, TIMEOUT,
           what=f"the server to end its sessions but {left}")


def test_killed_clients_leave_no_traceback(door):
    d, port, terms, proc = door
    anna = KillableTerm(port, d / "anna", "anna", size=(100, 30))
    terms.append(anna)
    anna.wait_for("No tables yet")
    anna.press("n")
    anna.wait_for("A new table")
    anna.press("C-s")  # Rome for anna, Carthage free, a computer for the third
    anna.wait_for("Rome (you)")

    carla = KillableTerm(port, d / "carla", "carla", "watch 1")
    terms.append(carla)
    carla.wait_for("watching")

    bruno = KillableTerm(port, d / "bruno", "bruno", "join 1")
    terms.append(bruno)
    bruno.wait_for("Turn 1")  # the game begins: a computer player plays on

    # a seated player's client dies while his dialog is drawn again, and a watcher's
    bruno.kill_ssh(busy="Down Up Down Up Down")
    carla.kill_ssh(busy="Right Left Right Left Right")
    try:
        anna.wait_for("bruno, disconnected")  # the status line names him
    except AssertionError as e:
        raise AssertionError(f"{e}\nthe server said:\n{_server_said(d)}") from None
    _sessions_ended(proc, left=1)  # what the server would print about them comes by then
    assert proc.poll() is None, _server_said(d)
    _assert_quiet(d)

    anna.kill_ssh(busy="Down Down Down")  # the last one too: the table now has nobody
    _sessions_ended(proc, left=0)
    _assert_quiet(d)

    again = KillableTerm(port, d / "carla", "carla")  # the door still lets people in
    terms.append(again)
    again.wait_for("the tables of this server")
    again.wait_for("Table 1")
    again.kill_ssh()
    _sessions_ended(proc, left=0)
    assert proc.poll() is None, _server_said(d)
    _assert_quiet(d)


class ClosedChannel:
    """A channel whose client has gone: asyncssh refuses every write with BrokenPipeError."""

    def __init__(self, closing: bool) -> None:
        self.closing = closing
        self.exits: list[int] = []

    def is_closing(self) -> bool:
        return self.closing

    def write(self, data: bytes) -> None:
        raise BrokenPipeError("Channel not open for sending")

    write_stderr = write

    def exit(self, code: int) -> None:
        raise BrokenPipeError("Channel not open for sending")


@pytest.mark.parametrize("closing", [True, False], ids=["closed", "closes-at-the-write"])
def test_the_app_speaking_to_a_closed_channel(closing):
    """The app writes after its client left: no error, and its terminal is no longer read
    (a reader left registered would fire again and again)."""
    import asyncio

    from tui.net.ssh import DoorSession

    async def go():
        loop = asyncio.get_running_loop()
        session = DoorSession(None, "id", "anna")  # type: ignore[arg-type]
        session.chan = ClosedChannel(closing)  # type: ignore[assignment]
        read, write = os.pipe()
        os.set_blocking(read, False)
        session.master = read
        loop.add_reader(read, session._from_app)
        session.reading = True
        os.write(write, b"\x1b[Hthe board, drawn again")
        await eventually(lambda: not session.reading, what="the reader to stop")
        assert not loop.remove_reader(read)  # it was removed already
        session._end(0)  # the exit status to a channel that is gone: nothing happens
        os.close(read)
        os.close(write)

    asyncio.run(go())
