"""How the SSH door starts a session's process: forked from the warm parent
(tui.net.warm, the default) or as a fresh Python (`serve-ssh --spawn fresh`, kept for
comparison).

Either way the door gets a handle with Popen's surface that ssh.py uses: `pid`, `poll()`,
`wait(timeout)`; the session's process leads its own process group, so the door ends it
with killpg whichever way it started.

The door is made a child subreaper: if the warm parent dies (it is restarted on the next
session), its children (sessions still playing) become the door's, which then waits for
them itself.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import itertools
import os
import socket
import subprocess
import sys
import threading
import time

import msgspec

from .warm_messages import MAX_MESSAGE, Spawn, Started, decode_to_door, encode, returncode

SPAWN_WAYS = ("warm", "fresh")
_PR_SET_CHILD_SUBREAPER = 36
START_TIMEOUT = 10.0  # seconds for the warm parent to answer a request
GONE = "the warm parent ended"


class SpawnError(Exception):
    """The session's process could not be started."""


class Session:
    """What is started: `mare-nostrum`'s arguments, the whole environment, the limits,
    and the pseudo-terminal's slave end."""

    def __init__(self, argv: list[str], env: dict[str, str], rlimits: list[tuple[int, int]],
                 slave: int) -> None:
        self.argv = argv
        self.env = env
        self.rlimits = rlimits
        self.slave = slave


class WarmChild:
    """A session's process forked by the warm parent, seen through Popen's surface."""

    def __init__(self, pid: int, parent: WarmParent, sock: socket.socket) -> None:
        self.pid = pid
        self.parent = parent
        self.sock = sock  # the connection of the warm parent that forked it
        self.returncode: int | None = None
        self.ended = threading.Event()

    def _ended(self, code: int) -> None:
        if self.returncode is None:
            self.returncode = code
        self.ended.set()

    def poll(self) -> int | None:
        if self.returncode is None and not self.parent.alive_for(self):
            self._wait_orphan()
        return self.returncode

    def _wait_orphan(self) -> None:
        """The warm parent is gone: this process is (or is about to be) the door's."""
        try:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
        except ChildProcessError:
            if not _exists(self.pid):  # reaped before the parent could say so
                self._ended(0)
            return
        if pid:
            self._ended(returncode(status))

    def wait(self, timeout: float | None = None) -> int:
        end = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            left = None if end is None else end - time.monotonic()
            if left is not None and left <= 0:
                raise subprocess.TimeoutExpired(["warm child"], timeout or 0)
            self.ended.wait(0.05 if left is None else min(left, 0.05))
        assert self.returncode is not None
        return self.returncode


def _exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def become_subreaper() -> None:
    """Orphaned sessions (their warm parent killed) become this process's children."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


class Birth:
    """A request to the warm parent, until it answers."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.child: WarmChild | None = None
        self.error = ""


