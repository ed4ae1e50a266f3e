"""Backups of the game server's data, taken while it runs, and bringing one back.

A backup is a directory: `server.sqlite` (the registry, copied with SQLite's online backup
API: one consistent moment even while the server writes), `tables/table-N.json` (the save
of each table the registry lists, copied after the registry, so every table it lists is
there and each save is at least as recent as the registry) and `manifest.json` (what was
copied: versions, each table's decision count and state hash, each file's size and
SHA-256). Saves are written by rename, so a copy reads a whole save, never half of one.

It is made in a hidden directory beside the target and renamed into place when whole: a
backup directory with a manifest is complete. Restoring checks the manifest against every
file before touching the data directory; what it replaces is moved aside, not deleted.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import socket
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import msgspec

from engine import saves
from engine.game import state_hash
from engine.saves.format import ENGINE_VERSION
from engine.saves.format import SCHEMA as SAVE_SCHEMA

from .schema import LATEST, RegistryError, check

FORMAT = "mare-nostrum-server-backup"
FORMAT_VERSION = 1
MANIFEST = "manifest.json"
REGISTRY = "server.sqlite"
TABLES = "tables"


class BackupError(Exception):
    """A backup that cannot be made or brought back: `str(e)` is the one line to show."""


class BackupFile(msgspec.Struct, kw_only=True):
    path: str  # relative to the backup directory
    size: int
    sha256: str


class BackedUpTable(msgspec.Struct, kw_only=True):
    id: int
    status: str  # "playing" or "over", as the registry says
    file: str = ""  # its save in the backup ("": it had none that could be read)
    decisions: int = 0  # the actions of its record: the decision it is at
    state_hash: str = ""  # of the saved position, as engine.game.state_hash
    problem: str = ""  # why it has no file (the server would not restore it either)


class Manifest(msgspec.Struct, kw_only=True):
    format: str = FORMAT
    format_version: int = FORMAT_VERSION
    made: str  # when, UTC
    program: str  # the version of Mare Nostrum that made it
    registry_schema: int  # tui.net.schema.LATEST of that program
    save_schema: int  # engine.saves' schema of that program
    tables: list[BackedUpTable]
    files: list[BackupFile]


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _described(root: Path, path: Path) -> BackupFile:
    return BackupFile(path=path.relative_to(root).as_posix(), size=path.stat().st_size,
                      sha256=_sha256(path))


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_private(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


class RegistryCopy(msgspec.Struct, kw_only=True):
    schema: int  # its PRAGMA user_version
    tables: list[BackedUpTable]  # the tables it lists (their saves not copied yet)


def _copy_registry(source: Path, target: Path) -> RegistryCopy:
    """The registry at one moment (SQLite's online backup, all pages in one step), as a
    file on its own (no journal beside it), checked whole."""
    if not source.is_file():
        raise BackupError(f"{source}: no registry here (is --data the server's data "
                          "directory?)")
    try:
        with contextlib.closing(sqlite3.connect(source, timeout=10)) as db, \
                contextlib.closing(sqlite3.connect(target, isolation_level=None)) as copy:
            db.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")
            try:
                check(copy, source)
            except RegistryError as e:
                raise BackupError(str(e)) from None
            version = int(copy.execute("PRAGMA user_version").fetchone()[0])
            tables = copy.execute("SELECT id, status FROM tables ORDER BY id").fetchall()
    except sqlite3.DatabaseError as e:
        raise BackupError(f"{source}: the registry cannot be read ({e})") from None
    target.chmod(0o600)
    return RegistryCopy(schema=version, tables=[BackedUpTable(id=int(t), status=str(s))
                                                for t, s in tables])


def _copy_table(data: Path, staging: Path, table: BackedUpTable) -> BackedUpTable:
    """A table's save, read once, checked (its checksum) and written into the backup."""
    name = f"{TABLES}/table-{table.id}.json"
    try:
        raw = saves.read_bytes(data / name)
        save = saves.decode_save(raw, str(data / name))
    except saves.SaveError as e:
        return msgspec.structs.replace(table, problem=str(e))
    _write_private(staging / name, raw)
    return msgspec.structs.replace(table, file=name, decisions=len(save.record.actions),
                                   state_hash=state_hash(save.state))


def make_backup(data: Path, target: Path) -> Manifest:
    """Back up the server's data directory `data` into the new directory `target`, while
    the server runs or not. BackupError, one line, when it cannot."""
    data, target = Path(data), Path(target)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise BackupError(f"{target} already exists and is not empty: back up into a new "
                          "directory")
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = target.parent / f".{target.name}.partial-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(mode=0o700)
    try:
        (staging / TABLES).mkdir(mode=0o700)
        registry = _copy_registry(data / REGISTRY, staging / REGISTRY)
        tables = [_copy_table(data, staging, t) for t in registry.tables]
        files = [_described(staging, staging / REGISTRY)] + [
            _described(staging, staging / t.file) for t in tables if t.file]
        manifest = Manifest(made=datetime.now(UTC).isoformat(timespec="seconds"),
                            program=ENGINE_VERSION, registry_schema=registry.schema,
                            save_schema=SAVE_SCHEMA, tables=tables, files=files)
        _write_private(staging / MANIFEST, msgspec.json.format(msgspec.json.encode(manifest)))
        _fsync_dir(staging / TABLES)
        _fsync_dir(staging)
        os.rename(staging, target)  # whole, or not there at all
        _fsync_dir(target.parent)
    except OSError as e:
        raise BackupError(f"the backup into {target} failed: {e.strerror or e}") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return manifest


# --- bringing a backup back -----------------------------------------------------------------
def check_backup(backup: Path) -> Manifest:
    """The backup's manifest, once every file it lists is there, of its size and checksum,
    and its registry passes SQLite's integrity check. BackupError, one line, otherwise."""
    backup = Path(backup)
    if not backup.is_dir():
        raise BackupError(f"{backup}: no such backup directory")
    try:
        manifest = msgspec.json.decode((backup / MANIFEST).read_bytes(), type=Manifest)
    except FileNotFoundError:
        raise BackupError(f"{backup} has no {MANIFEST}: not a backup of a game server, or one "
                          "cut short before its end") from None
    except (OSError, msgspec.DecodeError) as e:
        raise BackupError(f"{backup}/{MANIFEST} is damaged ({e})") from None
    if manifest.format != FORMAT:
        raise BackupError(f"{backup} is not a backup of a game server ({manifest.format!r})")
    if manifest.format_version > FORMAT_VERSION or manifest.registry_schema > LATEST:
        raise BackupError(f"{backup} was made by a newer Mare Nostrum ({manifest.program}): "
                          "restore it with that version or a newer one")
    listed = {f.path: f for f in manifest.files}
    if REGISTRY not in listed or any(t.file not in listed for t in manifest.tables if t.file):
        raise BackupError(f"{backup}/{MANIFEST} is damaged: it lists a file it has no "
                          "checksum for")
    for f in manifest.files:
        path = backup / f.path
        if f.path.startswith("/") or ".." in Path(f.path).parts:
            raise BackupError(f"{backup}/{MANIFEST} is damaged: {f.path!r} is outside it")
        if not path.is_file():
            raise BackupError(f"the backup {backup} is partial: {f.path} is missing")
        if path.stat().st_size != f.size or _sha256(path) != f.sha256:
            raise BackupError(f"the backup {backup} is damaged: {f.path} differs from its "
                              "checksum")
    try:
        uri = (backup / REGISTRY).resolve().as_uri() + "?mode=ro"
        with contextlib.closing(sqlite3.connect(uri, uri=True)) as db:
            check(db, backup / REGISTRY)
    except (sqlite3.DatabaseError, RegistryError) as e:
        raise BackupError(f"the backup {backup} is damaged: its registry fails SQLite's "
                          f"check ({' '.join(str(e).split())})") from None
    return manifest


def server_running(socket_path: Path) -> bool:
    """Whether a game server answers on the socket."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(2)
        try:
            s.connect(str(socket_path))
        except OSError:
            return False
    return True


class Restored(msgspec.Struct, kw_only=True):
    manifest: Manifest
    aside: Path | None  # where what the data directory held before was moved


def restore_backup(backup: Path, data: Path, socket_path: Path | None = None) -> Restored:
    """Bring the backup back into the data directory `data` (the server stopped): the files
    are copied in and checked, then what was there is moved aside and they take its place.
    BackupError, one line, when the backup is partial or damaged or a server runs."""
    backup, data = Path(backup), Path(data)
    manifest = check_backup(backup)
    for path in {socket_path or data / "server.sock", data / "server.sock"}:
        if server_running(path):
            raise BackupError(f"a game server is running on {data}: stop it before restoring")
    data.mkdir(parents=True, exist_ok=True, mode=0o700)
    os.chmod(data, 0o700)
    incoming = data / f".restoring-{os.getpid()}"
    shutil.rmtree(incoming, ignore_errors=True)
    aside: Path | None = None
    try:
        (incoming / TABLES).mkdir(parents=True, mode=0o700)
        os.chmod(incoming, 0o700)
        for f in manifest.files:
            copy = incoming / f.path
            _write_private(copy, (backup / f.path).read_bytes())
            if _sha256(copy) != f.sha256:
                raise BackupError(f"{f.path} changed while it was copied: restore again")
        _fsync_dir(incoming / TABLES)
        old = [p for p in (data / REGISTRY, data / f"{REGISTRY}-wal", data / f"{REGISTRY}-shm",
                           data / TABLES) if p.exists()]
        if old:
            stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
            aside = data / f"before-restore-{stamp}"
            aside.mkdir(mode=0o700)
            for p in old:  # a journal left beside the old registry would spoil the new one
                os.rename(p, aside / p.name)
        os.rename(incoming / REGISTRY, data / REGISTRY)
        os.rename(incoming / TABLES, data / TABLES)
        _fsync_dir(data)
    except OSError as e:
        raise BackupError(f"restoring into {data} failed: {e.strerror or e}"
                          + (f" (what was there is in {aside})" if aside else "")) from None
    finally:
        shutil.rmtree(incoming, ignore_errors=True)
    return Restored(manifest=manifest, aside=aside)
