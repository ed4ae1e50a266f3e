"""The game server: one asyncio process owning every table, speaking the protocol on a
Unix socket (mode 0600).

- A client proves who it is with a token: a one-time token the SSH front registers for
  the session's key (`issue_token`), or the local token in `<data>/local.token` (0600,
  readable only by the server's user) for `mare-nostrum join` on the server's machine.
- A client gets only `view(state, its seat)` (a watcher: the public view) and the events
  it may see; only a seat's owner acts for it, on the current version.
- Each table autosaves after every action; a restart brings every table back.
- Computer players think in a thread pool, so no table waits on another; a client that
  floods, sends garbage or stops reading is cut off alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import getpass
import os
import secrets
import signal
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import msgspec

from engine import saves
from engine.bots import LEVELS
from engine.data.board import CIVS
from engine.errors import IllegalAction
from engine.game import check_config
from engine.match import Step
from engine.render import prompt_title
from engine.replay import ReplayError
from engine.state import Config

from . import gate, replays
from . import protocol as p
from .accounts import Accounts
from .audience import SPECTATORS, Audiences
from .clock import Clock, PresetError, WallClock, check_preset
from .conn import Conn, clean_chat
from .deadlines import Deadlines
from .digest import History, digest, replayed, replayed_since
from .guesses import WrongCodes
from .settings import KeySettings
from .store import SeatRow, Store, private_dir
from .tables import REMOTE, Table
from .updates import seat_update

MAX_STRIKES = 5  # malformed messages before a client is cut off
HELLO_WITHIN = 30.0  # seconds a new socket client has to say hello
FRAME_WITHIN = 30.0  # seconds a frame's body may take after its header
TOKEN_LIFE = 120.0  # seconds a one-time token stays valid
HANDOVER_LEVEL = "normal"
CLOCK_CHECK = 1.0  # seconds between two looks at the tables' clocks


def bot_levels() -> tuple[str, ...]:
    return tuple(LEVELS)


def default_data_dir() -> Path:
    return saves.data_dir() / "server"


def default_socket(data: Path | None = None) -> Path:
    return (data or default_data_dir()) / "server.sock"


class GameServer:
    def __init__(self, data: Path | None = None, *, bot_delay: float = 0.0,
                 bot_threads: int = 2, clock: Clock | None = None) -> None:
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
        self.pool = ThreadPoolExecutor(max_workers=bot_threads, thread_name_prefix="bots")
        # one thread writes every save, in order: the loop never waits on the disk
        self.saver = ThreadPoolExecutor(max_workers=1, thread_name_prefix="saves")
        self.tables: dict[int, Table] = {}
        self.conns: set[Conn] = set()
        self._tokens: dict[str, gate.Pass] = {}
        self._bot_tasks: dict[int, asyncio.Task] = {}
        self._server: asyncio.base_events.Server | None = None
        self.socket_path: Path | None = None
        self.errors: list[str] = []  # what went wrong, for the log
        self.wrong_codes = WrongCodes()  # link and invite codes guessed, per key and address
        self.local_token = secrets.token_urlsafe(32)
        self._restore()

    # --- starting and stopping ------------------------------------------------------------
    def _restore(self) -> None:
        for row in self.store.tables():
            try:
                table = Table.restore(self.store, row)
            except (saves.SaveError, OSError) as e:
                self._log(f"table {row.id} cannot be restored: {e}")
                continue
            table.writer = self._write_later
            self.tables[row.id] = table
            self.deadlines.restarted(row.id, table.match.version)
            self.histories[row.id] = History(first=table.match.version)
            self._pending[row.id] = table.match.pending_seat()

    def _write_later(self, write) -> None:
        self.saver.submit(write)

    async def start(self, socket_path: Path | None = None) -> Path:
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
            self._log(f"table {table.id}: its events cannot be found again: {e.message}")
            return
        history = self.histories.setdefault(table.id, History(first=len(record.actions)))
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

    def _log(self, text: str) -> None:
        self.errors.append(text)
        print(f"mare-nostrum server: {text}", file=sys.stderr, flush=True)

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
        conn = Conn(reader, writer)
        self.conns.add(conn)
        try:
            while not conn.closed:
                try:
                    body = await asyncio.wait_for(
                        p.read_frame(reader, p.MAX_CLIENT_FRAME, body_within=FRAME_WITHIN),
                        HELLO_WITHIN if conn.identity is None else None)
                except p.FrameError as e:
                    conn.send(p.Rejected(reason=str(e)))
                    break
                except TimeoutError:
                    conn.send(p.Rejected(reason=f"no hello within {HELLO_WITHIN:g} s"))
                    break
                if body is None:
                    break
                if conn.flooding():
                    conn.send(p.Rejected(reason="too many messages: disconnected"))
                    break
                try:
                    msg = p.decode_client(body)
                except p.FrameError as e:
                    conn.strikes += 1
                    conn.send(p.Rejected(reason=str(e)))
                    if conn.strikes >= MAX_STRIKES:
                        break
                    continue
                if not self._handle(conn, msg):
                    break
                await writer.drain()  # a client that does not read slows only itself
        except (ConnectionError, OSError):
            pass
        except Exception as e:  # noqa: BLE001  (one client's trouble never stops the server)
            self._log(f"client {conn.name or '?'}: {type(e).__name__}: {e}")
        finally:
            self.conns.discard(conn)
            conn.close()
            if conn.table is not None and conn.table in self.tables:
                self._broadcast_table(self.tables[conn.table])

    def _handle(self, conn: Conn, msg: p.ClientMsg) -> bool:
        """Answer one message; False to hang up."""
        if conn.identity is None:
            if not isinstance(msg, p.Hello):
                conn.send(p.Rejected(reason="say hello first"))
                return False
            if msg.version != p.VERSION:
                conn.send(p.Rejected(reason=f"protocol version {msg.version} is not "
                                            f"supported (the server speaks {p.VERSION})"))
                return False
            who = self._redeem(msg.token)
            if who is None:
                conn.send(p.Rejected(reason="bad token: unknown, used or expired"))
                return False
            conn.send(gate.enter(self, conn, who))
            return True
        refusal = gate.refusal(conn, msg)
        if refusal is not None:
            conn.send(p.Rejected(reason=refusal))
            return True
        if gate.handle(self, conn, msg):
            return not conn.closed
        match msg:
            case p.Hello():
                conn.send(p.Rejected(reason="already said hello"))
            case p.ListTables():
                conn.send(self._tables_for(conn))
            case p.CreateTable():
                self._create(conn, msg)
            case p.Sit():
                self._sit(conn, msg)
            case p.Watch():
                table = self._table(conn, msg.table)
                refusal = table and gate.watch_refusal(self.audiences, table, conn)
                if refusal:
                    conn.send(p.Rejected(reason=refusal, table=msg.table))
                elif table is not None:
                    self._join(conn, table, None)
            case p.Act():
                self._act(conn, msg)
            case p.Chat():
                self._chat(conn, msg)
            case p.HandOver():
                self._hand_over(conn, msg)
            case p.TakeBack():
                self._take_back(conn, msg)
            case p.VoteHandOver():
                self._vote(conn, msg)
            case p.GetReplay():
                self._replay(conn, msg)
        return True

    def _table(self, conn: Conn, tid: int) -> Table | None:
        table = self.tables.get(tid)
        if table is None or not gate.may_see(self.audiences, table, conn):
            conn.send(p.Rejected(reason=f"no table {tid}", table=tid))
            return None
        return table

    def _seat(self, conn: Conn, table: Table, seat: int) -> SeatRow | None:
        row = table.seats[seat] if 0 <= seat < len(table.seats) else None
        if row is None:
            conn.send(p.Rejected(reason=f"table {table.id} has no seat {seat}", table=table.id))
        return row

    def _tables_for(self, conn: Conn) -> p.Tables:
        return p.Tables(tables=[
            gate.dress(self.audiences, self._info(t, conn.identity), t, conn.identity)
            for t in self.tables.values() if gate.may_see(self.audiences, t, conn)])

    def _connected(self, table: Table) -> set[str]:
        return {c.identity for c in self.conns
                if c.table == table.id and c.identity is not None and not c.closed}

    def _info(self, table: Table, identity: str | None) -> p.TableInfo:
        watchers = sum(1 for c in self.conns if c.table == table.id and c.seat is None)
        return self._with_clock(table, table.info(identity, self._connected(table), watchers))

    # --- clocks ---------------------------------------------------------------------------
    def _late_seat(self, table: Table) -> int | None:
        """The seat whose person is out of time for the pending decision."""
        seat = table.match.pending_seat()
        if seat is None or table.over or table.seats[seat].kind != REMOTE \
                or table.seats[seat].identity is None:
            return None
        return seat if self.deadlines.out_of_time(table.id) else None

    def _creator_present(self, table: Table, late: int) -> bool:
        """The creator is here to decide on the late seat (and is not its late player)."""
        if table.seats[late].identity == table.creator:
            return False
        return any(c.identity == table.creator and not c.closed for c in self.conns)

    def _voters(self, table: Table, late: int) -> list[str]:
        """Who votes on a late seat: the other people seated, but the (absent) creator."""
        late_id = table.seats[late].identity
        return sorted({r.identity for r in table.seats
                       if r.identity is not None and r.kind == REMOTE
                       and r.identity not in (late_id, table.creator)})

    def _with_clock(self, table: Table, info: p.TableInfo) -> p.TableInfo:
        c = self.deadlines.of(table.id, table.match.version)
        seat = info.pending
        person = seat is not None and not table.over and table.seats[seat].kind == REMOTE
        if not person or c.preset.seconds is None:
            return msgspec.structs.replace(info, clock=c.preset.label())
        late = self._late_seat(table)
        needed = 0
        if late is not None and not self._creator_present(table, late):
            needed = len(self._voters(table, late)) // 2 + 1
        return msgspec.structs.replace(
            info, clock=c.preset.label(), left=self.deadlines.left(table.id),
            waiting=self.deadlines.waiting(table.id), votes_needed=needed,
            votes=self.deadlines.votes(table.id, late) if late is not None else 0)

    def check_clocks(self) -> list[int]:
        """Tell every table (and the lobby) of a decision whose time has just run out; the
        tables it happened at. The server looks every CLOCK_CHECK seconds; tests with a
        clock of their own call it after turning the hands."""
        late = []
        for table in self.tables.values():
            c = self.deadlines.of(table.id, table.match.version)
            if not c.told and self._late_seat(table) is not None:
                c.told = True
                late.append(table.id)
                self._broadcast_table(table)
        if late:
            self._broadcast_lobby()
        return late

    async def _watch_clocks(self) -> None:
        while True:
            await asyncio.sleep(CLOCK_CHECK)
            try:
                self.check_clocks()
            except Exception as e:  # noqa: BLE001  (a clock's trouble never stops the server)
                self._log(f"clocks: {type(e).__name__}: {e}")

    # --- the lobby ------------------------------------------------------------------------
    def _create(self, conn: Conn, msg: p.CreateTable) -> None:
        if len(msg.seats) != len(msg.civs):
            conn.send(p.Rejected(reason=f"{len(msg.civs)} civilizations but "
                                        f"{len(msg.seats)} seats"))
            return
        bad = [k for k in msg.seats if k != REMOTE and k not in bot_levels()]
        if bad:
            conn.send(p.Rejected(reason=f"unknown player kind {bad[0]!r}"))
            return
        unknown = [c for c in msg.civs if c not in CIVS]
        if unknown:
            conn.send(p.Rejected(reason=f"unknown civilization {unknown[0]!r}"))
            return
        if msg.sit is not None and not (0 <= msg.sit < len(msg.seats)
                                        and msg.seats[msg.sit] == REMOTE):
            conn.send(p.Rejected(reason="the creator can only sit at a seat for a person"))
            return
        try:
            preset = check_preset(msg.clock)
        except PresetError as e:
            conn.send(p.Rejected(reason=str(e)))
            return
        # the seed is the server's secret: random, never sent to anyone while the game runs
        config = Config(civs=list(msg.civs), seed=secrets.randbits(62), setup=msg.setup,
                        long_game=msg.long_game, three_roles_win=msg.three_roles_win,
                        no_take_back=msg.no_take_back)
        try:
            check_config(config)
        except IllegalAction as e:
            conn.send(p.Rejected(reason=e.reason))
            return
        assert conn.identity is not None
        table = Table.create(self.store, conn.identity, config, list(msg.seats),
                             writer=self._write_later)
        self.tables[table.id] = table
        invite = ""
        if msg.private or not msg.spectators:
            invite = self.audiences.set(table.id, private=msg.private,
                                        spectators=msg.spectators).invite
        self.deadlines.start(table.id, preset, table.match.version)
        self.histories[table.id] = history = History()
        history.add(0, table.recent)
        self._pending[table.id] = table.match.pending_seat()
        conn.send(p.Created(table=table.id, invite=invite))
        if msg.sit is not None:
            table.bind(msg.sit, conn.identity)
            self._join(conn, table, msg.sit)
        self._broadcast_lobby()
        self._wake_bots(table)

    def _sit(self, conn: Conn, msg: p.Sit) -> None:
        table = self._table(conn, msg.table)
        if table is None:
            return
        row = self._seat(conn, table, msg.seat)
        if row is None:
            return
        mine = table.seat_of(conn.identity or "")
        back = row.identity == conn.identity
        if back:
            # back at one's own seat: a computer that kept it for the clock gives it back
            # (one the creator handed it to for an absence keeps it until handed back)
            if row.kind != REMOTE and self.deadlines.give_back(table.id, msg.seat):
                table.bind(msg.seat, conn.identity, REMOTE)
                self._broadcast_table(table)
                self._wake_bots(table)
        elif row.identity is not None:
            conn.send(p.Rejected(reason=f"that seat is taken by {self.store.name_of(row.identity)}",
                                 table=table.id))
            return
        elif row.kind != REMOTE:
            conn.send(p.Rejected(reason="that seat is a computer player's", table=table.id))
            return
        elif mine is not None:
            conn.send(p.Rejected(reason=f"you already sit at seat {mine + 1} of this table",
                                 table=table.id))
            return
        else:
            table.bind(msg.seat, conn.identity)
        self._join(conn, table, msg.seat)
        if back:
            self._send_digest(conn, table, msg.seat)
        self._broadcast_lobby()

    def _send_digest(self, conn: Conn, table: Table, seat: int) -> None:
        """'Since your last decision': for a player back at their seat after deciding."""
        mark = self.deadlines.mark(table.id, seat)
        history = self.histories.setdefault(table.id, History(first=table.match.version))
        if mark is None:
            return
        civ = table.match.state.players[seat].civ

        def send(events: list) -> None:
            lines = digest(events, civ)
            if lines:
                conn.send(p.Digest(table=table.id, lines=lines))

        if history.covers(mark):
            send(history.since(mark))
            return
        # older than this server's memory (a restart): the record has every step
        record = msgspec.structs.replace(table.match.record,
                                         actions=list(table.match.record.actions))

        async def from_record() -> None:
            try:
                events = await asyncio.get_running_loop().run_in_executor(
                    self.pool, replayed_since, record, mark)
            except ReplayError as e:
                self._log(f"table {table.id}: no digest: {e.message}")
                return
            send(events)

        self._later(from_record())

    def _join(self, conn: Conn, table: Table, seat: int | None) -> None:
        old = self.tables.get(conn.table) if conn.table is not None else None
        conn.table, conn.seat = table.id, seat
        lines = [p.ChatLine(table=table.id, name=r.name, text=r.text, at=r.at,
                            version=r.version) for r in self.store.chat_rows(table.id, 20)]
        lines += [p.ChatLine(table=table.id, name=r.name, text=r.text, at=r.at,
                             version=r.version, channel=SPECTATORS)
                  for r in self.audiences.chat_rows(table.id, 20)]
        for line in sorted(lines, key=lambda line: (line.at, line.version)):
            conn.send(line)
        if old is not None and old is not table:
            self._broadcast_table(old)
        # the newcomer's first update carries the recent events it may see, for its log
        self._send_update(conn, table, list(table.recent), versions=list(table.recent_versions))
        cache: dict = {}
        for c in list(self.conns):
            if c.table == table.id and c is not conn:
                self._send_update(c, table, [], cache)

    # --- at a table -----------------------------------------------------------------------
    def _act(self, conn: Conn, msg: p.Act) -> None:
        table = self._table(conn, msg.table)
        if table is None:
            return
        if conn.table != table.id or conn.seat is None:
            conn.send(p.Rejected(reason="you do not sit at this table", table=table.id))
            return
        if table.seats[conn.seat].identity != conn.identity:
            conn.send(p.Rejected(reason="this seat is not yours", table=table.id))
            return
        match = table.match
        if msg.version != match.version:
            conn.send(p.Resync(table=table.id, version=match.version,
                               reason=f"stale version {msg.version}: the game is at "
                                      f"{match.version}"))
            conn.send(p.Rejected(reason=f"stale version {msg.version}: the game is at "
                                        f"{match.version}", table=table.id))
            self._send_update(conn, table, [])
            return
        pending = match.pending_seat()
        if pending != conn.seat or table.seats[conn.seat].kind != REMOTE:
            whose = "nobody's (the game is over)" if pending is None else \
                table.match.state.players[pending].civ
            conn.send(p.Rejected(reason=f"not your decision: it is {whose}'s",
                                 table=table.id))
            return
        try:
            step = match.act(conn.seat, msg.action, msg.version)
        except IllegalAction as e:
            conn.send(p.Rejected(reason=e.reason, table=table.id, rule=e.rule))
            return
        self._after_step(table, step)

    def _take_back(self, conn: Conn, msg: p.TakeBack) -> None:
        """Undo: the seat's last decision, when the engine allows it; everyone at the table
        gets the position before it and the log without its events."""
        table = self._table(conn, msg.table)
        if table is None:
            return
        if conn.table != table.id or conn.seat is None:
            conn.send(p.Rejected(reason="you do not sit at this table", table=table.id))
            return
        seat = conn.seat
        if table.seats[seat].identity != conn.identity or table.seats[seat].kind != REMOTE:
            conn.send(p.Rejected(reason="this seat is not yours", table=table.id))
            return
        match = table.match
        if msg.version != match.version:
            conn.send(p.Rejected(reason="No undo: the game moved on since you asked",
                                 table=table.id))
            self._send_update(conn, table, [])
            return
        try:
            match.undo(seat)
        except IllegalAction as e:
            conn.send(p.Rejected(reason=e.reason, table=table.id, rule=e.rule))
            return
        civ = match.state.players[seat].civ
        cache: dict = {}
        for c in list(self.conns):
            if c.table == table.id:
                self._send_update(c, table, list(table.recent), cache, taken_back=civ,
                                  versions=list(table.recent_versions))
        self._broadcast_lobby()
        self._wake_bots(table)

    def _after_step(self, table: Table, step: Step) -> None:
        # a step with nothing to do in it that comes next for a person is passed for them
        # at once (engine.match.Match.pass_empty_steps), before anyone is shown the table:
        # no empty dialog opens, and the log says why
        self._after_steps(table, [step, *table.match.pass_empty_steps()])

    def _after_steps(self, table: Table, steps: list[Step], chosen: bool = True) -> None:
        """`chosen`: the first step is a decision of its seat (not a pass taken for it)."""
        if table.save_error:
            self._log(f"table {table.id}: {table.save_error}")
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

    def _chat(self, conn: Conn, msg: p.Chat) -> None:
        table = self._table(conn, msg.table)
        if table is None:
            return
        if conn.table != table.id:
            conn.send(p.Rejected(reason="you are not at this table", table=table.id))
            return
        text = clean_chat(msg.text)
        if not text:
            return
        if not conn.chat_allowed():
            conn.send(p.Rejected(reason="chatting too fast: wait a few seconds",
                                 table=table.id))
            return
        assert conn.identity is not None
        version = table.match.version  # its place among the events, after a restart too
        if conn.seat is None:  # a spectator: their own channel
            at = self.audiences.add_chat(table.id, conn.name, text, version)
            line = p.ChatLine(table=table.id, name=conn.name, text=text, at=at,
                              channel=SPECTATORS, version=version)
        else:
            at = self.store.add_chat(table.id, conn.identity, conn.name, text, version)
            line = p.ChatLine(table=table.id, name=conn.name, text=text, at=at,
                              version=version)
        for c in list(self.conns):
            if c.table == table.id:
                c.send(line)

    def _hand_over(self, conn: Conn, msg: p.HandOver) -> None:
        table = self._table(conn, msg.table)
        if table is None:
            return
        row = self._seat(conn, table, msg.seat)
        if row is None:
            return
        own = not msg.to_bot and row.identity == conn.identity  # one's own seat, taken back
        if conn.identity != table.creator and not own:
            conn.send(p.Rejected(reason="only the table's creator hands seats over "
                                        "(a player takes back only their own seat)",
                                 table=table.id))
            return
        if row.identity is None and row.kind == REMOTE and msg.to_bot:
            conn.send(p.Rejected(reason="nobody sits there: it is free for anyone",
                                 table=table.id))
            return
        level = msg.level or HANDOVER_LEVEL
        if msg.to_bot and level not in bot_levels():
            conn.send(p.Rejected(reason=f"unknown computer level {level!r}", table=table.id))
            return
        if msg.to_bot:
            late = self._late_seat(table) == msg.seat
            if row.identity in self._connected(table) and not late:
                conn.send(p.Rejected(reason="that player is here: only an absent player's "
                                            "or a late player's seat goes to a computer",
                                     table=table.id))
                return
            if row.kind == REMOTE:
                table.bind(msg.seat, row.identity, level)
                if late:  # until its owner comes back to it
                    self.deadlines.keep(table.id, msg.seat)
        else:
            if own and row.kind == REMOTE:
                conn.send(p.Rejected(reason="you already play your seat", table=table.id))
                return
            if row.kind == REMOTE or row.identity is None:
                conn.send(p.Rejected(reason="that seat was never a person's",
                                     table=table.id))
                return
            table.bind(msg.seat, row.identity, REMOTE)
            self.deadlines.give_back(table.id, msg.seat)  # given back: nothing kept
        self._broadcast_table(table)
        self._broadcast_lobby()
        self._wake_bots(table)

    def _vote(self, conn: Conn, msg: p.VoteHandOver) -> None:
        """Without its creator present, a table's other players vote a late seat over to
        a computer (until its owner comes back); a majority of them carries it."""
        table = self._table(conn, msg.table)
        if table is None:
            return
        if self._seat(conn, table, msg.seat) is None:
            return
        if self._late_seat(table) != msg.seat:
            conn.send(p.Rejected(reason="that seat is not out of time", table=table.id))
            return
        if self._creator_present(table, msg.seat):
            conn.send(p.Rejected(reason="the table's creator is here: the creator decides",
                                 table=table.id))
            return
        voters = self._voters(table, msg.seat)
        if conn.identity not in voters:
            conn.send(p.Rejected(reason="only the other players at this table vote",
                                 table=table.id))
            return
        assert conn.identity is not None
        votes = self.deadlines.vote(table.id, msg.seat, conn.identity)
        if votes >= len(voters) // 2 + 1:
            row = table.seats[msg.seat]
            table.bind(msg.seat, row.identity, HANDOVER_LEVEL)
            self.deadlines.keep(table.id, msg.seat)
            self._wake_bots(table)
        self._broadcast_table(table)
        self._broadcast_lobby()

    def _replay(self, conn: Conn, msg: p.GetReplay) -> None:
        table = self._table(conn, msg.table)
        if table is None:
            return
        if not table.over:
            conn.send(p.Rejected(reason=f"table {table.id} is still playing: its replay "
                                        "comes when the game is over", table=table.id))
            return
        seat = table.seat_of(conn.identity or "")
        record = table.match.record

        async def build() -> None:
            loop = asyncio.get_running_loop()
            try:
                data = await loop.run_in_executor(self.pool, replays.frames, record, seat)
            except ReplayError as e:
                conn.send(p.Rejected(reason=f"the replay cannot be made: {e.message}",
                                     table=table.id))
                return
            conn.send(p.ReplayFrames(table=table.id, seat=seat, data=data))

        self._later(build())

    # --- computer players -----------------------------------------------------------------
    def _wake_bots(self, table: Table) -> None:
        passed = table.match.pass_empty_steps()  # a seat given back may face an empty step
        if passed:
            self._after_steps(table, passed, chosen=False)  # (it wakes the computers)
            return
        task = self._bot_tasks.get(table.id)
        if (task is None or task.done()) and table.match.bot_to_move():
            self._bot_tasks[table.id] = asyncio.get_running_loop().create_task(
                self._play_bots(table))

    async def _play_bots(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        match = table.match
        while match.bot_to_move():
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            version, seat = match.version, match.pending_seat()
            try:
                action = await loop.run_in_executor(self.pool, match.bot_action)
            except Exception as e:  # noqa: BLE001  (a bot's bug stops its table only)
                self._log(f"table {table.id}: computer player failed: {e}")
                return
            if match.version != version or match.pending_seat() != seat \
                    or not match.bot_to_move():
                continue  # the table changed while it thought (a seat handed back)
            assert seat is not None
            try:
                step = match.act(seat, action, version)
            except IllegalAction as e:
                self._log(f"table {table.id}: computer player's move refused: {e.reason}")
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
                ready=None) -> None:
    """Run a game server until stopped."""
    server = GameServer(data, bot_delay=bot_delay)
    path = await server.start(socket_path)
    if ready is not None:
        ready(server, path)
    try:
        await until_stopped()
    finally:
        await server.close()
