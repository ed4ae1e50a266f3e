"""A PostgreSQL server of the machine's own binaries (initdb, pg_ctl) for the tests: a fresh
cluster in a temporary directory, on a free port of 127.0.0.1, stopped at the end.

`.ci/run` installs the distribution's package when initdb is missing, so CI always runs
the tests that need it; elsewhere they are skipped, saying why."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

DISTRIBUTION = "/usr/lib/postgresql/*/bin"  # where Debian's and Ubuntu's packages put them


def binaries(path: str | None = None, distribution: str | None = None) -> Path | None:
    """The directory of initdb and pg_ctl (both, executable): on the PATH (`path`: the
    environment's), else the distribution's (`distribution`: DISTRIBUTION)."""
    found = shutil.which("initdb", path=path)
    places = [Path(found).resolve().parent] if found else []
    places += [Path(d) for d in sorted(glob.glob(distribution or DISTRIBUTION), reverse=True)]
    return next((d for d in places if all(os.access(d / b, os.X_OK) and (d / b).is_file()
                                          for b in ("initdb", "pg_ctl"))), None)


def missing(path: str | None = None, distribution: str | None = None) -> str | None:
    """Why these tests cannot start a PostgreSQL server here (None: they can)."""
    if binaries(path, distribution) is None:
        return ("PostgreSQL's initdb and pg_ctl not found (neither on the PATH nor under "
                f"{distribution or DISTRIBUTION}): install the distribution's postgresql package to run "
                "these tests (.ci/run does)")
    if not _has_psycopg():
        return "the psycopg driver is not installed (the `postgres` extra)"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def postgres(root: Path, *, durable: bool = False) -> Iterator[str]:
    """A running server; its URL (user `mare`, trusted on 127.0.0.1). Its writes reach the
    disk only when `durable` (a benchmark's; the tests' need not)."""
    why = missing()
    if why is not None:
        pytest.skip(why)
    bin_dir = binaries()
    assert bin_dir is not None
    home = root / "pg"
    home.mkdir()
    user = _unprivileged()
    if user is not None:  # PostgreSQL refuses to run as root: its files are another's
        os.chmod(root, 0o711)
        os.chown(home, user[0], user[1])
    data, log, port = home / "data", home / "postgres.log", _free_port()
    run = {"env": {**os.environ, "LC_ALL": "C"}, "capture_output": True, "check": True,
           **({"user": user[0], "group": user[1]} if user is not None else {})}
    subprocess.run([str(bin_dir / "initdb"), "-D", str(data), "-U", "mare", "-A", "trust",
                    "-E", "UTF8", "--no-sync"], timeout=120, **run)  # type: ignore[call-overload]
    subprocess.run([str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(log), "-w", "-t", "60",
                    "-o", f"-p {port} -k {home} -c listen_addresses=127.0.0.1"
                    + ("" if durable else " -c fsync=off"),
                    "start"], timeout=90, **run)  # type: ignore[call-overload]
    try:
        yield f"postgresql://mare@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w",
                        "stop"], timeout=60, **{**run, "check": False})  # type: ignore[call-overload]


def fresh(url: str) -> None:
    """The database emptied: a test starts from no registry at all."""
    import psycopg
    with psycopg.connect(url, autocommit=True) as db:
        db.execute("DROP SCHEMA public CASCADE")
        db.execute("CREATE SCHEMA public")


def _unprivileged() -> tuple[int, int] | None:
    """Who runs PostgreSQL when the tests run as root: the package's `postgres` user, else
    nobody (None: the tests' own user)."""
    if os.geteuid() != 0:
        return None
    import pwd
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            entry = pwd.getpwnam(name)
            return entry.pw_uid, entry.pw_gid
    return None


def _has_psycopg() -> bool:
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return False
    return True
