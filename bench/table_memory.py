"""What one table of the game server holds in memory, by part: a game of computers played
to its end, then each part measured with tracemalloc (what it holds, objects and strings).

    .venv/bin/python bench/table_memory.py [--players 5] [--seed 3]

Printed: the record as made in play and as read from a save (before and after
engine.record.share_equal_actions), the state, and the table's recent events (400, as
objects and packed as a retired table keeps them). docs/performance.md (the soak) uses
these figures.
"""

from __future__ import annotations

import argparse
import gc
import sys
import tracemalloc
from collections import deque
from collections.abc import Callable
from pathlib import Path

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.data.board import CIVS  # noqa: E402
from engine.game import new_game  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.record import GameRecord, share_equal_actions  # noqa: E402
from engine.state import Config, GameState  # noqa: E402
from tui.net.digest import replayed  # noqa: E402
from tui.net.tables import RECENT_EVENTS  # noqa: E402


def held(make: Callable[[], object]) -> tuple[object, int]:
    """What `make`'s result holds (bytes allocated and still alive once it returned)."""
    gc.collect()
    tracemalloc.start()
    obj = make()
    gc.collect()
    size = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return obj, size


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--seed", type=int, default=3)
    a = ap.parse_args()

    def play() -> Match:
        state, _ = new_game(Config(civs=list(CIVS[:a.players]), seed=a.seed))
        m = Match(state, ["random"] * a.players, bot_secret=b"table-memory")
        while (seat := m.pending_seat()) is not None:
            m.act(seat, m.bot_action())
        return m

    match, in_play = held(play)  # the match as a whole (its record made in play)
    assert isinstance(match, Match)
    record = match.record
    data = msgspec.msgpack.encode(record)
    kib = 1024
    print(f"{a.players} computers, seed {a.seed}: {len(record.actions)} actions, "
          f"{sum(1 for _ in replayed(record, 10**9))} events; the save's record "
          f"{len(msgspec.json.encode(record)) / kib:.0f} KiB")
    decoded, size = held(lambda: msgspec.msgpack.decode(data, type=GameRecord))
    print(f"the match made in play (record, state, computers): {in_play / kib:.0f} KiB")
    print(f"its record read from a save: {size / kib:.0f} KiB")
    assert isinstance(decoded, GameRecord)

    def shared() -> GameRecord:
        rec = msgspec.msgpack.decode(data, type=GameRecord)
        share_equal_actions(rec)
        return rec
    _, size = held(shared)
    print(f"  with equal actions shared: {size / kib:.0f} KiB")
    state = msgspec.msgpack.encode(match.state)
    _, size = held(lambda: msgspec.msgpack.decode(state, type=GameState))
    print(f"the state: {size / kib:.0f} KiB")
    # events as the engine makes them in play (a replay makes the same objects)
    packed = msgspec.msgpack.encode(replayed(record, RECENT_EVENTS))
    _, size = held(lambda: deque(replayed(record, RECENT_EVENTS), maxlen=RECENT_EVENTS))
    print(f"its last {RECENT_EVENTS} events as objects: {size / kib:.0f} KiB; packed "
          f"{len(packed) / kib:.0f} KiB")
    _, size = held(lambda: deque(replayed(record, 2000), maxlen=2000))
    print(f"its last 2,000 events as objects (the digest's copy before): {size / kib:.0f} KiB")


if __name__ == "__main__":
    main()
