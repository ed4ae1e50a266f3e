"""An open server's registry: names claimed by keys, linked keys, settings per key, private
tables and spectators (the store alone, then through the protocol)."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from tui.net import protocol as p
from tui.net.accounts import LINK_LIFE, AccountError, Accounts, clean_name
from tui.net.audience import SPECTATORS, Audiences
from tui.net.client import Client, RemoteError
from tui.net.guesses import WrongCodes
from tui.net.schema import prepare
from tui.net.settings import KeySettings, Settings, suggest

from .net_helpers import run, running


def _db(tables: int = 0) -> sqlite3.Connection:
    """A registry in memory, made by the schema's migrations, with `tables` tables."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    prepare(db)
    for _ in range(tables):
        db.execute("INSERT INTO tables (created, creator, summary) VALUES ('', '', '')")
    return db


def test_names_are_cleaned_and_unique_whatever_the_case():
    accounts = Accounts(_db())
    assert clean_name("  Anna\x1b[31m  Maria ") == "Anna31m Maria"
    assert clean_name("x" * 40) == "x" * 20
    # line and paragraph separators, tabs and odd spaces are one space, never a new line
    assert clean_name("\u2029Anna\u2028Maria\t\u00a0Bo\u2029") == "Anna Maria Bo"
    for bad in ("", "a", "\u200b\u200b", "...", "Guest 7", "admin"):
        with pytest.raises(AccountError):
            clean_name(bad)
    assert accounts.claim("SHA256:a", "Anna") == "Anna"
    assert accounts.identity_of("SHA256:a") == ("SHA256:a", "Anna")
    with pytest.raises(AccountError, match="taken"):
        accounts.claim("SHA256:b", "aNNA")
    with pytest.raises(AccountError, match="taken"):
        accounts.claim("SHA256:b", "An na")
    with pytest.raises(AccountError, match="already"):
        accounts.claim("SHA256:a", "Other")
    assert accounts.identity_of("SHA256:b") is None


def test_a_link_code_works_once_and_expires():
    t = [1000.0]
    accounts = Accounts(_db(), clock=lambda: t[0])
    accounts.claim("SHA256:a", "Anna")
    code = accounts.new_link_code("SHA256:a")
    assert len(code) == 9 and code[4] == "-"
    assert accounts.link("SHA256:a2", code.lower()) == ("SHA256:a", "Anna")
    assert accounts.identity_of("SHA256:a2") == ("SHA256:a", "Anna")
    assert accounts.keys_of("SHA256:a") == ["SHA256:a", "SHA256:a2"]
    with pytest.raises(AccountError, match="unknown"):
        accounts.link("SHA256:a3", code)  # used up
    code = accounts.new_link_code("SHA256:a")
    t[0] += LINK_LIFE + 1
    with pytest.raises(AccountError, match="expired"):
        accounts.link("SHA256:a3", code)
    with pytest.raises(AccountError, match="unknown"):
        accounts.link("SHA256:a3", code)  # an expired code is gone too
    with pytest.raises(AccountError):
        accounts.new_link_code("SHA256:nobody")
    first, second = accounts.new_link_code("SHA256:a"), accounts.new_link_code("SHA256:a")
    with pytest.raises(AccountError, match="unknown"):
        accounts.link("SHA256:a4", first)  # a new code replaces the unused one
    with pytest.raises(AccountError, match="already"):
        accounts.link("SHA256:a2", second)  # a key with a name keeps it


def test_settings_are_kept_per_key_and_checked():
    store = KeySettings(_db())
    assert store.get("SHA256:a") is None
    store.put("SHA256:a", Settings(theme="ansi", glyphs="ascii", notifications=False))
    assert store.get("SHA256:a") == Settings(theme="ansi", glyphs="ascii", notifications=False)
    assert store.get("SHA256:b") is None
    assert store.put("SHA256:b", Settings(theme="neon", glyphs="emoji")) == Settings()


def test_the_terminal_check_suggests_settings():
    s, notes = suggest("xterm-256color", "truecolor", 120, 40)
    assert s == Settings() and "suits" in notes[0]
    s, notes = suggest("xterm", "", 80, 24)
    assert s.theme == "ansi" and "16 colours" in notes[0]
    s, notes = suggest("linux", "", 70, 20)
    assert (s.theme, s.glyphs) == ("ansi", "ascii")
    assert any("70x20" in n and "80x24" in n for n in notes)


