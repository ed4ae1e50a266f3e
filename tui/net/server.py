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
- A player has at most `max_tables` unfinished tables of their own making at once.

This module holds the server itself: starting and stopping, identities, the loop that reads
one client, what is told to the clients (updates, the lobby, whose turn it is) and the
computer players. What it answers to each message is in `tui.net.handlers` (the dispatch
table and its guards, then one module per concern).
"""

from __future__ import annotations

import asyncio
import contextlib
import getpass
import logging
import os
import secrets
import signal
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import msgspec

from engine import saves
from engine.errors import IllegalAction
from engine.match import Step
from engine.render import prompt_title
from engine.replay import ReplayError

from . import gate
from . import protocol as p
from .accounts import Accounts
from .audience import Audiences
from .clock import Clock, WallClock
from .conn import Conn
from .deadlines import Deadlines
from .digest import History, replayed
from .durable import Saves
from .guesses import WrongCodes
from .handlers import clocks, dispatch
from .logs import who
from .settings import KeySettings
from .store import Store, private_dir
from .tables import REMOTE, Table
from .updates import seat_update

MAX_STRIKES = 5  # malformed messages before a client is cut off
HELLO_WITHIN = 30.0  # seconds a new socket client has to say hello
FRAME_WITHIN = 30.0  # seconds a frame's body may take after its header
TOKEN_LIFE = 120.0  # seconds a one-time token stays valid
CLOCK_CHECK = 1.0  # seconds between two looks at the tables' clocks

log = logging.getLogger(__name__)


def default_data_dir() -> Path:
    return saves.data_dir() / "server"


def default_socket(data: Path | None = None) -> Path:
    return (data or default_data_dir()) / "server.sock"


class GameServer:
    def __init__(self, data: Path | None = None, *, bot_delay: float = 0.0,
                 bot_threads: int = 2, clock: Clock | None = None,
                 max_tables: int = 0) -> None:
        self.data = private_dir(Path(data) if data else default_data_dir())
        self.store = Store(self.data)
        self.accounts = Accounts(self.store.db)
        self.audiences = Audiences(self.store.db)
        self.key_settings = KeySettings(self.store.db)
        self.clock = clock or WallClock()
        self.deadlines = Deadlines(self.store.db, self.clock)
        self.histories: dict[int, History] = {}  # each table's events since it was loaded
        self._pending: dict[int, int | None] = {}  # whose decision each table waits for
        self._clock_task: asyncio.Task | None = None
        self._jobs: set[asyncio.Task] = set()
        self.bot_delay = bot_delay
        self.max_tables = max_tables  # unfinished tables one player may create (0: any)
        self.pool = ThreadPoolExecutor(max_workers=bot_threads, thread_name_prefix="bots")
        # one thread writes every save, in order: the loop never waits on the disk
        self.saver = ThreadPoolExecutor(max_workers=1, thread_name_prefix="saves")
        self.saves = Saves()
        self._loop: asyncio.AbstractEventLoop | None = None
        self.tables: dict[int, Table] = {}
        self.conns: set[Conn] = set()
        self._tokens: dict[str, gate.Pass] = {}
        self._bot_tasks: dict[int, asyncio.Task] = {}
        self._server: asyncio.base_events.Server | None = None
        self.socket_path: Path | None = None
        self.wrong_codes = WrongCodes()  # link and invite codes guessed, per key and address
        self.local_token = secrets.token_urlsafe(32)
        self._restore()

    # --- starting and stopping ------------------------------------------------------------
    def _restore(self) -> None:
        for row in self.store.tables():
            try:
                table = Table.restore(self.store, row)
            except (saves.SaveError, OSError) as e:
                log.error("table %s cannot be restored: %s", row.id, e)
                continue
            table.writer = self._write_later
            self.tables[row.id] = table
            self.deadlines.restarted(row.id, table.match.version)
            if not table.over:  # a finished table needs no digest: no history kept
                self.histories[row.id] = History(first=table.match.version)
            self._pending[row.id] = table.match.pending_seat()

    def _write_later(self, write) -> None:
        loop = self._loop
        if loop is None:  # not serving yet: nobody to tell
            self.saver.submit(write)
            return
        self.saves.queued += 1

        def written() -> None:
            try:
                write()
            finally:
                with contextlib.suppress(RuntimeError):  # the loop closed at shutdown
                    loop.call_soon_threadsafe(self.saves.one_written)

        self.saver.submit(written)

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
                self._later(self._recall(table))
        self._clock_task = asyncio.get_running_loop().create_task(self._watch_clocks())
        return path

    def _later(self, job) -> None:
        task = asyncio.get_running_loop().create_task(job)
        self._jobs.add(task)  # held until done (the loop keeps only weak references)
        task.add_done_callback(self._jobs.discard)

    async def _recall(self, table: Table) -> None:
        """A table brought back by a restart: its recent events (the log of those who come
        back, the digest) found again in its record, in a thread."""
        record = msgspec.structs.replace(table.match.record,
                                         actions=list(table.match.record.actions))
        try:
            earlier = await asyncio.get_running_loop().run_in_executor(
                self.pool, replayed, record)
        except ReplayError as e:
            log.error("table %s: its events cannot be found again: %s", table.id, e.message)
            return
        history = self.histories.get(table.id)
        if history is not None:
            history.restore(earlier)
        table.recall(earlier, len(record.actions))

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for conn in list(self.conns):
            conn.close()
        if self._clock_task is not None:
            self._clock_task.cancel()
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
            return gate.Pass(identity=f"local:{user}", name=user, expires=0.0)
        entry = self._tokens.pop(token, None)
        if entry is None or entry.expires < time.monotonic():
            return None
        return entry

    def holds_seat(self, session: str) -> bool:
        """Whether the SSH door's session sits at a table (the lobby's idle timeout
        never ends a seat's session)."""
        return any(c.session == session and c.seat is not None and not c.closed
                   for c in self.conns)

    # --- one client -----------------------------------------------------------------------
    async def _serve_client(self, reader: asyncio.StreamReader,
                            writer: asyncio.StreamWriter) -> None:
        conn = Conn(reader, writer, self.saves)
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
            entry = self._redeem(msg.token)
            if entry is None:
                conn.send(p.Rejected(reason="bad token: unknown, used or expired"))
                log.warning("login refused: a bad token (unknown, used or expired)")
                return False
            conn.send(gate.enter(self, conn, entry))
            if entry.identity.startswith("local:"):  # the SSH door logs its own logins
                log.info("login: %s on this machine, accepted", entry.identity)
            return True
        return dispatch.answer(self, conn, msg)

    def _tables_for(self, conn: Conn) -> p.Tables:
        return p.Tables(tables=[
            gate.dress(self.audiences, self._info(t, conn.identity), t, conn.identity)
            for t in self.tables.values() if gate.may_see(self.audiences, t, conn)])

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
        tables it happened at. The server looks every CLOCK_CHECK seconds; tests with a
        clock of their own call it after turning the hands."""
        return clocks.check_clocks(self)

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
        history = self.histories.setdefault(table.id, History())
        for s in steps:
            history.add(s.version, s.events)
        step = steps[0]
        # the digest counts from a person's own last decision (not a computer's for them)
        person = chosen and table.seats[step.seat].kind == REMOTE \
            if 0 <= step.seat < len(table.seats) else False
        self.deadlines.moved(table.id, steps[-1].version, step.seat if person else None)
        self._broadcast_table(table, events=[e for s in steps for e in s.events])
        self._tell_turn(table)
        self._wake_bots(table)
        if table.over:
            st = table.match.state
            log.info("table %s finished at turn %s: %s won", table.id, st.turn,
                     st.winner or "nobody")
            # its events stay in its record: memory does not grow with every game played
            self.histories.pop(table.id, None)
            self._broadcast_lobby()

    def _tell_turn(self, table: Table) -> None:
        """A decision that has just become a person's: ring every connection of theirs
        (at the table, at another table or in the lobby)."""
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

    # --- computer players -----------------------------------------------------------------
    def _wake_bots(self, table: Table) -> None:
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
        loop = asyncio.get_running_loop()
        match = table.match
        while match.bot_to_move():
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
                    or not match.bot_to_move():
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
            if c.identity is not None and c.table is None:
                c.send(self._tables_for(c))

    def _broadcast_table(self, table: Table, events: list | None = None) -> None:
        events = events or []
        cache: dict = {}  # one view per seat (and one public view) per broadcast
        for c in list(self.conns):
            if c.table == table.id:
                self._send_update(c, table, events, cache)

    def _send_update(self, conn: Conn, table: Table, events: list,
                     cache: dict | None = None, taken_back: str = "",
                     versions: list[int] | None = None) -> None:
        """One view and one set of quotes per seat per broadcast (`cache`), the table's
        info once, with the receiver's own seat marked."""
        match = table.match
        seat = conn.seat
        cache = {} if cache is None else cache
        base = cache.get("info")
        if base is None:
            base = cache["info"] = self._info(table, None)
        info = _mark_mine(base, table, conn.identity)
        up = cache.get(seat)
        if up is None:
            decides = seat is not None and match.pending_seat() == seat and \
                table.seats[seat].kind == REMOTE
            shared = next((u.quotes for k, u in cache.items() if k != "info"), None)
            up = cache[seat] = seat_update(table.id, match.version, match.state, seat,
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
                max_tables: int = 0, ready=None) -> None:
    """Run a game server until stopped."""
    server = GameServer(data, bot_delay=bot_delay, max_tables=max_tables)
    path = await server.start(socket_path)
    if ready is not None:
        ready(server, path)
    try:
        await until_stopped()
    finally:
        await server.close()
