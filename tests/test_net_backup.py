"""Backups of a running game server: `admin backup` while a table is played, the server
killed, `serve --restore` into a fresh data directory, and the table played on from the
same decision (its record's hashes verify). A partial or damaged backup is refused."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest

from engine.game import state_hash
from engine.replay import verify
from engine.saves import load_save
from tui.net import protocol as p
from tui.net.backup import MANIFEST, Manifest
from tui.net.client import Client, local_token

from .net_helpers import cleanup, run, short_dir

TABLE = p.CreateTable(civs=["rome", "greece", "egypt"], seats=["remote", "greedy", "greedy"],
                      sit=0)


@pytest.fixture
def root() -> Iterator[Path]:
    d = short_dir()
    yield d
    cleanup(d)


def _tui(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tui", *map(str, args)],
                          capture_output=True, text=True, timeout=120)


class Served:
    """`mare-nostrum serve` (or `serve-ssh`) in a process of its own, as a host runs it."""

    def __init__(self, data: Path, *extra: str | Path, command: str = "serve",
                 ready: str = "game server on") -> None:
        self.data = data
        self.log = data.parent / f"{data.name}-{command}.log"  # a file: never blocks it
        with open(self.log, "w") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "tui", command, "--data", str(data), "--bot-delay",
                 "0", *map(str, extra)], stdout=out, stderr=subprocess.STDOUT)
        end = time.monotonic() + 60
        while time.monotonic() < end and self.proc.poll() is None \
                and ready not in self.said:
            time.sleep(0.05)
        assert ready in self.said, self.said

    @property
    def said(self) -> str:
        return self.log.read_text()

    async def client(self) -> Client:
        return await Client.connect(self.data / "server.sock", local_token(self.data))

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        assert self.proc.wait(timeout=30) == 0


async def _my_decision(c: Client, after: int = -1) -> p.Update:
    """The next update that asks this seat to decide, past version `after`."""
    while True:
        up = await c.expect(p.Update, timeout=60)
        if up.legal and up.version > after:
            return up


def test_a_backup_taken_while_playing_is_restored_and_the_table_plays_on(root):
    live, fresh, backup = root / "live", root / "fresh", root / "backup"
    server = Served(live)
    try:
        async def play_then_back_up():
            c = await server.client()
            c.send(TABLE)
            tid = (await c.expect(p.Created)).table
            up = await _my_decision(c)
            for _ in range(3):  # three decisions of ours, the computers' in between
                c.send(p.Act(table=tid, version=up.version, action=up.legal[0]))
                up = await _my_decision(c, up.version)
            c.send(p.Chat(table=tid, text="backing up now"))
            await c.expect(p.ChatLine)
            made = await asyncio.to_thread(_tui, "admin", "backup", backup, "--data", live)
            assert made.returncode == 0 and "backed up 1 tables" in made.stdout, made.stderr
            # the live server plays on past the backup, then dies without a word
            c.send(p.Act(table=tid, version=up.version, action=up.legal[0]))
            await _my_decision(c, up.version)
            c.close()
            return tid, up

        tid, at_backup = run(play_then_back_up())
        server.kill()
    finally:
        server.kill()

    manifest = msgspec.json.decode((backup / MANIFEST).read_bytes(), type=Manifest)
    table = manifest.tables[0]
    assert (table.id, table.decisions, table.status) == (tid, at_backup.version, "playing")
    assert {f.path for f in manifest.files} == {"server.sqlite", f"tables/table-{tid}.json"}
    assert oct(os.stat(backup).st_mode & 0o777) == "0o700"

    restored = Served(fresh, "--restore", backup)
    try:
        assert "restored 1 tables" in restored.said

        async def play_on():
            c = await restored.client()
            c.send(p.Sit(table=tid, seat=0))
            said = []
            msg = await c.receive()
            while not isinstance(msg, p.Update):
                if isinstance(msg, p.ChatLine):
                    said.append(msg.text)
                msg = await c.receive()
            assert said == ["backing up now"]
            up = msg if msg.legal else await _my_decision(c)
            assert up.version == at_backup.version and up.legal == at_backup.legal
            c.send(p.Act(table=tid, version=up.version, action=up.legal[0]))
            after = await _my_decision(c, up.version)
            c.close()
            return after.version

        assert run(play_on()) > at_backup.version
        restored.stop()
    finally:
        restored.kill()
    save = load_save(fresh / "tables" / f"table-{tid}.json")
    assert len(save.record.actions) > table.decisions
    verdict = verify(save.record, final_hash=state_hash(save.state))
    assert verdict.ok, verdict.message
    kept = load_save(backup / "tables" / f"table-{tid}.json")
    assert state_hash(kept.state) == table.state_hash
    assert save.record.actions[:table.decisions] == kept.record.actions


def _backed_up(root: Path) -> tuple[Path, Path, p.Update]:
    """A stopped server's data with one table waiting for our decision, a backup of it,
    and that decision as we were shown it."""
    data, backup = root / "data", root / "backup"
    server = Served(data)
    try:
        async def create():
            c = await server.client()
            c.send(TABLE)
            await c.expect(p.Created)
            up = await _my_decision(c)
            c.close()
            return up
        up = run(create())
        assert _tui("admin", "backup", backup, "--data", data).returncode == 0
        server.stop()
    finally:
        server.kill()
    return data, backup, up


async def _sit_again(served: Served, at: p.Update) -> p.Update:
    c = await served.client()
    c.send(p.Sit(table=at.table, seat=0))
    up = await _my_decision(c)
    c.close()
    return up


def test_serve_ssh_restores_a_backup_before_its_door_opens(root):
    _, backup, at_backup = _backed_up(root)
    fresh = root / "fresh"
    door = Served(fresh, "--restore", backup, "--port", "0", "--open", "--spawn", "fresh",
                  "--host-key", root / "host.key", command="serve-ssh", ready="SSH door on")
    try:
        assert door.said.index("restored 1 tables") < door.said.index("SSH door on")
        up = run(_sit_again(door, at_backup))
        assert (up.version, up.legal) == (at_backup.version, at_backup.legal)
        door.stop()
    finally:
        door.kill()
    (backup / "server.sqlite").write_bytes(b"not the registry it was")
    r = _tui("serve-ssh", "--data", root / "other", "--restore", backup, "--port", "0",
             "--open", "--host-key", root / "host.key")
    assert r.returncode == 1 and r.stderr.count("\n") == 1 \
        and "server.sqlite differs from its checksum" in r.stderr
    assert not (root / "other" / "server.sqlite").exists()


def test_restore_refuses_a_partial_or_damaged_backup_and_a_running_server(root):
    data, backup, _ = _backed_up(root)
    table = next((backup / "tables").iterdir())
    original = table.read_bytes()
    before = (data / "server.sqlite").read_bytes()

    r = _tui("admin", "backup", backup, "--data", data)
    assert r.returncode == 1 and "not empty: back up into a new directory" in r.stderr

    table.write_bytes(original[:-10] + b"0123456789")
    r = _tui("admin", "restore", backup, "--data", data)
    assert r.returncode == 1 and f"{table.relative_to(backup)} differs from its checksum" \
        in r.stderr and len(r.stderr.splitlines()) == 1
    table.unlink()
    r = _tui("serve", "--data", data, "--restore", backup)
    assert r.returncode == 1 and "is partial: tables/" in r.stderr and "missing" in r.stderr
    table.write_bytes(original)
    manifest = (backup / MANIFEST).read_bytes()
    (backup / MANIFEST).unlink()
    r = _tui("admin", "restore", backup, "--data", data)
    assert r.returncode == 1 and "has no manifest.json" in r.stderr
    (backup / MANIFEST).write_bytes(manifest[:40])
    r = _tui("admin", "restore", backup, "--data", data)
    assert r.returncode == 1 and "manifest.json is damaged" in r.stderr
    (backup / MANIFEST).write_bytes(manifest)
    assert (data / "server.sqlite").read_bytes() == before  # refused: nothing touched
    assert "Traceback" not in r.stderr

    server = Served(data)
    try:
        r = _tui("admin", "restore", backup, "--data", data)
        assert r.returncode == 1 and "a game server is running" in r.stderr
    finally:
        server.stop()

    r = _tui("admin", "restore", backup, "--data", data)
    assert r.returncode == 0 and "restored 1 tables" in r.stdout, r.stderr
    aside = [d for d in data.iterdir() if d.name.startswith("before-restore-")]
    assert len(aside) == 1 and (aside[0] / "server.sqlite").is_file() \
        and (aside[0] / "tables" / table.name).is_file()
