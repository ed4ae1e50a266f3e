"""The tests of several hosts need a PostgreSQL server of the machine's own: where its
initdb and pg_ctl are missing they are skipped, saying why, never passed as if they had
run (tests/postgres_server.py decides)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from . import postgres_server
from .postgres_server import binaries, missing, postgres

ROOT = Path(__file__).resolve().parent.parent


def _program(path: Path, executable: bool = True) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\nexit 1\n")
    path.chmod(0o755 if executable else 0o644)


def test_without_initdb_and_pg_ctl_the_helper_says_why(tmp_path):
    fake = tmp_path / "postgresql"  # a distribution's folder, of no use yet
    (fake / "16" / "bin").mkdir(parents=True)
    places = str(fake / "*" / "bin")
    why = missing(path="", distribution=places)
    assert why is not None and "initdb and pg_ctl not found" in why and places in why
    _program(fake / "16" / "bin" / "initdb")  # initdb alone is not enough
    assert binaries(path="", distribution=places) is None
    _program(fake / "16" / "bin" / "pg_ctl", executable=False)  # nor one that cannot run
    assert binaries(path="", distribution=places) is None
    (fake / "16" / "bin" / "pg_ctl").chmod(0o755)
    assert binaries(path="", distribution=places) == fake / "16" / "bin"
    on_path = tmp_path / "elsewhere"  # on the PATH first, before the distribution's
    for name in ("initdb", "pg_ctl"):
        _program(on_path / name)
    assert binaries(path=str(on_path), distribution=places) == on_path


def test_the_server_is_skipped_not_passed_when_they_are_missing(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", "")
    monkeypatch.setattr(postgres_server, "DISTRIBUTION", str(tmp_path / "none" / "*" / "bin"))
    with pytest.raises(pytest.skip.Exception, match="initdb and pg_ctl not found"), \
            postgres(tmp_path):
        raise AssertionError("no PostgreSQL server may start without its programs")


def test_pytest_reports_the_several_hosts_tests_skipped_with_the_reason(tmp_path):
    # pytest itself, run on the tests of several hosts with no PostgreSQL to be found: each
    # is reported skipped, with the reason, and none passed
    (tmp_path / "no_postgres.py").write_text(
        "from tests import postgres_server\n"
        f"postgres_server.DISTRIBUTION = {str(tmp_path / 'none' / '*' / 'bin')!r}\n")
    env = {**os.environ, "PATH": "", "PYTHONPATH": f"{ROOT}{os.pathsep}{tmp_path}"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-rs", "-o", "addopts=", "-p", "no:cacheprovider", "-p",
         "no_postgres", "tests/test_net_postgres.py", "tests/test_net_postgres_hosts.py"], cwd=ROOT, env=env,
        capture_output=True, text=True, timeout=120)
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    assert "SKIPPED" in out and "initdb and pg_ctl not found" in out, out
    summary = out.strip().splitlines()[-1]
    assert re.fullmatch(r"=+ \d+ skipped in [\d.]+s =+", summary), out  # nothing else
