"""A client whose door is on another host than its table's game server: its messages about
that table go to that server, over TCP with TLS, and what it answers comes back.

The client's own server (where its door is) keeps the connection; for the table another
server plays, it opens a leg to that server: TLS, that server's certificate as the
database publishes it (tui.net.cluster; nothing else is trusted), then a hello with a
one-time token written in the database for that server alone, standing for who the client
is here. From then on the leg carries the client's messages about the table there, and
every frame the table's server sends back to the client as it is (its lobby excepted: the
client's own server keeps the lobby, which lists every table anyway).

When the table's server dies, the leg follows the table: it waits for the server that
takes it over (within the leases' few seconds) and sits or watches there again, or here
when this server took it. The client sees a new update, as after a resync.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import logging
import ssl
import struct
import time
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from . import gate
from . import protocol as p
from .conn import Conn

if TYPE_CHECKING:
    from .hosts import Hosts

log = logging.getLogger(__name__)

FOLLOW_WITHIN = 30.0  # seconds a leg waits for a server to take its table over
MAX_WAITING = 64  # messages kept while the leg is being (re)opened
_HEADER = struct.Struct(">I")
_SKIPPED = {"Welcome", "Tables"}  # what the table's server says that this server says itself


class _Tag(msgspec.Struct):
    msg: str


# --- TLS: each server's own self-signed certificate ----------------------------------------
def certificate(data: Path) -> tuple[str, Path, Path]:
    """This server's certificate (PEM), made once and kept in its data directory (0600)."""
    cert, key = data / "peer.crt", data / "peer.key"
    if not (cert.is_file() and key.is_file()):
        # lazy: the `postgres` extra's cryptography, once per server's life
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import NameOID
        private = ec.generate_private_key(ec.SECP256R1())
        name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "mare-nostrum game server")])
        now = datetime.datetime.now(datetime.UTC)
        made = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
                .public_key(private.public_key()).serial_number(x509.random_serial_number())
                .not_valid_before(now - datetime.timedelta(days=1))
                .not_valid_after(now + datetime.timedelta(days=3650))
                .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
                .add_extension(x509.SubjectAlternativeName([x509.DNSName("mare-nostrum")]),
                               critical=False)
                .sign(private, hashes.SHA256()))
        for path, body in ((key, private.private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption())), (cert, made.public_bytes(
                serialization.Encoding.PEM))):
            path.touch(mode=0o600)
            path.chmod(0o600)
            path.write_bytes(body)
    return cert.read_text(), cert, key


def server_context(cert: Path, key: Path) -> ssl.SSLContext:
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_3
    ctx.load_cert_chain(cert, key)
    return ctx


def client_context(cert: str) -> ssl.SSLContext:
    """Trusts exactly the certificate the database publishes for that server."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_3
    ctx.check_hostname = False  # the certificate itself is pinned, whatever the address
    ctx.verify_mode = ssl.CERT_REQUIRED
    ctx.load_verify_locations(cadata=cert)
    return ctx


def split_address(address: str) -> tuple[str, int]:
    host, _, port = address.rpartition(":")
    return host.strip("[]") or "127.0.0.1", int(port)


# --- a leg to another server -----------------------------------------------------------------
class Leg:
    """One client's messages about one table, carried to the server that plays it."""

    def __init__(self, hosts: Hosts, conn: Conn, table: int, opening: p.ClientMsg) -> None:
        self.hosts = hosts
        self.conn = conn
        self.table = table
        self.opening = opening  # said again to the server that takes the table over
        self.seated = isinstance(opening, p.Sit)
        self.waiting: list[p.ClientMsg] = [opening]
        self.writer: asyncio.StreamWriter | None = None
        self.closed = False
        self.task = asyncio.get_running_loop().create_task(self._run())

    def send(self, msg: p.ClientMsg) -> None:
        if isinstance(msg, p.Sit | p.Watch):
            self.opening, self.seated = msg, isinstance(msg, p.Sit)
        if self.writer is not None and not self.writer.is_closing():
            self.writer.write(p.frame(msg))
        elif len(self.waiting) < MAX_WAITING:
            self.waiting.append(msg)

    def close(self) -> None:
        self.closed = True
        self.task.cancel()
        if self.writer is not None:
            self.writer.close()

    def cut(self) -> None:
        """The table's server is gone (its table was just taken over): follow the table."""
        if self.writer is not None:
            self.writer.close()

    async def _run(self) -> None:
        try:
            while not (self.closed or self.conn.closed):
                if not await self._follow():
                    return
                self.waiting = [self.opening]  # its server went away: sit there again
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001  (one leg's trouble never stops the server)
            log.exception("the leg of a client to table %s failed", self.table)
        finally:
            if self.conn.leg is self:
                self.conn.leg = None

    async def _follow(self) -> bool:
        """Reach the table's server and carry its frames to the client until it goes;
        False when the leg is over (the table is here now, or nowhere)."""
        server, cluster = self.hosts.server, self.hosts.cluster
        loop = asyncio.get_running_loop()
        until = time.monotonic() + FOLLOW_WITHIN
        while True:
            if self.table in server.tables:  # taken over by this server: played here
                self.conn.leg = None
                for msg in self.waiting:
                    server._handle(self.conn, msg)
                return False
            holder = await loop.run_in_executor(None, cluster.holder, self.table)
            if holder is not None and holder.server != cluster.server:
                break
            if time.monotonic() > until:
                self.conn.send(p.Rejected(reason=f"table {self.table}: no game server plays "
                                                 "it now", table=self.table))
                return False
            await asyncio.sleep(0.5)
        entry = gate.Pass(identity=self.conn.identity or "", name=self.conn.name, expires=0.0,
                          key=self.conn.key, open=self.conn.unnamed, guest=self.conn.guest,
                          session=self.conn.session, address=self.conn.address)
        token = await loop.run_in_executor(None, cluster.issue, holder.server,
                                           msgspec.json.encode(entry))
        host, port = split_address(holder.address)
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(
                host, port, ssl=client_context(holder.cert), server_hostname="mare-nostrum"),
                10)
        except (OSError, TimeoutError, ssl.SSLError) as e:
            log.warning("table %s: its server at %s cannot be reached: %s", self.table,
                        holder.address, e)
            await asyncio.sleep(1.0)
            return True
        try:
            writer.write(p.frame(p.Hello(version=p.VERSION, token=token)))
            first = await asyncio.wait_for(p.read_frame(reader, p.MAX_SERVER_FRAME), 10)
            said = p.decode_server(first) if first is not None else None
            if not isinstance(said, p.Welcome):
                if isinstance(said, p.Rejected):
                    self.conn.send(said)
                return False
            self.writer = writer
            for msg in self.waiting:
                writer.write(p.frame(msg))
            self.waiting = []
            while (body := await p.read_frame(reader, p.MAX_SERVER_FRAME)) is not None:
                if msgspec.msgpack.decode(body, type=_Tag).msg not in _SKIPPED:
                    self.conn.send_frame(_HEADER.pack(len(body)) + body)
        except (OSError, TimeoutError, p.FrameError, msgspec.DecodeError):
            pass
        finally:
            self.writer = None
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()
        return True
