"""Python's cycle collector, paced for a screen that must answer a key within a frame.

Textual makes many short-lived objects at every frame (strips, segments, styles). With
Python's default pace a young collection runs every 700 allocations, and objects alive at
that moment are carried into the older generations; a full collection then scans every
object of the program and takes a tenth of a second in the middle of a decision's round
trip (bench/bench_tui.py). Two remedies:

    pace_for_screen()   young collections every YOUNG allocations: the frame's objects
                        are gone by then, so few are carried on (process-wide; harmless
                        for the tests and the servers, which run many apps)
    settle_imports()    what exists before the app starts (modules, classes, the board's
                        data) lives as long as the program: left out of every later
                        collection. For a program running one app (`run_app`); a server
                        running many apps would keep their cycles forever, so not there.
"""

from __future__ import annotations

import gc

YOUNG = 10_000  # allocations between young collections (Python's default: 700)


def pace_for_screen() -> None:
    _young, older, oldest = gc.get_threshold()
    if _young < YOUNG:
        gc.set_threshold(YOUNG, older, oldest)


def settle_imports() -> None:
    gc.collect()
    gc.freeze()
