"""The networked-play subcommands of `mare-nostrum`:

    mare-nostrum serve [--socket PATH] [--data DIR] [--restore BACKUP]
                                                           the game server alone (local users)
    mare-nostrum serve-ssh --port PORT --host-key FILE --authorized-keys FILE [--data DIR]
                                                           the game server behind an SSH door
    mare-nostrum serve-ssh --port PORT --host-key FILE --open [limits...]
                                                           ... open to any key (names claimed)
    mare-nostrum join [TABLE] [--watch|--replay] [--socket PATH]
                                                           the lobby (or a table) of a server

Textual, asyncssh and the server are imported inside the run functions only, so headless
commands start fast and the engine works without the optional extras.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

MAX_TABLES = 10  # unfinished tables of one player's making, by default


def _data_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--data", type=Path, default=None, metavar="DIR",
                   help="the server's data directory (registry, table saves); default: "
                        "the user data directory's 'server'")


def _add_serve(p: argparse.ArgumentParser) -> None:
    p.add_argument("--socket", type=Path, default=None, metavar="PATH",
                   help="the Unix socket clients connect to (default: DATA/server.sock)")
    _data_arg(p)
    p.add_argument("--bot-delay", type=float, default=0.3, metavar="SECONDS",
                   help="pause before each computer player's move")
    p.add_argument("--max-tables-per-key", type=int, default=MAX_TABLES, metavar="N",
                   help="unfinished tables one player may have created at once (0: no "
                        f"limit; default {MAX_TABLES})")
    p.add_argument("--restore", type=Path, default=None, metavar="BACKUP",
                   help="first bring back a backup made by `admin backup` (what the data "
                        "directory held is moved aside)")
    from tui.net.logs import LOG_KEEP, LOG_NAME, LOG_SIZE_MB
    g = p.add_argument_group("the log (logins, tables, refused frames, errors with their "
                             "tracebacks; the console shows one line per start and per error)")
    g.add_argument("--log-file", type=Path, default=None, metavar="FILE",
                   help=f"where the log goes (default: DATA/{LOG_NAME})")
    g.add_argument("--log-size", type=float, default=LOG_SIZE_MB, metavar="MB",
                   help=f"size at which the log file is rotated (default {LOG_SIZE_MB})")
    g.add_argument("--log-keep", type=int, default=LOG_KEEP, metavar="N",
                   help=f"rotated log files kept (default {LOG_KEEP})")


def _add_serve_ssh(p: argparse.ArgumentParser) -> None:
    _add_serve(p)
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--host", default="127.0.0.1", help="address to listen on")
    p.add_argument("--host-key", type=Path, required=True, metavar="FILE",
                   help="the server's private host key (created if missing)")
    p.add_argument("--authorized-keys", type=Path, default=None, metavar="FILE",
                   help="the public keys of the people allowed in, one per line "
                        "(required unless --open)")
    p.add_argument("--open", action="store_true",
                   help="let any key in (it claims a display name on first connect); "
                        "keyless users may watch")
    p.add_argument("--spawn", choices=("warm", "fresh"), default="warm",
                   help="how each session's process starts: forked from a parent that has "
                        "the app loaded (warm, the default) or a fresh Python (fresh)")
    from tui.net.limits import Limits
    d = Limits()
    g = p.add_argument_group("limits of a public server")
    g.add_argument("--max-sessions-per-key", type=int, default=d.per_key, metavar="N",
                   help=f"sessions of one key at once (0: no limit; default {d.per_key})")
    g.add_argument("--max-sessions-per-address", type=int, default=d.per_address,
                   metavar="N", help="sessions from one address at once (0: no limit; "
                                     f"default {d.per_address})")
    g.add_argument("--idle-timeout", type=float, default=d.idle, metavar="SECONDS",
                   help="end a session idle in the lobby (never one seated at a table; "
                        f"0: never; default {d.idle:g})")
    g.add_argument("--session-within", type=float, default=d.session_within,
                   metavar="SECONDS", help="a connection that logs in and opens no session "
                   f"in this time is closed (0: never; default {d.session_within:g})")
    g.add_argument("--limit-memory", type=int, default=d.memory_mb, metavar="MB",
                   help=f"address space of each session's process (default {d.memory_mb})")
    g.add_argument("--limit-files", type=int, default=d.files, metavar="N",
                   help=f"open files of each session's process (default {d.files})")
    g.add_argument("--limit-processes", type=int, default=d.processes, metavar="N",
                   help="processes and threads of the server's user as each session's "
                        f"process sees them (default {d.processes})")


def _add_join(p: argparse.ArgumentParser) -> None:
    p.add_argument("table", nargs="?", type=int, default=None, help="go straight to a table")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--watch", action="store_true", help="watch the table instead of sitting")
    how.add_argument("--replay", action="store_true",
                     help="the replay of a finished table")
    p.add_argument("--socket", type=Path, default=None, metavar="PATH")
    _data_arg(p)
    p.add_argument("--theme", default=None)


def _paths(args: argparse.Namespace) -> tuple[Path, Path]:
    from tui.net.server import default_data_dir, default_socket
    data = args.data or default_data_dir()
    return data, args.socket or default_socket(data)


def _start_log(args: argparse.Namespace, data: Path) -> bool:
    """The server's log (tui.net.logs); False, said in one line, when it cannot be opened."""
    from tui.net.logs import LOG_NAME, start_log
    path = args.log_file or data / LOG_NAME
    try:
        start_log(path, size_mb=args.log_size, keep=args.log_keep)
    except OSError as e:
        print(f"mare-nostrum: cannot write the log {path}: {e.strerror or e}", file=sys.stderr)
        return False
    return True


