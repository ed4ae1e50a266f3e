"""`mare-nostrum saves` lists the saved games; `mare-nostrum resume [NAME]` continues one
(the most recently played by default)."""

from __future__ import annotations

import argparse
import sys
from datetime import datetime
from pathlib import Path

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


def _wrap(names: list[str], width: int) -> list[str]:
    """Names joined with commas, on lines of at most `width` characters."""
    lines = [""]
    for k, name in enumerate(names):
        word = name + ("," if k + 1 < len(names) else "")
        if lines[-1] and len(lines[-1]) + 1 + len(word) > width:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}".strip()
    return lines


def _run_saves(args: argparse.Namespace) -> int:
    from engine.render import civs, phase_name
    d = _dir(args)
    infos = list_saves(d)
    if not infos:
        print(f"No saved games in {d}")
        return 0
    # a table that fits 80 columns: the civilizations wrapped, the phase in a word
    rows = [("NAME", "CIVILIZATIONS", "TURN", "PHASE", "LAST PLAYED")]
    more: dict[int, list[str]] = {}  # row -> its further lines of civilizations
    for i in infos:
        if i.error:
            rows.append((Path(i.path).stem, f"cannot be loaded: {i.error}", "", "", ""))
            continue
        phase = phase_name(i.phase)
        if i.phase == "over":
            phase = f"{civs([i.winner])} won" if i.winner else "over"
        elif len(phase) > 12:
            phase = phase.split()[0]
        names = [civs([c]) for c in i.civs]
        lines = _wrap(names, 20)
        more[len(rows)] = lines[1:]
        rows.append((i.name, lines[0], str(i.turn), phase, _when(i.updated)))
    widths = [max([len(r[k]) for r in rows if r[2] or k == 0] +
                  [len(x) for ls in more.values() for x in ls] * (k == 1)) for k in range(4)]
    for n, r in enumerate(rows):
        if not r[2] and r is not rows[0]:
            print(f"{r[0].ljust(widths[0])}  {r[1]}")
            continue
        print(("  ".join(r[k].ljust(widths[k]) for k in range(4)) + "  " + r[4]).rstrip())
        for line in more.get(n, []):
            print(" " * (widths[0] + 2) + line)
    print(f"({len(infos)} in {d})")
    return 0


# --- resume -----------------------------------------------------------------------------------
def screen_commands():
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
        return play.run_resume(args)
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
