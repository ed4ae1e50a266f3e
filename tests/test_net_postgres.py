"""Several hosts on one PostgreSQL database: two game servers, each with its SSH door on a
port of its own, share the registry and the tables' saves; a table is played by one of
them at a time; a player whose door is on the other server plays it through the other
(TLS between the servers); the table's server killed (SIGKILL), the other takes the table
over from its last save and the game goes on, both players now through the other door.

The PostgreSQL server is the machine's own (initdb and pg_ctl in a temporary directory,
tests/postgres_server.py): without it these tests are skipped, saying why; `.ci/run`
installs it, so CI always runs them. The players are the real OpenSSH client in tmux.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from engine.game import state_hash
from engine.saves import decode_save, encode_save, load_save
from engine.state import Config
from tui.net import protocol as p
from tui.net.store import SeatRow, Store
from tui.net.tables import Table

from .net_helpers import authorize, cleanup, make_keys, short_dir, stop_server
from .postgres_server import fresh
from .test_net_admin import _fingerprint
from .test_net_ssh import DIALOG, TIMEOUT, Term, _free_port, _need
from .test_net_ssh_tables import GAMES, SSH
from .waiting import polled


class Host:
    """One host: `serve-ssh` (its game server and its door) on the shared database."""

    def __init__(self, d: Path, name: str, url: str) -> None:
        self.d, self.name, self.url = d, name, url
        self.port = _free_port()
        self.log = d / f"{name}.log"
        with open(self.log, "w") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "tui", "serve-ssh", "--port", str(self.port),
                 "--host-key", str(d / f"{name}.key"), "--authorized-keys",
                 str(d / "authorized"), "--data", str(d / name), "--bot-delay", "0",
                 "--database", url], stdout=out, stderr=subprocess.STDOUT)
        with contextlib.suppress(AssertionError):
            polled(lambda: self.proc.poll() is not None or "SSH door on" in self.log.read_text(),
                   TIMEOUT)
        assert "SSH door on" in self.log.read_text(), self.log.read_text()


@pytest.fixture
def hosts(database):
    for b in ("ssh", "ssh-keygen", "tmux"):
        _need(b)
    fresh(database)  # a fresh registry per test (the server: tests/conftest.py)
    d = short_dir()
    make_keys(d, "anna", "bruno")
    authorize(d, "anna", "bruno")
    started: list[Host] = []
    terms: list[Term] = []
    try:
        yield d, database, started, terms
    finally:
        for t in terms:
            t.close()
        for h in started:
            if h.proc.poll() is None:
                stop_server(h.proc)
        cleanup(d)


def _saved(url: str) -> tuple[int, str | None]:
    """Table 1's last save in the database: its number of actions, whose decision."""
    import psycopg
    with psycopg.connect(url) as db:
        row = db.execute("SELECT body FROM table_saves WHERE table_id = 1").fetchone()
    save = decode_save(bytes(row[0]))
    return len(save.record.actions), save.state.prompt.civ if save.state.prompt else None


def _holder(url: str) -> str:
    import psycopg
    with psycopg.connect(url) as db:
        row = db.execute("SELECT server FROM table_leases WHERE table_id = 1").fetchone()
    return str(row[0])


def _decide(url: str, t: Term) -> None:
    """The decision of the dialog on `t`, by keys (Enter takes the highlighted choice; a
    payment follows a purchase), until the save in the database has one more action."""
    before = _saved(url)[0]
    for keys in ("Enter", "Enter", "+", "Enter", "Enter", "p", "Enter"):
        t.press(keys)
        with contextlib.suppress(AssertionError):
            polled(lambda: _saved(url)[0] > before, timeout=3)
        if _saved(url)[0] > before:
            return
    raise AssertionError(f"no decision made by keys on {t.name}:\n{t.screen()}")


def _play(url: str, people: dict[str, Term], decisions: int) -> int:
    """The people (civilization -> terminal) decide as the table waits for them,
    `decisions` times; the number of actions then."""
    made = 0
    while made < decisions:
        actions, civ = polled(lambda: (s if (s := _saved(url))[1] in people else None),
                              TIMEOUT, what=f"the table to wait for one of {sorted(people)}")
        people[civ].wait_for(DIALOG)
        _decide(url, people[civ])
        made += 1
    return _saved(url)[0]


def _seated(t: Term, civ: str) -> None:
    """`t` is at its seat: the status line says so ("Rome (you)"), or the seat's own
    decision dialog ("Construction — Rome") already covers it."""
    polled(lambda: f"{civ} (you)" in (screen := t.screen()) or f"— {civ} " in screen,
           TIMEOUT, what=f"{t.name} seated as {civ}")


