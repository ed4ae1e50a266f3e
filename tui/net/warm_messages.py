"""What the SSH door (tui/net/spawn.py) and the warm parent (tui/net/warm.py) say to each
other: msgspec Structs, one per datagram of their SOCK_SEQPACKET pair. Apart from the warm
parent, which imports the whole app: the door needs only these words."""

from __future__ import annotations

import os

import msgspec

MAX_MESSAGE = 1 << 16


class Spawn(msgspec.Struct, tag=True):
    """Door -> parent: start a session's process (its slave pty goes along as a file)."""
    request: int
    argv: list[str]  # `mare-nostrum`'s arguments: ['join', '3', '--socket', ...]
    env: dict[str, str]  # the whole environment of the child
    rlimits: list[tuple[int, int]]  # (resource, limit) as tui.net.limits.rlimits gives


class Started(msgspec.Struct, tag=True):
    """Parent -> door: the child of `request` runs as `pid` (0 and `error` if it could not)."""
    request: int
    pid: int
    error: str = ""


class Exited(msgspec.Struct, tag=True):
    """Parent -> door: the child `pid` has ended with `status` (as Popen's returncode)."""
    pid: int
    status: int


ToParent = Spawn
ToDoor = Started | Exited
_to_parent = msgspec.msgpack.Decoder(ToParent)
_to_door = msgspec.msgpack.Decoder(ToDoor)
_encoder = msgspec.msgpack.Encoder()


def encode(msg: Spawn | Started | Exited) -> bytes:
    return _encoder.encode(msg)


def decode_to_parent(data: bytes) -> Spawn:
    return _to_parent.decode(data)


def decode_to_door(data: bytes) -> Started | Exited:
    return _to_door.decode(data)


def returncode(status: int) -> int:
    """A wait status as Popen's returncode: the exit code, or minus the signal."""
    if os.WIFSIGNALED(status):
        return -os.WTERMSIG(status)
    return os.WEXITSTATUS(status)
