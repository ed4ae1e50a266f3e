"""Sessions forked from the warm parent (tui.net.warm through tui.net.spawn), each in a real
pseudo-terminal drawing the real lobby of a real game server: the resource limits hold in
the child, the child draws with exactly the environment it was given (its TERM's colours,
nothing of the door's), a crashed session leaves the others playing, and a killed warm
parent is replaced while its sessions go on."""

from __future__ import annotations

import asyncio
import os
import re
import resource
import select
import signal
import time
from pathlib import Path

from tui.net import limits as lim
from tui.net.client import TOKEN_ENV
from tui.net.server import GameServer
from tui.net.spawn import Session, WarmChild, WarmParent

from .net_helpers import cleanup, running, short_dir

LOBBY = "the tables of this server"


class Pty:
    """One session: the master end of its pseudo-terminal and what it has drawn."""

    def __init__(self, child: WarmChild, master: int) -> None:
        self.child = child
        self.master = master
        self.drawn = b""

    def read(self, timeout: float) -> None:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if ready:
            try:
                self.drawn += os.read(self.master, 65536)
            except OSError:
                pass

    async def wait_for(self, text: str, timeout: float = 30.0) -> None:
        end = time.monotonic() + timeout
        while text.encode() not in self.drawn:
            assert time.monotonic() < end, f"{text!r} never drawn: {self.drawn[-400:]!r}"
            await asyncio.to_thread(self.read, 0.2)

    async def answers(self) -> bool:
        """Does the app still answer? (A resize makes it draw again.)"""
        self.drawn = b""
        import fcntl
        import struct
        import termios
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        await self.wait_for(LOBBY, timeout=20)
        return True


def _env(server: GameServer, term: str, name: str, extra: dict[str, str] | None = None
         ) -> dict[str, str]:
    env = {"TERM": term, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
           "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": "/",
           TOKEN_ENV: server.issue_token(f"SHA256:{name}", name)}
    return env | (extra or {})


def _start(warm: WarmParent, server: GameServer, data: Path, env: dict[str, str],
           limits: lim.Limits | None = None) -> Pty:
    master, slave = os.openpty()
    import fcntl
    import struct
    import termios
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    argv = ["join", "--socket", str(server.socket_path), "--data", str(data)]
    try:
        child = warm.spawn(Session(argv, env, lim.rlimits(limits or lim.Limits()), slave))
    finally:
        os.close(slave)
    return Pty(child, master)


def _end(pty: Pty) -> None:
    if pty.child.poll() is None:
        os.killpg(pty.child.pid, signal.SIGKILL)
    pty.child.wait(timeout=10)
    os.close(pty.master)


def _limits(pid: int) -> dict[str, str]:
    """/proc/PID/limits: the soft limit by name."""
    out = {}
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines()[1:]:
        name = line[:26].strip()
        out[name] = line[26:].split()[0]
    return out


def _with_door(test) -> None:
    d = short_dir()
    warm = WarmParent()
    warm.start()

    async def go() -> None:
        async with running(d / "data") as server:
            await test(warm, server, d / "data")

    try:
        asyncio.run(go())
    finally:
        warm.close()
        cleanup(d)


def _ignored(pid: int) -> int:
    line = next(x for x in Path(f"/proc/{pid}/status").read_text().splitlines()
                if x.startswith("SigIgn:"))
    return int(line.split()[1], 16)


def test_a_warm_child_runs_under_the_session_limits():
    # a server started under nohup ignores hang-ups: its sessions must still end on one
    old = signal.signal(signal.SIGHUP, signal.SIG_IGN)

    async def test(warm: WarmParent, server: GameServer, data: Path) -> None:
        limits = lim.Limits(memory_mb=700, files=97, processes=300)
        pty = _start(warm, server, data, _env(server, "xterm-256color", "anna"), limits)
        try:
            await pty.wait_for(LOBBY)
            seen = _limits(pty.child.pid)
            assert seen["Max address space"] == str(700 * lim.MB)
            assert seen["Max open files"] == "97"
            assert seen["Max processes"] == "300"
            assert seen["Max core file size"] == "0"
            # the warm parent itself is not limited: only its children are
            assert _limits(warm.proc.pid)["Max open files"] == \
                str(resource.getrlimit(resource.RLIMIT_NOFILE)[0])
            # a session of its own, led by the child: the door ends it with killpg
            assert os.getsid(pty.child.pid) == pty.child.pid
            assert _ignored(warm.proc.pid) & (1 << (signal.SIGHUP - 1))
            assert not _ignored(pty.child.pid) & (1 << (signal.SIGHUP - 1))
            os.killpg(pty.child.pid, signal.SIGHUP)
            assert await asyncio.to_thread(pty.child.wait, 10) == -signal.SIGHUP
        finally:
            _end(pty)

    try:
        _with_door(test)
    finally:
        signal.signal(signal.SIGHUP, old)