class WarmParent:
    """The door's end of the warm parent: starts it (again, if it died), asks it for
    children, and hears of their ends on a thread of its own."""

    def __init__(self, python: str = sys.executable) -> None:
        self.python = python
        self.proc: subprocess.Popen[bytes] | None = None
        self.sock: socket.socket | None = None
        self.children: dict[int, WarmChild] = {}  # of the running parent, by pid
        self.births: dict[int, Birth] = {}
        self.lock = threading.Lock()
        self.requests = itertools.count(1)
        self.restarts = 0  # warm parents started after the first

    def start(self) -> None:
        """Start the warm parent (call before the door starts any thread)."""
        door_end, parent_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8",
               "LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8"}
        for key in ("PYTHONPATH", "VIRTUAL_ENV"):
            if key in os.environ:
                env[key] = os.environ[key]
        if self.proc is not None:
            self.restarts += 1
        self.proc = subprocess.Popen(
            [self.python, "-m", "tui.net.warm", str(parent_end.fileno())],
            pass_fds=[parent_end.fileno()], env=env, stdin=subprocess.DEVNULL,
            start_new_session=True, close_fds=True)
        parent_end.close()
        with self.lock:
            self.sock = door_end
        threading.Thread(target=self._listen, args=(door_end,), daemon=True,
                         name="warm-parent").start()

    def alive_for(self, child: WarmChild) -> bool:
        with self.lock:
            return self.children.get(child.pid) is child and child.sock is self.sock

    def _listen(self, sock: socket.socket) -> None:
        while True:
            try:
                data = sock.recv(MAX_MESSAGE)
            except OSError:
                data = b""
            if not data:
                break
            msg = decode_to_door(data)
            with self.lock:
                if isinstance(msg, Started):
                    birth = self.births.get(msg.request)
                    if birth is None:
                        continue
                    if msg.pid:
                        birth.child = WarmChild(msg.pid, self, sock)
                        self.children[msg.pid] = birth.child
                    else:
                        birth.error = msg.error
                    birth.done.set()
                else:
                    child = self.children.get(msg.pid)
                    if child is not None and child.sock is sock:
                        del self.children[msg.pid]
                        child._ended(msg.status)
        # the parent is gone: its children become the door's (subreaper), waited on by pid
        with self.lock:
            if self.sock is sock:
                self.sock = None
            orphans = [c for c in self.children.values() if c.sock is sock]
            for c in orphans:
                del self.children[c.pid]
            for birth in self.births.values():
                if not birth.done.is_set():
                    birth.error = GONE
                    birth.done.set()
        for c in orphans:
            c.ended.set()  # wake waiters: they look for the process themselves now
        with contextlib.suppress(Exception):
            sock.close()

    def _running(self) -> socket.socket:
        with self.lock:
            sock = self.sock
        if sock is None or self.proc is None or self.proc.poll() is not None:
            if self.proc is not None and self.proc.poll() is None:
                self.proc.kill()  # its socket closed but it lingers: replace it
            if self.proc is not None:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self.proc.wait(timeout=2)
            self.start()
            with self.lock:
                sock = self.sock
        assert sock is not None
        return sock

    def spawn(self, session: Session) -> WarmChild:
        for _ in range(2):  # a parent that dies right now is replaced once
            sock = self._running()
            request = next(self.requests)
            birth = Birth()
            with self.lock:
                self.births[request] = birth
            msg = Spawn(request=request, argv=session.argv, env=session.env,
                             rlimits=session.rlimits)
            try:
                socket.send_fds(sock, [encode(msg)], [session.slave])
                answered = birth.done.wait(START_TIMEOUT)
            except OSError as e:
                if e.errno not in (errno.EPIPE, errno.ECONNRESET, errno.EBADF, errno.ENOTCONN):
                    raise SpawnError(str(e)) from None
                answered, birth.error = True, GONE
            finally:
                with self.lock:
                    self.births.pop(request, None)
            if not answered:
                raise SpawnError("the warm parent did not answer")
            if birth.child is not None:
                return birth.child
            if birth.error != GONE:
                raise SpawnError(birth.error)
            with self.lock:
                if self.sock is sock:
                    self.sock = None
        raise SpawnError("the warm parent could not be started")

    def close(self) -> None:
        with self.lock:
            sock, self.sock = self.sock, None
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        if self.proc is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=5)
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait(timeout=5)


def spawn_fresh(session: Session) -> subprocess.Popen[bytes]:
    """A fresh Python for the session (the way before the warm parent). No preexec_fn (the
    door has threads): the new process takes its terminal and limits itself (tui.net.fresh)."""
    limits = msgspec.json.encode(session.rlimits).decode()
    cmd = [sys.executable, "-m", "tui.net.fresh", limits, *session.argv]
    return subprocess.Popen(cmd, stdin=session.slave, stdout=session.slave,
                            stderr=session.slave, env=session.env, start_new_session=True,
                            close_fds=True)

