"""The example games of `saves/` (demo replays, phase positions, golden saves), found the
same way in a clone of the repository and in an installed wheel, where the build copies
them into the package as `engine/example_games` (setup.py)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

PACKAGED = "example_games"


def examples_dir() -> Path:
    """The folder of the example games: inside the installed package if it is there,
    else `saves/` of the source tree."""
    packaged = Path(str(resources.files("engine"))) / PACKAGED
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "saves"


def example_paths() -> list[Path]:
    """Every example save file, sorted by its path below the folder (games/ first)."""
    root = examples_dir()
    return sorted(root.glob("*/*.json"), key=lambda p: p.relative_to(root).as_posix())