def test_two_hosts_play_one_table_and_a_killed_server_hands_it_over(hosts):
    d, url, started, terms = hosts
    one = Host(d, "one", url)
    started.append(one)
    two = Host(d, "two", url)
    started.append(two)

    anna = Term(one.port, d / "anna", "anna", size=(100, 30))  # at host one's door
    terms.append(anna)
    anna.wait_for("No tables yet")
    anna.press("n")
    anna.wait_for("A new table")
    anna.press("C-s")
    _seated(anna, "Rome")  # the table is played by host one's server

    bruno = Term(two.port, d / "bruno", "bruno", size=(100, 30))  # at host two's door
    terms.append(bruno)
    bruno.wait_for("Carthage: free")  # host two's lobby lists host one's table
    bruno.press("Enter")
    _seated(bruno, "Carthage")  # and he sits there, through host two
    played = _play(url, {"rome": anna, "carthage": bruno}, decisions=3)
    holder = _holder(url)

    one.proc.kill()  # the table's server dies at once: no goodbye, no release
    one.proc.wait(timeout=15)
    polled(lambda: _holder(url) != holder, TIMEOUT, what="host two to take the table over")
    assert _saved(url)[0] == played  # from its last save
    # logged once the table is brought back from its save (after the lease is taken)
    polled(lambda: "table 1 taken over" in (d / "two" / "server.log").read_text(), TIMEOUT,
           what="host two's log of the takeover")

    anna = Term(two.port, d / "anna", "anna", size=(100, 30))  # her door is gone: the other
    terms.append(anna)
    _seated(anna, "Rome")  # back at her seat
    _seated(bruno, "Carthage")  # he never left his
    after = _play(url, {"rome": anna, "carthage": bruno}, decisions=2)
    assert after >= played + 2  # and the game goes on


def _prepared(d: Path, url: str) -> None:
    """Before the servers start: table 1, a finished game where anna had the first seat;
    table 2, a game in play where she has the first seat (their saves in the database)."""
    anna = _fingerprint(d, "anna")
    save = load_save(GAMES / "six-player-greedy.json")
    store = Store(d / "prepared", url)
    assert store.cluster is not None
    tid = store.create_table(anna, "a finished game",
                             [SeatRow(seat=i, kind="remote" if i == 0 else "greedy",
                                      identity=anna if i == 0 else None)
                              for i in range(len(save.state.players))])
    store.set_status(tid, "over")
    info = p.TableInfo(id=tid, seats=[], creator="anna", setup="predetermined", status="over")
    assert store.put_save(tid, len(save.record.actions), encode_save(save),
                          msgspec.json.encode(info))
    table = Table.create(store, anna, Config(civs=["rome", "greece", "egypt"], seed=7),
                         ["remote", "greedy", "greedy"])
    table.bind(0, anna)
    store.cluster.release()  # the servers take them up
    store.close()


def test_a_record_and_an_export_of_a_table_another_host_plays(hosts):
    d, url, started, _terms = hosts
    _prepared(d, url)
    one = Host(d, "one", url)  # takes both tables up
    started.append(one)
    two = Host(d, "two", url)
    started.append(two)
    assert _holder(url) != ""  # host one plays table 1

    def record(who: str, tid: int) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run([*SSH, "-T", "-p", str(two.port), "-i", str(d / who), f"{who}@127.0.0.1", "record",
                               str(tid)], capture_output=True, timeout=60,
                              stdin=subprocess.DEVNULL)

    got = record("anna", 1)  # at host two's door, of a table host one plays
    assert got.returncode == 0, got.stderr
    (d / "record-1.json").write_bytes(got.stdout)
    sent, kept = decode_save(got.stdout), load_save(GAMES / "six-player-greedy.json")
    assert state_hash(sent.state) == state_hash(kept.state)
    assert sent.record.actions == kept.record.actions
    refused = record("bruno", 1)
    assert refused.returncode == 1 and refused.stdout == b""
    assert refused.stderr.decode().strip().splitlines()[-1] == \
        "mare-nostrum: only the players of table 1 may have its record"
    refused = record("anna", 2)
    assert refused.returncode == 1 and b"table 2 is still playing" in refused.stderr
    refused = record("anna", 9)
    assert refused.returncode == 1 and b"no table 9" in refused.stderr

    out = d / "exported.json"  # the host of two exports table 2, which one plays
    exported = subprocess.run([sys.executable, "-m", "tui", "admin", "export", "2", str(out),
                               "--data", str(d / "two")], capture_output=True, text=True,
                              timeout=60)
    assert exported.returncode == 0, exported.stderr
    assert decode_save(out.read_bytes()).state.turn >= 1
    log = (d / "two" / "server.log").read_text()
    assert "table 2 exported by the host from its last save" in log
    assert "record of table 1 sent to" in log
    assert "table 1 taken over" not in log and "table 2 taken over" not in log  # one has them
