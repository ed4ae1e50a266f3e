"""Where a key is told, while away, that a decision waits for it (tui.net.away): an e-mail
address, confirmed by a one-time code sent to it, and a push service's address (an apprise
URL: ntfy, Matrix, Discord and the like). Kept per key in the server's registry, with the
person (identity) the key plays as: a decision at a table is a person's, and every key of
theirs that registered a contact is told.

What is typed crosses a wall: an address is checked and refused with a reason. A push
address on this machine or its private network is refused unless the host allows it (a
player must not make the server post to what only the server reaches). A new address's
first message (the code, the push service's first notice) goes out at most every
`SETUP_EVERY` seconds per key, so nobody makes the server write to strangers in bulk.

Also kept here: when each person was last told about each table, and last sent a digest
(the rate limits of tui.net.away).
"""

from __future__ import annotations

import contextlib
import ipaddress
import math
import re
import secrets
import sqlite3
from collections.abc import Callable
from urllib.parse import urlsplit

import msgspec

from .accounts import AccountError, code_hash, new_code

EMAIL_MAX = 254  # RFC 5321's limit for a path
PUSH_MAX = 512
CODE_LIFE = 3600.0  # seconds an e-mail's code stays valid
SETUP_EVERY = 600.0  # seconds between two first messages to new addresses of one key
# the push services accepted (apprise's names; their secure forms end in s): no e-mail here
# (an address is confirmed first) and nothing that would notify the server's own desktop
PUSH_SCHEMES = frozenset((
    "ntfy", "ntfys", "matrix", "matrixs", "discord", "gotify", "gotifys", "tgram", "slack",
    "mmost", "mmosts", "rocket", "rockets", "zulip", "msteams", "signal", "signals", "pover",
    "pbul", "json", "jsons"))
