"""Python's cycle collector, paced for a screen that must answer a key within a frame.

Textual makes many short-lived objects at every frame (strips, segments, styles). With
Python's default pace a young collection runs every 700 allocations, and objects alive at
that moment are carried into the older generations; a full collection then scans every
object of the program and takes a tenth of a second in the middle of a decision's round
trip (bench/bench_tui.py). Two remedies:

    pace_for_screen()   young collections every YOUNG allocations: the frame's objects
                        are gone by then, so few are carried on (process-wide; harmless
                        for the tests and the servers, which run many apps)
    uncollected()       no collection while the screen's modules are imported (a `with`
                        block around them): what they make lives as long as the
                        program, and the collector would walk it again and again (a
                        twentieth of the cold start); it is left out of later ones
    settle_imports()    what exists before the app starts (modules, classes, the board's
                        data) lives as long as the program: left out of every later
                        collection. For a program running one app (`run_app`); a server
                        running many apps would keep their cycles forever, so not there.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG = 10_000  # allocations between young collections (Python's default: 700)


def pace_for_screen() -> None:
    _young, older, oldest = gc.get_threshold()
    if _young < YOUNG:
        gc.set_threshold(YOUNG, older, oldest)


def settle_imports() -> None:
    gc.collect()
    gc.freeze()


@contextmanager
def uncollected() -> Iterator[None]:
    if not gc.isenabled():  # someone else holds the collector: leave it to them
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        # Python's collector would otherwise walk the imports' objects at its next pass
        # (they sit in the youngest generation): they stay out of every collection, as
        # `settle_imports` leaves them; frozen objects are never freed, and modules never are
        gc.freeze()
        gc.enable()
