"""The subcommands of `mare-nostrum`, one module each."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import admin, arena, net, record_cmd, review_cmd, saves_cmd, scenario_cmd, simulate

if TYPE_CHECKING:
    from ..cli import Command

COMMANDS: dict[str, Command] = {
    "simulate": simulate.COMMAND,
    "arena": arena.COMMAND,
}

try:  # the screen is optional for headless use
    from . import learn_cmd, play
    COMMANDS.update(play.COMMANDS)
    COMMANDS.update(learn_cmd.COMMANDS)  # learn: the guided first game
except ImportError:  # pragma: no cover
    pass

# After the screen's: `resume` and `replay` check the file, then open the screen's.
COMMANDS.update(saves_cmd.COMMANDS)  # saves, resume
COMMANDS.update(record_cmd.COMMANDS)  # replay (--verify), log
COMMANDS.update(review_cmd.COMMANDS)  # review
COMMANDS.update(scenario_cmd.COMMANDS)  # scenario
COMMANDS.update(net.COMMANDS)  # serve, serve-ssh, join
COMMANDS.update(admin.COMMANDS)  # admin backup, admin restore