def test_private_tables_and_the_spectators_channel_in_the_store():
    aud = Audiences(_db(tables=2))  # an audience, an invite, a line: of a table
    assert not aud.of(1).private and aud.of(1).spectators  # tables made before: public
    a = aud.set(2, private=True, spectators=False)
    assert len(a.invite) == 8 and aud.of(2) == a
    assert aud.table_of_invite(a.invite[:4].lower() + "-" + a.invite[4:]) == 2
    assert aud.table_of_invite("nothing") is None and aud.table_of_invite("") is None
    assert not aud.invited(2, "SHA256:b")
    aud.invite(2, "SHA256:b")
    assert aud.invited(2, "SHA256:b")
    aud.add_chat(2, "carla", "go rome")
    assert [(n, t) for n, t, _ in aud.chat(2)] == [("carla", "go rome")]
    aud.drop(2)
    assert not aud.of(2).private and aud.chat(2) == []


# --- through the protocol ------------------------------------------------------------------


async def _open_key(server, fingerprint: str) -> Client:
    assert server.socket_path is not None
    return await Client.connect(server.socket_path, server.issue_token(
        fingerprint, "", key=fingerprint, open=True))


async def _guest(server) -> Client:
    assert server.socket_path is not None
    return await Client.connect(server.socket_path, server.issue_token(
        "guest:1a2b3c", "guest-1a2b3c", guest=True))


async def _listed(c: Client) -> list[p.TableInfo]:
    """The tables as the server lists them now (earlier lists, sent as things changed,
    are skipped)."""
    c.send(p.ListTables())
    last = await c.expect(p.Tables)
    while True:
        try:
            msg = await asyncio.wait_for(c.receive(), 0.3)
        except TimeoutError:
            return last.tables
        if isinstance(msg, p.Tables):
            last = msg


TABLE = dict(civs=["rome", "greece", "egypt"], seats=["remote", "remote", "easy"])


def test_a_new_key_claims_a_name_then_links_another(data):
    async def go():
        async with running(data) as server:
            anna = await _open_key(server, "SHA256:anna")
            assert anna.welcome.needs_name and anna.welcome.settings is None
            anna.send(p.CreateTable(**TABLE, sit=0))
            assert "name first" in (await anna.expect(p.Rejected)).reason
            anna.send(p.ClaimName(name="\u2028 Anna\u2029"))
            w = await anna.expect(p.Welcome)
            assert (w.name, w.identity, w.needs_name) == ("Anna", "SHA256:anna", False)
            bruno = await _open_key(server, "SHA256:bruno")
            bruno.send(p.ClaimName(name="ANNA"))
            assert "taken" in (await bruno.expect(p.Rejected)).reason
            bruno.send(p.ClaimName(name="Bruno"))
            assert (await bruno.expect(p.Welcome)).name == "Bruno"

            anna.send(p.SaveSettings(settings=Settings(theme="ansi")))
            anna.send(p.CreateTable(**TABLE, sit=0))
            tid = (await anna.expect(p.Created)).table
            anna.send(p.NewLinkCode())
            code = (await anna.expect(p.LinkCode)).code
            laptop = await _open_key(server, "SHA256:anna-laptop")
            laptop.send(p.LinkKey(code=code))
            w = await laptop.expect(p.Welcome)
            # the same person: the account's identity, its name; settings are the key's own
            assert (w.name, w.identity, w.settings) == ("Anna", "SHA256:anna", None)
            assert (await _listed(laptop))[0].seats[0].mine
            again = await _open_key(server, "SHA256:anna")
            assert again.welcome.name == "Anna" and again.welcome.settings.theme == "ansi"
            eve = await _open_key(server, "SHA256:eve")
            eve.send(p.LinkKey(code=code))
            assert "unknown" in (await eve.expect(p.Rejected)).reason
            assert tid == 1
    run(go())


def test_a_guest_may_only_watch(data):
    async def go():
        async with running(data) as server:
            anna = await _open_key(server, "SHA256:anna")
            anna.send(p.ClaimName(name="Anna"))
            await anna.expect(p.Welcome)
            anna.send(p.CreateTable(**TABLE, sit=0))
            tid = (await anna.expect(p.Created)).table
            guest = await _guest(server)
            assert guest.welcome.guest
            for msg in (p.Sit(table=tid, seat=1), p.CreateTable(**TABLE),
                        p.ClaimName(name="Mallory"), p.NewLinkCode()):
                guest.send(msg)
                assert "only watch" in (await guest.expect(p.Rejected)).reason
            guest.send(p.Watch(table=tid))
            up = await guest.expect(p.Update)
            assert up.seat is None and up.legal == []
            guest.send(p.Chat(table=tid, text="hello players"))
            line = await anna.expect(p.ChatLine)
            assert (line.name, line.channel) == ("guest-1a2b3c", SPECTATORS)
    run(go())


