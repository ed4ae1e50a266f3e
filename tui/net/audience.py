"""Who may see a table of the game server: private tables (an invite code), tables without
spectators, and the spectators' own chat channel.

A private table is listed, and may be sat at or watched, only by its creator, the people
seated at it and those who entered its invite code (remembered for their identity; a keyless
watcher's code lasts its connection). A table may turn spectators off (a finished table can
still be replayed). Spectators talk on a channel of their own, which players may mute.
"""

from __future__ import annotations

import secrets

import msgspec

from .database import Registry
from .store import ChatRow, now, transaction

INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
INVITE_LENGTH = 8
PLAYERS, SPECTATORS = "players", "spectators"  # the chat channels of a table


class Audience(msgspec.Struct, kw_only=True):
    private: bool = False
    invite: str = ""  # the code of a private table
    spectators: bool = True


def normal_code(code: str) -> str:
    return "".join(ch for ch in code.upper() if ch.isalnum())


class Audiences:
    """The audience of each table, in the server's registry (a table without a row
    is public, spectators welcome: every table made before this existed)."""

    def __init__(self, db: Registry) -> None:
        self.db = db
        self._cache: dict[int, Audience] = {}

    def set(self, table: int, *, private: bool, spectators: bool) -> Audience:
        invite = "".join(secrets.choice(INVITE_ALPHABET) for _ in range(INVITE_LENGTH)) \
            if private else ""
        with transaction(self.db) as db:
            db.execute("INSERT OR REPLACE INTO table_audience VALUES (?, ?, ?, ?)",
                       (table, int(private), invite or None, int(spectators)))
        aud = self._cache[table] = Audience(private=private, invite=invite,
                                            spectators=spectators)
        return aud

    def of(self, table: int) -> Audience:
        aud = self._cache.get(table)
        if aud is None:
            row = self.db.execute("SELECT private, invite, spectators FROM table_audience "
                                  "WHERE table_id = ?", (table,)).fetchone()
            aud = Audience(private=bool(row[0]), invite=row[1] or "",
                           spectators=bool(row[2])) if row else Audience()
            self._cache[table] = aud
        return aud

    def table_of_invite(self, code: str) -> int | None:
        code = normal_code(code)
        if not code:
            return None
        row = self.db.execute("SELECT table_id FROM table_audience WHERE private = 1 AND "
                              "invite = ?", (code,)).fetchone()
        return int(row[0]) if row else None

    def invite(self, table: int, identity: str) -> None:
        with transaction(self.db) as db:
            db.execute("INSERT OR IGNORE INTO table_invited VALUES (?, ?)", (table, identity))

    def invited(self, table: int, identity: str) -> bool:
        return self.db.execute("SELECT 1 FROM table_invited WHERE table_id = ? AND "
                               "identity = ?", (table, identity)).fetchone() is not None

    def drop(self, table: int) -> None:
        with transaction(self.db) as db:
            for name in ("table_audience", "table_invited", "spectator_chat"):
                db.execute(f"DELETE FROM {name} WHERE table_id = ?", (table,))
        self._cache.pop(table, None)

    # --- the spectators' channel ---------------------------------------------------------
    def add_chat(self, table: int, name: str, text: str, version: int = -1) -> str:
        t = now()
        with transaction(self.db) as db:
            db.execute("INSERT INTO spectator_chat (table_id, name, text, at, version) "
                       "VALUES (?, ?, ?, ?, ?)", (table, name, text, t, version))
        return t

    def chat_rows(self, table: int, last: int = 20) -> list[ChatRow]:
        """The spectators' last lines, oldest first, each with its version."""
        rows = self.db.execute("SELECT name, text, at, version FROM spectator_chat "
                               "WHERE table_id = ? ORDER BY id DESC LIMIT ?",
                               (table, last)).fetchall()
        return [ChatRow(name=n, text=t, at=a, version=v) for n, t, a, v in reversed(rows)]

    def chat(self, table: int, last: int = 20) -> list[tuple[str, str, str]]:
        rows = self.db.execute("SELECT name, text, at FROM spectator_chat WHERE table_id = ? "
                               "ORDER BY id DESC LIMIT ?", (table, last)).fetchall()
        return [tuple(r) for r in reversed(rows)]
