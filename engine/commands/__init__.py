"""The subcommands of `mare-nostrum`, one module each."""

from __future__ import annotations

from . import simulate

COMMANDS = {
    "simulate": simulate.COMMAND,
}

try:  # the screen is optional for headless use
    from . import play
    COMMANDS.update(play.COMMANDS)
except ImportError:  # pragma: no cover
    pass
