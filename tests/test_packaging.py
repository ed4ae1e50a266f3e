"""Packaging: the version, the shipped example games, and CI running the README's command."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

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


def _pins() -> dict[str, str]:
    """constraints.txt's pins: the versions CI installs, by normalised name."""
    pins: dict[str, str] = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line and not line.startswith((" ", "#")):
            name, version = line.split("==")
            pins[canonicalize_name(name)] = version
    return pins


def test_every_requirement_is_pinned_in_the_lock_within_its_range():
    """CI installs from constraints.txt (pip-compile's output) so that lint results and the
    snapshots change only with a commit; a requirement added to pyproject.toml without
    compiling the lock again, or a pin outside its range, fails here."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = [*project["dependencies"], *project["optional-dependencies"]["test"],
              *project["optional-dependencies"]["ssh"]]
    pins = _pins()
    for text in wanted:
        req = Requirement(text)
        pin = pins.get(canonicalize_name(req.name))
        assert pin is not None, f"{req.name} is not in constraints.txt: run pip-compile again"
        assert req.specifier.contains(pin), f"{req.name}=={pin} is outside {req.specifier}"
