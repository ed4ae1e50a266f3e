"""Several game servers on one PostgreSQL database: who plays which table (leases), each
table's last save, where each server is reached, and the tokens one gives another.

- A table is played by one game server at a time: the one whose lease on it has not
  expired. A server renews its leases every RENEW seconds (each then runs LEASE seconds
  more); a server that dies stops renewing, and within LEASE seconds another takes its
  tables over from their last saves. Time is the database's clock, never a host's.
- A save is written only while its server holds the table's lease (the lease row is
  locked while the save is written): a server that lost a table can never write over the
  moves of the one that took it.
- A table's save is the same msgspec JSON bytes as a save file, with beside it the table's
  public info (what the lobby of every other server lists).
- A server reaches another over TCP with TLS; each publishes its address and its
  self-signed certificate here, and a client of one is let into another with a one-time
  token written here (only its hash is kept), as the SSH door's tokens are.

Every method is one statement or a few, each in its own transaction, on this module's own
connection (the registry's stays the event loop's): it is called from the server's writer
thread (leases and saves, in order) and from the event loop.
"""

from __future__ import annotations

import hashlib
import secrets

import msgspec

from .database import Postgres, Registry
from .rows import TableRow

LEASE = 6.0  # seconds a lease runs after its last renewal
RENEW = 2.0  # seconds between two renewals (and two looks for tables nobody plays)
TOKEN_LIFE = 30.0  # seconds a token of one server for another stays valid
_NOW = "EXTRACT(EPOCH FROM clock_timestamp())"


class Holder(msgspec.Struct, frozen=True):
    """The server that plays a table: where it is reached, and the certificate it shows."""

    server: str
    address: str
    cert: str


class Elsewhere(msgspec.Struct, kw_only=True):
    """A table another server plays, as this one's lobby shows it (what tui.net.gate asks of
    a table to decide who may see it)."""

    id: int
    creator: str
    row: TableRow
    info: bytes  # its public TableInfo, as its server last saved it

    def seat_of(self, identity: str) -> int | None:
        return next((s.seat for s in self.row.seats if s.identity == identity), None)

    @property
    def over(self) -> bool:
        return self.row.status == "over"


class Cluster:
    def __init__(self, url: str) -> None:
        self.db = Postgres(url, application="mare-nostrum leases")
        self.server = secrets.token_hex(8)  # this server's name among the others

    def close(self) -> None:
        self.db.close()

    # --- servers ----------------------------------------------------------------------------
    def announce(self, address: str, cert: str) -> None:
        self.db.execute(f"INSERT INTO servers VALUES (?, ?, ?, {_NOW}) ON CONFLICT(id) DO "
                        "UPDATE SET address = excluded.address, cert = excluded.cert, "
                        "seen = excluded.seen", (self.server, address, cert))

    def holder(self, table: int) -> Holder | None:
        """The server whose lease on `table` runs (None: nobody's, for now)."""
        row = self.db.execute(
            "SELECT s.id, s.address, s.cert FROM table_leases l JOIN servers s ON s.id = "
            f"l.server WHERE l.table_id = ? AND l.expires > {_NOW}", (table,)).fetchone()
        return None if row is None else Holder(server=row[0], address=row[1], cert=row[2])

    # --- leases -----------------------------------------------------------------------------
    def hold_new(self, db: Registry, table: int) -> None:
        """A table this server has just made (inside the registry's transaction)."""
        db.execute(f"INSERT INTO table_leases VALUES (?, ?, {_NOW} + ?)",
                   (table, self.server, LEASE))

    def renew(self) -> set[int]:
        """Every lease of this server runs LEASE seconds more; the tables still held."""
        return {r[0] for r in self.db.execute(
            f"UPDATE table_leases SET expires = {_NOW} + ? WHERE server = ? "
            "RETURNING table_id", (LEASE, self.server))}

    def claim(self) -> list[int]:
        """The tables nobody holds (never held, or their server stopped renewing), taken:
        each by one server only, whichever asks first."""
        free = [r[0] for r in self.db.execute(
            "SELECT t.id FROM tables t LEFT JOIN table_leases l ON l.table_id = t.id "
            f"WHERE l.table_id IS NULL OR l.expires < {_NOW} ORDER BY t.id")]
        taken = []
        for table in free:  # the lease is taken only if it is still free when written
            if self.db.execute(
                    f"INSERT INTO table_leases VALUES (?, ?, {_NOW} + ?) ON CONFLICT(table_id)"
                    " DO UPDATE SET server = excluded.server, expires = excluded.expires "
                    f"WHERE table_leases.expires < {_NOW} RETURNING table_id",
                    (table, self.server, LEASE)).fetchone():
                taken.append(table)
        return taken

    def release(self) -> None:
        """A server that stops lets its tables go at once (another takes them now)."""
        self.db.execute("UPDATE table_leases SET expires = 0 WHERE server = ?", (self.server,))
        self.db.execute("DELETE FROM servers WHERE id = ?", (self.server,))

    # --- saves ------------------------------------------------------------------------------
    def save(self, table: int, version: int, body: bytes, info: bytes) -> bool:
        """The table's save, written only while this server holds its lease (False: the
        lease is lost, nothing written)."""
        return self.db.execute(
            "INSERT INTO table_saves (table_id, version, body, info) SELECT ?, ?, ?, ? "
            "WHERE EXISTS (SELECT 1 FROM table_leases WHERE table_id = ? AND server = ? AND "
            f"expires > {_NOW} FOR SHARE) ON CONFLICT(table_id) DO UPDATE SET version = "
            "excluded.version, body = excluded.body, info = excluded.info",
            (table, version, body, info, table, self.server)).rowcount > 0

    def show(self, infos: dict[int, bytes]) -> None:
        """The public info of tables this server plays, written again (while it holds
        them): who is connected there changes between two saves."""
        for table, info in infos.items():
            self.db.execute(
                "UPDATE table_saves SET info = ? WHERE table_id = ? AND EXISTS (SELECT 1 "
                "FROM table_leases WHERE table_id = ? AND server = ? AND "
                f"expires > {_NOW})", (info, table, table, self.server))

    def body(self, table: int) -> bytes | None:
        row = self.db.execute("SELECT body FROM table_saves WHERE table_id = ?",
                              (table,)).fetchone()
        return None if row is None else bytes(row[0])

    def infos(self, held: set[int]) -> dict[int, bytes]:
        """The public info of every saved table but those of `held`."""
        return {r[0]: bytes(r[1]) for r in self.db.execute(
            "SELECT table_id, info FROM table_saves ORDER BY table_id") if r[0] not in held}

    # --- tokens of one server for another ---------------------------------------------------
    def issue(self, server: str, entry: bytes) -> str:
        token = secrets.token_urlsafe(32)
        self.db.execute(f"DELETE FROM peer_tokens WHERE expires < {_NOW}")
        self.db.execute(f"INSERT INTO peer_tokens VALUES (?, ?, ?, {_NOW} + ?)",
                        (_hash(token), server, entry, TOKEN_LIFE))
        return token

    def redeem(self, token: str) -> bytes | None:
        """What a token of another server for this one stands for, used up (None: unknown,
        used, expired or for another server)."""
        row = self.db.execute(
            "DELETE FROM peer_tokens WHERE token_hash = ? RETURNING server, pass, expires, "
            f"{_NOW}", (_hash(token),)).fetchone()
        if row is None or row[0] != self.server or row[2] < row[3]:
            return None
        return bytes(row[1])


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
