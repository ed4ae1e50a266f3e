"""The reviews already worked out (engine/bots/review.py), kept as side files in the data
folder so that a second opening of the same review is instant.

A cached review is named by the record's fingerprint, the seat and the budget; on load it
is checked against the record it is asked for (fingerprint, number of actions, seat,
budget, version, every judgement's step in range and in order). Anything else, a damaged
file or one made for another record, is ignored and worked out again: never trusted.
"""

from __future__ import annotations

import contextlib
import math
from pathlib import Path

import msgspec

from ..bots.review import REVIEW_VERSION, Review, fingerprint
from ..record import GameRecord
from .files import atomic_write, data_dir, private_dir

_decoder = msgspec.json.Decoder(Review)


def reviews_dir() -> Path:
    return data_dir() / "reviews"


def review_path(record: GameRecord, civ: str, budget: float, rounds: int = 0,
                folder: Path | None = None) -> Path:
    """Where a review is kept: in `folder` (a game server's own), else the player's."""
    by = f"r{rounds}" if rounds else f"{round(budget * 1000)}ms"
    return (folder or reviews_dir()) / f"{fingerprint(record)[:32]}-{civ}-{by}.json"


def load_review(record: GameRecord, civ: str, budget: float, rounds: int = 0,
                folder: Path | None = None) -> Review | None:
    """The cached review of this record for `civ`, or None (none, or not to be trusted)."""
    path = review_path(record, civ, budget, rounds, folder)
    try:
        found = _decoder.decode(path.read_bytes())
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return None
    return found if fits(found, record, civ, budget, rounds) else None


def fits(found: Review, record: GameRecord, civ: str, budget: float, rounds: int) -> bool:
    """Whether a review read from a file is the one asked for, and well formed."""
    if (found.version != REVIEW_VERSION or found.civ != civ or found.budget != budget
            or found.rounds != rounds or found.actions != len(record.actions)
            or found.fingerprint != fingerprint(record)):
        return False
    last = 0
    for j in found.judgements:
        if not last < j.index <= found.actions:
            return False
        if not math.isfinite(j.loss) or j.loss < 0:
            return False
        last = j.index
    return True


def save_review(found: Review, record: GameRecord, folder: Path | None = None) -> Path | None:
    """Keep the review for next time; None if the folder cannot be written (no matter)."""
    path = review_path(record, found.civ, found.budget, found.rounds, folder)
    with contextlib.suppress(OSError):
        private_dir(path.parent)  # a review tells the seat's own hand: its owner's only
        atomic_write(path, msgspec.json.encode(found))
        return path
    return None
