"""The networked-play subcommands of `mare-nostrum`:

    mare-nostrum serve [--socket PATH] [--data DIR] [--restore BACKUP]
                                                           the game server alone (local users)
    mare-nostrum serve-ssh --port PORT --host-key FILE --authorized-keys FILE [--data DIR]
                                                           the game server behind an SSH door
    mare-nostrum serve-ssh --port PORT --host-key FILE --open [limits...]
                                                           ... open to any key (names claimed)
    mare-nostrum join [TABLE] [--watch|--replay] [--socket PATH]
                                                           the lobby (or a table) of a server

Both serve commands tell players away of their decisions (tui.net.away): `--smtp HOST:PORT
--smtp-from ADDR` names the mail relay (its login, if any, in MARE_NOSTRUM_SMTP_USER and
MARE_NOSTRUM_SMTP_PASSWORD: never on a command line), push services need nothing.

Textual, asyncssh and the server are imported inside the run functions only, so headless
commands start fast and the engine works without the optional extras.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tui.net.away import AwayConfig

from tui.net.limits import Limits
from tui.net.logs import LOG_KEEP, LOG_NAME, LOG_SIZE_MB, start_log

from .admin import prepare_data

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
    g = p.add_argument_group("several hosts on one PostgreSQL database (README: several hosts)")
    g.add_argument("--database", default=os.environ.get("MARE_NOSTRUM_DATABASE") or None,
                   metavar="URL", help="postgresql://USER@HOST/DB: the registry and the "
                   "tables' saves there (default: $MARE_NOSTRUM_DATABASE, else SQLite in DATA)")
    g.add_argument("--peers", default="", metavar="HOST:PORT",
                   help="where the other game servers reach this one, over TLS (default: "
                        "127.0.0.1 on a free port: one machine only)")
    g.add_argument("--peer-address", default="", metavar="HOST:PORT",
                   help="the address the others are told, when not --peers (NAT, 0.0.0.0)")
    g = p.add_argument_group("the log (logins, tables, refused frames, errors with their "
                             "tracebacks; the console shows one line per start and per error)")
    g.add_argument("--log-file", type=Path, default=None, metavar="FILE",
                   help=f"where the log goes (default: DATA/{LOG_NAME})")
    g.add_argument("--log-size", type=float, default=LOG_SIZE_MB, metavar="MB",
                   help=f"size at which the log file is rotated (default {LOG_SIZE_MB})")
    g.add_argument("--log-keep", type=int, default=LOG_KEEP, metavar="N",
                   help=f"rotated log files kept (default {LOG_KEEP})")
    from tui.net.away import SECURITY, AwayConfig  # lazy: `--help` stays quick
    g = p.add_argument_group("notices to players away (e-mail through your relay, push "
                             "services: each player sets theirs in the lobby's settings)")
    g.add_argument("--smtp", default="", metavar="HOST:PORT",
                   help="the mail relay e-mail goes through (default: no e-mail; its login, "
                        "if any, in MARE_NOSTRUM_SMTP_USER and MARE_NOSTRUM_SMTP_PASSWORD)")
    g.add_argument("--smtp-from", default="", metavar="ADDR",
                   help="the address notices come from")
    g.add_argument("--smtp-security", choices=SECURITY, default="none",
                   help="how the relay is spoken to (default: none, a relay on this host)")
    g.add_argument("--notice-hour", type=int, default=AwayConfig().digest_hour, metavar="H",
                   help="the hour (UTC) of the daily digest to players several tables wait "
                        f"for (default {AwayConfig().digest_hour})")
    g.add_argument("--reach", default="", metavar="TEXT",
                   help="how players connect, said in every notice with how to turn them off "
                        "(default: the ssh command of this host, or `mare-nostrum join`)")
    g.add_argument("--push-local", action="store_true",
                   help="accept push addresses on this machine or its private network "
                        "(a ntfy or Matrix server of your own)")


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
    # lazy: loaded for this command only (`mare-nostrum --help` stays quick)
    from tui.net.client import default_data_dir, default_socket
    data = args.data or default_data_dir()
    return data, args.socket or default_socket(data)


def _start_log(args: argparse.Namespace, data: Path) -> bool:
    """The server's log (tui.net.logs); False, said in one line, when it cannot be opened."""
    path = args.log_file or data / LOG_NAME
    try:
        start_log(path, size_mb=args.log_size, keep=args.log_keep)
    except OSError as e:
        print(f"mare-nostrum: cannot write the log {path}: {e.strerror or e}", file=sys.stderr)
        return False
    return True


def _away(args: argparse.Namespace, reach: str) -> AwayConfig | None:
    """The notices' settings from the flags; None, said in one line, when they are wrong."""
    from tui.net.away import AwayConfig, check_config  # lazy: `--help` stays quick
    try:
        return check_config(AwayConfig(
            smtp=args.smtp, sender=args.smtp_from, security=args.smtp_security,
            user=os.environ.get("MARE_NOSTRUM_SMTP_USER", ""),
            password=os.environ.get("MARE_NOSTRUM_SMTP_PASSWORD", ""),
            digest_hour=args.notice_hour, reach=args.reach or reach,
            local_push=args.push_local))
    except ValueError as e:
        print(f"mare-nostrum: {e}", file=sys.stderr)
        return None


