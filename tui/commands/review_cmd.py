"""`mare-nostrum review FILE [--as CIV] [--budget S]`: the hard player's judgement of every
decision one seat made in a saved game, and the five biggest swings (engine/bots/review.py).
The review is kept as a side file (engine/saves/review_cache.py): a second one is instant."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from engine.render import civ as civ_name
from engine.replay import ReplayError
from engine.saves import SaveError, load_record, load_review, resolve, save_review, saves_dir

from .checks import seconds
from .record_cmd import _pipe_safe

DEFAULT_BUDGET = 0.25  # seconds per decision: a game's review in a minute or two


def _fail(msg: str, code: int = 2) -> int:
    print(f"mare-nostrum: {msg}", file=sys.stderr)
    return code


def _add_review(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="a save file (or a save name)")
    p.add_argument("--as", dest="civ", metavar="CIV",
                   help="the civilization whose decisions are reviewed (default: the "
                   "player at the keyboard when the game was saved)")
    p.add_argument("--budget", type=seconds, default=DEFAULT_BUDGET, metavar="S",
                   help=f"the hard player's time per decision (default {DEFAULT_BUDGET})")
    p.add_argument("--all", action="store_true",
                   help="list every decision judged, not only the five biggest swings")


@contextmanager
def review_progress(what: str) -> Iterator[Callable[[int, int], None]]:
    """Yields `progress(done, total)`: a rich progress bar on a terminal, nothing otherwise."""
    if not sys.stdout.isatty():
        yield lambda done, total: None
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
        task = bar.add_task(what, total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)
        yield progress


def _run_review(args: argparse.Namespace) -> int:
    # lazy: the review (the hard player's search) loads with the first review (`--help` stays quick)
    from engine.bots.review import review
    from engine.render_advice import review_lines

    try:
        record, save = load_record(resolve(args.file, saves_dir()))
    except SaveError as e:
        return _fail(str(e))
    civ = args.civ
    if civ is None:
        humans = [record.config.civs[i] for i, kind in enumerate(save.seats)
                  if kind == "human" and i < len(record.config.civs)]
        if not humans:
            return _fail("say whose decisions to review: --as CIV "
                         f"({', '.join(record.config.civs)})")
        civ = humans[0]
    if civ not in record.config.civs:
        return _fail(f"{civ} does not play in this game ({', '.join(record.config.civs)})")
    found = load_review(record, civ, args.budget)
    if found is None:
        try:
            with review_progress(f"reviewing {civ_name(civ)}'s decisions") as progress:
                found = review(record, civ, budget=args.budget,
                                         progress=progress)
        except ReplayError as e:
            return _fail(f"{args.file}: {e.message}", 1)
        assert found is not None  # nothing cancels it here
        save_review(found, record)
    for line in review_lines(found, save.name, every=args.all):
        print(line)
    return 0


REVIEW = ("the hard player's review of one seat's decisions in a saved game", _add_review,
          _pipe_safe(_run_review))
COMMANDS = {"review": REVIEW}
