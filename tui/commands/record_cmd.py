"""`mare-nostrum replay FILE [--verify]` replays a game's record; `mare-nostrum log [FILE]`
prints the game as a readable log (without FILE: the most recently played game, as
`resume` takes it)."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.record import action_text, truncate
from engine.replay import ReplayError, replay, verify
from engine.saves import SaveError, load_record, resolve, saves_dir

from .checks import count, writable

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.events import Event
    from engine.record import GameRecord
    from engine.saves import SaveFile
    from engine.state import GameState


def _fail(msg: str, code: int = 2) -> int:
    print(f"mare-nostrum: {msg}", file=sys.stderr)
    return code


def _load(args: argparse.Namespace) -> tuple[GameRecord, SaveFile]:
    return load_record(resolve(args.file, saves_dir()))


# --- replay -----------------------------------------------------------------------------------
def _add_replay(p: argparse.ArgumentParser) -> None:
    from .saves_cmd import add_screen_options, screen_commands
    p.add_argument("file", help="a save file (or a save name)")
    p.add_argument("--verify", action="store_true",
                   help="check the record's state hashes: say OK or name the first action "
                   "where the replay diverges")
    p.add_argument("--to", type=count(0), metavar="N", help="stop after action N")
    p.add_argument("--save", type=writable, metavar="PATH", help="write the position reached as a new save")
    p.add_argument("--text", action="store_true",
                   help="print the replay (actions and events) instead of opening the "
                   "replay viewer")
    p.add_argument("--quiet", action="store_true", help="do not print the events")
    if screen_commands() is not None:
        add_screen_options(p)
        p.add_argument("--turn", type=count(1), default=None,
                       help="open the viewer at the start of this turn")


def _run_replay(args: argparse.Namespace) -> int:
    from engine.game import state_hash
    from engine.render import render_events
    try:
        record, save = _load(args)  # a bad file stops here: one line, exit code 2
    except SaveError as e:
        return _fail(str(e))
    headless = args.verify or args.save or args.text or args.quiet or args.to is not None
    if not headless:
        from .saves_cmd import screen_commands
        play = screen_commands()
        if play is not None and callable(getattr(play, "run_replay", None)):
            args.file = str(resolve(args.file, saves_dir()))
            code: int = play.run_replay(args)
            return code
    if args.to is not None:
        if args.to < 0:
            return _fail("--to takes a number of actions from 0")
        record = truncate(record, args.to)
    if args.verify:
        whole = args.to is None or args.to >= len(save.record.actions)
        v = verify(record, final_hash=state_hash(save.state) if whole else None)
        if v.ok:
            print(f"{args.file}: {v.message}")
        else:
            note = ""
            if save.engine_version and save.engine_version != _version():
                note = f" (recorded by engine {save.engine_version}; this is {_version()})"
            print(f"{args.file}: {v.message}{note}")
        if not v.ok:
            return 1
        final = v.final
    else:
        final = None
        try:
            def start(_state: GameState, events: list[Event]) -> None:
                for line in [] if args.quiet else render_events(events):
                    print(f"  {line}")

            for step in replay(record, on_start=start):
                final = step.state
                if not args.quiet:
                    print(f"[{step.index}] {step.civ}: {action_text(step.action)}")
                    for line in render_events(step.events):
                        print(f"  {line}")
        except ReplayError as e:
            print(f"{args.file}: {e.message}")
            return 1
        n = len(record.actions)
        print(f"{args.file}: {n} actions replayed")
    if args.save:
        from engine.game import clone
        from engine.record import start_state
        from engine.saves import make_save, write_save
        if final is None:
            final = start_state(record)[0]
        try:
            path = write_save(args.save, make_save(clone(final), record, f"{save.name}-at-"
                                                   f"{len(record.actions)}"))
        except SaveError as e:
            return _fail(str(e), 1)
        print(f"saved the position after action {len(record.actions)} to {path}")
    return 0


def _version() -> str:
    from engine.saves import ENGINE_VERSION
    return ENGINE_VERSION


# --- log --------------------------------------------------------------------------------------
def _add_log(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", nargs="?", help="a save file or a save name (default: the most "
                   "recently played game)")
    p.add_argument("--dir", help="the saves directory (default: the user data directory, "
                   "or $MARE_NOSTRUM_HOME/saves)")
    p.add_argument("--as", dest="civ", metavar="CIV",
                   help="show only what this civilization saw (default: everything)")
    p.add_argument("--public", action="store_true", help="show only the public events")
    p.add_argument("--actions", action="store_true", help="show each action before its events")


def _run_log(args: argparse.Namespace) -> int:
    from msgspec import json

    from engine.events import GameStarted, TurnStarted
    from engine.game import visible_events
    from engine.render import is_heading, render_events
    from engine.view import visible_action

    if not args.file:  # the game `resume` would continue
        from pathlib import Path

        from engine.saves import most_recent
        d = Path(args.dir) if args.dir else saves_dir()
        info = most_recent(d)
        if info is None:
            return _fail(f"no saved game to show in {d}", 1)
        args.file = str(info.path)
    try:
        record, _save = _load(args)
    except SaveError as e:
        return _fail(str(e))
    if args.civ and args.civ not in record.config.civs:
        return _fail(f"{args.civ} does not play in this game "
                     f"({', '.join(record.config.civs)})")

    def show(events: list[Event]) -> None:
        if args.civ or args.public:
            events = visible_events(events, args.civ)
        run: list[Event] = []
        for e in events:
            if not is_heading(e):
                run.append(e)
                continue
            for line in render_events(run):
                print(f"  {line}")
            run = []
            if isinstance(e, GameStarted):
                print(render_events([e])[0])
            elif not isinstance(e, TurnStarted):  # the phase heading names the turn
                print(f"\n{render_events([e])[0]}")
        for line in render_events(run):
            print(f"  {line}")

    try:
        for step in replay(record, on_start=lambda st, ev: show(ev)):
            if args.actions:
                seen: Action | dict[str, Any] = step.action
                if args.civ or args.public:  # another's face-down cards stay face down
                    seen = visible_action(step.action, step.civ, args.civ)
                text = (action_text(seen) if not isinstance(seen, dict)
                        else json.encode(seen).decode())
                print(f"  > [{step.index}] {step.civ}: {text}")
            show(step.events)
    except ReplayError as e:
        return _fail(f"{args.file}: {e.message}", 1)
    return 0


def _pipe_safe(run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """`mare-nostrum log FILE | head` must end quietly when the reader goes away."""
    def wrapped(args: argparse.Namespace) -> int:
        try:
            return run(args)
        except BrokenPipeError:
            import os
            with contextlib.suppress(OSError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
    return wrapped


REPLAY = ("replay a saved game's record (--verify checks its hashes)", _add_replay,
          _pipe_safe(_run_replay))
LOG = ("print a saved game as a readable log", _add_log, _pipe_safe(_run_log))
COMMANDS = {"replay": REPLAY, "log": LOG}
