"""Accounts, invites and settings: a new key of an open server claims a name or links itself
to an account with a code from the account's other key; an invite code opens a private
table; settings are kept per key, and so is where a key is told while away (an e-mail
address confirmed by a code, a push address: tui.net.contacts). An AccountError is refused in its own words
(`dispatch.answer`); codes guessed wrong too often hang up (`tui.net.guesses`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import gate
from .. import protocol as p
from ..accounts import LINK_LIFE, AccountError
from ..conn import Conn
from ..contacts import Contact, WrongCode

if TYPE_CHECKING:
    from ..server import GameServer


class Hung(Exception):
    """The connection was closed: nothing more is said to it."""


def claim_name(server: GameServer, conn: Conn, msg: p.ClaimName) -> None:
    if not conn.unnamed:
        raise AccountError("this key already has a name")
    conn.name = server.accounts.claim(conn.key, msg.name)
    conn.identity = conn.key
    _named(server, conn)


def link_key(server: GameServer, conn: Conn, msg: p.LinkKey) -> None:
    if not conn.unnamed:
        raise AccountError("this key already has a name")
    _may_guess(server, conn)
    try:
        conn.identity, conn.name = server.accounts.link(conn.key, msg.code)
    except AccountError:
        _strike(server, conn)
        raise
    _named(server, conn)


def new_link_code(server: GameServer, conn: Conn, msg: p.NewLinkCode) -> None:
    assert conn.identity is not None
    if server.accounts.identity_of(conn.key) is None:
        raise AccountError("linking keys is for open servers: here the "
                           "authorized-keys file says who comes in")
    code = server.accounts.new_link_code(conn.identity)
    conn.send(p.LinkCode(code=code, minutes=int(LINK_LIFE // 60)))


def use_invite(server: GameServer, conn: Conn, msg: p.UseInvite) -> None:
    _may_guess(server, conn)
    tid = server.audiences.table_of_invite(msg.code)
    if tid is None or tid not in server.tables:
        _strike(server, conn)
        raise AccountError("unknown invite code")
    assert conn.identity is not None
    if conn.guest or conn.unnamed:
        conn.invited.add(tid)
    else:
        server.audiences.invite(tid, conn.identity)
    conn.send(server._tables_for(conn))


def save_settings(server: GameServer, conn: Conn, msg: p.SaveSettings) -> None:
    server.key_settings.put(conn.key, msg.settings)


def get_contact(server: GameServer, conn: Conn, msg: p.GetContact) -> None:
    server.away.courier.warm()  # a push address may be typed next
    conn.send(_contact(server, server.contacts.of_key(conn.key)))


def set_contact(server: GameServer, conn: Conn, msg: p.SetContact) -> None:
    assert conn.identity is not None
    config = server.away.config
    change = server.contacts.save(conn.key, conn.identity, msg.email, msg.push,
                                  mail=config.mails, local=config.local_push)
    server.away.setting_up(change.contact, change.code, change.new_push)
    c = change.contact
    said = []
    if change.code:
        said.append(f"A code was sent to {c.email}: type it in Settings (s) to confirm "
                    "the address.")
    if change.new_push:
        said.append("A first notice was sent to your push address.")
    if not c.email and not c.push:
        said.append("No notices while away: nothing will be sent.")
    conn.send(_contact(server, c, " ".join(said)))


def confirm_email(server: GameServer, conn: Conn, msg: p.ConfirmEmail) -> None:
    _may_guess(server, conn)
    try:
        c = server.contacts.confirm(conn.key, msg.code)
    except WrongCode:
        _strike(server, conn)
        raise
    conn.send(_contact(server, c, f"{c.email} is confirmed: notices while away go there."))


def _contact(server: GameServer, c: Contact | None, said: str = "") -> p.Contact:
    mail = server.away.config.mails
    if c is None:
        return p.Contact(mail=mail, said=said)
    return p.Contact(email=c.email, confirmed=c.confirmed, push=c.push, mail=mail, said=said)


def _may_guess(server: GameServer, conn: Conn) -> None:
    """Refuse (and hang up) a code from a key or address that guessed wrong too often,
    whether on this connection or on earlier ones (`tui.net.guesses`)."""
    minutes = server.wrong_codes.minutes_barred(conn.key, conn.address)
    if minutes:
        conn.send(p.Rejected(reason=f"too many wrong codes: try again in {minutes} minutes"))
        conn.close()
        raise Hung


def _strike(server: GameServer, conn: Conn) -> None:
    server.wrong_codes.strike(conn.key, conn.address)
    if server.wrong_codes.minutes_barred(conn.key, conn.address):
        conn.send(p.Rejected(reason="too many wrong codes: disconnected"))
        conn.close()


def _named(server: GameServer, conn: Conn) -> None:
    assert conn.identity is not None
    conn.unnamed = False
    server.store.seen(conn.identity, conn.name)
    conn.send(gate.welcome(server, conn))
    conn.send(server._tables_for(conn))