def _stopped_by(e: BaseException) -> int:
    """A server stopped by an error: one line on the console, the traceback in the log."""
    import logging
    logging.getLogger(__name__).critical("the server stopped", exc_info=e)
    return 1


def run_serve(args: argparse.Namespace) -> int:
    import asyncio
    import logging

    from tui.net.server import serve

    from .admin import prepare_data
    data, socket = _paths(args)
    refused = prepare_data(data, socket, args.restore)
    if refused:
        return refused
    if not _start_log(args, data):
        return 1

    def ready(server, path) -> None:
        started = f"game server on {path} ({len(server.tables)} tables)"
        print(f"mare-nostrum: {started}", flush=True)
        logging.getLogger(__name__).info("started: %s", started)

    try:
        asyncio.run(serve(data, socket, bot_delay=args.bot_delay,
                          max_tables=args.max_tables_per_key, ready=ready))
    except Exception as e:  # noqa: BLE001  (said in one line; the traceback is logged)
        return _stopped_by(e)
    logging.getLogger(__name__).info("stopped")
    return 0


def run_serve_ssh(args: argparse.Namespace) -> int:
    import asyncio

    try:
        from tui.net.ssh import SSHError, serve_ssh
    except ImportError:
        print("mare-nostrum: serve-ssh needs asyncssh: pip install 'mare-nostrum[ssh]'",
              file=sys.stderr)
        return 1
    from tui.net.limits import Limits
    if args.authorized_keys is None and not args.open:
        print("mare-nostrum: serve-ssh needs --authorized-keys FILE (or --open)",
              file=sys.stderr)
        return 2
    limits = Limits(per_key=args.max_sessions_per_key,
                    per_address=args.max_sessions_per_address, idle=args.idle_timeout,
                    session_within=args.session_within,
                    memory_mb=args.limit_memory, files=args.limit_files,
                    processes=args.limit_processes)
    data, socket = _paths(args)
    from .admin import prepare_data
    refused = prepare_data(data, socket, args.restore)
    if refused:
        return refused
    if not _start_log(args, data):
        return 1
    try:
        asyncio.run(serve_ssh(data=data, socket=socket, host=args.host, port=args.port,
                              host_key=args.host_key, authorized_keys=args.authorized_keys,
                              bot_delay=args.bot_delay, open=args.open, limits=limits,
                              max_tables=args.max_tables_per_key,
                              spawn=args.spawn))
    except SSHError as e:
        import logging
        logging.getLogger(__name__).error("%s", e)  # one line on the console, and logged
        return 1
    except Exception as e:  # noqa: BLE001  (said in one line; the traceback is logged)
        return _stopped_by(e)
    return 0


def run_join(args: argparse.Namespace) -> int:
    from tui.net.client import TOKEN_ENV, RemoteError, local_token
    data, socket = _paths(args)
    # a session of the SSH front gets its one-time token here; a local user reads the
    # server's local token (readable only by the server's own user)
    token = os.environ.pop(TOKEN_ENV, "")
    if not token:
        try:
            token = local_token(args.data or socket.parent)
        except RemoteError as e:
            print(f"mare-nostrum: {e}", file=sys.stderr)
            return 1
    from tui.screens.lobby import run_lobby
    return run_lobby(socket, token, table=args.table, watch=args.watch, replay=args.replay,
                     theme=args.theme)


COMMANDS = {
    "serve": ("run the game server for players on this machine", _add_serve, run_serve),
    "serve-ssh": ("run the game server with an SSH door for friends anywhere",
                  _add_serve_ssh, run_serve_ssh),
    "join": ("the lobby of a running game server: tables, sit, watch, play",
             _add_join, run_join),
}