def test_private_tables_and_tables_without_spectators(data):
    async def go():
        async with running(data) as server:
            clients = {}
            for who in ("anna", "bruno", "carla"):
                c = clients[who] = await _open_key(server, f"SHA256:{who}")
                c.send(p.ClaimName(name=who))
                await c.expect(p.Welcome)
            anna, bruno, carla = clients.values()
            anna.send(p.CreateTable(**TABLE, sit=0, private=True))
            created = await anna.expect(p.Created)
            assert created.invite
            anna.send(p.CreateTable(**TABLE, sit=0, spectators=False))
            open_tid = (await anna.expect(p.Created)).table
            mine = {t.id: t for t in await _listed(anna)}
            assert mine[created.table].invite == created.invite and mine[created.table].private
            assert not mine[open_tid].spectators and mine[open_tid].invite == ""

            assert [t.id for t in await _listed(bruno)] == [open_tid]
            for msg in (p.Sit(table=created.table, seat=1), p.Watch(table=created.table)):
                bruno.send(msg)
                assert (await bruno.expect(p.Rejected)).reason == f"no table {created.table}"
            bruno.send(p.UseInvite(code="WRONG"))
            assert "unknown" in (await bruno.expect(p.Rejected)).reason
            bruno.send(p.UseInvite(code=created.invite.lower()))
            listed = (await bruno.expect(p.Tables)).tables
            assert {t.id for t in listed} == {created.table, open_tid}
            assert next(t for t in listed if t.id == created.table).invite == ""
            bruno.send(p.Sit(table=created.table, seat=1))
            assert (await bruno.expect(p.Update)).seat == 1

            carla.send(p.Watch(table=open_tid))
            assert "no spectators" in (await carla.expect(p.Rejected)).reason
            bruno2 = await _open_key(server, "SHA256:bruno")  # remembered for the person
            assert len(await _listed(bruno2)) == 2
    run(go())


def test_a_wrong_code_too_often_hangs_up(data):
    async def go():
        async with running(data) as server:
            eve = await _open_key(server, "SHA256:eve")
            with pytest.raises(RemoteError):
                for i in range(10):
                    eve.send(p.LinkKey(code=f"GUESS{i}"))
                    await eve.expect(p.Rejected)
                await eve.receive()
    run(go())


def test_a_name_in_look_alike_letters_of_another_script_is_taken():
    """A second "Anna" written with a Cyrillic А or a Greek Α (or fullwidth letters) would
    pass for the first one at the table: refused, as the same name in other case is."""
    accounts = Accounts(_db())
    accounts.claim("SHA256:a", "Anna")
    for i, lookalike in enumerate(("\u0410nna", "\u0391nna", "\uff21nna", "\u0430nn\u0430")):
        with pytest.raises(AccountError, match="taken"):
            accounts.claim(f"SHA256:x{i}", lookalike)
    assert accounts.claim("SHA256:b", "Anna2") == "Anna2"
    assert accounts.claim("SHA256:c", "Hanna") == "Hanna"
    for reserved in ("\u0261uest 7", "\u0430dmin"):  # Latin script ɡ, Cyrillic а
        with pytest.raises(AccountError, match="reserved"):
            clean_name(reserved)


def test_an_old_registry_gets_look_alike_keys_at_start():
    """Name keys written before look-alikes counted are brought up to date when the
    registry is opened, so the old "Anna" is found by a Cyrillic one."""
    db = _db()
    Accounts(db).claim("SHA256:a", "Anna")
    Accounts(db).claim("SHA256:e", "Еlena")  # a Cyrillic Е, claimed before the change
    db.execute("UPDATE accounts SET name_key = 'еlena' WHERE identity = 'SHA256:e'")
    accounts = Accounts(db)
    with pytest.raises(AccountError, match="taken"):
        accounts.claim("SHA256:x", "Elena")


