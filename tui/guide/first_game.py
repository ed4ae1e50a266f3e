"""The prepared game of `mare-nostrum learn`: a scenario file shipped with the program
(first_game.toml, in the format of docs/scenarios.md) gives the setup; the player takes the
first seat, computer players the others, with fixed seeds so that the game is the same
every time it is started with the same moves."""

from __future__ import annotations

from pathlib import Path

import msgspec

from engine.scenario import load
from engine.state import Config

SCENARIO = Path(__file__).with_name("first_game.toml")
COMPUTERS = "easy"  # forgiving opponents for a first game
BOT_SECRET = b"mare-nostrum learn"  # the computer players' seed: the same game every time


def first_game_config() -> Config:
    """The setup of the prepared game, from its scenario file."""
    return msgspec.convert(load(SCENARIO)["setup"], Config)


def first_game_seats(config: Config, human: str) -> list[str]:
    """The first seat is the player's; the others are computer players."""
    return [human] + [COMPUTERS] * (len(config.civs) - 1)
