"""`mare-nostrum admin`: looking after a game server and its data.

    mare-nostrum admin backup DIR [--data DATA]     a consistent copy, the server running
    mare-nostrum admin restore DIR [--data DATA]    bring a backup back (the server stopped)

The host's tools, on the server's machine as the server's user (the local socket and
`local.token`; the server refuses them from anyone else):

    mare-nostrum admin sessions                     who is connected, where, since when
    mare-nostrum admin tables                       every table, private ones too
    mare-nostrum admin kick SESSION [--reason R]    end a session (its number from sessions)
    mare-nostrum admin ban KEY-OR-NAME [--reason R] refused at the door; its sessions dropped
    mare-nostrum admin unban KEY-OR-NAME            (admin bans lists them)
    mare-nostrum admin close TABLE --reason R       end a table; its players read why
    mare-nostrum admin broadcast TEXT               a notice on every connected screen
    mare-nostrum admin export TABLE FILE            the table as an ordinary save file

`serve` and `serve-ssh` take `--restore DIR` as well (`prepare_data`), and check the
registry before they start: a damaged one is refused with one line.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tui.net import protocol as p

SHOWN = 5  # tables without a save named one by one, the others counted


def _data_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--data", type=Path, default=None, metavar="DATA",
                   help="the server's data directory; default: the user data directory's "
                        "'server'")


def _server_args(p: argparse.ArgumentParser) -> None:
    _data_arg(p)
    p.add_argument("--socket", type=Path, default=None, metavar="PATH",
                   help="the server's socket, if not DATA/server.sock")


def _add_host_tools(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    _server_args(sub.add_parser("sessions", help="the connected sessions: number, who, "
                                                 "from where, in the lobby or at a table"))
    _server_args(sub.add_parser("tables", help="every table, private ones too"))
    k = sub.add_parser("kick", help="end a session (its player is told, the SSH session "
                                    "closes)")
    k.add_argument("session", type=int, metavar="SESSION", help="its number (admin sessions)")
    k.add_argument("--reason", default="", help="what its player reads")
    _server_args(k)
    b = sub.add_parser("ban", help="refuse a key or a name at the door; its sessions are "
                                   "dropped")
    b.add_argument("target", metavar="KEY-OR-NAME",
                   help="a key's fingerprint (SHA256:..., as admin sessions shows it) or a "
                        "name")
    b.add_argument("--reason", default="", help="said to it at the door")
    _server_args(b)
    u = sub.add_parser("unban", help="lift a ban")
    u.add_argument("target", metavar="KEY-OR-NAME")
    _server_args(u)
    _server_args(sub.add_parser("bans", help="the bans in force"))
    c = sub.add_parser("close", help="end a table where it stands (its save and record "
                                     "are kept); its players read the reason")
    c.add_argument("table", type=int, metavar="TABLE")
    c.add_argument("--reason", required=True, help="what its players read")
    _server_args(c)
    n = sub.add_parser("broadcast", help="a notice on every connected player's screen")
    n.add_argument("text", nargs="+", metavar="TEXT")
    _server_args(n)
    e = sub.add_parser("export", help="write a table as an ordinary save file (mare-nostrum "
                                      "resume, replay and review open it)")
    e.add_argument("table", type=int, metavar="TABLE")
    e.add_argument("file", type=Path, metavar="FILE", help="a new file")
    _server_args(e)


def _add(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="admin", metavar="{backup,restore,sessions,tables,kick,ban,"
                                                  "unban,bans,close,broadcast,export}")
    b = sub.add_parser("backup", help="copy the server's registry and tables into a new "
                                      "directory, while it runs")
    b.add_argument("dir", type=Path, metavar="DIR", help="the backup directory (new or empty)")
    _data_arg(b)
    r = sub.add_parser("restore", help="bring a backup back into the data directory (the "
                                       "server stopped; what was there is moved aside)")
    r.add_argument("dir", type=Path, metavar="DIR", help="a directory made by admin backup")
    _data_arg(r)
    r.add_argument("--socket", type=Path, default=None, metavar="PATH",
                   help="the server's socket, if not DATA/server.sock (to see it is stopped)")
    _add_host_tools(sub)


def _say(text: str) -> None:
    print(f"mare-nostrum: {text}", file=sys.stderr, flush=True)


def _data(args: argparse.Namespace) -> Path:
    # lazy: the commands' modules load for the command run (`--help` stays quick)
    from tui.net.client import default_data_dir
    return args.data or default_data_dir()


def backup(target: Path, data: Path) -> int:
    # lazy: loaded for this command only (`mare-nostrum --help` stays quick)
    from tui.net.backup import BackupError, make_backup
    t0 = time.monotonic()
    try:
        manifest = make_backup(data, target)
    except BackupError as e:
        _say(str(e))
        return 1
    unread = [t for t in manifest.tables if t.problem]
    for t in unread[:SHOWN]:
        _say(f"table {t.id} has no save that can be read, backed up without it: "
             f"{t.problem}")
    if len(unread) > SHOWN:
        _say(f"and {len(unread) - SHOWN} more tables without a save (the manifest names "
             "them)")
    size = sum(f.size for f in manifest.files)
    print(f"mare-nostrum: backed up {len(manifest.tables)} tables and the registry (schema "
          f"{manifest.registry_schema}, {size / 1024:.0f} KiB) into {target} in "
          f"{time.monotonic() - t0:.2f} s", flush=True)
    return 0


def restore(source: Path, data: Path, socket: Path | None) -> int:
    # lazy: loaded for this command only (`mare-nostrum --help` stays quick)
    from tui.net.backup import BackupError, restore_backup
    try:
        done = restore_backup(source, data, socket)
    except BackupError as e:
        _say(str(e))
        return 1
    m = done.manifest
    print(f"mare-nostrum: restored {len(m.tables)} tables from the backup made {m.made} "
          f"into {data}" + (f"; what was there is kept in {done.aside}" if done.aside else ""),
          flush=True)
    return check_registry(data)


def check_registry(data: Path) -> int:
    """Open the registry as the server will: checked whole, upgraded (each step said)."""
    # lazy: loaded for this command only (`mare-nostrum --help` stays quick)
    from tui.net.schema import RegistryError
    from tui.net.store import Store
    try:
        store = Store(data)
    except RegistryError as e:
        _say(str(e))
        return 1
    for line in store.upgraded:
        print(f"mare-nostrum: registry upgraded to {line}", flush=True)
    if store.before_upgrade is not None:
        print(f"mare-nostrum: the registry before the upgrade is kept as "
              f"{store.before_upgrade}", flush=True)
    store.close()
    return 0


def prepare_data(data: Path, socket: Path, restore_from: Path | None) -> int:
    """Before a server starts: the backup brought back if asked, the registry checked.
    0 to go on, else the exit status (the reason already said in one line)."""
    if restore_from is not None:
        return restore(restore_from, data, socket)
    return check_registry(data)


# --- the host's tools: one message to the running server, its answer in words -----------
def _ask(args: argparse.Namespace, msg: p.Msg, answer: type) -> p.ServerMsg:
    """Send `msg` as the host; the server's answer of kind `answer` (what else comes, such
    as the lobby's list, is passed over; RemoteError: its refusal, or no server)."""
    # lazy: the admin's modules load for its command only (`--help` stays quick)
    from tui.net.client import Client, local_token
    data = _data(args)
    socket = args.socket or data / "server.sock"

    async def talk() -> p.ServerMsg:
        client = await Client.connect(socket, local_token(data))
        try:
            client.send(msg)
            return await client.expect(answer, timeout=30)
        finally:
            client.close()

    return asyncio.run(talk())


