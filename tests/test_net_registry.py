"""The server's registry: a schema version with migrations (a registry made before it had
one is upgraded and keeps its accounts, tables and chat), foreign keys on, and a damaged
file refused at start with one line."""

from __future__ import annotations

import secrets
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from engine import saves
from engine.game import new_game
from engine.match import Match
from engine.state import Config
from tui.net import protocol as p
from tui.net.accounts import Accounts
from tui.net.client import Client
from tui.net.schema import LATEST, RegistryError, open_registry
from tui.net.store import SeatRow, Store

from .net_helpers import run, running
from .registry_today import BEFORE_CHAT_VERSIONS, UNVERSIONED


def _old_registry(data: Path, schema: str) -> None:
    """A registry as the server made it before versions, with an account of two keys, a
    private table (seats, chat, an invitation, the spectators' chat, a clock), a key's
    settings, and an orphan clock (of a table long gone); the table's save beside it."""
    (data / "tables").mkdir(parents=True)
    db = sqlite3.connect(data / "server.sqlite", isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.executescript(schema)
    chat_version = "version" in [r[1] for r in db.execute("PRAGMA table_info(chat)")]
    db.executescript("""
        INSERT INTO accounts VALUES ('SHA256:anna', 'Anna', 'anna', 1.0);
        INSERT INTO account_keys VALUES ('SHA256:anna', 'SHA256:anna', 1.0);
        INSERT INTO account_keys VALUES ('SHA256:anna2', 'SHA256:anna', 2.0);
        INSERT INTO identities VALUES ('SHA256:anna', 'Anna', 't0', 't1');
        INSERT INTO tables (created, creator, summary) VALUES
            ('t0', 'SHA256:anna', 'rome, greece, egypt; predetermined');
        INSERT INTO seats VALUES (1, 0, 'remote', 'SHA256:anna');
        INSERT INTO seats VALUES (1, 1, 'greedy', NULL);
        INSERT INTO seats VALUES (1, 2, 'greedy', NULL);
        INSERT INTO table_audience VALUES (1, 1, 'ABCD2345', 1);
        INSERT INTO table_invited VALUES (1, 'SHA256:bert');
        INSERT INTO spectator_chat (table_id, name, text, at) VALUES (1, 'bert', 'go', 't2');
        INSERT INTO key_settings VALUES ('SHA256:anna', '{"theme":"ansi"}');
        INSERT INTO clocks VALUES (1, '{}', 0.0, 0, '[]', '{}');
        INSERT INTO clocks VALUES (9, '{}', 0.0, 0, '[]', '{}');
    """)
    db.execute("INSERT INTO chat (table_id, identity, name, text, at) VALUES "
               "(1, 'SHA256:anna', 'Anna', 'my move next', 't3')")
    db.close()
    assert chat_version == (schema == UNVERSIONED)
    state, _ = new_game(Config(civs=["rome", "greece", "egypt"], seed=7))
    match = Match(state, ["remote", "greedy", "greedy"], bot_secret=secrets.token_bytes(8))
    save = saves.make_save(match.state, match.record, "table-1",
                           seats=["remote", "greedy", "greedy"])
    saves.atomic_write(data / "tables" / "table-1.json", saves.encode_save(save))


@pytest.mark.parametrize("schema", [UNVERSIONED, BEFORE_CHAT_VERSIONS],
                         ids=["today", "before-chat-versions"])
def test_a_registry_made_before_versions_is_upgraded_and_keeps_everything(data, schema):
    _old_registry(data, schema)
    store = Store(data)
    db = store.db
    assert db.execute("PRAGMA user_version").fetchone()[0] == LATEST
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert store.upgraded[0].startswith("schema 1") and len(store.upgraded) == LATEST
    belong = next(line for line in store.upgraded if line.startswith("schema 2"))
    assert "1 rows of tables or accounts that no longer exist" in belong
    assert (data / f"server.sqlite.before-schema-{LATEST}").is_file()  # the old one kept
    for table in ("seats", "chat", "table_audience", "table_invited", "spectator_chat",
                  "clocks"):
        keys = db.execute(f"PRAGMA foreign_key_list({table})").fetchall()
        assert [(k[2], k[3], k[6]) for k in keys] == [("tables", "table_id", "CASCADE")]
    assert db.execute("SELECT table_id FROM clocks").fetchall() == [(1,)]  # orphan gone
    store.close()

    async def play_on():
        async with running(data) as server:
            assert server.accounts.identity_of("SHA256:anna2") == ("SHA256:anna", "Anna")
            assert server.audiences.of(1).private and server.audiences.invited(1, "SHA256:bert")
            assert server.key_settings.get("SHA256:anna").theme == "ansi"
            assert [r.text for r in server.audiences.chat_rows(1)] == ["go"]
            assert list(server.tables) == [1]
            assert not server.tables[1].hints  # a table made before hints offers none
            assert server.socket_path is not None
            anna = await Client.connect(server.socket_path, server.issue_token(
                "SHA256:anna2", "", key="SHA256:anna2", open=True))
            anna.send(p.Sit(table=1, seat=0))
            said = []
            up = await anna.receive()
            while not isinstance(up, p.Update):
                if isinstance(up, p.ChatLine):
                    said.append((up.channel, up.name, up.text, up.version))
                up = await anna.receive()
            assert sorted(said) == [("players", "Anna", "my move next", -1),
                                    ("spectators", "bert", "go", -1)]
            while not up.legal:
                up = await anna.expect(p.Update, timeout=60)
            anna.send(p.Act(table=1, version=up.version, action=up.legal[0]))
            after = await anna.expect(p.Update)
            anna.close()
            return up.version, after.version

    before, after = run(play_on())
    assert after > before


def test_a_registry_of_schema_4_gets_the_contacts_of_notices_while_away(data, monkeypatch):
    """The previous version's registry (schema 4, made by this program's first four steps)
    keeps what it holds and gains where keys are told while away, and what was sent when
    (a notice about a table goes with the table)."""
    from tui.net import schema
    with monkeypatch.context() as m:
        m.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:4])
        m.setattr(schema, "LATEST", 4)
        store = Store(data)
        tid = store.create_table("SHA256:anna", "x", [SeatRow(seat=0, kind="remote")])
        Accounts(store.db).claim("SHA256:anna", "Anna")
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == 4
        store.close()
    store = Store(data)
    assert store.upgraded[0] == ("schema 5: where a key is told of a decision while away, "
                                 "and what it was told")
    assert (data / f"server.sqlite.before-schema-{LATEST}").is_file()
    assert Accounts(store.db).identity_of("SHA256:anna") == ("SHA256:anna", "Anna")
    assert [t.id for t in store.tables()] == [tid]
    from tui.net.contacts import Contacts
    contacts = Contacts(store.db, lambda: 1000.0)
    contacts.save("SHA256:anna", "SHA256:anna", "", "ntfy://ntfy.example.org/anna", mail=False)
    contacts.told("SHA256:anna", tid, 1000.0)
    assert [c.push for c in contacts.of("SHA256:anna")] == ["ntfy://ntfy.example.org/anna"]
    store.drop_table(tid)
    assert contacts.told_at("SHA256:anna", tid) is None
    assert contacts.of("SHA256:anna")  # the contact is the key's, not the table's
    store.close()


