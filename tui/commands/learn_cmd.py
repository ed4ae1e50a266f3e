"""`mare-nostrum learn`: a guided first game. A prepared game (tui/guide/first_game.toml)
in which the guide explains each phase and each kind of decision when it first comes, and
what the computer players did and why; the player may turn it off and play on alone."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from .checks import seconds
from .play import THEME_HELP

if TYPE_CHECKING:
    from tui.screens.guided import GuidedGameScreen


def _add_learn(p: argparse.ArgumentParser) -> None:
    p.add_argument("--theme", default=None, help=THEME_HELP)
    p.add_argument("--bot-delay", type=seconds, default=0.3, metavar="SECONDS",
                   help="pause before each computer player's move (slower than a usual "
                        "game, to watch them)")
    p.add_argument("--no-autosave", action="store_true", help="do not save after each action")


def guided_screen(*, bot_delay: float = 0.3, autosave: bool = True) -> GuidedGameScreen:
    """The game screen of the prepared game, with its guide."""
    from tui.guide.first_game import BOT_SECRET, first_game_config, first_game_seats
    from tui.guide.tour import Tour
    from tui.screens.guided import GuidedGameScreen
    from tui.sessions.local import HUMAN, LocalSession

    config = first_game_config()
    session = LocalSession.new(config, first_game_seats(config, HUMAN), autosave=autosave,
                              save_name="learn", bot_secret=BOT_SECRET)
    return GuidedGameScreen(session, Tour(config.civs[0]), bot_delay=bot_delay)


def run_learn(args: argparse.Namespace) -> int:
    from tui.app import run_app
    autosave = not args.no_autosave
    return run_app(theme=args.theme, bot_delay=args.bot_delay, autosave=autosave,
                   first_screen=guided_screen(bot_delay=args.bot_delay, autosave=autosave))


COMMANDS = {
    "learn": ("a guided first game: every phase and decision explained as it comes",
              _add_learn, run_learn),
}
