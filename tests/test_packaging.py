"""Packaging: the version, the shipped example games, and CI running the README's command."""

from __future__ import annotations

import re
from pathlib import Path

import engine
from engine.examples import example_paths
from engine.saves import load_save

ROOT = Path(__file__).resolve().parent.parent


def test_version_comes_from_the_installed_metadata():
    assert re.fullmatch(r"\d+\.\d+\.\d+.*", engine.__version__)


def test_example_games_are_found_and_load():
    paths = example_paths()
    names = {p.relative_to(p.parent.parent).as_posix() for p in paths}
    assert "games/six-player-greedy.json" in names and "phases/military.json" in names
    for p in paths:
        load_save(p)


def test_ci_runs_exactly_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    run = (ROOT / ".ci" / "run").read_text().strip().splitlines()[-1]
    assert f"    {run}\n" in readme
    assert "pytest" in run and ".ci/smoke" in run and "||" not in run