def test_wrong_codes_are_counted_per_key_and_per_address_for_an_hour():
    now = [0.0]
    codes = WrongCodes(limit=5, window=3600.0, clock=lambda: now[0])
    for _ in range(4):
        codes.strike("SHA256:eve", "127.0.0.2")
    assert codes.minutes_barred("SHA256:eve", "127.0.0.2") == 0
    now[0] = 600.0
    codes.strike("SHA256:eve", "127.0.0.2")
    assert codes.minutes_barred("SHA256:eve", "") == 50  # the key, from anywhere
    assert codes.minutes_barred("SHA256:other", "127.0.0.2") == 50  # the address, any key
    assert codes.minutes_barred("SHA256:other", "127.0.0.3") == 0
    now[0] = 3601.0  # the first guess is an hour old: one more try
    assert codes.minutes_barred("SHA256:eve", "127.0.0.2") == 0


def test_keys_and_addresses_that_stopped_guessing_are_forgotten_after_the_hour():
    """A season of stray wrong codes leaves nothing behind: each key or address is
    forgotten once its last guess is an hour old, and a key still guessing is kept."""
    now = [0.0]
    codes = WrongCodes(limit=5, window=3600.0, clock=lambda: now[0])
    for i in range(100):  # a hundred keys from a hundred addresses, one wrong code each
        codes.strike(f"SHA256:k{i}", f"10.0.0.{i}")
        now[0] += 1.0
    assert len(codes) == 200
    now[0] = 3000.0
    codes.strike("SHA256:eve", "127.0.0.2")
    assert len(codes) == 202  # nobody's guesses are an hour old yet
    now[0] = 3700.0  # the hundred's guesses (seconds 0 to 99) are now an hour old
    codes.strike("SHA256:eve", "127.0.0.2")
    assert len(codes) == 2  # eve's key and address, with her two guesses
    for _ in range(3):
        codes.strike("SHA256:eve", "127.0.0.2")
    # five guesses: barred until her first (second 3,000) is an hour old, 2,900 s from now
    assert codes.minutes_barred("SHA256:eve", "") == 49


def test_a_key_that_guessed_wrong_too_often_cannot_go_on_by_reconnecting(data):
    """Five wrong codes hang up; the same key on a new connection, or a guest from the
    same address, is refused its next code with the time to wait, and hung up on."""
    async def go():
        async with running(data) as server:
            eve = await Client.connect(server.socket_path, server.issue_token(
                "SHA256:eve", "", key="SHA256:eve", open=True, address="127.0.0.2"))
            with pytest.raises(RemoteError):
                for i in range(10):
                    eve.send(p.LinkKey(code=f"GUESS{i}"))
                    await eve.expect(p.Rejected)
                await eve.receive()
            again = await Client.connect(server.socket_path, server.issue_token(
                "SHA256:eve", "", key="SHA256:eve", open=True, address="127.0.0.9"))
            again.send(p.LinkKey(code="GUESS10"))
            assert "try again in 60 minutes" in (await again.expect(p.Rejected)).reason
            with pytest.raises(RemoteError):
                await again.receive()
            guest = await Client.connect(server.socket_path, server.issue_token(
                "guest-1", "guest", guest=True, address="127.0.0.2"))
            guest.send(p.UseInvite(code="GUESS11"))
            assert "try again in" in (await guest.expect(p.Rejected)).reason
            other = await Client.connect(server.socket_path, server.issue_token(
                "guest-2", "guest", guest=True, address="127.0.0.3"))
            other.send(p.UseInvite(code="GUESS12"))
            assert (await other.expect(p.Rejected)).reason == "unknown invite code"
    run(go())


def test_names_private_tables_and_settings_survive_a_restart(data):
    async def first():
        async with running(data) as server:
            anna = await _open_key(server, "SHA256:anna")
            anna.send(p.ClaimName(name="Anna"))
            await anna.expect(p.Welcome)
            anna.send(p.SaveSettings(settings=Settings(glyphs="ascii")))
            anna.send(p.CreateTable(**TABLE, sit=0, private=True, spectators=False))
            return (await anna.expect(p.Created)).invite

    async def second(invite):
        async with running(data) as server:
            anna = await _open_key(server, "SHA256:anna")
            assert anna.welcome.name == "Anna" and anna.welcome.settings.glyphs == "ascii"
            (table,) = await _listed(anna)
            assert (table.private, table.spectators, table.invite) == (True, False, invite)
            bruno = await _open_key(server, "SHA256:bruno")
            bruno.send(p.ClaimName(name="Bruno"))
            await bruno.expect(p.Welcome)
            assert await _listed(bruno) == []

    run(second(run(first())))
