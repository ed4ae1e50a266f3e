"""The game server's registry in SQLite (or PostgreSQL: tui.net.database): identities,
tables and their seats, chat.

Each game's state is not here: it stays the ordinary msgspec JSON save file under
`<data>/tables/` (written atomically by engine.saves), so a table is a save like any other;
with PostgreSQL the same bytes are kept in the database, where every server finds them
(tui.net.cluster).
SQLite (WAL, one transaction per change) keeps the registry whole through a crash; its
schema, versioned and migrated, and the check at start are `tui.net.schema`. The data
directory is private to the server's user (dirs 0700, files 0600).
"""

from __future__ import annotations

import contextlib
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from engine import saves

from .database import Error, Registry, is_postgres
from .rows import ChatRow, SeatRow, TableRow
from .schema import open_postgres, open_registry, transaction

if TYPE_CHECKING:
    from .cluster import Cluster

# where the other parts of the registry take these from
__all__ = ["ChatRow", "SeatRow", "TableRow", "transaction"]


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def private_dir(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    os.chmod(path, 0o700)
    return path


class Store:
    def __init__(self, data: Path, database: str | None = None) -> None:
        """`database`: a PostgreSQL URL (None: SQLite in `data`)."""
        self.data = private_dir(Path(data))
        self.tables_dir = private_dir(self.data / "tables")
        self.cluster: Cluster | None = None  # several hosts on one database
        if database is not None and is_postgres(database):
            from .cluster import Cluster  # lazy: several hosts only (psycopg, the extra)
            opened = open_postgres(database)  # upgraded, or RegistryError
            self.cluster = Cluster(database)
        else:
            path = self.data / "server.sqlite"
            fd = os.open(path, os.O_CREAT | os.O_RDWR, 0o600)
            os.close(fd)
            os.chmod(path, 0o600)
            opened = open_registry(path)  # checked whole and upgraded, or RegistryError
        self.db: Registry = opened.db
        self.upgraded = opened.upgraded  # the migrations just run, a line each
        self.before_upgrade = opened.kept  # the registry as it was before them
        self._names: dict[str, str] = {}  # display names, asked after every action

    def close(self) -> None:
        with contextlib.suppress(*Error):
            self.db.close()
        if self.cluster is not None:
            self.cluster.close()

    def _tx(self) -> contextlib.AbstractContextManager[Registry]:
        return transaction(self.db)

    def save_path(self, table: int) -> Path:
        return self.tables_dir / f"table-{table}.json"

    def put_save(self, table: int, version: int, data: bytes, info: bytes) -> bool:
        """Write a table's save (its file, or its row while this server holds the table);
        False when another server holds it now. OSError when the file cannot be written."""
        if self.cluster is not None:
            return self.cluster.save(table, version, data, info)
        path = self.save_path(table)
        saves.atomic_write(path, data)
        os.chmod(path, 0o600)  # the directory is private too; belt and braces
        return True

    def load_save(self, table: int) -> saves.SaveFile:
        """A table's last save (SaveError when it is missing or cannot be read)."""
        return self.saved(table)[1]

    def saved(self, table: int) -> tuple[bytes, saves.SaveFile]:
        """A table's last save: its bytes as written and what they hold, checked
        (SaveError when it is missing or cannot be read)."""
        if self.cluster is None:
            path = self.save_path(table)
            body = saves.read_bytes(path)
            return body, saves.decode_save(body, str(path))
        found = self.cluster.body(table)
        if found is None:
            raise saves.SaveError(f"table {table} has no save in the database")
        return found, saves.decode_save(found, f"the save of table {table}")

    # --- identities ------------------------------------------------------------------------
    def seen(self, fingerprint: str, name: str) -> None:
        t = now()
        with self._tx() as db:
            db.execute("INSERT INTO identities VALUES (?, ?, ?, ?) ON CONFLICT(fingerprint) "
                       "DO UPDATE SET name = excluded.name, last_seen = excluded.last_seen",
                       (fingerprint, name, t, t))
        self._names[fingerprint] = name

    def name_of(self, fingerprint: str | None) -> str:
        if fingerprint is None:
            return ""
        name = self._names.get(fingerprint)
        if name is None:
            row = self.db.execute("SELECT name FROM identities WHERE fingerprint = ?",
                                  (fingerprint,)).fetchone()
            name = row[0] if row else fingerprint[:16]
            if row:
                self._names[fingerprint] = name
        return name

    # --- tables ----------------------------------------------------------------------------
    def create_table(self, creator: str, summary: str, seats: list[SeatRow],
                     hints: bool = False) -> int:
        with self._tx() as db:
            cur = db.execute("INSERT INTO tables (created, creator, summary, hints) "
                             "VALUES (?, ?, ?, ?)", (now(), creator, summary, int(hints)))
            tid = int(cur.lastrowid or 0)
            db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?)",
                           [(tid, s.seat, s.kind, s.identity) for s in seats])
            if self.cluster is not None:  # played here: this server holds it from the start
                self.cluster.hold_new(db, tid)
        return tid

    def drop_table(self, table: int) -> None:
        with self._tx() as db:
            # its seats, chat, audience and clock go with it (schema: ON DELETE CASCADE)
            db.execute("DELETE FROM tables WHERE id = ?", (table,))

    def set_seat(self, table: int, seat: SeatRow) -> None:
        with self._tx() as db:
            db.execute("UPDATE seats SET kind = ?, identity = ? WHERE table_id = ? AND seat = ?",
                       (seat.kind, seat.identity, table, seat.seat))

    def set_status(self, table: int, status: str) -> None:
        with self._tx() as db:
            db.execute("UPDATE tables SET status = ? WHERE id = ?", (status, table))

    def close_table(self, table: int, reason: str) -> None:
        """The host ended the table: over, with the host's reason (its save is kept)."""
        with self._tx() as db:
            db.execute("UPDATE tables SET status = 'over', closed = ? WHERE id = ?",
                       (reason, table))

    def tables(self) -> list[TableRow]:
        rows = self.db.execute("SELECT id, created, creator, summary, status, hints, closed "
                               "FROM tables ORDER BY id").fetchall()
        seats: dict[int, list[SeatRow]] = {}
        for tid, seat, kind, ident in self.db.execute(
                "SELECT table_id, seat, kind, identity FROM seats ORDER BY table_id, seat"):
            seats.setdefault(tid, []).append(SeatRow(seat=seat, kind=kind, identity=ident))
        return [TableRow(id=r[0], created=r[1], creator=r[2], summary=r[3], status=r[4],
                         seats=seats.get(r[0], []), hints=bool(r[5]), closed=r[6])
                         for r in rows]

    # --- chat ------------------------------------------------------------------------------
    def add_chat(self, table: int, identity: str, name: str, text: str,
                 version: int = -1) -> str:
        t = now()
        with self._tx() as db:
            db.execute("INSERT INTO chat (table_id, identity, name, text, at, version) "
                       "VALUES (?, ?, ?, ?, ?, ?)", (table, identity, name, text, t, version))
        return t

    def chat_rows(self, table: int, last: int = 50) -> list[ChatRow]:
        """The table's last chat lines, oldest first, each with its version."""
        rows = self.db.execute("SELECT name, text, at, version FROM chat WHERE table_id = ? "
                               "ORDER BY id DESC LIMIT ?", (table, last)).fetchall()
        return [ChatRow(name=n, text=t, at=a, version=v) for n, t, a, v in reversed(rows)]

    def chat(self, table: int, last: int = 50) -> list[tuple[str, str, str]]:
        """The table's last chat lines, oldest first: (name, text, at)."""
        rows = self.db.execute("SELECT name, text, at FROM chat WHERE table_id = ? "
                               "ORDER BY id DESC LIMIT ?", (table, last)).fetchall()
        return [tuple(r) for r in reversed(rows)]
