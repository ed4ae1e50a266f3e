"""The commands an SSH client may give the door (`ssh -t -p PORT host join 3`): straight to
a table to sit, watch or replay it, or (without a terminal) `record 3`, a finished table's
save file written to standard output for its players. Anything else is refused in one
line."""

from __future__ import annotations

import shlex

NEEDS_TTY = "Mare Nostrum needs a terminal: connect with ssh -t.\r\n"
USAGE = "join TABLE, watch TABLE, replay TABLE or record TABLE"
RECORD = "record"  # answered by the door itself: no app, no terminal
_FLAGS = {"join": [], "watch": ["--watch"], "replay": ["--replay"], RECORD: []}


class CommandError(Exception):
    """A command the door does not run: `str(e)` is the one line said."""


def parse(command: str) -> tuple[str, int]:
    """A command's verb and table number: ('watch', 3) for 'watch 3'."""
    try:
        words = shlex.split(command)
    except ValueError:
        words = []
    if not words:
        raise CommandError(f"mare-nostrum: no command given: the commands are {USAGE}")
    verb = words[0]
    if verb not in _FLAGS:
        shown = "".join(ch for ch in verb if ch.isprintable())[:40]
        raise CommandError(f"mare-nostrum: unknown command {shown!r}: the commands are "
                           f"{USAGE}")
    if len(words) != 2 or not words[1].isdigit() or not 0 < int(words[1]) < 10**9:
        raise CommandError(f"mare-nostrum: {verb} needs a table number, as in '{verb} 1'")
    return verb, int(words[1])


def child_args(command: str) -> list[str]:
    """`mare-nostrum join`'s arguments for a command: ['3', '--watch'] for 'watch 3'
    (`record` is the door's own: its arguments are the table alone)."""
    return join_args(*parse(command))


def join_args(verb: str, table: int) -> list[str]:
    return [str(table), *_FLAGS[verb]]
