"""The commands an SSH client may give the door (`ssh -t -p PORT host join 3`): straight to
a table to sit, watch or replay it. Anything else is refused in one line."""

from __future__ import annotations

import shlex

NEEDS_TTY = "Mare Nostrum needs a terminal: connect with ssh -t.\r\n"
USAGE = "join TABLE, watch TABLE or replay TABLE"
_FLAGS = {"join": [], "watch": ["--watch"], "replay": ["--replay"]}


class CommandError(Exception):
    """A command the door does not run: `str(e)` is the one line said."""


def child_args(command: str) -> list[str]:
    """`mare-nostrum join`'s arguments for a command: ['3', '--watch'] for 'watch 3'."""
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
    return [str(int(words[1])), *_FLAGS[verb]]
