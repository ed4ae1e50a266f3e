"""The warm parent: one small process that has already imported Textual, the app, the lobby
and the engine, and forks a session's process on the SSH door's request.

A fresh Python per session pays the imports again (time) and holds its own copy of every
module (memory). A child forked from this parent shares the parent's pages until it writes
to them; the collector is frozen before the first fork so that collecting in a child does
not touch (and so copy) the parent's objects.

The door starts this process once, before it starts any thread, as
`python -m tui.net.warm FD` with a clean environment and one end of a socket pair as FD.
The parent has no threads, so the child may safely set its session up after the fork:
a session of its own, the pseudo-terminal as its stdin/stdout/stderr and controlling
terminal, the resource limits, and exactly the door's filtered environment; then it runs
`mare-nostrum join` and exits with its status. The parent answers each request with the
child's pid (Started) and tells the door when a child has exited (Exited).

Messages are msgspec Structs, one per datagram of the SOCK_SEQPACKET pair; a request
carries the pseudo-terminal's slave end as SCM_RIGHTS.
"""

from __future__ import annotations

import fcntl
import gc
import os
import selectors
import signal
import socket
import sys
import termios
import threading

import msgspec

MAX_MESSAGE = 1 << 16


class Spawn(msgspec.Struct, tag=True):
    """Door -> parent: start a session's process (its slave pty goes along as a file)."""
    request: int
    argv: list[str]  # `mare-nostrum`'s arguments: ['join', '3', '--socket', ...]
    env: dict[str, str]  # the whole environment of the child
    rlimits: list[tuple[int, int]]  # (resource, limit) as tui.net.limits.rlimits gives


class Started(msgspec.Struct, tag=True):
    """Parent -> door: the child of `request` runs as `pid` (0 and `error` if it could not)."""
    request: int
    pid: int
    error: str = ""


class Exited(msgspec.Struct, tag=True):
    """Parent -> door: the child `pid` has ended with `status` (as Popen's returncode)."""
    pid: int
    status: int


ToParent = Spawn
ToDoor = Started | Exited
_to_parent = msgspec.msgpack.Decoder(ToParent)
_to_door = msgspec.msgpack.Decoder(ToDoor)
_encoder = msgspec.msgpack.Encoder()


def encode(msg: Spawn | Started | Exited) -> bytes:
    return _encoder.encode(msg)


def decode_to_door(data: bytes) -> Started | Exited:
    return _to_door.decode(data)


def returncode(status: int) -> int:
    """A wait status as Popen's returncode: the exit code, or minus the signal."""
    if os.WIFSIGNALED(status):
        return -os.WTERMSIG(status)
    return os.WEXITSTATUS(status)


# what every session imports after it starts, found by listing the modules a lobby and a
# table add: Textual's terminal driver and parsers, its layouts, Rich's cell widths
_LATER = ("textual.drivers.linux_driver", "textual.drivers._writer_thread",
          "textual._xterm_parser", "textual._keyboard_protocol", "textual.layouts.factory",
          "textual.layouts.horizontal", "textual.layouts.stream", "textual.scrollbar",
          "concurrent.futures.thread", "getpass", "tty")
# the app's own packages, whole: the lobby, the table's screens, widgets and dialogs
_PACKAGES = ("tui.screens", "tui.widgets", "tui.decisions", "tui.sessions", "themes",
             "engine")


def preload() -> None:
    """Import what every session needs and build what is built once (the card data, the
    board, Rich's tables of character widths), so that children share it instead of each
    building its own."""
    import importlib
    import pkgutil

    import rich.cells

    import tui.app
    import tui.cli
    import tui.commands
    import tui.net.client  # noqa: F401
    for name in _LATER:
        importlib.import_module(name)
    for name in _PACKAGES:
        package = importlib.import_module(name)
        for info in pkgutil.walk_packages(package.__path__, name + "."):
            importlib.import_module(info.name)
    rich.cells.cell_len("Mare Nostrum — ★")  # loads the width tables
    _warm_up()


