"""The build copies the example games of `saves/` into the package (engine/examples.py
finds them there once installed); everything else is in pyproject.toml. With
MARE_NOSTRUM_COMPILE=1 it also builds the engine's hot modules as C extensions with mypyc
(engine/compiled.py: the compiled build; mypy and a C compiler needed)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildWithExamples(build_py):
    def run(self) -> None:
        super().run()
        source = HERE / "saves"
        if not source.is_dir():  # building from an sdist without them: nothing to ship
            return
        target = Path(self.build_lib) / "engine" / "example_games"
        for f in source.rglob("*"):
            if f.is_file() and f.suffix in (".json", ".md"):
                dest = target / f.relative_to(source)
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(f, dest)


def compiled_modules() -> list[object]:
    """The extensions of the compiled build, if asked for (engine/compiled.py)."""
    if os.environ.get("MARE_NOSTRUM_COMPILE") != "1":
        return []
    import sys

    from mypyc.build import mypycify

    sys.path.insert(0, str(HERE))  # the tree's own list, whoever runs this file
    from engine.compiled import MODULES
    return list(mypycify(list(MODULES), opt_level="3"))


setup(cmdclass={"build_py": BuildWithExamples}, ext_modules=compiled_modules())
