"""The SSH door: `mare-nostrum serve-ssh`, built on asyncssh (the optional `ssh` extra).

- Only public-key authentication, against the authorized-keys file alone (read again at
  each login, so adding a friend needs no restart), with its lines' options honoured
  (`from=`, `restrict`, `no-pty`, `command=`, `cert-authority`: tui.net.keys). The identity
  is the key's SHA256 fingerprint; the display name is the key's comment, else the login
  name. A client's TERM, window size and environment are taken only within bounds
  (tui.net.terminal).
- An open server (`--open`) lets any key in: on its first connection the key claims a
  display name (see tui.net.accounts). Keyless users (keyboard-interactive or password,
  any answer) come in as guests who may only watch.
- Limits (tui.net.limits): sessions per key and per address, the lobby's idle timeout,
  resource limits on each child.
- A session offers the game and nothing else: no shell commands (only `join TABLE`,
  `watch TABLE`, `replay TABLE` and `record TABLE`, which writes a finished table's save
  to its players, tui.net.commands), no subsystem (SFTP/SCP), no port
  or agent or X11 forwarding. Each session runs `mare-nostrum join` as a child process in its
  own pseudo-terminal (the client's TERM and window size; resizes follow with TIOCSWINSZ),
  forked from a warm parent that has the app loaded (tui.net.spawn, tui.net.warm).
- The child proves its identity to the game server with a one-time token this door
  registers for the session's key and passes in the child's environment only.
- A banned key or name (the host's `admin ban`, tui.net.bans) is refused with one line.
- A missing host key is created (0600) and its fingerprint printed.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import secrets
import signal
import struct
import subprocess
import termios
import time
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import asyncssh

from . import limits as lim
from .away import AwayConfig
from .bans import refusal as ban_refusal
from .client import DOOR_ENV, TOKEN_ENV
from .commands import NEEDS_TTY, RECORD, CommandError, join_args, parse
from .keys import Admitted, admit, read_authorized
from .server import GameServer, until_stopped
from .spawn import Session, SpawnError, WarmChild, WarmParent, become_subreaper, spawn_fresh
from .tables import record_refusal
from .terminal import clamp_size, clean_term, client_env

log = logging.getLogger(__name__)

NO_PTY_KEY = ("mare-nostrum: this key may not open a terminal (its authorized-keys line "
              "says restrict or no-pty), and the game needs one\r\n")


class SSHError(Exception):
    """A one-line reason serve-ssh cannot start."""


def load_host_key(path: Path) -> asyncssh.SSHKey:
    """The host key, created (0600) if the file does not exist."""
    if not path.exists():
        key = asyncssh.generate_private_key("ssh-ed25519")
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(key.export_private_key())
        print(f"mare-nostrum: created host key {path}: "
              f"{key.get_fingerprint('sha256')}", flush=True)
        log.info("created host key %s: %s", path, key.get_fingerprint("sha256"))
        return key
    try:
        return asyncssh.read_private_key(str(path))
    except (OSError, asyncssh.KeyImportError) as e:
        raise SSHError(f"{path}: not a usable host key ({e})") from None


def display_name(text: str) -> str:
    name = "".join(ch for ch in text if unicodedata.category(ch)[0] not in "CZ" or ch == " ")
    return name.strip()[:32] or "player"


class Door(asyncssh.SSHServer):
    """One SSH connection: who it is, and the game session it may open."""

    def __init__(self, front: SSHFront) -> None:
        self.front = front
        self.username = ""
        self.admitted: Admitted | None = None  # the key let in, and its line's options
        self.identity = ""
        self.name = ""
        self.guest = False
        self.address = ""
        self.offered = ""  # the fingerprint of the last key the client offered
        self.logged_in = False
        self.conn: asyncssh.SSHServerConnection | None = None
        self.no_session: asyncio.TimerHandle | None = None  # ends a login that opens nothing

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else ""

    def connection_lost(self, exc: Exception | None) -> None:
        if self.no_session is not None:
            self.no_session.cancel()
        if self.logged_in:
            return
        # one line per login that never got in: the last key it offered, if any
        if self.offered:
            log.warning("login: key %s from %s, refused (not admitted by the authorized "
                        "keys)", self.offered, self.address or "?")
        else:
            log.info("login: no key from %s, refused (gone before logging in)",
                     self.address or "?")

    def begin_auth(self, username: str) -> bool:
        self.username = username
        self.authorized = read_authorized(self.front.authorized_keys)
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # asyncssh checks the signature right after this call, so the key of the last
        # call before auth_completed is the one the client proved it holds
        self.offered = key.get_fingerprint("sha256")
        if self.front.open:
            self.admitted = Admitted(key, {})
            return True
        self.admitted = admit(self.authorized, key, self.address)
        return self.admitted is not None

    def kbdint_auth_supported(self) -> bool:
        return self.front.open  # keyless guests, who may only watch

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str
                             ) -> tuple[str, str, str, list[tuple[str, bool]]]:
        return ("Mare Nostrum", "Without a key you may watch the tables (connect with an "
                "SSH key to play).", "", [("Press Enter to watch: ", True)])

    def validate_kbdint_response(self, username: str, responses: Sequence[str]) -> bool:
        self.guest = True  # any answer: a guest is nobody in particular
        return True

    def password_auth_supported(self) -> bool:
        return self.front.open  # clients that offer only a password: guests too

    def validate_password(self, username: str, password: str) -> bool:
        self.guest = True
        return True

    def auth_completed(self) -> None:
        self.logged_in = True
        within = self.front.limits.session_within
        if within:
            self.no_session = asyncio.get_running_loop().call_later(within, self._unused,
                                                                    within)
        if self.guest:
            tag = secrets.token_hex(3)
            self.identity, self.name = f"guest:{tag}", f"guest-{tag}"
            log.info("login: no key (guest %s) from %s, accepted to watch", self.name,
                     self.address or "?")
            return
        assert self.admitted is not None
        key = self.admitted.key
        self.identity = key.get_fingerprint("sha256")
        # an open server's account names the key (claimed on its first connection)
        self.name = "" if self.front.open else display_name(key.get_comment() or self.username)
        log.info("login: key %s (%s) from %s, accepted", self.identity,
                 self._known_as(), self.address or "?")

    def _known_as(self) -> str:
        if not self.front.open:
            return self.name
        account = self.front.server.accounts.identity_of(self.identity)
        return account[1] if account is not None else "a new key, no name yet"

    def _unused(self, within: float) -> None:
        log.info("connection of %s from %s closed: no session within %g s",
                 self.identity or "?", self.address or "?", within)
        if self.conn is not None:
            self.conn.close()

    def session_requested(self) -> DoorSession:
        if self.no_session is not None:
            self.no_session.cancel()
            self.no_session = None
        return DoorSession(self.front, self.identity, self.name, guest=self.guest,
                           address=self.address, admitted=self.admitted)


class DoorSession(asyncssh.SSHServerSession[bytes]):  # bytes: no encoding (`listen`)
    """The app in a pseudo-terminal, wired to the SSH channel."""

    def __init__(self, front: SSHFront, identity: str, name: str, *, guest: bool = False,
                 address: str = "", admitted: Admitted | None = None) -> None:
        self.front = front
        self.admitted = admitted  # None for a guest
        self.identity = identity
        self.name = name
        self.guest = guest
        self.address = address
        self.sid = secrets.token_hex(8)  # how the game server knows this session
        self.last_input = time.monotonic()
        self.term = ""
        self.size = (80, 24)
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.master: int | None = None
        self.child: subprocess.Popen[bytes] | WarmChild | None = None
        self.args: list[str] = []  # `join`'s arguments for a command (straight to a table)
        self.record: int | None = None  # `record N`: the door writes that table's save
        self.refusal = ""  # a command that is not one of ours: said, then exit status 2
        self.reading = False  # the app's terminal is read (its output goes to the client)

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Mapping[int, int]) -> bool:
        if self.admitted is not None and not self.admitted.permits("pty"):
            return True  # said in words when the session starts
        self.term = clean_term(term_type)
        if term_size[0] and term_size[1]:
            self.size = clamp_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        forced = self.admitted.forced_command if self.admitted is not None else None
        return True if forced is None else self.exec_requested(forced)

    def exec_requested(self, command: str) -> bool:
        forced = self.admitted.forced_command if self.admitted is not None else None
        try:
            verb, table = parse(command if forced is None else forced)
        except CommandError as e:
            self.refusal = str(e)
            return True  # accepted, so a refusal is said in words and an exit status
        if verb == RECORD:
            self.record = table
        else:
            self.args = join_args(verb, table)
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False  # no SFTP, no anything

    def session_started(self) -> None:
        if self.refusal:
            self._say(self.refusal + "\r\n", stderr=True)
            self._end(2)
            return
        ban = None if self.guest else self.front.server.banned(self.identity, self.name)
        if ban is not None:
            log.info("session of %s from %s refused: banned (%s)", self.identity,
                     self.address or "?", ban.shown)
            self._say(f"mare-nostrum: {ban_refusal(ban)}\r\n", stderr=True)
            self._end(1)
            return
        if self.record is not None:
            self._send_record(self.record)
            return
        if self.admitted is not None and not self.admitted.permits("pty"):
            assert self.chan is not None  # (opened before the session starts)
            self.chan.write_stderr(NO_PTY_KEY.encode())
            self.chan.exit(1)
            return
        if not self.term:
            self._say(NEEDS_TTY)
            self._end(1)
            return
        why = lim.refusal(self.front.limits, "" if self.guest else self.identity,
                          self.address, [("" if s.guest else s.identity, s.address)
                                         for s in self.front.sessions])
        if why is not None:
            log.info("session of %s from %s refused: %s", self.identity, self.address or "?",
                     why)
            self._say(f"mare-nostrum: {why}\r\n")
            self._end(1)
            return
        self._spawn()

    def _send_record(self, tid: int) -> None:
        """`record N`: the finished table's save file on standard output, for its
        players; anyone else is told why in one line. A table another server plays (several
        hosts) is read from its last save in the database."""
        server = self.front.server
        account = server.accounts.identity_of(self.identity) if self.front.open else None
        identity = account[0] if account is not None else self.identity
        table = server.tables.get(tid)
        data = b""
        if self.guest:
            why: str | None = "without a key you have no seat, so no record"
        elif table is not None:
            why = table.record_refusal(identity)
            data = b"" if why is not None else table.encoded()
        elif server.hosts is not None and (elsewhere := server.hosts.saved(tid)) is not None:
            row, data, save = elsewhere
            why = record_refusal(tid, save.state.phase == "over" or bool(row.closed),
                                 any(s.identity == identity for s in row.seats))
        else:
            why = f"no table {tid}"
        if why is not None:
            log.info("record of table %s refused to %s: %s", tid, self.identity, why)
            self._say(f"mare-nostrum: {why}\r\n", stderr=True)
            self._end(1)
            return
        log.info("record of table %s sent to %s (%s bytes)", tid, self.identity, len(data))
        self._say(data)
        self._end(0)

    # --- the channel: a client may be gone at any moment ----------------------------------
    def _open(self) -> bool:
        return self.chan is not None and not self.chan.is_closing()

    def _say(self, text: str | bytes, *, stderr: bool = False) -> bool:
        """Send to the client; False when the channel is closed (the client went away)."""
        if not self._open():
            return False
        assert self.chan is not None
        data = text.encode() if isinstance(text, str) else text
        try:
            (self.chan.write_stderr if stderr else self.chan.write)(data)
        except OSError:  # closed between the check and the write
            return False
        return True

    def _end(self, code: int) -> None:
        """The session's exit status, and the channel closes (unless it already has)."""
        if self._open():
            assert self.chan is not None
            with contextlib.suppress(OSError):
                self.chan.exit(code)

    def _spawn(self) -> None:
        master, slave = os.openpty()
        self.master = master
        _set_size(slave, *self.size)
        env = {"TERM": self.term, "LANG": "C.UTF-8", "LC_CTYPE": "C.UTF-8",
               "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
               "HOME": os.environ.get("HOME", "/"),
               TOKEN_ENV: self.front.server.issue_token(
                   self.identity, self.name, key="" if self.guest else self.identity,
                   open=self.front.open and not self.guest, guest=self.guest,
                   session=self.sid, address=self.address)}
        if "256color" in self.term or "truecolor" in self.term:
            env["COLORTERM"] = "truecolor"
        here = self.chan.get_extra_info("sockname") if self.chan is not None else None
        if here:  # how the player reaches this door again (`record N` in the lobby)
            env[DOOR_ENV] = f"ssh -p {here[1]} {here[0]}"
        for key in ("PYTHONPATH", "VIRTUAL_ENV"):
            if key in os.environ:
                env[key] = os.environ[key]
        env.update(client_env(self.chan.get_environment() if self.chan is not None else {}))
        argv = ["join", *self.args, "--socket", str(self.front.socket),
                "--data", str(self.front.data)]
        try:
            self.child = self.front.start(Session(argv, env, lim.rlimits(self.front.limits),
                                                  slave))
        except SpawnError as e:
            log.error("the session of %s could not start: %s", self.identity, e)
            os.close(slave)
            os.close(master)
            self.master = None
            assert self.chan is not None
            self.chan.write(f"mare-nostrum: the session could not start ({e})\r\n".encode())
            self.chan.exit(1)
            return
        os.close(slave)
        os.set_blocking(master, False)
        asyncio.get_running_loop().add_reader(master, self._from_app)
        self.reading = True
        self.front.sessions.add(self)

    def _from_app(self) -> None:
        if self.master is None:
            return
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if data:
            if not self._say(data):  # the client went away: its app is ended with it
                self._stop_reading()
            return
        self._stop_reading()
        asyncio.get_running_loop().create_task(self._app_ended())

    def _stop_reading(self) -> None:
        """No more reading from the app's terminal (its end, or the client's)."""
        if self.master is not None and self.reading:
            self.reading = False
            with contextlib.suppress(Exception):  # the loop may be closing
                asyncio.get_running_loop().remove_reader(self.master)

    async def _app_ended(self) -> None:
        code = await asyncio.get_running_loop().run_in_executor(None, self._reap)
        self._end(code if code >= 0 else 1)

    def _reap(self) -> int:
        if self.child is None:
            return 0
        try:
            return self.child.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._kill()
            return self.child.wait()

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self.last_input = time.monotonic()
        if self.master is not None:
            with contextlib.suppress(OSError):
                os.write(self.master, data if isinstance(data, bytes) else data.encode())

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        if self.master is not None and width and height:
            _set_size(self.master, *clamp_size(width, height))

    def break_received(self, msec: int) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        """The channel closed (the client left or vanished): the app ends with it."""
        self._kill()
        self.front.sessions.discard(self)

    def idle_out(self, seconds: float) -> None:
        """End a session idle in the lobby, with one line saying why."""
        self.end_with(f"mare-nostrum: idle in the lobby for {seconds:g} seconds: goodbye.", 0)

    def end_with(self, line: str, code: int) -> None:
        """End the session: its app stopped, the terminal put back, one line said."""
        self._kill()
        self.front.sessions.discard(self)
        # the app could not put the terminal back: leave its screen, show the cursor
        self._say(b"\x1b[?1049l\x1b[?1000l\x1b[?1003l\x1b[?1006l\x1b[?25h\r\n"
                  + f"{line}\r\n".encode())
        self._end(code)

    def _kill(self) -> None:
        self._stop_reading()
        if self.child is not None and self.child.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.child.pid, signal.SIGHUP)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.child.wait(timeout=2)
            if self.child.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.child.pid, signal.SIGKILL)
        if self.master is not None:
            with contextlib.suppress(OSError):
                os.close(self.master)
            self.master = None


