"""The `mare-nostrum` command.

    mare-nostrum                 the title screen (a new game: you against five computer players)
    mare-nostrum simulate ...    computer players play whole games without a screen
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

import engine

from .commands import COMMANDS

# Each subcommand: name -> (help, add_arguments, run). Modules register theirs here.
Command = tuple[str, Callable[[argparse.ArgumentParser], None], Callable[[argparse.Namespace], int]]


def build_parser() -> argparse.ArgumentParser:
    """Every subcommand's arguments (the warm parent of the SSH door builds it once for all
    its sessions: tui/net/warm.py)."""
    parser = argparse.ArgumentParser(prog="mare-nostrum",
                                     description="Mare Nostrum: Mythology in the terminal")
    parser.add_argument("--version", action="version", version=f"mare-nostrum {engine.__version__}")
    sub = parser.add_subparsers(dest="command")
    commands: dict[str, Command] = COMMANDS
    for name, (help_text, add_args, _run) in commands.items():
        add_args(sub.add_parser(name, help=help_text, description=help_text))
    return parser


def main(argv: list[str] | None = None, parser: argparse.ArgumentParser | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = parser or build_parser()
    commands: dict[str, Command] = COMMANDS
    args = parser.parse_args(argv)
    name = args.command or "play"
    if name not in commands:
        parser.print_help()
        return 2
    try:
        return commands[name][2](args)
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # a bug: one line, the traceback only when asked for
        if os.environ.get("MARE_NOSTRUM_DEBUG"):
            raise
        print(f"mare-nostrum: {name} failed: {type(e).__name__}: {e} (set "
              "MARE_NOSTRUM_DEBUG=1 for the traceback)".replace("\n", " "), file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
