"""The host's bans, in the server's registry: a key (its SHA256 fingerprint) or a name.

A banned key, or a key known by a banned name (an open server's account, or the comment of
an authorized key), is refused at the SSH door with one line; a ban placed while it is
connected drops its sessions (`tui.net.handlers.host`). A name is matched as accounts
match names (`tui.net.accounts.name_key`: case, spacing and look-alike letters do not
count).
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from .accounts import name_key
from .database import Registry
from .store import now, transaction

KEY, NAME = "key", "name"
KEY_PREFIX = "SHA256:"  # how a key's fingerprint is written (ssh-keygen -lf shows it)
MAX_REASON = 200


class BanError(Exception):
    """A ban or unban that cannot be done: `str(e)` says why."""


class Ban(msgspec.Struct, frozen=True, kw_only=True):
    kind: str  # KEY or NAME
    shown: str  # the fingerprint, or the name as the host wrote it
    reason: str = ""
    at: str = ""


def kind_of(target: str) -> str:
    return KEY if target.startswith(KEY_PREFIX) else NAME


def _target(shown: str) -> str:
    """The registry's key of a ban: the fingerprint itself, or the name's `name_key`."""
    return shown if kind_of(shown) == KEY else name_key(shown)


class Bans:
    def __init__(self, db: Registry) -> None:
        self.db = db

    def add(self, shown: str, reason: str) -> Ban:
        shown = " ".join(shown.split())
        if not _target(shown):
            raise BanError("ban whom? a key's fingerprint (SHA256:...) or a name")
        ban = Ban(kind=kind_of(shown), shown=shown, reason=reason, at=now())
        with transaction(self.db) as db:
            db.execute("INSERT OR REPLACE INTO bans VALUES (?, ?, ?, ?, ?)",
                       (_target(shown), ban.kind, ban.shown, ban.reason, ban.at))
        return ban

    def remove(self, shown: str) -> Ban:
        target = _target(" ".join(shown.split()))
        found = self.of(target)
        if found is None:
            raise BanError(f"{shown!r} is not banned")
        with transaction(self.db) as db:
            db.execute("DELETE FROM bans WHERE target = ?", (target,))
        return found

    def of(self, target: str) -> Ban | None:
        row = self.db.execute("SELECT kind, shown, reason, at FROM bans WHERE target = ?",
                              (target,)).fetchone()
        return Ban(kind=row[0], shown=row[1], reason=row[2], at=row[3]) if row else None

    def all(self) -> list[Ban]:
        rows = self.db.execute("SELECT kind, shown, reason, at FROM bans ORDER BY at, target")
        return [Ban(kind=k, shown=s, reason=r, at=a) for k, s, r, a in rows]

    def matching(self, key: str, names: Iterable[str]) -> Ban | None:
        """The ban that holds for this key or one of these names (None: none does)."""
        targets = [key] if key.startswith(KEY_PREFIX) else []
        targets += [name_key(n) for n in names if n]
        for target in targets:
            ban = self.of(target)
            if ban is not None:
                return ban
        return None


def refusal(ban: Ban) -> str:
    """The one line a banned key or name is told."""
    what = "this key is" if ban.kind == KEY else f"the name {ban.shown} is"
    return f"{what} banned from this server" + (f": {ban.reason}" if ban.reason else "")
