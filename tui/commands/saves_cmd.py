"""`mare-nostrum saves` lists the saved games; `mare-nostrum resume [NAME]` continues one
(the most recently played by default)."""

from __future__ import annotations

import argparse
import sys
from datetime import datetime
from pathlib import Path
from types import ModuleType

from engine.saves import (
    SaveError,
    list_saves,
    load_to_resume,
    most_recent,
    resolve,
    saves_dir,
)


def _fail(msg: str, code: int = 2) -> int:
    print(f"mare-nostrum: {msg}", file=sys.stderr)
    return code


def _when(iso: str) -> str:
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso or "?"


def _dir(args: argparse.Namespace) -> Path:
    return Path(args.dir) if getattr(args, "dir", None) else saves_dir()


# --- saves ------------------------------------------------------------------------------------
def _add_saves(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dir", help="the saves directory (default: the user data directory, "
                   "or $MARE_NOSTRUM_HOME/saves)")


def _run_saves(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from engine.render import civs, phase_name, plain
    d = _dir(args)
    infos = list_saves(d)
    if not infos:
        print(f"No saved games in {d}")
        return 0
    # a table that fits 80 columns: the civilizations wrapped, the phase in a word; names
    # and dates come from the files, so they are cleaned and never read as markup
    table = Table(box=None, show_edge=False, pad_edge=False, header_style="", expand=False)
    for col in ("NAME", "CIVILIZATIONS", "TURN", "PHASE", "LAST PLAYED"):
        table.add_column(col, no_wrap=col != "CIVILIZATIONS", max_width=24 if col == "NAME"
                         else 20 if col == "CIVILIZATIONS" else None,
                         overflow="ellipsis" if col == "NAME" else "fold")
    broken = []
    for i in infos:
        if i.error:
            broken.append(f"{plain(Path(i.path).stem)}  cannot be loaded: {plain(i.error, 300)}")
            continue
        phase = phase_name(i.phase)
        if i.phase == "over":
            phase = f"{civs([i.winner])} won" if i.winner else "over"
        elif len(phase) > 12:
            phase = phase.split()[0]
        names = ", ".join(civs([c]) for c in i.civs)
        table.add_row(Text(plain(i.name, 24)), Text(names), str(i.turn), Text(phase),
                      Text(plain(_when(i.updated), 20)))
    console = Console(width=80, highlight=False, markup=False, emoji=False,
                      force_terminal=False, color_system=None, soft_wrap=False)
    if table.row_count:
        console.print(table)
    for line in broken:
        print(line)
    print(f"({len(infos)} in {d})")
    return 0


# --- resume -----------------------------------------------------------------------------------
def screen_commands() -> ModuleType | None:
    """tui.commands.play (the game screen's commands), or None without the screen."""
    if "tui.app" in sys.modules:
        present = sys.modules["tui.app"] is not None
    else:
        import importlib.util
        try:
            present = importlib.util.find_spec("tui.app") is not None
        except (ImportError, ValueError):
            present = False
    if not present:
        return None
    try:
        from . import play
    except ImportError:
        return None
    return play


def add_screen_options(p: argparse.ArgumentParser) -> None:
    """The screen's own options (theme, computer players' delay...), when it is installed."""
    play = screen_commands()
    common = getattr(play, "_common", None)
    if callable(common):
        try:
            common(p)
        except argparse.ArgumentError:  # pragma: no cover
            pass


def _add_resume(p: argparse.ArgumentParser) -> None:
    p.add_argument("name", nargs="?", help="a save name or a file (default: the most "
                   "recently played game)")
    _add_saves(p)
    add_screen_options(p)
    if screen_commands() is not None:
        p.add_argument("--seats", default="", metavar="KIND,KIND,...",
                       help="who plays each seat now (human or a computer level)")


def _run_resume(args: argparse.Namespace) -> int:
    d = _dir(args)
    if args.name:
        path = resolve(args.name, d)
    else:
        info = most_recent(d)
        if info is None:
            return _fail(f"no saved game to resume in {d}", 1)
        path = Path(info.path)
    try:
        save = load_to_resume(path)  # a bad file or record stops here: one line, exit 2
    except SaveError as e:
        return _fail(str(e))
    play = screen_commands()
    if play is not None and callable(getattr(play, "run_resume", None)):
        args.file = str(path)
        if not hasattr(args, "seats"):
            args.seats = ""
        code: int = play.run_resume(args)
        return code
    try:
        from tui.app import run_app
    except ImportError:
        s = save.state
        waiting = f", waiting for {s.prompt.civ}" if s.prompt is not None else ""
        return _fail(f"the game screen is not available, so {save.name!r} cannot be played "
                     f"here (it is fine: turn {s.turn}, {s.phase} phase{waiting})", 1)
    result = run_app(save=path)
    return result if isinstance(result, int) else 0


SAVES = ("list the saved games", _add_saves, _run_saves)
RESUME = ("continue a saved game (the most recent by default)", _add_resume, _run_resume)
COMMANDS = {"saves": SAVES, "resume": RESUME}
