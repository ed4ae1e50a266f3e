"""The host's tools, the real thing: `serve-ssh` in a process of its own, players with the
OpenSSH client in tmux, and `mare-nostrum admin ...` on the server's machine through the
local socket and `local.token`.

The host lists the sessions and tables, says a notice every screen shows, ends a session,
bans a key (its session is dropped, and it is refused at the door with one line) and a name
(whatever its case) and lifts the ban; closes a table with a reason its player reads (the
table ends, its save kept) and exports a table as a save file that replays. A finished
table's player gets its record with `ssh ... record N` (anyone else is told why), and the
lobby says how. The tools are the host's alone: a player's connection is refused.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from engine.saves import encode_save, load_save
from engine.state import Config
from tui.net import gate
from tui.net import protocol as p
from tui.net.bans import Bans
from tui.net.client import Client, RemoteError
from tui.net.schema import LATEST, MIGRATIONS
from tui.net.store import SeatRow, Store
from tui.net.tables import Table

from .net_helpers import player, running
from .test_net_ssh import DIALOG, Term
from .test_net_ssh_tables import GAMES, SSH, Door, door  # noqa: F401  (the fixture)


def _admin(d: Path, *args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tui", "admin", *map(str, args),
                           "--data", str(d / "data")],
                          capture_output=True, text=True, timeout=60)


def _fingerprint(d: Path, who: str) -> str:
    out = subprocess.run(["ssh-keygen", "-lf", str(d / f"{who}.pub")], capture_output=True,
                         text=True, check=True, timeout=30).stdout
    return out.split()[1]


def _session_of(d: Path, name: str) -> int:
    listed = _admin(d, "sessions")
    assert listed.returncode == 0, listed.stderr
    for line in listed.stdout.splitlines():
        if f"  {name}  " in line:
            return int(line.split()[0])
    raise AssertionError(f"no session of {name}:\n{listed.stdout}")


def test_sessions_notice_kick_and_bans_of_a_key_and_a_name(door):  # noqa: F811
    door, terms = door
    door.start()
    anna = Term(door.port, door.d / "anna", "anna", size=(100, 30))
    bruno = Term(door.port, door.d / "bruno", "bruno", size=(100, 30))
    terms += [anna, bruno]
    anna.wait_for("you are anna")
    bruno.wait_for("you are bruno")

    listed = _admin(door.d, "sessions")
    assert listed.returncode == 0, listed.stderr
    mine = [line for line in listed.stdout.splitlines() if "  anna  " in line]
    assert len(mine) == 1 and _fingerprint(door.d, "anna") in mine[0]
    assert "from 127.0.0.1" in mine[0] and "lobby" in mine[0]

    said = _admin(door.d, "broadcast", "The server restarts at noon")
    assert said.returncode == 0 and "said to 2 sessions" in said.stdout
    anna.wait_for("The server restarts at noon")
    bruno.wait_for("The server restarts at noon")

    kicked = _admin(door.d, "kick", _session_of(door.d, "anna"), "--reason", "time for bed")
    assert kicked.returncode == 0, kicked.stderr
    anna.wait_for("mare-nostrum: the host ended your session: time for bed")
    assert _admin(door.d, "kick", 999).stderr.strip() == \
        "mare-nostrum: no session 999 (admin sessions lists them)"

    # a key banned while it plays: dropped, then refused at the door in one line
    key = _fingerprint(door.d, "bruno")
    banned = _admin(door.d, "ban", key, "--reason", "spam in the chat")
    assert banned.returncode == 0 and "1 sessions dropped" in banned.stdout
    bruno.wait_for("this key is banned from this server: spam in the chat")
    r = door.ssh("bruno", "join", "1")
    assert r.returncode == 1 and r.stderr.strip().splitlines() == [
        "mare-nostrum: this key is banned from this server: spam in the chat"]
    r = door.ssh("bruno", "record", "1")
    assert r.returncode == 1 and "banned" in r.stderr and r.stdout == ""

    # a name, whatever its case; then the ban lifted
    assert _admin(door.d, "ban", "CARLA").returncode == 0
    r = door.ssh("carla", "join", "1")
    assert r.returncode == 1 and r.stderr.strip().splitlines() == [
        "mare-nostrum: the name CARLA is banned from this server"]
    listed = _admin(door.d, "bans")
    assert f"key {key}" in listed.stdout and "(spam in the chat)" in listed.stdout
    assert "name CARLA" in listed.stdout
    assert _admin(door.d, "unban", "carla").returncode == 0
    r = door.ssh("carla", "join", "1")  # let in: only the missing terminal stops it now
    assert r.returncode == 1 and "connect with ssh -t" in r.stdout
    again = _admin(door.d, "unban", "carla")
    assert again.returncode == 1 and "'carla' is not banned" in again.stderr

    log = (door.d / "data" / "server.log").read_text()
    assert "the host ended session" in log and f"the host banned key {key}" in log
    assert "the host lifted the ban of name CARLA" in log


def _tables(d: Path) -> None:
    """Before the server starts: table 1, a finished game where anna had the first seat;
    table 2, a game in play where she has the first seat."""
    anna = _fingerprint(d, "anna")
    save = load_save(GAMES / "six-player-greedy.json")
    store = Store(d / "data")
    tid = store.create_table(anna, "a finished game",
                             [SeatRow(seat=i, kind="remote" if i == 0 else "greedy",
                                      identity=anna if i == 0 else None)
                              for i in range(len(save.state.players))])
    store.set_status(tid, "over")
    (d / "data" / "tables" / f"table-{tid}.json").write_bytes(encode_save(save))
    table = Table.create(store, anna, Config(civs=["rome", "greece", "egypt"], seed=7),
                         ["remote", "greedy", "greedy"])
    table.bind(0, anna)
    store.close()


def _verified(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tui", "replay", "--verify", str(path)],
                          capture_output=True, text=True, timeout=120)


def test_close_a_table_export_it_and_a_players_record(door):  # noqa: F811
    door, terms = door
    _tables(door.d)
    door.start()
    listed = _admin(door.d, "tables")
    assert listed.returncode == 0, listed.stderr
    assert "Table 1 " in listed.stdout and "Table 2 " in listed.stdout
    assert "game over" in listed.stdout

    anna = Term(door.port, door.d / "anna", "anna", size=(100, 30))
    terms.append(anna)
    anna.wait_for(DIALOG)  # her one game in play: straight to it, at her decision

    closed = _admin(door.d, "close", "2", "--reason", "the server moves tonight")
    assert closed.returncode == 0 and "table 2 closed" in closed.stdout
    anna.wait_for("The host closed the table")  # the game's end, with why
    anna.wait_for("the server moves tonight")
    listed = _admin(door.d, "tables")
    assert "closed by the host: the server moves tonight" in listed.stdout
    again = _admin(door.d, "close", "2", "--reason", "twice")
    assert again.returncode == 1 and "table 2 is already over" in again.stderr
    assert _admin(door.d, "close", "7", "--reason", "x").stderr.strip() == \
        "mare-nostrum: no table 7"
    saved = load_save(door.d / "data" / "tables" / "table-2.json")  # kept as it was
    row = sqlite3.connect(door.d / "data" / "server.sqlite").execute(
        "SELECT status, closed FROM tables WHERE id = 2").fetchone()
    assert row == ("over", "the server moves tonight")

    out = door.d / "exported.json"
    exported = _admin(door.d, "export", "2", out)
    assert exported.returncode == 0, exported.stderr
    assert oct(out.stat().st_mode & 0o777) == "0o600"
    assert len(load_save(out).record.actions) == len(saved.record.actions)
    assert _verified(out).returncode == 0
    assert _admin(door.d, "export", "2", out).returncode == 1  # never over a file

    # the lobby says where a finished table's record is; the door writes it
    anna.press("Escape")
    anna.press("Escape")
    anna.wait_for(f"Your record of table 2 (a save file): ssh -p {door.port} 127.0.0.1 "
                  "record 2 > table-2.json")
    anna.press("Up")
    anna.wait_for(f"ssh -p {door.port} 127.0.0.1 record 1 > table-1.json")
    for tid in (1, 2):
        r = subprocess.run([*_ssh(door), "-i", str(door.d / "anna"), "-T", "anna@127.0.0.1",
                            "record", str(tid)], capture_output=True, timeout=60,
                           stdin=subprocess.DEVNULL)
        assert r.returncode == 0, r.stderr
        got = door.d / f"record-{tid}.json"
        got.write_bytes(r.stdout)
        assert load_save(got).state.turn >= 1
        assert _verified(got).returncode == 0
    r = door.ssh("bruno", "record", "1")
    assert r.returncode == 1 and r.stdout == "" and r.stderr.strip().splitlines() == [
        "mare-nostrum: only the players of table 1 may have its record"]
    r = door.ssh("anna", "record", "9")
    assert r.returncode == 1 and "no table 9" in r.stderr
    log = (door.d / "data" / "server.log").read_text()
    assert "table 2 closed by the host" in log and "table 2 exported by the host" in log
    assert re.search(r"record of table 1 sent to SHA256:\S+ \(\d+ bytes\)", log)


def _ssh(at: Door) -> list[str]:
    return [*SSH, "-p", str(at.port)]


def test_without_a_server_the_tools_say_so(tmp_path):
    r = subprocess.run([sys.executable, "-m", "tui", "admin", "sessions", "--data",
                        str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 1
    assert r.stderr.startswith("mare-nostrum: no game server is running")


# --- over a real socket, in this process -------------------------------------------------


def test_the_tools_are_the_hosts_alone(data):
    async def go():
        async with running(data) as server:
            anna = await player(server, "SHA256:anna", "anna")
            for msg in (p.ListSessions(), p.Kick(session=1), p.BanTarget(target="bruno"),
                        p.Broadcast(text="hi"), p.CloseTable(table=1, reason="no"),
                        p.ExportTable(table=1), p.ListAllTables(), p.ListBans(),
                        p.Unban(target="x")):
                anna.send(msg)
                refused = await anna.expect(p.Rejected)
                assert refused.reason == gate.HOST_ONLY
            assert server.bans.all() == []
            anna.close()
    asyncio.run(asyncio.wait_for(go(), 60))


def test_a_banned_name_matches_whatever_its_case_or_look_alike_letters(data):
    store = Store(data)
    bans = Bans(store.db)
    bans.add("Anna", "")
    assert bans.matching("SHA256:x", ["ANNA"]) is not None
    assert bans.matching("SHA256:x", ["\u0410nna"]) is not None  # a Cyrillic А
    assert bans.matching("SHA256:x", ["Annabel"]) is None
    bans.add("SHA256:x", "why")
    assert bans.matching("SHA256:x", []).reason == "why"
    store.close()


def test_a_registry_one_step_behind_gets_bans_and_keeps_its_tables(data):
    """The step that brings bans: a registry one step behind keeps its table, not closed."""
    (data / "tables").mkdir(parents=True)
    db = sqlite3.connect(data / "server.sqlite", isolation_level=None)
    db.execute("PRAGMA foreign_keys=OFF")
    for step in MIGRATIONS[:-1]:
        step.run(db)
    db.execute(f"PRAGMA user_version = {LATEST - 1}")
    db.execute("INSERT INTO tables (created, creator, summary, status) VALUES "
               "('t0', 'SHA256:anna', 'rome, greece, egypt; predetermined', 'over')")
    db.close()
    store = Store(data)
    assert store.upgraded == [f"schema {LATEST}: {MIGRATIONS[-1].name}"]
    assert [(t.id, t.status, t.closed) for t in store.tables()] == [(1, "over", "")]
    assert Bans(store.db).all() == []
    store.close()


def test_on_an_open_server_a_banned_name_is_not_claimed_and_its_key_not_let_in(data):
    async def go():
        async with running(data) as server:
            assert server.socket_path is not None

            async def open_key(key: str) -> Client:
                return await Client.connect(server.socket_path, server.issue_token(
                    key, "", key=key, open=True))

            server.bans.add("Mallory", "")
            new = await open_key("SHA256:new")
            new.send(p.ClaimName(name="MALLORY"))
            assert (await new.expect(p.Rejected)).reason == \
                "that name is not to be had on this server"
            new.send(p.ClaimName(name="Bruno"))
            assert (await new.expect(p.Welcome)).name == "Bruno"
            new.close()
            # a ban placed after the door let the key in: refused at its hello
            server.bans.add("bruno", "rude")
            with pytest.raises(RemoteError, match="^the name bruno is banned from this "
                                                  "server: rude$"):
                await open_key("SHA256:new")
    asyncio.run(asyncio.wait_for(go(), 60))
