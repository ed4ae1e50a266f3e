"""Notices while away: a decision that becomes a person's while none of their connections is
open is told to the contacts their keys registered (tui.net.contacts: a confirmed e-mail
address, a push service).

- One notice when the decision becomes theirs ("table 3, Rome: your decision
  (Construction); 2d 0h left on the clock"), at most one per person per table per
  NOTICE_EVERY seconds.
- Once a day, at the host's digest hour (UTC, or within the hour after it), a digest to
  each person for whom several tables wait.
- A notice never carries a secret: the table, the civilization, the decision's kind and the
  time left, nothing of a hand or an offer; and every notice says how to turn them off.

Sending is apprise's (one maintained library for e-mail and the push services), in one
worker thread: the game loop never waits on a mail relay, and a failure is logged, never
raised. The server's host names the relay (`serve --smtp HOST:PORT --smtp-from ADDR`).
What the server tells, and when, is read from its tables in `tui.net.handlers.away`.
"""

from __future__ import annotations

import contextlib
import logging
from concurrent.futures import Future, ThreadPoolExecutor
from urllib.parse import quote, urlencode

import msgspec

from .clock import Clock, duration
from .contacts import Contact, ContactError, Contacts, check_email

NOTICE_EVERY = 3600.0  # seconds between two notices to one person about one table
DAY = 86400.0
SECURITY = ("none", "starttls", "ssl")  # how the mail relay is spoken to
_MODE = {"none": "insecure", "starttls": "starttls", "ssl": "ssl"}  # apprise's words

log = logging.getLogger(__name__)


class AwayConfig(msgspec.Struct, frozen=True, kw_only=True):
    """The host's settings for notices (the serve commands' flags)."""

    smtp: str = ""  # the mail relay, HOST:PORT ("": this server sends no e-mail)
    sender: str = ""  # the From address of its e-mail
    security: str = "none"  # one of SECURITY
    user: str = ""  # the relay's login ("": none); its password from the environment
    password: str = ""
    digest_hour: int = 8  # the hour of the daily digest (UTC)
    reach: str = ""  # how players connect, said in every notice ("ssh -p 2222 host")
    local_push: bool = False  # push addresses on this machine or its network accepted

    @property
    def mails(self) -> bool:
        return bool(self.smtp)


def check_config(config: AwayConfig) -> AwayConfig:
    """The host's settings, or ValueError saying in one line what is wrong."""
    if config.smtp:
        host, _, port = config.smtp.rpartition(":")
        if not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError(f"--smtp wants HOST:PORT, not {config.smtp!r}")
        if not config.sender:
            raise ValueError("--smtp needs --smtp-from (the address notices come from)")
        try:
            check_email(config.sender)
        except ContactError as e:
            raise ValueError(f"--smtp-from: {e}") from None
    if config.security not in SECURITY:
        raise ValueError(f"the relay's security is one of {', '.join(SECURITY)}")
    if not 0 <= config.digest_hour <= 23:
        raise ValueError("the digest's hour is 0 to 23 (UTC)")
    return config


# --- the words -------------------------------------------------------------------------------
class Waiting(msgspec.Struct, frozen=True, kw_only=True):
    """A decision that waits for a person: only what anyone at the table may know."""

    table: int
    civ: str  # the civilization's name
    what: str  # the decision's kind (engine.render.prompt_title)
    left: float | None = None  # seconds on its clock (None: the table has none)


class Notice(msgspec.Struct, frozen=True):
    title: str
    body: str


def waiting_line(w: Waiting) -> str:
    """'table 3, Rome: your decision (Construction); 2d 0h left on the clock'."""
    line = f"table {w.table}, {w.civ}: your decision ({w.what})"
    if w.left is not None:
        line += f"; {duration(w.left)} left on the clock" if w.left > 0 else \
            "; out of time"
    return line


def turning_off(config: AwayConfig) -> str:
    where = f"connect ({config.reach})" if config.reach else "connect to the server"
    return (f"To turn these notices off: {where}, press s in the lobby (Settings) and clear "
            "the addresses under Notices while away.")


def decision_notice(w: Waiting, config: AwayConfig) -> Notice:
    return Notice(f"Mare Nostrum: table {w.table}, your decision",
                  f"{waiting_line(w)}.\n\n{turning_off(config)}")


def digest_notice(waiting: list[Waiting], config: AwayConfig) -> Notice:
    lines = "\n".join(f"- {waiting_line(w)}" for w in waiting)
    return Notice(f"Mare Nostrum: {len(waiting)} tables wait for you",
                  f"{len(waiting)} tables wait for your decision:\n{lines}\n\n"
                  f"{turning_off(config)}")


def code_notice(code: str, config: AwayConfig) -> Notice:
    return Notice("Mare Nostrum: your e-mail's code",
                  f"Your code: {code}\nType it in the lobby's Settings (s), under Notices "
                  "while away, within an hour. If you did not ask for it, ignore this "
                  f"e-mail: nothing more is sent to this address.\n\n{turning_off(config)}")


def first_notice(config: AwayConfig) -> Notice:
    return Notice("Mare Nostrum: notices while away",
                  "When a decision is yours at a table and you are not connected, you will "
                  f"be told here.\n\n{turning_off(config)}")


