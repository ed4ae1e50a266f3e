"""What one table of the game server holds in memory, by part: a game of computers played
to its end, then each part measured with tracemalloc (what it holds, objects and strings).

    .venv/bin/python bench/table_memory.py [--players 5] [--seed 3]

Printed: the record as made in play and as read from a save (before and after
engine.record.share_equal_actions), the state, and the table's recent events (400, as
objects and packed as a retired table keeps them); then what a server's playing tables
hold: `--tables` records at once, each sharing its equal actions alone (as before) and all
through the process's pool (engine.record.shared_action), read from saves and made in
play; and a playing table at three ages, its record and its recent events as objects
(before) and packed one by one as `Table.recent` keeps them. docs/performance.md (the
soak) uses these figures.
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

from engine import record as records  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.data.board import CIVS  # noqa: E402
from engine.events import Event  # noqa: E402
from engine.game import new_game  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.record import GameRecord, share_equal_actions, truncate  # noqa: E402
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
    ap.add_argument("--tables", type=int, default=8)
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
    records._shared.clear()  # as if this record were the server's only one
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
    playing_tables(a.tables, a.seed)
    table_ages(record)


def _key(action: object) -> bytes:
    return msgspec.msgpack.encode(action)


def _shared_alone(record: GameRecord) -> None:
    """Equal actions sharing one object within the record only (before the pool)."""
    seen: dict[bytes, Action] = {}
    record.actions = [seen.setdefault(_key(a), a) for a in record.actions]


def _played(players: int, seed: int) -> GameRecord:
    state, _ = new_game(Config(civs=list(CIVS[:players]), seed=seed))
    m = Match(state, ["random"] * players, bot_secret=b"table-memory")
    while (seat := m.pending_seat()) is not None:
        m.act(seat, m.bot_action())
    return m.record


def playing_tables(tables: int, seed: int) -> None:
    """`tables` games of 3 to 6 computers (their records, all at once): what a server's
    tables hold, each sharing its equal actions alone and all through the pool."""
    kib = 1024
    games = [(3 + i % 4, seed + i) for i in range(tables)]
    saved = [msgspec.msgpack.encode(_played(n, s)) for n, s in games]
    actions = sum(len(msgspec.msgpack.decode(d, type=GameRecord).actions) for d in saved)
    print(f"{tables} games of 3 to 6 computers ({actions} actions), their records at once:")

    def read(share: Callable[[GameRecord], None]) -> list[GameRecord]:
        out = []
        for d in saved:
            rec = msgspec.msgpack.decode(d, type=GameRecord)
            share(rec)
            out.append(rec)
        return out
    records._shared.clear()  # the pool's own memory is counted
    _, alone = held(lambda: read(_shared_alone))
    records._shared.clear()
    _, pooled = held(lambda: read(share_equal_actions))
    print(f"  read from saves: each sharing its equal actions alone {alone / kib:.0f} KiB; "
          f"through the pool {pooled / kib:.0f} KiB")
    shared = records.shared_action
    records.shared_action = lambda action: action
    try:
        _, alone = held(lambda: [_played(n, s) for n, s in games])
    finally:
        records.shared_action = shared
    records._shared.clear()
    _, pooled = held(lambda: [_played(n, s) for n, s in games])
    print(f"  made in play: each action its own object {alone / kib:.0f} KiB; "
          f"through the pool {pooled / kib:.0f} KiB")


def table_ages(record: GameRecord) -> None:
    """A playing table at a quarter, half and the whole of its game: its record (read
    from its save, the pool holding only it) and its recent events."""
    kib = 1024
    total = len(record.actions)
    for n in (total // 4, total // 2, total):
        part = msgspec.msgpack.encode(truncate(record, n))
        records._shared.clear()

        def read(part: bytes = part) -> GameRecord:
            rec = msgspec.msgpack.decode(part, type=GameRecord)
            share_equal_actions(rec)
            return rec
        rec, size = held(read)
        assert isinstance(rec, GameRecord)
        last = replayed(rec, RECENT_EVENTS)

        def as_objects(last: list[tuple[int, Event]] = last) -> object:
            data = msgspec.msgpack.encode(last)  # new objects, as the engine makes them
            return deque(msgspec.msgpack.decode(data, type=list[tuple[int, Event]]),
                         maxlen=RECENT_EVENTS)

        def packed_one_by_one(last: list[tuple[int, Event]] = last) -> object:
            return (deque((msgspec.msgpack.encode(e) for _, e in last), maxlen=RECENT_EVENTS),
                    deque((v for v, _ in last), maxlen=RECENT_EVENTS))
        _, objects = held(as_objects)
        _, packed = held(packed_one_by_one)
        print(f"a playing table after {n} actions: its record {size / kib:.0f} KiB; its "
              f"{len(last)} recent events as objects {objects / kib:.0f} KiB, packed one by "
              f"one {packed / kib:.0f} KiB")


if __name__ == "__main__":
    main()