def _age(seconds: float) -> str:
    # lazy: the admin's modules load for its command only (`--help` stays quick)
    from tui.net.clock import duration
    return duration(seconds) if seconds >= 60 else f"{seconds:.0f}s"


def sessions(answer: p.Sessions) -> None:
    if not answer.sessions:
        print("no sessions")
        return
    for s in answer.sessions:
        origin = f" from {s.address}" if s.address else " on this machine"
        guest = " (guest)" if s.guest else ""
        print(f"{s.number:>4}  {s.name or '(no name yet)'}{guest}  {s.identity}{origin}  "
              f"{s.where}  {_age(s.since)}")


def tables(answer: p.AllTables) -> None:
    # lazy: the admin's modules load for its command only (`--help` stays quick)
    from tui.net.words import seat_text, table_summary, waiting_text
    if not answer.tables:
        print("no tables")
        return
    for t in answer.tables:
        status = f"closed by the host: {t.closed}" if t.closed else \
            waiting_text(t) or t.status
        print(f"{table_summary(t)}\n    {'  ·  '.join(seat_text(s) for s in t.seats)}\n"
              f"    {status}")


def bans(answer: p.Bans) -> None:
    if not answer.bans:
        print("no bans")
    for b in answer.bans:
        print(f"{b.kind} {b.target}  since {b.at}" + (f"  ({b.reason})" if b.reason else ""))