def _stopped_by(e: BaseException) -> int:
    """A server stopped by an error: one line on the console, the traceback in the log."""
    logging.getLogger(__name__).critical("the server stopped", exc_info=e)
    return 1


def run_serve(args: argparse.Namespace) -> int:
    # lazy: loaded for this command only (`mare-nostrum --help` stays quick)
    import asyncio

    from tui.net.server import GameServer, serve

    data, socket = _paths(args)
    away = _away(args, "mare-nostrum join, on the server's machine")
    if away is None:
        return 2
    refused = prepare_data(data, socket, args.restore) if not args.database else 0
    if refused:
        return refused
    if not _start_log(args, data):
        return 1

    def ready(server: GameServer, path: Path) -> None:
        started = f"game server on {path} ({len(server.tables)} tables)"
        print(f"mare-nostrum: {started}", flush=True)
        logging.getLogger(__name__).info("started: %s", started)

    try:
        asyncio.run(serve(data, socket, bot_delay=args.bot_delay, ready=ready, away=away,
                          database=args.database, peers=args.peers,
                          peer_address=args.peer_address,
                          max_tables=args.max_tables_per_key))
    except Exception as e:  # noqa: BLE001  (said in one line; the traceback is logged)
        return _stopped_by(e)
    logging.getLogger(__name__).info("stopped")
    return 0


def run_serve_ssh(args: argparse.Namespace) -> int:
    # lazy: loaded for this command only (`mare-nostrum --help` stays quick)
    import asyncio

    try:
        # lazy, and guarded: asyncssh is an optional dependency
        from tui.net.ssh import SSHError, serve_ssh
    except ImportError:
        print("mare-nostrum: serve-ssh needs asyncssh: pip install 'mare-nostrum[ssh]'",
              file=sys.stderr)
        return 1
    if args.authorized_keys is None and not args.open:
        print("mare-nostrum: serve-ssh needs --authorized-keys FILE (or --open)",
              file=sys.stderr)
        return 2
    limits = Limits(per_key=args.max_sessions_per_key,
                    per_address=args.max_sessions_per_address, idle=args.idle_timeout,
                    session_within=args.session_within,
                    memory_mb=args.limit_memory, files=args.limit_files,
                    processes=args.limit_processes)
    import socket as net  # lazy: only `serve-ssh` needs the host's name
    away = _away(args, f"ssh -p {args.port} {net.getfqdn()}")
    if away is None:
        return 2
    data, socket = _paths(args)
    refused = prepare_data(data, socket, args.restore) if not args.database else 0
    if refused:
        return refused
    if not _start_log(args, data):
        return 1
    try:
        asyncio.run(serve_ssh(data=data, socket=socket, host=args.host, port=args.port,
                              host_key=args.host_key, authorized_keys=args.authorized_keys,
                              bot_delay=args.bot_delay, open=args.open, limits=limits,
                              spawn=args.spawn, away=away, database=args.database,
                              peers=args.peers, peer_address=args.peer_address,
                              max_tables=args.max_tables_per_key))
    except SSHError as e:
        logging.getLogger(__name__).error("%s", e)  # one line on the console, and logged
        return 1
    except Exception as e:  # noqa: BLE001  (said in one line; the traceback is logged)
        return _stopped_by(e)
    return 0


def run_join(args: argparse.Namespace) -> int:
    # lazy: loaded for this command only (`mare-nostrum --help` stays quick)
    from tui.net.client import DOOR_ENV, TOKEN_ENV, RemoteError, local_token
    data, socket = _paths(args)
    door = os.environ.pop(DOOR_ENV, "")
    # a finished table's record: `record N` at the SSH door, or the server's file here
    record_at = f"{door} record {{n}} > table-{{n}}.json" if door else \
        str((args.data or socket.parent) / "tables" / "table-{n}.json")
    # a session of the SSH front gets its one-time token here; a local user reads the
    # server's local token (readable only by the server's own user)
    token = os.environ.pop(TOKEN_ENV, "")
    if not token:
        try:
            token = local_token(args.data or socket.parent)
        except RemoteError as e:
            print(f"mare-nostrum: {e}", file=sys.stderr)
            return 1
    return run_lobby(socket, token, table=args.table, watch=args.watch, replay=args.replay,
                     theme=args.theme, record_at=record_at)


def run_lobby(socket: Path, token: str, *, table: int | None = None, watch: bool = False,
              replay: bool = False, theme: str | None = None, record_at: str = "") -> int:
    """The app, opening on the lobby of the server at `socket`."""
    # lazy: Textual loads only when a screen opens (tests/test_cli_layers.py)
    from tui.app import MareNostrumApp
    from tui.net.client import Client
    from tui.screens.lobby import LobbyScreen

    async def connect() -> Client:
        return await Client.connect(socket, token)

    app = MareNostrumApp(first_screen=LobbyScreen(connect, table=table, watch=watch,
                                                  replay=replay, record_at=record_at),
                         theme=theme, autosave=False)
    result = app.run()
    return result if isinstance(result, int) else 0


COMMANDS = {
    "serve": ("run the game server for players on this machine", _add_serve, run_serve),
    "serve-ssh": ("run the game server with an SSH door for friends anywhere",
                  _add_serve_ssh, run_serve_ssh),
    "join": ("the lobby of a running game server: tables, sit, watch, play",
             _add_join, run_join),
}