def _warm_up() -> None:
    """Draw the lobby once, headless (with no server: it says so): the code a session
    runs is then specialized by the interpreter and the caches of Textual and Rich are
    filled here, once, rather than written to (so copied) in every child."""
    from textual.pilot import Pilot

    from tui.app import MareNostrumApp
    from tui.net.client import Client, RemoteError
    from tui.screens.lobby import LobbyScreen

    async def no_server() -> Client:
        raise RemoteError("warming up")

    async def drawn(pilot: Pilot[object]) -> None:
        await pilot.pause()
        await pilot.pause(0.05)
        pilot.app.exit()

    app = MareNostrumApp(first_screen=LobbyScreen(no_server), autosave=False)
    app.run(headless=True, size=(80, 24), auto_pilot=drawn)


def _child(sock: socket.socket, msg: Spawn, slave: int) -> None:
    """In the forked child: become the session's process, run `join`, never return."""
    code = 1
    try:
        sock.close()
        signal.set_wakeup_fd(-1)
        # a hang-up ends the session whatever the server was started under (nohup, a
        # background job: ignored signals pass through fork and exec alike)
        for sig in (signal.SIGCHLD, signal.SIGHUP, signal.SIGTERM, signal.SIGQUIT):
            signal.signal(sig, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        os.setsid()
        for fd in (0, 1, 2):
            os.dup2(slave, fd)
        if slave > 2:
            os.close(slave)
        # the pty as controlling terminal: resizes reach the app as SIGWINCH
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
        from . import limits as lim
        lim.apply_rlimits(msg.rlimits)
        os.environ.clear()
        os.environ.update(msg.env)
        gc.enable()
        from tui.cli import main
        sys.argv = ["mare-nostrum", *msg.argv]
        code = main(msg.argv)
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    except BaseException as e:  # noqa: BLE001 - a child never returns into the parent's loop
        with open(2, "w", closefd=False) as err:
            err.write(f"mare-nostrum: session failed to start: {type(e).__name__}: {e}\n")
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:  # noqa: BLE001
                pass
        os._exit(code)


def _reap(sock: socket.socket) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        sock.send(encode(Exited(pid=pid, status=returncode(status))))


def _serve(sock: socket.socket) -> None:
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    os.set_blocking(wake_r, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # the wakeup fd does the work
    sel = selectors.DefaultSelector()
    sel.register(sock, selectors.EVENT_READ)
    sel.register(wake_r, selectors.EVENT_READ)
    while True:
        for key, _ in sel.select():
            if key.fileobj == wake_r:
                while True:
                    try:
                        if not os.read(wake_r, 512):
                            break
                    except BlockingIOError:
                        break
                _reap(sock)
                continue
            data, fds, _flags, _addr = socket.recv_fds(sock, MAX_MESSAGE, 1)
            if not data:
                return  # the door has gone: so does the parent (its children stay)
            msg = _to_parent.decode(data)
            if not fds:
                sock.send(encode(Started(request=msg.request, pid=0, error="no terminal")))
                continue
            slave = fds[0]
            pid = os.fork()
            if pid == 0:
                _child(sock, msg, slave)
            os.close(slave)
            sock.send(encode(Started(request=msg.request, pid=pid)))
        _reap(sock)


def main(argv: list[str]) -> int:
    sock = socket.socket(fileno=int(argv[0]))
    gc.disable()  # no collection while importing: the survivors are frozen below
    preload()
    if threading.active_count() != 1:  # forking with threads is not safe: say so, stop
        print("mare-nostrum: the warm parent has threads after loading: not forking",
              file=sys.stderr)
        return 1
    # what is imported now is shared by every child: keep the collector off it
    gc.collect()
    gc.freeze()
    try:
        _serve(sock)
    except (BrokenPipeError, ConnectionResetError):
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
