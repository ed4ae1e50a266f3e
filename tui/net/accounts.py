"""The accounts of an open server: display names claimed by keys, and keys linked to them.

On an open server (`serve-ssh --open`) any key gets in; on its first connection it claims a
display name (trust on first use). The name is bound to the key's SHA256 fingerprint, and
the first key's fingerprint is the account's identity (seats are bound to it). A second key
joins the account with a one-time link code shown on a screen of the first key: the code is
single-use, expires, and only its hash is stored.

Names are unique regardless of case and of look-alike letters from other scripts
(`tui.net.lookalike`); they are cleaned (letters, digits, a few marks, single spaces) and
length-limited. Names starting with "guest" are kept for keyless watchers.
"""

from __future__ import annotations

import contextlib
import hashlib
import secrets
import time
import unicodedata
from collections.abc import Callable

from .database import IntegrityError, Registry
from .lookalike import skeleton
from .store import transaction

NAME_MIN, NAME_MAX = 2, 20
LINK_LIFE = 600.0  # seconds a link code stays valid
LINK_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud and typed
LINK_LENGTH = 8
RESERVED = ("guest", "computer", "server", "admin")
_MARKS = set(" -_.'")


class AccountError(Exception):
    """Why a claim or a link is refused: `str(e)` is the one line shown."""


def _separator(ch: str) -> bool:
    return ch.isspace() or unicodedata.category(ch)[0] == "Z"


def clean_name(text: str) -> str:
    """A display name as typed, cleaned: letters, digits and -_.' kept, every separator
    (U+2028, U+2029, a tab, odd spaces) a single space, at most NAME_MAX characters
    (AccountError when nothing usable is left)."""
    text = unicodedata.normalize("NFKC", text)
    kept = "".join(" " if _separator(ch) else ch for ch in text
                   if ch.isalnum() or ch in _MARKS or _separator(ch))
    name = " ".join(kept.split())[:NAME_MAX].strip()
    if len(name) < NAME_MIN:
        raise AccountError(f"a name needs {NAME_MIN} to {NAME_MAX} letters or digits")
    if not any(ch.isalnum() for ch in name):
        raise AccountError("a name needs letters or digits")
    if name_key(name).startswith(tuple(name_key(word) for word in RESERVED)):
        raise AccountError(f"names starting with {name.split()[0]!r} are reserved")
    return name


def name_key(name: str) -> str:
    """What makes two names the same: case, spacing and look-alike letters from other
    scripts do not count (`tui.net.lookalike`)."""
    return skeleton("".join(unicodedata.normalize("NFKC", name).casefold().split()))


def new_code() -> str:
    """A one-time code as it is shown and typed: 'K7QX-M2PA' (link codes, e-mail codes)."""
    code = "".join(secrets.choice(LINK_ALPHABET) for _ in range(LINK_LENGTH))
    return f"{code[:4]}-{code[4:]}"


def code_hash(code: str) -> str:
    """What is stored of a one-time code (its hash: the registry holds no usable code);
    case, spaces and the dash do not count."""
    return hashlib.sha256(code.strip().upper().replace("-", "").encode()).hexdigest()


class Accounts:
    """Names and keys in the server's registry (the Store's connection)."""

    def __init__(self, db: Registry,
                 clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.clock = clock
        self._rekey()

    def _rekey(self) -> None:
        """Bring every account's name key up to `name_key` (a registry made before look-alike
        letters counted). Two old names that now look the same both stay: only new claims
        are refused."""
        rows = self.db.execute("SELECT identity, name, name_key FROM accounts").fetchall()
        for identity, name, key in rows:
            if name_key(name) != key:
                with contextlib.suppress(*IntegrityError), self._tx() as db:
                    db.execute("UPDATE accounts SET name_key = ? WHERE identity = ?",
                               (name_key(name), identity))

    def _tx(self) -> contextlib.AbstractContextManager[Registry]:
        return transaction(self.db)

    def identity_of(self, fingerprint: str) -> tuple[str, str] | None:
        """(identity, name) of the account a key belongs to, None for a new key."""
        row = self.db.execute(
            "SELECT a.identity, a.name FROM account_keys k JOIN accounts a "
            "ON a.identity = k.identity WHERE k.fingerprint = ?", (fingerprint,)).fetchone()
        return (row[0], row[1]) if row else None

    def claim(self, fingerprint: str, wanted: str) -> str:
        """Bind a new key to a new name (the key's fingerprint becomes the identity);
        the cleaned name, or AccountError."""
        name = clean_name(wanted)
        with self._tx() as db:
            if db.execute("SELECT 1 FROM account_keys WHERE fingerprint = ?",
                          (fingerprint,)).fetchone():
                raise AccountError("this key already has a name")
            if db.execute("SELECT 1 FROM accounts WHERE name_key = ?",
                          (name_key(name),)).fetchone():
                raise AccountError(f"the name {name!r} is taken: choose another")
            t = self.clock()
            db.execute("INSERT INTO accounts VALUES (?, ?, ?, ?)",
                       (fingerprint, name, name_key(name), t))
            db.execute("INSERT INTO account_keys VALUES (?, ?, ?)", (fingerprint, fingerprint, t))
        return name

    def new_link_code(self, identity: str) -> str:
        """A one-time code with which another key joins this account (replaces any
        earlier unused code of the account)."""
        code = new_code()
        with self._tx() as db:
            if not db.execute("SELECT 1 FROM accounts WHERE identity = ?",
                              (identity,)).fetchone():
                raise AccountError("only a named key can link another key")
            db.execute("DELETE FROM link_codes WHERE identity = ? OR expires < ?",
                       (identity, self.clock()))
            db.execute("INSERT INTO link_codes VALUES (?, ?, ?)",
                       (code_hash(code), identity, self.clock() + LINK_LIFE))
        return code

    def link(self, fingerprint: str, code: str) -> tuple[str, str]:
        """Bind a new key to the account of a link code (used up even when it fails for
        another reason): (identity, name), or AccountError."""
        with self._tx() as db:  # the code is used up first, whatever follows
            row = db.execute("SELECT identity, expires FROM link_codes WHERE code_hash = ?",
                             (code_hash(code),)).fetchone()
            db.execute("DELETE FROM link_codes WHERE code_hash = ?", (code_hash(code),))
        if row is None:
            raise AccountError("unknown link code (each code works once)")
        identity, expires = row
        if expires < self.clock():
            raise AccountError("that link code has expired: ask your other key for a new one")
        with self._tx() as db:
            if db.execute("SELECT 1 FROM account_keys WHERE fingerprint = ?",
                          (fingerprint,)).fetchone():
                raise AccountError("this key already has a name")
            db.execute("INSERT INTO account_keys VALUES (?, ?, ?)",
                       (fingerprint, identity, self.clock()))
            name = db.execute("SELECT name FROM accounts WHERE identity = ?",
                              (identity,)).fetchone()[0]
        return identity, name

    def keys_of(self, identity: str) -> list[str]:
        return [r[0] for r in self.db.execute(
            "SELECT fingerprint FROM account_keys WHERE identity = ? ORDER BY added",
            (identity,))]
