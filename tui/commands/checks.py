"""Argument types that refuse what makes no sense before anything starts (argparse turns
their ValueError into one line on stderr and exit code 2)."""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Callable
from pathlib import Path


def count(low: int, high: int | None = None) -> Callable[[str], int]:
    """A whole number from `low` (to `high`)."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if n < low or (high is not None and n > high):
            span = f"{low} to {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"{n} is out of range ({span})")
        return n
    parse.__name__ = "count"
    return parse


def seconds(text: str) -> float:
    """A finite, non-negative number of seconds."""
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(x) or x < 0:
        raise argparse.ArgumentTypeError(f"{text} is not a duration (0 or more seconds)")
    return x


def writable(text: str) -> str:
    """A file path that can be created or replaced: its folder exists and is writable,
    and it is not a folder itself."""
    p = Path(text)
    folder = p.parent if str(p.parent) else Path(".")
    if p.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a directory")
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"{text}: no folder {folder}")
    if not os.access(folder, os.W_OK) or (p.exists() and not os.access(p, os.W_OK)):
        raise argparse.ArgumentTypeError(f"{text} cannot be written (permission denied)")
    return text


PLAYERS = count(3, 6)
