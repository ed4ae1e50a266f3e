"""The game server: one asyncio process owning every table, speaking the protocol on a
Unix socket (mode 0600).

- A client proves who it is with a token: a one-time token the SSH front registers for
  the session's key (`issue_token`), or the local token in `<data>/local.token` (0600,
  readable only by the server's user) for `mare-nostrum join` on the server's machine.
- A client gets only `view(state, its seat)` (a watcher: the public view) and the events
  it may see; only a seat's owner acts for it, on the current version.
- Each table autosaves after every action, and what shows an action leaves the server only
  once its save is written (tui.net.durable): a decision a player saw taken survives a
  crash. A restart brings every table back.
- Computer players think in a thread pool, so no table waits on another; a table of
  computers only plays while someone watches it (unwatched, it costs nothing). A client that
  floods, sends garbage or stops reading is cut off alone.
- A decision that becomes a person's while they are away is told to the contacts they
  registered (`tui.net.away`), from a thread of its own.
- A player has at most `max_tables` unfinished tables of their own making at once.

This module holds the server itself: starting and stopping, identities, the loop that reads
one client, what is told to the clients (updates, the lobby, whose turn it is) and the
computer players. What it answers to each message is in `tui.net.handlers` (the dispatch
table and its guards, then one module per concern).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import getpass
import itertools
import logging
import os
import secrets
import signal
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Protocol

import msgspec

from engine import saves
from engine.errors import IllegalAction
from engine.events import Event
from engine.match import Step
from engine.render import prompt_title

from . import bans, gate, memory
from . import protocol as p
from .accounts import Accounts
from .audience import Audiences
from .away import Away, AwayConfig
from .bans import Ban, Bans
from .client import default_data_dir, default_socket
from .clock import Clock, WallClock
from .conn import Conn
from .contacts import Contacts
from .deadlines import Deadlines
from .durable import Saves, Write
from .guesses import WrongCodes
from .handlers import clocks, dispatch
from .handlers.advice import AdviceLimits, Advisers
from .handlers.away import daily, tell_if_away
from .hosts import Hosts
from .logs import who
from .records import Records, result_of
from .settings import KeySettings
from .store import Store, TableRow, private_dir
from .tables import REMOTE, Table
from .updates import Broadcast, seat_update

MAX_STRIKES = 5  # malformed messages before a client is cut off
HELLO_WITHIN = 30.0  # seconds a new socket client has to say hello
FRAME_WITHIN = 30.0  # seconds a frame's body may take after its header
TOKEN_LIFE = 120.0  # seconds a one-time token stays valid
CLOCK_CHECK = 1.0  # seconds between two looks at the tables' clocks

log = logging.getLogger(__name__)


class Door(Protocol):
    """What the server asks of the SSH door it runs behind (tui.net.ssh.SSHFront)."""

    def drop(self, session: str, line: str) -> bool:
        """End the door's session `session`, its client told `line`; False: none such."""
        ...