def export(args: argparse.Namespace) -> int:
    """The table's save from the server, written as a new file, then opened as any save
    is (checksum and content): what `mare-nostrum resume` or `replay` will find."""
    # lazy: the admin's modules load for its command only (`--help` stays quick)
    from engine import saves
    from tui.net import protocol as p
    target: Path = args.file
    if target.exists():
        _say(f"{target} exists: give a new file")
        return 1
    answer = _ask(args, p.ExportTable(table=args.table), p.SaveData)
    assert isinstance(answer, p.SaveData)
    saves.atomic_write(target, answer.data)
    os.chmod(target, 0o600)  # every hand and the seed: private, like the server's data
    try:
        save = saves.load_save(target)
    except saves.SaveError as e:
        _say(f"the save written to {target} does not load: {e}")
        return 1
    print(f"mare-nostrum: table {args.table} exported to {target} ({len(save.record.actions)} "
          f"decisions; it holds every hand and the seed: keep it private)", flush=True)
    return 0


def _host_tool(args: argparse.Namespace) -> int:
    # lazy: the admin's modules load for its command only (`--help` stays quick)
    from tui.net import protocol as p
    from tui.net.client import RemoteError
    lists: dict[str, tuple[p.Msg, type]] = {
        "sessions": (p.ListSessions(), p.Sessions), "tables": (p.ListAllTables(), p.AllTables),
        "bans": (p.ListBans(), p.Bans)}
    acts: dict[str, p.Msg] = {
        "kick": p.Kick(session=getattr(args, "session", 0), reason=getattr(args, "reason", "")),
        "ban": p.BanTarget(target=getattr(args, "target", ""),
                           reason=getattr(args, "reason", "")),
        "unban": p.Unban(target=getattr(args, "target", "")),
        "close": p.CloseTable(table=getattr(args, "table", 0),
                              reason=getattr(args, "reason", "")),
        "broadcast": p.Broadcast(text=" ".join(getattr(args, "text", []))),
    }
    try:
        if args.admin == "export":
            return export(args)
        msg, kind = lists.get(args.admin) or (acts[args.admin], p.Done)
        answer = _ask(args, msg, kind)
    except RemoteError as e:
        _say(str(e))
        return 1
    match answer:
        case p.Sessions():
            sessions(answer)
        case p.AllTables():
            tables(answer)
        case p.Bans():
            bans(answer)
        case p.Done():
            print(f"mare-nostrum: {answer.text}", flush=True)
        case _:
            _say(f"the server answered {type(answer).__name__}, not what was asked")
            return 1
    return 0


HOST_TOOLS = ("sessions", "tables", "kick", "ban", "unban", "bans", "close", "broadcast",
              "export")


def _run(args: argparse.Namespace) -> int:
    if args.admin == "backup":
        return backup(args.dir, _data(args))
    if args.admin == "restore":
        return restore(args.dir, _data(args), args.socket)
    if args.admin in HOST_TOOLS:
        return _host_tool(args)
    _say("admin needs a subcommand: backup, restore, " + ", ".join(HOST_TOOLS))
    return 2


COMMANDS = {"admin": ("look after a game server: backup, restore; sessions, tables, kick, "
                     "ban, unban, close, broadcast, export", _add, _run)}