_EMAIL = re.compile(r"[^@\s,;<>()\[\]\"'\\]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
                    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+")


class ContactError(AccountError):
    """An address or a code refused: `str(e)` is the one line shown."""


class WrongCode(ContactError):
    """A code that is not the one sent (counted as a guess, tui.net.guesses)."""


class Contact(msgspec.Struct, kw_only=True):
    fingerprint: str  # the key that registered it
    identity: str  # the person the key plays as
    email: str = ""
    confirmed: bool = False  # the address answered its code
    push: str = ""  # an apprise URL
    code_hash: str = ""  # of the code sent to `email` (tui.net.accounts.code_hash)
    code_until: float = 0.0
    setup_sent: float = 0.0  # when the last code or first push notice went out


class Change(msgspec.Struct, kw_only=True):
    """A contact saved: the code to send to its new e-mail address (""), whether its push
    address is new (its first notice says where notices will come from)."""

    contact: Contact
    code: str = ""
    new_push: bool = False


def check_email(text: str) -> str:
    """An e-mail address as typed, checked: one address, no display name."""
    email = text.strip()
    if len(email) > EMAIL_MAX or not _EMAIL.fullmatch(email) or not email.isprintable():
        raise ContactError("that is not an e-mail address (name@example.org)")
    local, domain = email.rsplit("@", 1)
    return f"{local}@{domain.lower()}"


def check_push(text: str, *, local: bool = False) -> str:
    """A push address as typed, checked: a service of PUSH_SCHEMES that apprise can use,
    on another machine (`local`: this machine and its network allowed too)."""
    url = text.strip()
    if len(url) > PUSH_MAX or not url.isprintable() or any(ch.isspace() for ch in url):
        raise ContactError(f"a push address is one line of at most {PUSH_MAX} characters")
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
    except ValueError:
        raise ContactError("that push address cannot be read") from None
    if parts.scheme.lower() not in PUSH_SCHEMES:
        raise ContactError("a push address begins with its service: ntfy://, matrix://, "
                           "discord://, gotify://, json:// ... (e-mail has its own field)")
    if not local and _on_this_network(host):
        raise ContactError("push addresses on the server's own machine or network are not "
                           "accepted here")
    import apprise  # (a few tenths of a second once: its services are found on first use)
    if apprise.Apprise.instantiate(url) is None:
        raise ContactError("that push address is not one its service accepts")
    return url


def _on_this_network(host: str) -> bool:
    name = host.lower().rstrip(".")
    if name == "localhost" or name.endswith((".localhost", ".local", ".internal")):
        return True
    try:
        ip = ipaddress.ip_address(name)
    except ValueError:
        return False  # a name: what it resolves to is the resolver's (see README's hosting)
    return not ip.is_global


class Contacts:
    """The contacts of every key, and what was sent when, in the server's registry."""

    def __init__(self, db: sqlite3.Connection, clock: Callable[[], float]) -> None:
        self.db = db
        self.clock = clock

    def _tx(self) -> contextlib.AbstractContextManager[sqlite3.Connection]:
        from .store import transaction
        return transaction(self.db)

    def of_key(self, fingerprint: str) -> Contact | None:
        row = self.db.execute(
            "SELECT fingerprint, identity, email, confirmed, push, code_hash, code_until, "
            "setup_sent FROM contacts WHERE fingerprint = ?", (fingerprint,)).fetchone()
        return None if row is None else _contact(row)

    def of(self, identity: str) -> list[Contact]:
        """The contacts of a person's keys that something can be sent to."""
        rows = self.db.execute(
            "SELECT fingerprint, identity, email, confirmed, push, code_hash, code_until, "
            "setup_sent FROM contacts WHERE identity = ? AND (confirmed = 1 OR push != '') "
            "ORDER BY fingerprint", (identity,)).fetchall()
        return [_contact(r) for r in rows]

    def people(self) -> set[str]:
        """Everyone with somewhere to be told."""
        return {r[0] for r in self.db.execute(
            "SELECT DISTINCT identity FROM contacts WHERE confirmed = 1 OR push != ''")}

    def save(self, fingerprint: str, identity: str, email: str, push: str, *,
             mail: bool, local: bool = False) -> Change:
        """A key's contact as typed ("": none): checked, kept, and what must be sent now.
        `mail`: the server has a mail relay; `local`: push addresses nearby allowed."""
        email = check_email(email) if email.strip() else ""
        push = check_push(push, local=local) if push.strip() else ""
        if email and not mail:
            raise ContactError("this server sends no e-mail (its host named no mail relay): "
                               "give a push address")
        old = self.of_key(fingerprint) or Contact(fingerprint=fingerprint, identity=identity)
        new_email = bool(email) and (email != old.email or not old.confirmed)
        new_push = bool(push) and push != old.push
        now = self.clock()
        if (new_email or new_push) and now - old.setup_sent < SETUP_EVERY:
            minutes = math.ceil((SETUP_EVERY - (now - old.setup_sent)) / 60)
            raise ContactError(f"a new address was set up a moment ago: try again in "
                               f"{minutes} minutes")
        kept = email == old.email
        contact = Contact(fingerprint=fingerprint, identity=identity, email=email,
                          confirmed=kept and old.confirmed, push=push,
                          code_hash=old.code_hash if kept else "",
                          code_until=old.code_until if kept else 0.0,
                          setup_sent=now if new_email or new_push else old.setup_sent)
        code = ""
        if new_email:
            code = new_code()
            contact.code_hash, contact.code_until = code_hash(code), now + CODE_LIFE
        self._put(contact)
        return Change(contact=contact, code=code, new_push=new_push)

    def confirm(self, fingerprint: str, code: str) -> Contact:
        """The code sent to the key's e-mail address, typed back: the address confirmed."""
        c = self.of_key(fingerprint)
        if c is None or not c.email or c.confirmed:
            raise ContactError("no e-mail address of this key waits for a code")
        if not secrets.compare_digest(c.code_hash, code_hash(code)):
            raise WrongCode("that is not the code sent to your e-mail address")
        if c.code_until < self.clock():
            raise ContactError("that code has expired: save the address again for a new one")
        c.confirmed, c.code_hash, c.code_until = True, "", 0.0
        self._put(c)
        return c

    def _put(self, c: Contact) -> None:
        with self._tx() as db:
            db.execute("INSERT OR REPLACE INTO contacts (fingerprint, identity, email, "
                       "confirmed, push, code_hash, code_until, setup_sent) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       (c.fingerprint, c.identity, c.email, int(c.confirmed), c.push,
                        c.code_hash, c.code_until, c.setup_sent))

    # --- what was sent when ---------------------------------------------------------------
    def told_at(self, identity: str, table: int) -> float | None:
        row = self.db.execute("SELECT at FROM away_notices WHERE identity = ? AND "
                              "table_id = ?", (identity, table)).fetchone()
        return None if row is None else float(row[0])

    def told(self, identity: str, table: int, at: float) -> None:
        with self._tx() as db:
            db.execute("INSERT OR REPLACE INTO away_notices VALUES (?, ?, ?)",
                       (identity, table, at))

    def digest_at(self, identity: str) -> float | None:
        row = self.db.execute("SELECT at FROM away_digests WHERE identity = ?",
                              (identity,)).fetchone()
        return None if row is None else float(row[0])

    def digested(self, identity: str, at: float) -> None:
        with self._tx() as db:
            db.execute("INSERT OR REPLACE INTO away_digests VALUES (?, ?)", (identity, at))


def _contact(row: tuple[str, str, str, int, str, str, float, float]) -> Contact:
    fp, identity, email, confirmed, push, h, until, sent = row
    return Contact(fingerprint=fp, identity=identity, email=email, confirmed=bool(confirmed),
                   push=push, code_hash=h, code_until=until, setup_sent=sent)
