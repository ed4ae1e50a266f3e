"""`mare-nostrum scenario FILE...` runs scenario files (docs/scenarios.md) and prints pass or
fail for each expectation, with the events of the script."""

from __future__ import annotations

import argparse
import sys


def _add(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="+", metavar="FILE", help="scenario files (.toml)")
    p.add_argument("--quiet", "-q", action="store_true",
                   help="print only the expectations, not the script and its events")


def _run(args: argparse.Namespace) -> int:
    # lazy: loaded for this command only (`mare-nostrum --help` stays quick)
    from engine.scenario import ScenarioError, report, run
    failed = bad = 0
    for f in args.files:
        try:
            res = run(f)
        except ScenarioError as e:
            print(f"mare-nostrum: {e}", file=sys.stderr)
            bad += 1
            continue
        for line in report(res, verbose=not args.quiet):
            print(line)
        failed += not res.passed
    n = len(args.files)
    if n > 1:
        print(f"{n - failed - bad} of {n} scenarios passed"
              + (f", {failed} failed" if failed else "")
              + (f", {bad} could not be run" if bad else ""))
    return 2 if bad else 1 if failed else 0


SCENARIO = ("run scenario files and check their expectations", _add, _run)
COMMANDS = {"scenario": SCENARIO}
