"""The schema of the game server's registry (SQLite): its version, the migrations that bring
any registry up to it, the settings of every connection, and the check at start.

The version is SQLite's `PRAGMA user_version` (0: a registry made before it was kept).
`MIGRATIONS` is ordered: the step at index N takes a registry of version N to N+1, in one
transaction with the version, so a crash leaves the old version or the new one. A registry
is never changed in place without a copy: before an upgrade the old file is copied beside
it (`<registry>.before-schema-N`).

Every connection has `foreign_keys` on: a seat, a chat line, an audience, a clock or a
notice sent about it belongs to a table, and goes with it.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path


class RegistryError(Exception):
    """A registry the server must not start on: `str(e)` is the one line to show."""


@contextlib.contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One change of the registry, whole or not at all."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


# --- the migrations -------------------------------------------------------------------------
# Version 1: the tables as the server made them before the registry had a version (each
# module created its own, and chat's version column was added when missing).
_V1_TABLES = (
    """CREATE TABLE IF NOT EXISTS identities (
        fingerprint TEXT PRIMARY KEY, name TEXT NOT NULL, first_seen TEXT NOT NULL,
        last_seen TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS tables (
        id INTEGER PRIMARY KEY AUTOINCREMENT, created TEXT NOT NULL, creator TEXT NOT NULL,
        summary TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'playing')""",
    """CREATE TABLE IF NOT EXISTS seats (
        table_id INTEGER NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL,
        kind TEXT NOT NULL, identity TEXT, PRIMARY KEY (table_id, seat))""",
    """CREATE TABLE IF NOT EXISTS chat (
        id INTEGER PRIMARY KEY AUTOINCREMENT, table_id INTEGER NOT NULL REFERENCES tables(id),
        identity TEXT NOT NULL, name TEXT NOT NULL, text TEXT NOT NULL, at TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT -1)""",
    """CREATE TABLE IF NOT EXISTS accounts (
        identity TEXT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,
        created REAL NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS account_keys (
        fingerprint TEXT PRIMARY KEY, identity TEXT NOT NULL REFERENCES accounts(identity),
        added REAL NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS link_codes (
        code_hash TEXT PRIMARY KEY, identity TEXT NOT NULL REFERENCES accounts(identity),
        expires REAL NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS table_audience (
        table_id INTEGER PRIMARY KEY, private INTEGER NOT NULL DEFAULT 0, invite TEXT,
        spectators INTEGER NOT NULL DEFAULT 1)""",
    """CREATE TABLE IF NOT EXISTS table_invited (
        table_id INTEGER NOT NULL, identity TEXT NOT NULL, PRIMARY KEY (table_id, identity))""",
    """CREATE TABLE IF NOT EXISTS spectator_chat (
        id INTEGER PRIMARY KEY AUTOINCREMENT, table_id INTEGER NOT NULL, name TEXT NOT NULL,
        text TEXT NOT NULL, at TEXT NOT NULL, version INTEGER NOT NULL DEFAULT -1)""",
    """CREATE TABLE IF NOT EXISTS key_settings (
        fingerprint TEXT PRIMARY KEY, body BLOB NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS clocks (
        table_id INTEGER PRIMARY KEY, preset TEXT NOT NULL, since REAL NOT NULL,
        version INTEGER NOT NULL, kept TEXT NOT NULL DEFAULT '[]',
        marks TEXT NOT NULL DEFAULT '{}')""",
)


def _columns(db: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in db.execute(f"PRAGMA table_info({table})")]


def _todays_tables(db: sqlite3.Connection) -> str:
    for statement in _V1_TABLES:
        db.execute(statement)
    added = []
    for table in ("chat", "spectator_chat"):  # made before a line kept the table's version
        if "version" not in _columns(db, table):
            db.execute(f"ALTER TABLE {table} ADD COLUMN version INTEGER NOT NULL DEFAULT -1")
            added.append(table)
    return f"the version column added to {', '.join(added)}" if added else ""


# Version 2: what belongs to a table refers to it, and is deleted with it.
_V2_BELONG = {
    "seats": """(table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL, kind TEXT NOT NULL, identity TEXT,
        PRIMARY KEY (table_id, seat))""",
    "chat": """(id INTEGER PRIMARY KEY AUTOINCREMENT,
        table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        identity TEXT NOT NULL, name TEXT NOT NULL, text TEXT NOT NULL, at TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT -1)""",
    "table_audience": """(
        table_id INTEGER PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
        private INTEGER NOT NULL DEFAULT 0, invite TEXT, spectators INTEGER NOT NULL DEFAULT 1)""",
    "table_invited": """(
        table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        identity TEXT NOT NULL, PRIMARY KEY (table_id, identity))""",
    "spectator_chat": """(id INTEGER PRIMARY KEY AUTOINCREMENT,
        table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        name TEXT NOT NULL, text TEXT NOT NULL, at TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT -1)""",
    "clocks": """(table_id INTEGER PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
        preset TEXT NOT NULL, since REAL NOT NULL, version INTEGER NOT NULL,
        kept TEXT NOT NULL DEFAULT '[]', marks TEXT NOT NULL DEFAULT '{}')""",
}


def _rows_belong_to_their_table(db: sqlite3.Connection) -> str:
    """SQLite adds a foreign key only by making the table again (its documented way: a new
    table, the rows copied, the old one dropped, the new one renamed). Rows of a table
    that no longer exists could never be shown: they are left behind."""
    dropped = 0
    for name, body in _V2_BELONG.items():
        columns = ", ".join(_columns(db, name))
        before = db.execute(f"SELECT count(*) FROM {name}").fetchone()[0]
        db.execute(f"CREATE TABLE {name}_v2 {body}")
        db.execute(f"INSERT INTO {name}_v2 ({columns}) SELECT {columns} FROM {name} "
                   "WHERE table_id IN (SELECT id FROM tables)")
        dropped += before - db.execute(f"SELECT count(*) FROM {name}_v2").fetchone()[0]
        db.execute(f"DROP TABLE {name}")
        db.execute(f"ALTER TABLE {name}_v2 RENAME TO {name}")
    for name in ("account_keys", "link_codes"):  # declared before, never enforced
        dropped += db.execute(f"DELETE FROM {name} WHERE identity NOT IN "
                              "(SELECT identity FROM accounts)").rowcount
    return f"{dropped} rows of tables or accounts that no longer exist left behind" \
        if dropped else ""


# Version 3: the results of finished games and the ratings worked out from them
# (tui/net/records.py). A result stands on its own: it is history, kept if its table goes.
_V3_RESULTS = (
    """CREATE TABLE results (
        id INTEGER PRIMARY KEY AUTOINCREMENT, table_id INTEGER NOT NULL UNIQUE,
        finished TEXT NOT NULL, turns INTEGER NOT NULL, rated INTEGER NOT NULL)""",
    """CREATE TABLE result_seats (
        result_id INTEGER NOT NULL REFERENCES results(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL, civ TEXT NOT NULL, kind TEXT NOT NULL, player TEXT,
        place INTEGER NOT NULL, PRIMARY KEY (result_id, seat))""",
    "CREATE INDEX result_seats_player ON result_seats (player)",
    """CREATE TABLE ratings (
        player TEXT PRIMARY KEY, mu REAL NOT NULL, sigma REAL NOT NULL)""",
)


def _results_and_ratings(db: sqlite3.Connection) -> str:
    """The tables only: the server records the games that ended before, at its start."""
    for statement in _V3_RESULTS:
        db.execute(statement)
    return ""


# Version 4: a table's hints, an option chosen at its creation (off for every older table).
def _hints_option(db: sqlite3.Connection) -> str:
    db.execute("ALTER TABLE tables ADD COLUMN hints INTEGER NOT NULL DEFAULT 0")
    return ""


# Version 5: where a key is told when a decision waits for it and it is away (an e-mail
# address, confirmed by a code, and a push service's address), and when each person was last
# told about a table and last sent a digest (tui.net.contacts).
_V5_AWAY = (
    """CREATE TABLE contacts (
        fingerprint TEXT PRIMARY KEY, identity TEXT NOT NULL,
        email TEXT NOT NULL DEFAULT '', confirmed INTEGER NOT NULL DEFAULT 0,
        push TEXT NOT NULL DEFAULT '', code_hash TEXT NOT NULL DEFAULT '',
        code_until REAL NOT NULL DEFAULT 0, setup_sent REAL NOT NULL DEFAULT 0)""",
    "CREATE INDEX contacts_identity ON contacts(identity)",
    """CREATE TABLE away_notices (
        identity TEXT NOT NULL,
        table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        at REAL NOT NULL, PRIMARY KEY (identity, table_id))""",
    """CREATE TABLE away_digests (identity TEXT PRIMARY KEY, at REAL NOT NULL)""",
)


def _contacts_for_notices(db: sqlite3.Connection) -> str:
    for statement in _V5_AWAY:
        db.execute(statement)
    return ""


@dataclass(frozen=True)
class Migration:
    name: str  # what the step brings, in a few words (shown when it runs)
    run: Callable[[sqlite3.Connection], str]  # inside the step's transaction; a note or ""


MIGRATIONS: tuple[Migration, ...] = (
    Migration("the registry's tables as they were before it had a version", _todays_tables),
    Migration("a table's seats, chat, audience and clock belong to it", _rows_belong_to_their_table),
    Migration("the results of finished games and the players' ratings", _results_and_ratings),
    Migration("a table may offer hints to its players", _hints_option),
    Migration("where a key is told of a decision while away, and what it was told",
              _contacts_for_notices),
)
LATEST = len(MIGRATIONS)


def version_of(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def upgrade(db: sqlite3.Connection) -> list[str]:
    """Bring the registry up to LATEST, one step (one transaction) at a time; what was
    done, a line per step. RegistryError for a registry of a newer program."""
    version = version_of(db)
    if version > LATEST:
        raise RegistryError(f"the registry has schema {version}, newer than this program's "
                            f"({LATEST}): run the Mare Nostrum that made it, or a newer one")
    done: list[str] = []
    if version == LATEST:
        return done
    db.execute("PRAGMA foreign_keys=OFF")  # tables are made again: checked once at the end
    try:
        for target, step in enumerate(MIGRATIONS[version:], start=version + 1):
            try:
                with transaction(db):
                    note = step.run(db)
                    broken = db.execute("PRAGMA foreign_key_check").fetchall()
                    if broken and target == LATEST:
                        raise RegistryError(f"{len(broken)} rows refer to nothing (first "
                                            f"in {broken[0][0]})")
                    db.execute(f"PRAGMA user_version = {target}")
            except (sqlite3.Error, RegistryError) as e:
                raise RegistryError(f"the registry cannot be upgraded to schema {target} "
                                    f"({step.name}): {' '.join(str(e).split())}; it stays "
                                    f"at schema {target - 1}, untouched by that step") \
                    from None
            done.append(f"schema {target}: {step.name}" + (f" ({note})" if note else ""))
    finally:
        db.execute("PRAGMA foreign_keys=ON")
    return done


def prepare(db: sqlite3.Connection) -> list[str]:
    """Settings of every connection, and the schema brought up to date (a new registry,
    `:memory:` too, is made by the migrations)."""
    db.execute("PRAGMA foreign_keys=ON")
    return upgrade(db)


# --- opening the registry at start ---------------------------------------------------------
def damaged(path: Path, detail: str) -> str:
    data = path.parent
    detail = " ".join(detail.split())
    return (f"the server's registry {path} is damaged ({detail}): the server will not start "
            f"on it; restore a backup with `mare-nostrum admin restore BACKUP "
            f"--data {data}` (the damaged file is kept aside)")


def check(db: sqlite3.Connection, path: Path) -> None:
    """SQLite's integrity check of every page and index, and the foreign keys."""
    problems = [row[0] for row in db.execute("PRAGMA integrity_check(3)")]
    if problems != ["ok"]:
        raise RegistryError(damaged(path, "; ".join(problems)))
    broken = db.execute("PRAGMA foreign_key_check").fetchall()
    if broken:
        raise RegistryError(damaged(path, f"{len(broken)} rows of {broken[0][0]} refer to "
                                          "nothing"))


def _has_tables(db: sqlite3.Connection) -> bool:
    return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table'").fetchone() is not None


@dataclass
class Opened:
    db: sqlite3.Connection
    upgraded: list[str]  # the migrations run, a line each ([]: up to date, or made now)
    kept: Path | None  # the copy of the registry from before the upgrade


def open_registry(path: Path) -> Opened:
    """The registry at `path` (made when missing), checked whole, upgraded to LATEST.
    RegistryError, one line, when it is damaged, in use or of a newer program."""
    db: sqlite3.Connection | None = None
    try:
        db = sqlite3.connect(path, isolation_level=None, timeout=10)
        db.execute("PRAGMA foreign_keys=ON")
        made = not _has_tables(db)
        if not made:
            check(db, path)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        kept = None
        if version_of(db) < LATEST and not made:
            kept = path.with_name(f"{path.name}.before-schema-{LATEST}")
            kept.unlink(missing_ok=True)  # a copy of an upgrade that did not finish
            with contextlib.closing(sqlite3.connect(kept)) as copy:
                db.backup(copy)
            kept.chmod(0o600)
        upgraded = prepare(db)
        return Opened(db=db, upgraded=[] if made else upgraded, kept=kept)
    except sqlite3.DatabaseError as e:
        if db is not None:
            db.close()
        if "locked" in str(e) or "busy" in str(e):
            raise RegistryError(f"the server's registry {path} is in use by another process "
                                f"(another server on this data directory?): {e}") from None
        raise RegistryError(damaged(path, str(e))) from None
    except RegistryError:
        if db is not None:
            db.close()
        raise
