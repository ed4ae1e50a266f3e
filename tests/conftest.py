"""What several test modules share through pytest itself.

- A server's data directory (`data`), and the one PostgreSQL server of the tests of several
  hosts (started for the first test that asks, stopped at the end).
- A text field's caret that does not blink: a snapshot taken on a loaded machine would
  otherwise catch it on or off by chance.
- The tests run on the source as it is, or on the compiled build when it was built in this
  tree (engine/compiled.py). A compiled module's functions call each other directly, not
  through the module's names: a test that patches a name of a compiled module (or a method
  of a class of one) would test nothing there, so it is skipped, saying which module.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from textual.widgets import Input

from engine.compiled import built

from .net_helpers import cleanup, short_dir
from .postgres_server import postgres

_COMPILED = frozenset(m[:-3].replace("/", ".") for m in built())


@pytest.fixture
def data() -> Iterator[Path]:
    """A server's data directory of its own, short enough for its Unix socket's path."""
    d = short_dir()
    yield d
    cleanup(d)


@pytest.fixture(autouse=True)
def _steady_caret(monkeypatch: pytest.MonkeyPatch) -> None:
    """A focused field shows its caret all the time (Textual turns it on at focus and at
    each key, and its timer would turn it off every half second)."""
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)


@pytest.fixture(scope="session")
def database() -> Iterator[str]:
    """The URL of a PostgreSQL server of the machine's own (skipped, saying why, without
    one); each test empties its database with `postgres_server.fresh`."""
    root = short_dir()
    try:
        with postgres(root) as url:
            yield url
    finally:
        cleanup(root)


def _module_of(target: Any) -> str | None:
    if isinstance(target, ModuleType):
        return target.__name__
    if isinstance(target, str):  # "package.module.name", pytest's other form
        return target.rpartition(".")[0]
    if isinstance(target, type):
        return target.__module__
    return None


if _COMPILED:
    @pytest.fixture(autouse=True)
    def _patches_of_compiled_modules_skip(monkeypatch: pytest.MonkeyPatch) -> None:
        patch = monkeypatch.setattr

        def setattr(target: Any, *args: Any, **kwargs: Any) -> None:
            module = _module_of(target)
            if module in _COMPILED:
                pytest.skip(f"patches {module}, built as a C extension (engine/compiled.py)")
            patch(target, *args, **kwargs)
        monkeypatch.setattr = setattr  # type: ignore[method-assign]