def test_a_warm_child_draws_with_its_own_terminal_and_nothing_of_the_door(monkeypatch):
    # the door's own environment asks for no colour at all: a child must not inherit it
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLORTERM", "truecolor")

    async def test(warm: WarmParent, server: GameServer, data: Path) -> None:
        rich = _start(warm, server, data, _env(server, "xterm-256color", "anna",
                                               {"COLORTERM": "truecolor"}))
        plain = _start(warm, server, data, _env(server, "linux", "bruno"))
        try:
            await rich.wait_for(LOBBY)
            await plain.wait_for(LOBBY)
            # its own token, its own name (the title may come in a later write than LOBBY)
            await rich.wait_for("you are anna")
            await plain.wait_for("you are bruno")
            assert b"38;2;" in rich.drawn  # truecolor, as its environment says
            assert b"38;2;" not in plain.drawn and b"38;5;" not in plain.drawn
            assert re.search(rb"\x1b\[([0-9;]*;)?(3[0-7]|9[0-7])[;m]", plain.drawn)  # 16 colours
        finally:
            _end(rich)
            _end(plain)

    _with_door(test)


def _wakeups(pid: int) -> int:
    """How many times the process's threads have slept and been woken, all told."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        for line in (task / "status").read_text().splitlines():
            if line.startswith("voluntary_ctxt_switches:"):
                total += int(line.split()[1])
    return total


def test_an_idle_session_sleeps_until_its_player_presses_a_key():
    # Textual's own input thread wakes ten times a second to look for keys, which a server's
    # hundreds of untouched sessions would all pay for (tui/textual_seams.py,
    # QuietInputDriver); the session must still answer a key, and a lone Escape
    async def test(warm: WarmParent, server: GameServer, data: Path) -> None:
        pty = _start(warm, server, data, _env(server, "xterm-256color", "anna"))
        try:
            await pty.wait_for(LOBBY)
            await asyncio.sleep(1.0)  # the lobby's list has come, the escape delay passed
            before = _wakeups(pty.child.pid)
            await asyncio.sleep(2.0)  # two seconds nobody touches the session
            assert _wakeups(pty.child.pid) - before <= 2  # Textual's own: about 20
            pty.drawn = b""
            os.write(pty.master, b"\x1bOP")  # F1: the help
            await pty.wait_for("help")
            pty.drawn = b""
            os.write(pty.master, b"\x1b")  # a lone Escape closes it
            await pty.wait_for(LOBBY)
        finally:
            _end(pty)

    _with_door(test)


def test_a_crashed_session_leaves_the_others_playing():
    async def test(warm: WarmParent, server: GameServer, data: Path) -> None:
        anna = _start(warm, server, data, _env(server, "xterm-256color", "anna"))
        bruno = _start(warm, server, data, _env(server, "xterm-256color", "bruno"))
        try:
            await anna.wait_for(LOBBY)
            await bruno.wait_for(LOBBY)
            os.kill(anna.child.pid, signal.SIGSEGV)
            assert await asyncio.to_thread(anna.child.wait, 10) == -signal.SIGSEGV
            assert bruno.child.poll() is None
            assert await bruno.answers()
            assert warm.proc.poll() is None  # the warm parent too goes on
            carla = _start(warm, server, data, _env(server, "xterm-256color", "carla"))
            await carla.wait_for(LOBBY)
            _end(carla)
        finally:
            _end(anna)
            _end(bruno)

    _with_door(test)


def test_a_killed_warm_parent_is_replaced_and_its_sessions_go_on():
    async def test(warm: WarmParent, server: GameServer, data: Path) -> None:
        anna = _start(warm, server, data, _env(server, "xterm-256color", "anna"))
        try:
            await anna.wait_for(LOBBY)
            first = warm.proc.pid
            os.kill(first, signal.SIGKILL)
            await asyncio.to_thread(warm.proc.wait, 10)
            assert await anna.answers()  # the open session goes on
            assert anna.child.poll() is None
            bruno = _start(warm, server, data, _env(server, "xterm-256color", "bruno"))
            await bruno.wait_for(LOBBY)  # new sessions still start
            assert warm.proc.pid != first and warm.restarts == 1
            _end(bruno)
        finally:
            _end(anna)  # an orphan now: its end is still seen
        assert anna.child.returncode is not None

    _with_door(test)