def test_an_upgraded_registry_is_not_upgraded_again(data):
    _old_registry(data, UNVERSIONED)
    Store(data).close()
    store = Store(data)
    assert store.upgraded == []
    store.close()


def test_foreign_keys_hold_and_a_table_takes_what_belongs_to_it(data):
    store = Store(data)
    with pytest.raises(sqlite3.IntegrityError):
        store.db.execute("INSERT INTO seats VALUES (5, 0, 'remote', NULL)")  # no table 5
    tid = store.create_table("SHA256:anna", "x", [SeatRow(seat=0, kind="remote")])
    store.add_chat(tid, "SHA256:anna", "Anna", "hello")
    store.db.execute("INSERT INTO clocks VALUES (?, '{}', 0, 0, '[]', '{}')", (tid,))
    store.drop_table(tid)
    for table in ("seats", "chat", "clocks"):
        assert store.db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == 0
    store.close()


def test_a_registry_of_a_newer_program_is_refused(data):
    Store(data).close()
    db = sqlite3.connect(data / "server.sqlite")
    db.execute(f"PRAGMA user_version = {LATEST + 1}")
    db.close()
    with pytest.raises(RegistryError, match="newer than this program"):
        open_registry(data / "server.sqlite")


def _garble_a_page(path: Path) -> None:
    """Overwrite the second page (the first table's root) with noise: the file still opens
    as a database, and SQLite's check finds the damage."""
    db = sqlite3.connect(path)
    page = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    with open(path, "r+b") as f:
        f.seek(page)
        f.write(bytes((i * 37 + 11) % 256 for i in range(page)))


