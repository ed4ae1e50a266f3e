"""The game server's gate: who a connection is, and what it may see and do.

- A pass (what a token stands for) says who the SSH door let in: a key of the authorized
  file (named by the door), any key of an open server (named by its account, or to be named
  now: trust on first use), or a keyless watcher (a guest, who may only watch).
- A new key on an open server claims a name or links itself to an account with a code from
  the account's other key; until then it may look and watch, not sit, create or chat.
- Private tables are listed, sat at and watched only by those the audience allows
  (`tui.net.audience`); a table without spectators may not be watched.
- Settings are kept per key (`tui.net.settings`), and so is where a key is told while
  away (`tui.net.contacts`): a named key's, never a guest's.
- The host's tools (`mare-nostrum admin`) are taken only from the connection of the local
  token (`tui.net.handlers.host`).

What the server answers to names, link codes, invites and settings is in
`tui.net.handlers.accounts`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import msgspec

from . import protocol as p
from .audience import Audiences
from .conn import Conn

if TYPE_CHECKING:
    from .server import GameServer
    from .tables import Table

GUEST_ONLY = "without a key you may only watch: connect with an SSH key to play"
HOST_ONLY = ("only the host may do that: `mare-nostrum admin` on the server's machine, "
             "as the server's user")
NAME_FIRST = "choose a name first"


class Listed(Protocol):
    """What deciding who may see a table asks of it (a table here, or one another server
    plays: tui.net.cluster)."""

    @property
    def id(self) -> int: ...
    @property
    def creator(self) -> str: ...
    def seat_of(self, identity: str) -> int | None: ...


class Pass(msgspec.Struct, kw_only=True):
    """What a one-time token stands for."""

    identity: str
    name: str
    expires: float
    key: str = ""  # the key's fingerprint ("" for a local user)
    open: bool = False  # an open server's key: its account names it
    guest: bool = False  # keyless
    session: str = ""  # the SSH door's session
    address: str = ""  # the client's address, as the SSH door saw it
    host: bool = False  # the local token: the host


def enter(server: GameServer, conn: Conn, who: Pass) -> p.Welcome:
    """Fill in who the connection is; the Welcome that tells it."""
    conn.key = who.key or who.identity
    conn.session = who.session
    conn.address = who.address
    conn.host = who.host
    if who.guest:
        conn.guest = True
        conn.identity, conn.name = who.identity, who.name
        return p.Welcome(identity=who.identity, name=who.name, guest=True)
    if who.open:
        known = server.accounts.identity_of(conn.key)
        if known is None:
            conn.unnamed = True
            conn.identity, conn.name = conn.key, ""
            return p.Welcome(identity=conn.key, name="", needs_name=True,
                             settings=server.key_settings.get(conn.key))
        conn.identity, conn.name = known
    else:
        conn.identity, conn.name = who.identity, who.name
    server.store.seen(conn.identity, conn.name)
    return welcome(server, conn)


def welcome(server: GameServer, conn: Conn) -> p.Welcome:
    assert conn.identity is not None
    return p.Welcome(identity=conn.identity, name=conn.name,
                     settings=server.key_settings.get(conn.key))


_CONTACT = (p.GetContact, p.SetContact, p.ConfirmEmail)  # a named key's, like its settings
_GUEST_NOT = (p.Sit, p.CreateTable, p.HandOver, p.Act, p.TakeBack, p.VoteHandOver, p.ClaimName,
              p.LinkKey, p.NewLinkCode, p.SaveSettings, *_CONTACT)
_UNNAMED_NOT = (p.Sit, p.CreateTable, p.HandOver, p.Act, p.TakeBack, p.VoteHandOver, p.Chat,
                p.NewLinkCode, *_CONTACT)


_HOST_ONLY = (p.ListSessions, p.ListAllTables, p.Kick, p.BanTarget, p.Unban, p.ListBans,
              p.CloseTable, p.Broadcast, p.ExportTable)


def host_tool(msg: p.ClientMsg) -> bool:
    """One of the host's tools (`mare-nostrum admin`)."""
    return isinstance(msg, _HOST_ONLY)


def refusal(conn: Conn, msg: p.ClientMsg) -> str | None:
    """Why this connection may not send this message now (None: it may)."""
    if isinstance(msg, _HOST_ONLY) and not conn.host:
        return HOST_ONLY
    if conn.guest and isinstance(msg, _GUEST_NOT):
        return GUEST_ONLY
    if conn.unnamed and isinstance(msg, _UNNAMED_NOT):
        return NAME_FIRST
    return None


# --- private tables and spectators ----------------------------------------------------------
def may_see(audiences: Audiences, table: Listed, conn: Conn) -> bool:
    aud = audiences.of(table.id)
    if not aud.private:
        return True
    who = conn.identity or ""
    return (who == table.creator or table.seat_of(who) is not None
            or table.id in conn.invited or audiences.invited(table.id, who))


def watch_refusal(audiences: Audiences, table: Table, conn: Conn) -> str | None:
    if audiences.of(table.id).spectators or table.over or \
            table.seat_of(conn.identity or "") is not None:
        return None
    return f"table {table.id} has no spectators"


def dress(audiences: Audiences, info: p.TableInfo, table: Listed,
          identity: str | None) -> p.TableInfo:
    """The table's info with its audience: private or not, spectators or not, and the
    invite code for its creator and players."""
    aud = audiences.of(table.id)
    if not aud.private and aud.spectators:
        return info
    insider = identity is not None and (identity == table.creator
                                        or table.seat_of(identity) is not None)
    return msgspec.structs.replace(info, private=aud.private, spectators=aud.spectators,
                                   invite=aud.invite if insider else "")
