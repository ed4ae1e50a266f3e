"""The client side of the game server's protocol: one asyncio connection.

    client = await Client.connect(socket_path, token)   # Welcome received (or RemoteError)
    client.send(p.ListTables())
    msg = await client.receive()                         # the next server message
    tables = await client.expect(p.Tables)               # skip to the next one of a kind

`next_message` / `receive` are what the TUI's worker loops on; `send` never blocks.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import TypeVar

from . import protocol as p

TOKEN_ENV = "MARE_NOSTRUM_TOKEN"  # how the SSH front hands a session's token to its child


MsgT = TypeVar("MsgT", bound=p.ServerMsg)  # a kind of message awaited


class RemoteError(Exception):
    """The server refused us (its reason), or the connection is gone."""


def local_token(data: Path) -> str:
    """The local user's token, readable only by the server's user."""
    try:
        return (Path(data) / "local.token").read_text().strip()
    except OSError as e:
        raise RemoteError(f"no game server is running for this data directory ({e.strerror})")\
            from None


class Client:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.identity = ""
        self.name = ""
        self.welcome: p.Welcome | None = None  # the server's last word on who we are

    @classmethod
    async def connect(cls, socket_path: str | os.PathLike[str], token: str,
                      timeout: float = 10.0) -> Client:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_unix_connection(str(socket_path)), timeout)
        except (OSError, TimeoutError) as e:
            raise RemoteError(f"cannot reach the game server at {socket_path}: {e}") from None
        client = cls(reader, writer)
        client.send(p.Hello(version=p.VERSION, token=token))
        msg = await asyncio.wait_for(client.receive(), timeout)
        if not isinstance(msg, p.Welcome):
            client.close()
            reason = msg.reason if isinstance(msg, p.Rejected) else f"unexpected {msg!r}"
            raise RemoteError(reason)
        client.identity, client.name = msg.identity, msg.name
        client.welcome = msg
        return client

    def send(self, msg: p.Msg) -> None:
        self.writer.write(p.frame(msg))

    async def receive(self) -> p.ServerMsg:
        """The next message (RemoteError when the server hangs up)."""
        try:
            body = await p.read_frame(self.reader, p.MAX_SERVER_FRAME)
        except (p.FrameError, ConnectionError) as e:
            raise RemoteError(str(e)) from None
        if body is None:
            raise RemoteError("the game server closed the connection")
        try:
            return p.decode_server(body)
        except p.FrameError as e:
            raise RemoteError(str(e)) from None

    async def expect(self, kind: type[MsgT], timeout: float = 10.0) -> MsgT:
        """Skip to the next message of `kind` (a Rejected on the way raises RemoteError)."""
        async def wait() -> MsgT:
            while True:
                msg = await self.receive()
                if isinstance(msg, kind):
                    return msg
                if isinstance(msg, p.Rejected) and kind is not p.Rejected:
                    raise RemoteError(msg.reason)
        return await asyncio.wait_for(wait(), timeout)

    def close(self) -> None:
        self.writer.close()
