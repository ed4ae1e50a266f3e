"""The headless rules engine of Mare Nostrum: Mythology (engine/game.py is its public API)."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("mare-nostrum")
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"