# --- sending ---------------------------------------------------------------------------------
def mail_url(config: AwayConfig, to: str) -> str:
    """The apprise address of an e-mail to `to` through the host's relay."""
    host, _, port = config.smtp.rpartition(":")
    shown = f"[{host}]" if ":" in host else host
    auth = f"{quote(config.user, safe='')}:{quote(config.password, safe='')}@" \
        if config.user else ""
    query = urlencode({"from": config.sender, "to": to, "smtp": host,
                       "mode": _MODE[config.security], "name": "Mare Nostrum"})
    scheme = "mailto" if config.security == "none" else "mailtos"
    return f"{scheme}://{auth}{shown}:{port}?{query}"


def targets(contact: Contact, config: AwayConfig) -> list[str]:
    """Where a contact is told: its confirmed e-mail address, its push address."""
    urls = []
    if contact.email and contact.confirmed and config.mails:
        urls.append(mail_url(config, contact.email))
    if contact.push:
        urls.append(contact.push)
    return urls


def deliver(urls: list[str], notice: Notice, about: str) -> bool:
    """Send one notice (in the notices' thread); False, logged, when it did not go."""
    try:
        import apprise
        box = apprise.Apprise()
        for url in urls:
            if not box.add(url):
                log.warning("notice (%s): an address apprise does not take", about)
        sent = bool(box) and bool(box.notify(title=notice.title, body=notice.body,
                                             body_format=apprise.NotifyFormat.TEXT))
    except Exception:  # noqa: BLE001  (a notice's trouble never reaches the game)
        log.exception("notice (%s) failed", about)
        return False
    if not sent:
        log.warning("notice (%s) not delivered (the relay or the service refused it)", about)
    return sent


def _find_services() -> None:
    try:
        import apprise
        apprise.Apprise.instantiate("json://example.org")
    except Exception:  # noqa: BLE001  (only a warm-up: the real use says what is wrong)
        log.exception("apprise could not be loaded")


class Courier:
    """Sends notices one after another in its own thread."""

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="notices")
        self._warm = False

    def send(self, urls: list[str], notice: Notice, about: str) -> Future[bool] | None:
        if not urls:
            return None
        try:
            return self.pool.submit(deliver, urls, notice, about)
        except RuntimeError:  # the server is closing
            return None

    def warm(self) -> None:
        """apprise finds its services on first use (a few tenths of a second): done here,
        off the game loop, when a player opens the settings where a push address is
        checked."""
        if not self._warm:
            self._warm = True
            with contextlib.suppress(RuntimeError):
                self.pool.submit(_find_services)

    def drain(self) -> None:
        """Wait until every notice handed over has gone (or failed)."""
        self.pool.submit(lambda: None).result()

    def close(self) -> None:
        self.pool.shutdown(wait=True)


class Away:
    """The rate limits and the notices of a server."""

    def __init__(self, contacts: Contacts, config: AwayConfig, clock: Clock) -> None:
        self.contacts = contacts
        self.config = config
        self.clock = clock
        self.courier = Courier()
        self._digests_done = 0.0  # the digest hour last looked at

    def decision(self, identity: str, w: Waiting) -> bool:
        """A decision became an absent person's: told, unless told of this table within
        NOTICE_EVERY; whether a notice went to the courier."""
        contacts = self.contacts.of(identity)
        if not contacts:
            return False
        now = self.clock.now()
        last = self.contacts.told_at(identity, w.table)
        if last is not None and now - last < NOTICE_EVERY:
            return False
        self.contacts.told(identity, w.table, now)
        self._send(contacts, decision_notice(w, self.config), f"table {w.table} to {identity}")
        log.info("table %s: %s told of a decision while away", w.table, identity)
        return True

    def slot(self) -> float:
        """The last time the clock passed the digest hour."""
        hour = self.config.digest_hour * 3600
        return (self.clock.now() - hour) // DAY * DAY + hour

    def digest_due(self) -> bool:
        """The digest hour has come and its digests are not done (a server that was down
        then sends them within the hour, else waits for the next day's)."""
        slot = self.slot()
        return slot > self._digests_done and self.clock.now() - slot < NOTICE_EVERY

    def digests(self, waiting: dict[str, list[Waiting]]) -> list[str]:
        """Today's digests, to each absent person several tables wait for and not yet sent
        one today; who was sent one."""
        slot = self.slot()
        self._digests_done = slot
        sent = []
        for identity, tables in sorted(waiting.items()):
            last = self.contacts.digest_at(identity)
            if len(tables) < 2 or (last is not None and last >= slot):
                continue
            contacts = self.contacts.of(identity)
            if not contacts:
                continue
            self.contacts.digested(identity, self.clock.now())
            self._send(contacts, digest_notice(sorted(tables, key=lambda w: w.table),
                                               self.config), f"the digest to {identity}")
            sent.append(identity)
        if sent:
            log.info("daily digest sent to %s people", len(sent))
        return sent

    def setting_up(self, contact: Contact, code: str, new_push: bool) -> None:
        """A contact just saved: the code to its new e-mail address, the first notice to
        its new push address."""
        if code and self.config.mails:
            self.courier.send([mail_url(self.config, contact.email)],
                              code_notice(code, self.config), f"a code to {contact.identity}")
        if new_push:
            self.courier.send([contact.push], first_notice(self.config),
                              f"the first push notice to {contact.identity}")

    def _send(self, contacts: list[Contact], notice: Notice, about: str) -> None:
        for contact in contacts:
            self.courier.send(targets(contact, self.config), notice, about)

    def close(self) -> None:
        self.courier.close()
