"""What several test modules share through pytest itself: the one PostgreSQL server of the
tests of several hosts (started for the first test that asks, stopped at the end)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .net_helpers import cleanup, short_dir
from .postgres_server import postgres


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
