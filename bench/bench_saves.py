"""How big a late-game save is, and how long saving and loading take, next to what msgspec
alone takes to encode and decode the same state.

    .venv/bin/python bench/bench_saves.py [--dir DIR]

Two late games are measured: a 6-player game of greedy computer players just before its
last decision, and a long 6-player game of random players (3000 decisions, a record much
longer than a real game's). "save" is engine.saves.write_save (encode the state and the
record, checksum, temporary file, fsync, rename, fsync of the directory); "load" is
engine.saves.load_save (read, check the header and the checksum, decode state and record).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import msgspec  # noqa: E402

from engine import saves  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.game import apply, clone, new_game, state_hash, view  # noqa: E402
from engine.record import GameRecord, add_action, new_record  # noqa: E402
from engine.state import Config, GameState  # noqa: E402

SIX = ["rome", "greece", "egypt", "carthage", "babylon", "atlantis"]


def late_game(level: str, seed: int, limit: int) -> tuple[GameState, GameRecord]:
    """The state and record just before the last decision (or after `limit`)."""
    config = Config(civs=SIX, seed=seed)
    state, _ = new_game(config)
    record = new_record(config, state_hash(state))
    bots = [make_bot(level, seed * 7919 + i) for i in range(6)]
    prev = (clone(state), msgspec.structs.replace(record, actions=list(record.actions),
                                                  hashes=dict(record.hashes)))
    for _ in range(limit):
        if state.phase == "over":
            return prev
        assert state.prompt is not None
        seat = next(p.seat for p in state.players if p.civ == state.prompt.civ)
        action = bots[seat].choose(view(state, seat))
        prev = (clone(state), msgspec.structs.replace(record, actions=list(record.actions),
                                                      hashes=dict(record.hashes)))
        apply(state, action)
        add_action(record, action, state_hash(state))
    return state, record


def timed(fn: Callable[[], object], n: int) -> float:
    """Median seconds of one call, over n calls (after one warm-up)."""
    fn()
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def measure(label: str, state: GameState, record: GameRecord, directory: Path,
            n: int) -> None:
    enc = msgspec.json.Encoder()
    dec = msgspec.json.Decoder(GameState)
    state_json = enc.encode(state)
    save = saves.make_save(state, record, "bench")
    data = saves.encode_save(save)
    path = directory / "bench.json"
    saves.write_save(path, save)
    rows = [
        ("msgspec encode(state)", timed(lambda: enc.encode(state), n)),
        ("msgspec decode(state)", timed(lambda: dec.decode(state_json), n)),
        ("encode_save (state + record + checksum)", timed(lambda: saves.encode_save(save), n)),
        ("decode_save (checks + state + record)", timed(lambda: saves.decode_save(data), n)),
        ("save: write_save to disk (atomic, fsync)", timed(lambda: saves.write_save(path, save),
                                                          n)),
        ("load: load_save from disk", timed(lambda: saves.load_save(path), n)),
    ]
    print(f"\n{label}: turn {state.turn}, {state.phase}, {len(record.actions)} actions, "
          f"{len(state.units)} units")
    print(f"  state JSON  {len(state_json):>9,} bytes")
    print(f"  save file   {len(data):>9,} bytes  (state + record of {len(record.actions)} "
          f"actions, {len(record.hashes)} hashes)")
    for name, secs in rows:
        print(f"  {name:<42} {secs * 1000:8.3f} ms")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dir", help="where to write the test saves (default: a temporary "
                    "directory; the disk matters for the fsync)")
    ap.add_argument("-n", type=int, default=50, help="calls per measure (median)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.dir) as d:
        directory = Path(d)
        state, record = late_game("greedy", 1, 20_000)
        measure("6-player greedy game, before its last decision", state, record, directory,
                args.n)
        state, record = late_game("random", 3, 3000)
        measure("6-player random game, 3000 decisions", state, record, directory, args.n)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
