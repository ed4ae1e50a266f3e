"""Accounts, invites and settings: a new key of an open server claims a name or links itself
to an account with a code from the account's other key; an invite code opens a private
table; settings are kept per key. An AccountError is refused in its own words
(`dispatch.answer`); codes guessed wrong too often hang up (`tui.net.guesses`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import gate
from .. import protocol as p
from ..accounts import LINK_LIFE, AccountError
from ..conn import Conn

if TYPE_CHECKING:
    from ..server import GameServer


class Hung(Exception):
    """The connection was closed: nothing more is said to it."""


def claim_name(server: GameServer, conn: Conn, msg: p.ClaimName) -> None:
    if not conn.unnamed:
        raise AccountError("this key already has a name")
    if server.bans.matching("", [msg.name]) is not None:
        raise AccountError("that name is not to be had on this server")
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
