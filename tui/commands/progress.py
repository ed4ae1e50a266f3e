"""Progress of long headless work (`simulate`, `arena`): a rich progress bar when stdout is
a terminal, plain lines otherwise (a pipe or a file gets exactly the lines)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def games_progress(total: int, what: str = "games") -> Iterator[Callable[[str], None]]:
    """Yields `done(line)`: one more game finished, with its line ("" prints nothing)."""
    if not sys.stdout.isatty():
        def plain(line: str) -> None:
            if line:
                print(line, flush=True)
        yield plain
        return
    # lazy: Rich loads only to draw this command's output
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TimeRemainingColumn(), transient=True) as bar:
        task = bar.add_task(what, total=total)

        def done(line: str) -> None:
            if line:
                bar.console.print(line, markup=False, highlight=False, emoji=False)
            bar.advance(task)
        yield done
