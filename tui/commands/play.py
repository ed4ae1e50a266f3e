"""The screen subcommands of `mare-nostrum`:

    mare-nostrum                     the title screen ("new game" preselected: you against
                                     five computer players)
    mare-nostrum play                the same
    mare-nostrum new [options]       straight into a new game
    mare-nostrum resume [FILE]       the last autosaved game (or FILE), with the players
                                     saved with it (--seats to change them)
    mare-nostrum replay FILE         the replay viewer on a game record (or a save)

Every one takes --theme default|high-contrast|ansi. The TUI is imported only when one of
these runs, so the engine stays usable without Textual. `tui.commands.saves_cmd` and
`record_cmd` own the `resume` and `replay` parsers (they check the file first, then call
`run_resume` / `run_replay` here with the options of `_common`).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .checks import PLAYERS, count, seconds

THEME_HELP = "colour theme: default, high-contrast or ansi (16 colours, for plain terminals)"


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--theme", default=None, help=THEME_HELP)
    p.add_argument("--bot-delay", type=seconds, default=0.15, metavar="SECONDS",
                   help="pause before each computer player's move (0: as fast as possible)")
    p.add_argument("--no-autosave", action="store_true", help="do not save after each action")


def _add_play(p: argparse.ArgumentParser) -> None:
    _common(p)
    p.add_argument("--seed", type=int, default=None, help="seed of the quick new game")


def _add_new(p: argparse.ArgumentParser) -> None:
    _common(p)
    p.add_argument("--civs", default="", metavar="CIV,CIV,...",
                   help="civilizations in seat order (3 to 6 of rome, carthage, greece, "
                        "egypt, babylon, atlantis); default: all six")
    p.add_argument("--players", type=PLAYERS, default=None, metavar="N",
                   help="number of players (3-6), with the first N civilizations")
    p.add_argument("--humans", type=count(0, 6), default=1, metavar="N",
                   help="how many of the first seats are human (hot seat when 2 or more; "
                        "0 to watch computer players)")
    p.add_argument("--seats", default="", metavar="KIND,KIND,...",
                   help="the player of each seat: human or a computer level (random, "
                        "greedy); overrides --humans")
    p.add_argument("--bot", default=None, metavar="LEVEL", help="level of computer players")
    p.add_argument("--setup", choices=("predetermined", "free"), default="predetermined")
    p.add_argument("--long-game", action="store_true", help="5 heroes and wonders to win")
    p.add_argument("--three-roles", action="store_true", help="holding 3 roles at once wins")
    p.add_argument("--no-take-back", action="store_true",
                   help="trade option: no immediate take-back")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--name", action="append", default=[], metavar="NAME",
                   help="display name of a seat (repeat, in seat order)")


def _add_resume(p: argparse.ArgumentParser) -> None:
    _common(p)
    p.add_argument("file", nargs="?", default=None, help="a save file (default: the latest)")
    p.add_argument("--seats", default="", metavar="KIND,KIND,...",
                   help="who plays each seat now (human or a computer level); default: "
                        "as saved with the game")


def _add_replay(p: argparse.ArgumentParser) -> None:
    _common(p)
    p.add_argument("file", help="a game record (or a save that carries its actions)")
    p.add_argument("--turn", type=count(1), default=None, help="open at the start of this turn")


def _opts(args: argparse.Namespace) -> dict[str, Any]:
    return {"theme": getattr(args, "theme", None),
            "bot_delay": getattr(args, "bot_delay", 0.15),
            "autosave": not getattr(args, "no_autosave", False)}


def run_play(args: argparse.Namespace) -> int:
    from tui.app import run_app
    return run_app(seed=getattr(args, "seed", None), **_opts(args))


def _seat_list(text: str) -> list[str]:
    return [s.strip() for s in text.split(",") if s.strip()]


def run_new(args: argparse.Namespace) -> int:
    from engine.data.board import CIVS
    from engine.errors import IllegalAction
    from engine.game import check_config
    from engine.state import Config
    from tui.app import run_app
    from tui.screens.new_game import random_seed
    from tui.sessions.local import HUMAN, LocalSession, bot_levels, default_bot_level

    civs = _seat_list(args.civs) or list(CIVS)
    if args.players:
        civs = civs[:args.players]
    level = args.bot or default_bot_level()
    if level not in bot_levels():
        print(f"mare-nostrum: unknown computer level {level!r} "
              f"(choose from {', '.join(bot_levels())})", file=sys.stderr)
        return 2
    seats = _seat_list(args.seats)
    if not seats:
        seats = [HUMAN if i < args.humans else level for i in range(len(civs))]
    if len(seats) != len(civs):
        print(f"mare-nostrum: {len(civs)} seats but {len(seats)} players given in --seats",
              file=sys.stderr)
        return 2
    bad = [s for s in seats if s != HUMAN and s not in bot_levels()]
    if bad:
        print(f"mare-nostrum: unknown player kind {bad[0]!r}", file=sys.stderr)
        return 2
    names = list(args.name) + [""] * len(civs)
    config = Config(civs=civs, seed=args.seed if args.seed is not None else random_seed(),
                    setup=args.setup, long_game=args.long_game,
                    three_roles_win=args.three_roles, no_take_back=args.no_take_back,
                    names=names[:len(civs)] if args.name else [])
    try:
        check_config(config)
    except IllegalAction as e:
        print(f"mare-nostrum: {e.reason}", file=sys.stderr)
        return 2
    opts = _opts(args)
    session = LocalSession.new(config, seats, autosave=opts["autosave"])
    return run_app(session=session, **opts)


def run_resume(args: argparse.Namespace) -> int:
    from tui import bridge
    from tui.app import run_app, session_from_save

    path = getattr(args, "file", None)
    if path is None:
        info = bridge.latest_save()
        if info is None:
            print("mare-nostrum: no saved game to resume", file=sys.stderr)
            return 1
        path = info.path
    try:
        loaded = bridge.load_game(path, check_record=True)
    except bridge.LoadError as e:
        print(f"mare-nostrum: {e}", file=sys.stderr)
        return 2
    opts = _opts(args)
    from pathlib import Path
    session = session_from_save(loaded, seats=_seat_list(getattr(args, "seats", "")) or None,
                                autosave=opts["autosave"], name=Path(path).stem)
    return run_app(session=session, **opts)


def run_replay(args: argparse.Namespace) -> int:
    from engine.replay import Replay, ReplayError
    from tui import bridge
    from tui.app import run_app

    try:
        rec = bridge.load_record(args.file)
    except bridge.LoadError as e:
        print(f"mare-nostrum: {e}", file=sys.stderr)
        return 1
    try:
        data = Replay(rec)
    except ReplayError as e:
        print(f"mare-nostrum: {e.message}", file=sys.stderr)
        return 1
    if data.error:
        print(f"mare-nostrum: warning: {data.error}", file=sys.stderr)
    turn = getattr(args, "turn", None)
    start = data.step_of_turn(turn) if turn else 0
    return run_app(replay=(data, start), **_opts(args))


COMMANDS = {
    "play": ("the title screen (a new game: you against five computer players)",
             _add_play, run_play),
    "new": ("start a new game at once (players, civilizations, rules, seed)",
            _add_new, run_new),
    "resume": ("go on with the last saved game (or a save file)", _add_resume, run_resume),
    "replay": ("watch a recorded game: step forward and back, jump to a turn",
               _add_replay, run_replay),
}
