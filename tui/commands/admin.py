"""`mare-nostrum admin`: looking after a game server's data.

    mare-nostrum admin backup DIR [--data DATA]     a consistent copy, the server running
    mare-nostrum admin restore DIR [--data DATA]    bring a backup back (the server stopped)

`serve` and `serve-ssh` take `--restore DIR` as well (`prepare_data`), and check the
registry before they start: a damaged one is refused with one line.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

SHOWN = 5  # tables without a save named one by one, the others counted


def _data_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--data", type=Path, default=None, metavar="DATA",
                   help="the server's data directory; default: the user data directory's "
                        "'server'")


def _add(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="admin", metavar="{backup,restore}")
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


def _say(text: str) -> None:
    print(f"mare-nostrum: {text}", file=sys.stderr, flush=True)


def _data(args: argparse.Namespace) -> Path:
    from tui.net.client import default_data_dir
    return args.data or default_data_dir()


def backup(target: Path, data: Path) -> int:
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


def _run(args: argparse.Namespace) -> int:
    if args.admin == "backup":
        return backup(args.dir, _data(args))
    if args.admin == "restore":
        return restore(args.dir, _data(args), args.socket)
    _say("admin needs a subcommand: backup DIR or restore DIR")
    return 2


COMMANDS = {"admin": ("look after a game server's data: backup, restore", _add, _run)}