class GameServer:
    def __init__(self, data: Path | None = None, *, bot_delay: float = 0.0,
                 bot_threads: int = 2, clock: Clock | None = None,
                 advice: AdviceLimits | None = None,
                 away: AwayConfig | None = None, database: str | None = None,
                 peers: str = "", peer_address: str = "", max_tables: int = 0) -> None:
        self.data = private_dir(Path(data) if data else default_data_dir())
        self.store = Store(self.data, database)
        # several servers on one database (tui.net.hosts): None with SQLite
        self.hosts = None if self.store.cluster is None else \
            Hosts(self, self.store.cluster, peers, peer_address)
        self.accounts = Accounts(self.store.db)
        self.audiences = Audiences(self.store.db)
        self.bans = Bans(self.store.db)
        self.door: Door | None = None  # the SSH door in front, which ends its sessions
        self._numbers = itertools.count(1)  # each connection's number (`admin sessions`)
        self.key_settings = KeySettings(self.store.db)
        self.clock = clock or WallClock()
        self.deadlines = Deadlines(self.store.db, self.clock)
        self.records = Records(self.store.db)
        self.contacts = Contacts(self.store.db, self.clock.now)
        self.away = Away(self.contacts, away or AwayConfig(), self.clock)
        self._pending: dict[int, int | None] = {}  # whose decision each table waits for
        self._clock_task: asyncio.Task[None] | None = None
        self._trim_task: asyncio.Task[None] | None = None  # tui.net.memory
        self._jobs: set[asyncio.Task[None]] = set()
        self.bot_delay = bot_delay
        # hints and reviews, thinking in the bot pool (the reviews kept in the data folder)
        self.advisers = Advisers(advice, self.data / "reviews")
        self.max_tables = max_tables  # unfinished tables one player may create (0: any)
        self.pool = ThreadPoolExecutor(max_workers=bot_threads, thread_name_prefix="bots")
        # one thread writes every save, in order: the loop never waits on the disk
        self.saver = ThreadPoolExecutor(max_workers=1, thread_name_prefix="saves")
        self.saves = Saves()
        self._loop: asyncio.AbstractEventLoop | None = None
        self.tables: dict[int, Table] = {}
        self.conns: set[Conn] = set()
        self._tokens: dict[str, gate.Pass] = {}
        self._bot_tasks: dict[int, asyncio.Task[None]] = {}
        self._server: asyncio.base_events.Server | None = None
        self.socket_path: Path | None = None
        self.wrong_codes = WrongCodes()  # link and invite codes guessed, per key and address
        self.local_token = secrets.token_urlsafe(32)
        self._restore()

    # --- starting and stopping ------------------------------------------------------------
    def _restore(self) -> None:
        held = None if self.hosts is None else self.hosts.held_at_start()
        for row in self.store.tables():
            if held is None or row.id in held:  # (another server plays the others)
                self._adopt(row)

    def _adopt(self, row: TableRow) -> Table | None:
        """A table as its last save left it, played here from now on."""
        try:
            table = Table.restore(self.store, row)
        except (saves.SaveError, OSError) as e:
            log.error("table %s cannot be restored: %s", row.id, e)
            return None
        table.writer = self.writer_of(row.id)
        if self.hosts is not None:
            self.hosts.attach(table)
        self.tables[row.id] = table
        self.deadlines.restarted(row.id, table.match.version)
        self._pending[row.id] = table.match.pending_seat()
        if table.finished:  # one that ended before results were kept: kept now
            self._keep_result(table)
        return table

    def writer_of(self, table: int) -> Callable[[Write], None]:
        """Where `table` hands its saves: the one writer thread, which writes only its
        newest save (tui.net.durable)."""
        return functools.partial(self._write_later, table)

    def _write_later(self, table: int, write: Write) -> None:
        self.saves.later(self.saver, self._loop, table, write)

    async def start(self, socket_path: Path | None = None) -> Path:
        self._loop = asyncio.get_running_loop()
        path = Path(socket_path) if socket_path else default_socket(self.data)
        private_dir(path.parent) if path.parent == self.data else path.parent.mkdir(
            parents=True, exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        old = os.umask(0o177)  # the socket is born 0600: no window where others may connect
        try:
            self._server = await asyncio.start_unix_server(self._serve_client, path=str(path))
        finally:
            os.umask(old)
        os.chmod(path, 0o600)
        self.socket_path = path
        token_file = self.data / "local.token"
        saves.atomic_write(token_file, self.local_token.encode())
        os.chmod(token_file, 0o600)
        for table in self.tables.values():
            self._wake_bots(table)
            if not table.recent:
                self._later(memory.recall(self, table))
        self._clock_task = asyncio.get_running_loop().create_task(self._watch_clocks())
        self._trim_task = asyncio.get_running_loop().create_task(memory.giving_back())
        if self.hosts is not None:
            await self.hosts.start()
        return path

    def _later(self, job: Coroutine[object, object, None]) -> None:
        task = asyncio.get_running_loop().create_task(job)
        self._jobs.add(task)  # held until done (the loop keeps only weak references)
        task.add_done_callback(self._jobs.discard)

    async def close(self) -> None:
        if self.hosts is not None:
            await self.hosts.close()
        if self._server is not None:
            self._server.close()
        for conn in list(self.conns):
            conn.close()
        for ticking in (self._clock_task, self._trim_task):
            if ticking is not None:
                ticking.cancel()
        for task in self._bot_tasks.values():
            task.cancel()
        for task in list(self._bot_tasks.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2)
        self.pool.shutdown(wait=True, cancel_futures=True)
        self.saver.shutdown(wait=True)  # every save written before we go
        if self.hosts is not None:
            self.hosts.release()
        self.away.close()  # the notices handed over go before we do
        if self.socket_path is not None:
            with contextlib.suppress(FileNotFoundError):
                self.socket_path.unlink()
        self.store.close()

    # --- identities -----------------------------------------------------------------------
    def issue_token(self, identity: str, name: str, *, key: str = "", open: bool = False,
                    guest: bool = False, session: str = "", address: str = "") -> str:
        """A one-time token with which a client proves to be `identity` (the SSH front
        registers one per session and hands it to the session's child only). `open`: a key
        of an open server (its account names it); `guest`: keyless, may only watch."""
        t = time.monotonic()
        self._tokens = {k: v for k, v in self._tokens.items() if v.expires > t}
        token = secrets.token_urlsafe(32)
        self._tokens[token] = gate.Pass(identity=identity, name=name, expires=t + TOKEN_LIFE,
                                        key=key, open=open, guest=guest, session=session,
                                        address=address)
        return token

    def _redeem(self, token: str) -> gate.Pass | None:
        if token and secrets.compare_digest(token, self.local_token):
            user = getpass.getuser()
            return gate.Pass(identity=f"local:{user}", name=user, expires=0.0, host=True)
        entry = self._tokens.pop(token, None)
        if entry is None or entry.expires < time.monotonic():
            return None
        return entry

    def banned(self, key: str, name: str = "") -> Ban | None:
        """The ban that holds for this key (and the name its account, or the door, gives
        it); None: none does. The host (the local token) is never banned."""
        account = self.accounts.identity_of(key) if key else None
        return self.bans.matching(key, [name, account[1] if account else ""])

    def holds_seat(self, session: str) -> bool:
        """Whether the SSH door's session sits at a table (the lobby's idle timeout
        never ends a seat's session)."""
        return any(c.session == session and not c.closed and (
            c.seat is not None or (c.leg is not None and c.leg.seated)) for c in self.conns)

    # --- one client -----------------------------------------------------------------------
    async def _serve_client(self, reader: asyncio.StreamReader,
                            writer: asyncio.StreamWriter, peer: bool = False) -> None:
        conn = Conn(reader, writer, self.saves, number=next(self._numbers))
        conn.peer = peer  # another server's client (tui.net.peers): its token is elsewhere
        self.conns.add(conn)
        try:
            while not conn.closed:
                try:
                    body = await asyncio.wait_for(
                        p.read_frame(reader, p.MAX_CLIENT_FRAME, body_within=FRAME_WITHIN),
                        HELLO_WITHIN if conn.identity is None else None)
                except p.FrameError as e:
                    _refuse_frame(conn, str(e), cut_off=True)
                    break
                except TimeoutError:
                    _refuse_frame(conn, f"no hello within {HELLO_WITHIN:g} s", cut_off=True)
                    break
                if body is None:
                    break
                if conn.flooding():
                    _refuse_frame(conn, "too many messages: disconnected", cut_off=True)
                    break
                try:
                    msg = p.decode_client(body)
                except p.FrameError as e:
                    conn.strikes += 1
                    _refuse_frame(conn, str(e), cut_off=conn.strikes >= MAX_STRIKES)
                    if conn.strikes >= MAX_STRIKES:
                        break
                    continue
                if not self._handle(conn, msg):
                    break
                await writer.drain()  # a client that does not read slows only itself
        except (ConnectionError, OSError):
            pass
        except Exception:  # noqa: BLE001  (one client's trouble never stops the server)
            log.exception("client %s cut off by an error", who(conn))
        finally:
            self.conns.discard(conn)
            conn.close()
            if conn.leg is not None:
                conn.leg.close()
            if conn.table is not None and conn.table in self.tables:
                self._broadcast_table(self.tables[conn.table])

    def _handle(self, conn: Conn, msg: p.ClientMsg) -> bool:
        """Answer one message; False to hang up."""
        if conn.identity is None:
            if not isinstance(msg, p.Hello):
                _refuse_frame(conn, "say hello first", cut_off=True)
                return False
            if msg.version != p.VERSION:
                conn.send(p.Rejected(reason=f"protocol version {msg.version} is not "
                                            f"supported (the server speaks {p.VERSION})"))
                log.warning("login refused: a client of protocol version %s", msg.version)
                return False
            entry = self.hosts.redeem(msg.token) if conn.peer and self.hosts is not None \
                else self._redeem(msg.token)
            if entry is None:
                conn.send(p.Rejected(reason="bad token: unknown, used or expired"))
                log.warning("login refused: a bad token (unknown, used or expired)")
                return False
            ban = None if entry.host else self.banned(entry.key, entry.name)
            if ban is not None:  # banned after the door let it in
                conn.send(p.Rejected(reason=bans.refusal(ban)))
                log.info("login refused: %s is banned (%s)", entry.identity, ban.shown)
                return False
            conn.send(gate.enter(self, conn, entry))
            if entry.identity.startswith("local:"):  # the SSH door logs its own logins
                log.info("login: %s on this machine, accepted", entry.identity)
            return True
        if self.hosts is not None and self.hosts.relays(conn, msg):
            return True  # about a table another server plays: carried there
        return dispatch.answer(self, conn, msg)

    def _tables_for(self, conn: Conn) -> p.Tables:
        here = [gate.dress(self.audiences, self._info(t, conn.identity), t, conn.identity)
                for t in self.tables.values() if gate.may_see(self.audiences, t, conn)]
        elsewhere = self.hosts.lobby(conn) if self.hosts is not None else []
        return p.Tables(tables=sorted(here + elsewhere, key=lambda t: t.id))

    def _connected(self, table: Table) -> set[str]:
        return {c.identity for c in self.conns
                if c.table == table.id and c.identity is not None and not c.closed}

    def _info(self, table: Table, identity: str | None) -> p.TableInfo:
        watchers = sum(1 for c in self.conns if c.table == table.id and c.seat is None)
        return clocks.with_clock(self, table,
                                 table.info(identity, self._connected(table), watchers))

    # --- clocks ---------------------------------------------------------------------------
    def check_clocks(self) -> list[int]:
        """Tell every table (and the lobby) of a decision whose time has just run out; the
        tables it happened at; and the day's digests to those away when their hour has
        come. The server looks every CLOCK_CHECK seconds; tests with a clock of their own
        call it after turning the hands."""
        late = clocks.check_clocks(self)
        daily(self)
        return late

    async def _watch_clocks(self) -> None:
        while True:
            await asyncio.sleep(CLOCK_CHECK)
            try:
                self.check_clocks()
            except Exception:  # noqa: BLE001  (a clock's trouble never stops the server)
                log.exception("the clocks could not be checked")

    # --- a table moves on ---------------------------------------------------------------
    def _after_step(self, table: Table, step: Step) -> None:
        # a step with nothing to do in it that comes next for a person is passed for them
        # at once (engine.match.Match.pass_empty_steps), before anyone is shown the table:
        # no empty dialog opens, and the log says why
        self._after_steps(table, [step, *table.match.pass_empty_steps()])

    def _after_steps(self, table: Table, steps: list[Step], chosen: bool = True) -> None:
        """`chosen`: the first step is a decision of its seat (not a pass taken for it)."""
        if table.save_error:
            log.error("table %s: %s", table.id, table.save_error)
        step = steps[0]
        # the digest counts from a person's own last decision (not a computer's for them)
        person = chosen and table.seats[step.seat].kind == REMOTE \
            if 0 <= step.seat < len(table.seats) else False
        self.deadlines.moved(table.id, steps[-1].version, step.seat if person else None)
        self._broadcast_table(table, events=[e for s in steps for e in s.events])
        self._tell_turn(table)
        self._wake_bots(table)
        if table.finished:  # played to its end (a table the host closed is not rated)
            st = table.match.state
            log.info("table %s finished at turn %s: %s won", table.id, st.turn,
                     st.winner or "nobody")
            self._keep_result(table)
            memory.retire_when_saved(self, table)
            self._broadcast_lobby()

    def _keep_result(self, table: Table) -> None:
        """A finished table's result, kept once (tui.net.records), and its players rated."""
        if self.records.kept(table.id):
            return
        result = result_of(table.id, table.match.state, table.seats)
        if self.records.keep(result):
            log.info("table %s: result kept, %s", table.id,
                     "its players rated" if result.rated
                     else "not rated (fewer than two players at the end)")

    def _tell_turn(self, table: Table) -> None:
        """A decision that has just become a person's: ring every connection of theirs
        (at the table, at another table or in the lobby); with none, tell them where
        they asked to be told while away."""
        seat = table.match.pending_seat()
        before = self._pending.get(table.id)
        self._pending[table.id] = seat
        if seat is None or seat == before or table.seats[seat].kind != REMOTE:
            return
        who = table.seats[seat].identity
        if who is None:
            return
        st = table.match.state
        note = p.YourTurn(table=table.id, civ=st.players[seat].civ,
                          what=prompt_title(st.prompt) if st.prompt is not None else "")
        for c in list(self.conns):
            if c.identity == who:
                c.send(note)
        tell_if_away(self, table)

    # --- computer players -----------------------------------------------------------------
    def _wake_bots(self, table: Table) -> None:
        if table.closed:
            return
        passed = table.match.pass_empty_steps()  # a seat given back may face an empty step
        if passed:
            self._after_steps(table, passed, chosen=False)  # (it wakes the computers)
            return
        task = self._bot_tasks.get(table.id)
        if (task is None or task.done()) and table.match.bot_to_move() \
                and not self._unwatched(table):
            self._bot_tasks[table.id] = asyncio.get_running_loop().create_task(
                self._play_bots(table))

    def _unwatched(self, table: Table) -> bool:
        """A table of computers only that nobody watches: its computers wait, so that
        such tables cost nothing while no one looks."""
        return all(s.kind != REMOTE for s in table.seats) and \
            not any(c.table == table.id and not c.closed for c in self.conns)

    async def _play_bots(self, table: Table) -> None:
        try:
            await self._bots_decide(table)
        finally:  # no finished task is kept per table
            if self._bot_tasks.get(table.id) is asyncio.current_task():
                del self._bot_tasks[table.id]

    async def _bots_decide(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        match = table.match
        while match.bot_to_move() and not table.closed:
            if self._unwatched(table):
                return  # paused: the next watcher wakes it (tui.net.handlers.seats.join)
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            version, seat = match.version, match.pending_seat()
            try:
                action = await loop.run_in_executor(self.pool, match.bot_action)
            except Exception:  # noqa: BLE001  (a bot's bug stops its table only)
                log.exception("table %s: a computer player failed (its table waits)", table.id)
                return
            if match.version != version or match.pending_seat() != seat \
                    or not match.bot_to_move() or table.closed:
                continue  # the table changed while it thought (a seat handed back)
            assert seat is not None
            try:
                step = match.act(seat, action, version)
            except IllegalAction as e:
                # the rule only: the reason may name a card of the computer's hand
                log.error("table %s: a computer player's move was refused (%s)", table.id,
                          e.rule or "no rule named")
                return
            self._after_step(table, step)

    # --- telling the clients --------------------------------------------------------------
    def _broadcast_lobby(self) -> None:
        for c in list(self.conns):
            if c.identity is not None and c.table is None and c.leg is None:
                c.send(self._tables_for(c))

    def _broadcast_table(self, table: Table, events: list[Event] | None = None) -> None:
        events = events or []
        cache = Broadcast()  # one view per seat (and one public view) per broadcast
        for c in list(self.conns):
            if c.table == table.id:
                self._send_update(c, table, events, cache)

    def _send_update(self, conn: Conn, table: Table, events: list[Event],
                     cache: Broadcast | None = None, taken_back: str = "",
                     versions: list[int] | None = None) -> None:
        """One view and one set of quotes per seat per broadcast (`cache`), the table's
        info once, with the receiver's own seat marked."""
        match = table.match
        seat = conn.seat
        cache = Broadcast() if cache is None else cache
        if cache.info is None:
            cache.info = self._info(table, None)
        info = _mark_mine(cache.info, table, conn.identity)
        up = cache.updates.get(seat)
        if up is None:
            decides = seat is not None and table.pending_seat() == seat and \
                table.seats[seat].kind == REMOTE
            shared = next((u.quotes for u in cache.updates.values()), None)
            up = cache.updates[seat] = seat_update(table.id, match.version, match.state, seat,
                                           events, info, decides=decides,
                                           legal=match.legal() if decides else None,
                                           same_position=shared,
                                           no_undo=_no_undo(table, seat),
                                           taken_back=taken_back, versions=versions)
        else:
            up = msgspec.structs.replace(up, info=info)
        conn.send(up)


def _refuse_frame(conn: Conn, reason: str, *, cut_off: bool) -> None:
    """A frame the protocol refuses: said to the client, and one line in the log."""
    conn.send(p.Rejected(reason=reason))
    log.warning("bad frame from %s: %s%s", who(conn), reason,
                " (cut off)" if cut_off else f" (strike {conn.strikes} of {MAX_STRIKES})")


def _no_undo(table: Table, seat: int | None) -> str:
    """Why the person at `seat` cannot take back the last decision now ("": they can)."""
    if seat is None:
        return "you are watching"
    if table.seats[seat].kind != REMOTE:
        return "a computer keeps your seat"
    return table.match.no_undo(seat)


def _mark_mine(info: p.TableInfo, table: Table, identity: str | None) -> p.TableInfo:
    """The table's info as `identity` sees it: its own seat marked."""
    if identity is None or table.seat_of(identity) is None:
        return info
    seats = [msgspec.structs.replace(s, mine=True) if r.identity == identity else s
             for s, r in zip(info.seats, table.seats, strict=True)]
    return msgspec.structs.replace(info, seats=seats)


async def until_stopped() -> None:
    """Wait for SIGTERM or SIGINT (the server then closes cleanly: socket removed)."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()


async def serve(data: Path | None, socket_path: Path | None, *, bot_delay: float = 0.3,
                ready: Callable[[GameServer, Path], None] | None = None,
                away: AwayConfig | None = None, database: str | None = None,
                peers: str = "", peer_address: str = "", max_tables: int = 0) -> None:
    """Run a game server until stopped (`database`: PostgreSQL's URL, with `peers` where
    the other servers on it reach this one: tui.net.hosts)."""
    server = GameServer(data, bot_delay=bot_delay, away=away, database=database,
                        peers=peers, peer_address=peer_address, max_tables=max_tables)
    path = await server.start(socket_path)
    if ready is not None:
        ready(server, path)
    try:
        await until_stopped()
    finally:
        await server.close()
