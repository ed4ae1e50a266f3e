"""Helpers for the game server's tests: a real server on a real Unix socket."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

from tui.net import protocol as p
from tui.net.client import Client
from tui.net.server import GameServer

T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T], timeout: float = 200) -> T:
    """Run a test's coroutine on a loop of its own; a hung one fails after `timeout` s."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


def make_keys(d: Path, *names: str) -> None:
    """An ed25519 key pair for each player, `d/NAME` and `d/NAME.pub` (its comment the name),
    as a player makes one with `ssh-keygen`."""
    for who in names:
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", who,
                        "-f", str(d / who)], check=True, timeout=30)


def authorize(d: Path, *names: str) -> None:
    """`d/authorized`: the public keys of these players, one a line."""
    (d / "authorized").write_text("".join((d / f"{w}.pub").read_text() for w in names))


def short_dir() -> Path:
    """A directory with a short path (a Unix socket's path is limited to ~100 bytes)."""
    return Path(tempfile.mkdtemp(prefix="mn-", dir="/tmp"))


@contextlib.asynccontextmanager
async def running(data: Path, **kw):
    server = GameServer(data, **kw)
    await server.start(data / "s.sock")
    try:
        yield server
    finally:
        await server.close()


async def player(server: GameServer, fingerprint: str, name: str) -> Client:
    assert server.socket_path is not None
    return await Client.connect(server.socket_path, server.issue_token(fingerprint, name))


async def anna_against_computers(server: GameServer) -> tuple[Client, int]:
    """Anna's new table (Rome, Greece, Egypt), her at Rome's seat and two greedy computers
    at the others: her connection and the table."""
    anna = await player(server, "SHA256:anna", "anna")
    anna.send(p.CreateTable(civs=["rome", "greece", "egypt"],
                            seats=["remote", "greedy", "greedy"], sit=0))
    return anna, (await anna.expect(p.Created)).table


async def raw(server: GameServer):
    assert server.socket_path is not None
    return await asyncio.open_unix_connection(str(server.socket_path))


async def read_msg(reader: asyncio.StreamReader) -> p.ServerMsg | None:
    body = await asyncio.wait_for(p.read_frame(reader, p.MAX_SERVER_FRAME), 10)
    return None if body is None else p.decode_server(body)


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (an SSH door's sessions each run in one), until
    it has reaped them."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                out.append(int(stat.parent.name))
    return out


def sessions(door: int) -> list[int]:
    """The session processes of the SSH door `door`, until they are reaped: the children of
    its warm parent (its child started from `tui.net.warm`), and any started fresh."""
    out = []
    for child in children(door):
        with contextlib.suppress(OSError):
            if b"tui.net.warm" in Path(f"/proc/{child}/cmdline").read_bytes():
                out += children(child)
                continue
        out.append(child)
    return out


def cleanup(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)


def stop_server(proc: subprocess.Popen) -> None:
    """Stop a server process as its host would (SIGTERM), killed if it will not go."""
    proc.send_signal(signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=15)
    if proc.poll() is None:
        proc.kill()
        proc.wait(timeout=5)