def _set_size(fd: int, width: int, height: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


class SSHFront:
    def __init__(self, server: GameServer, socket: Path, data: Path,
                 authorized_keys: Path | None, *, open: bool = False,
                 limits: lim.Limits | None = None, warm: WarmParent | None = None) -> None:
        self.server = server
        self.warm = warm  # None: each session a fresh Python (`--spawn fresh`)
        self.socket = socket
        self.data = data
        self.authorized_keys = authorized_keys or Path("/nonexistent")
        self.open = open
        self.limits = limits or lim.Limits()
        self.sessions: set[DoorSession] = set()

    async def watch_idle(self, clock: Callable[[], float] = time.monotonic) -> None:
        """End the sessions idle in the lobby, until cancelled."""
        idle = self.limits.idle
        if not idle:
            return
        while True:
            await asyncio.sleep(lim.idle_check_every(self.limits))
            now = clock()
            for s in list(self.sessions):
                if now - s.last_input >= idle and not self.server.holds_seat(s.sid):
                    s.idle_out(idle)

    async def listen(self, host: str, port: int, host_key: asyncssh.SSHKey) -> asyncssh.SSHAcceptor:
        return await asyncssh.create_server(
            lambda: Door(self), host, port, server_host_keys=[host_key],
            encoding=None, line_editor=False, allow_scp=False, sftp_factory=None,
            agent_forwarding=False, x11_forwarding=False, password_auth=self.open,
            kbdint_auth=self.open, login_timeout=60)

    def drop(self, session: str, line: str) -> bool:
        """End the session the game server knows as `session` (the host's kick or ban),
        its client told `line`; False when there is no such session."""
        for s in list(self.sessions):
            if s.sid == session:
                s.end_with(line, 1)
                return True
        return False

    def start(self, session: Session) -> subprocess.Popen[bytes] | WarmChild:
        """A session's process: forked from the warm parent, or a fresh Python."""
        return spawn_fresh(session) if self.warm is None else self.warm.spawn(session)

    def close(self) -> None:
        for s in list(self.sessions):
            s._kill()
        if self.warm is not None:
            self.warm.close()


async def serve_ssh(*, data: Path, socket: Path, host: str, port: int, host_key: Path,
                    authorized_keys: Path | None, bot_delay: float = 0.3, open: bool = False,
                    limits: lim.Limits | None = None, spawn: str = "warm",
                    away: AwayConfig | None = None, database: str | None = None,
                    peers: str = "", peer_address: str = "", max_tables: int = 0) -> None:
    """The game server and its SSH door, until cancelled (`open`: any key comes in;
    `spawn`: how sessions' processes start, "warm" or "fresh", tui.net.spawn; `away`:
    the notices to players away, tui.net.away)."""
    key = load_host_key(host_key)
    if not open and (authorized_keys is None or not authorized_keys.is_file()):
        raise SSHError(f"{authorized_keys}: no such authorized-keys file")
    warm = WarmParent() if spawn == "warm" else None
    if warm is not None:
        become_subreaper()  # sessions of a warm parent that dies become the door's
        warm.start()  # first, while the door has no threads yet
    server = GameServer(data, bot_delay=bot_delay, away=away, database=database, peers=peers,
                        peer_address=peer_address, max_tables=max_tables)
    # (several hosts: tui.net.hosts)
    path = await server.start(socket)
    front = SSHFront(server, path, server.data, authorized_keys, open=open, limits=limits,
                     warm=warm)
    server.door = front
    try:
        listener = await front.listen(host, port, key)
    except OSError as e:
        if warm is not None:
            warm.close()
        await server.close()
        raise SSHError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    started = (f"SSH door on {host}:{port}{' (open to any key)' if open else ''}, host key "
               f"{key.get_fingerprint('sha256')}, game server on {path}")
    print(f"mare-nostrum: {started}", flush=True)
    log.info("started: %s", started)
    idle = asyncio.get_running_loop().create_task(front.watch_idle())
    try:
        await until_stopped()
    finally:
        idle.cancel()
        listener.close()
        front.close()
        await server.close()
        log.info("stopped")