def _index_out_of_step(path: Path) -> None:
    """A name key changed in one place only (its row or its index): every page is sound,
    only SQLite's integrity check sees that they disagree."""
    data = path.read_bytes()
    at = data.index(b"zzqqzzqq")
    path.write_bytes(data[:at] + b"zzqqzzqr" + data[at + 8:])


def _not_a_database(path: Path) -> None:
    path.write_bytes(b"this is not what the server wrote" * 200)


@pytest.mark.parametrize("damage", [_garble_a_page, _index_out_of_step, _not_a_database],
                         ids=["garbled-page", "index-out-of-step", "not-a-database"])
def test_a_damaged_registry_is_refused_at_start_with_one_line(data, damage):
    store = Store(data)
    store.create_table("SHA256:anna", "x", [SeatRow(seat=0, kind="remote")])
    Accounts(store.db).claim("SHA256:anna", "Zzqqzzqq")
    store.close()  # the last connection: the journal is written back into the file
    damage(data / "server.sqlite")
    for command in (["serve"], ["serve-ssh", "--port", "0", "--open", "--host-key",
                                str(data / "host.key")]):
        r = subprocess.run([sys.executable, "-m", "tui", *command, "--data", str(data)],
                           capture_output=True, text=True, timeout=60)
        lines = r.stderr.strip().splitlines()
        assert r.returncode == 1 and len(lines) == 1, r.stderr
        assert lines[0].startswith("mare-nostrum: the server's registry ") \
            and "is damaged" in lines[0] and "admin restore" in lines[0], lines[0]
        assert "Traceback" not in r.stderr + r.stdout
        assert not (data / "server.sock").exists()


def test_a_step_that_fails_leaves_the_registry_at_the_version_before_it(data, monkeypatch):
    """Each migration runs in one transaction with its version: a step that fails half-way
    leaves the registry as the step before left it, and the server refuses to start."""
    from tui.net import schema
    _old_registry(data, UNVERSIONED)

    def half_done(db: sqlite3.Connection) -> str:
        db.execute("DELETE FROM chat")
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(schema, "MIGRATIONS",
                        (*schema.MIGRATIONS, schema.Migration("a step that fails", half_done)))
    monkeypatch.setattr(schema, "LATEST", LATEST + 1)
    with pytest.raises(RegistryError, match=f"cannot be upgraded to schema {LATEST + 1} "
                                            r"\(a step that fails\): disk I/O error; it "
                                            f"stays at schema {LATEST}"):
        Store(data)
    db = sqlite3.connect(data / "server.sqlite")
    assert db.execute("PRAGMA user_version").fetchone()[0] == LATEST
    assert db.execute("SELECT text FROM chat").fetchall() == [("my move next",)]
    db.close()
