"""Regenerate the example games in saves/ (see saves/README.md).

    .venv/bin/python bench/make_fixtures.py            # saves/games and saves/phases
    .venv/bin/python bench/make_fixtures.py --golden   # also any missing saves/golden file

The games are played by computer players from fixed seeds and written with fixed
timestamps, so running this again on unchanged rules gives the same bytes. Run it when the
rules change (a record made by the old rules no longer replays: `mare-nostrum replay
saves/games/six-player-greedy.json --verify` says where it diverges).

The golden files (saves/golden/v1-*.json) are never overwritten: they are the files of save
schema 1, kept forever to prove old saves still load. A missing one is written again only
with --golden.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.game import clone  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.record import GameRecord  # noqa: E402
from engine.saves import make_save, write_save  # noqa: E402
from engine.state import Config, GameState  # noqa: E402

STAMP = "2025-01-01T12:00:00+00:00"
SIX = ["rome", "greece", "egypt", "carthage", "babylon", "atlantis"]
SAVES = ROOT / "saves"
INDENT = 1


Stop = Callable[[GameState], bool]


def play(config: Config, level: str = "greedy", stop: Stop | None = None,
         max_actions: int = 20_000) -> tuple[GameState, GameRecord, bool]:
    """Play computer players (fixed seeds: the files come out the same) until
    `stop(state)` (before an action) or the end. Returns the state, its record, and
    whether `stop` was met."""
    n = len(config.civs)
    match = Match.new(config, [level] * n, bot_seeds=[config.seed * 7919 + i for i in range(n)])
    for _ in range(max_actions):
        if stop is not None and stop(match.state):
            return match.state, match.record, True
        if not match.play_bots(limit=1):
            break
    return match.state, match.record, stop is None


def find(name: str, configs: Iterable[Config], stop: Stop, level: str = "greedy"
         ) -> tuple[GameState, GameRecord, Config] | None:
    for config in configs:
        state, record, ok = play(config, level, stop)
        if ok:
            return state, record, config
    print(f"  {name}: no game reached it", file=sys.stderr)
    return None


def write(path: Path, state: GameState, record: GameRecord, name: str, note: str) -> None:
    write_save(path, make_save(clone(state), record, name, created=STAMP, updated=STAMP),
               indent=INDENT)
    prompt = type(state.prompt).__name__ if state.prompt is not None else "none"
    print(f"  {path.relative_to(ROOT)}: {note}; turn {state.turn}, {state.phase}, "
          f"prompt {prompt}, {len(record.actions)} actions, {path.stat().st_size} bytes")


def seeds(civs: list[str], setup: str = "predetermined", n: int = 40) -> Iterator[Config]:
    return (Config(civs=list(civs), seed=s, setup=setup) for s in range(1, n + 1))


def in_phase(phase: str, turn: int, kind: str | None = None) -> Stop:
    def stop(s: GameState) -> bool:
        return (s.phase == phase and s.turn >= turn and s.prompt is not None
                and (kind is None or type(s.prompt).__name__ == kind))
    return stop


def make_games() -> None:
    print("saves/games:")
    for config in seeds(SIX):
        state, record, _ = play(config)
        if state.phase == "over" and state.winner:
            write(SAVES / "games" / "six-player-greedy.json", state, record,
                  "six-player-greedy", f"a complete game, seed {config.seed}, "
                  f"{state.winner} wins ({state.win_reason})")
            return
    print("  no 6-player game ended with a winner", file=sys.stderr)


PHASES: dict[str, tuple[Stop, str]] = {
    "setup": (lambda s: s.phase == "setup" and s.free_setup.round >= 3
              and s.prompt is not None, "free"),
    "roles": (in_phase("roles", 2, "ChooseRoleHolder"), "predetermined"),
    "commerce": (in_phase("commerce", 3, "TakeTradeCard"), "predetermined"),
    "offering": (in_phase("offering", 3, "MakeOffering"), "predetermined"),
    "construction": (in_phase("construction", 3, "ConstructionTurn"), "predetermined"),
    "military": (in_phase("military", 3, "GroundTurn"), "predetermined"),
}


def make_phases() -> None:
    print("saves/phases:")
    for phase, (stop, setup) in PHASES.items():
        found = find(phase, seeds(SIX, setup, 60), stop)
        if found is None:
            continue
        state, record, config = found
        write(SAVES / "phases" / f"{phase}.json", state, record, f"phase-{phase}",
              f"mid-game in the {phase} phase, seed {config.seed}")


# a golden file's game: its state and record, or None when the game never got there
GoldenGame = tuple[GameState, GameRecord]
Golden = Callable[[], GoldenGame | None]
GOLDEN: dict[str, tuple[Golden, str]] = {}


def _golden(name: str, note: str) -> Callable[[Golden], Golden]:
    def register(fn: Golden) -> Golden:
        GOLDEN[name] = (fn, note)
        return fn
    return register


@_golden("v1-start-3p", "a 3-player game after its first decisions")
def _g_start() -> GoldenGame | None:
    s, r, _ = play(Config(civs=["rome", "greece", "egypt"], seed=7), "random",
                   lambda s: s.actions_taken >= 12)
    return s, r


@_golden("v1-free-setup-4p", "a 4-player free setup, half done")
def _g_free() -> GoldenGame | None:
    s, r, ok = play(Config(civs=["carthage", "atlantis", "babylon", "greece"], seed=3,
                           setup="free"), "random",
                    lambda s: s.phase == "setup" and s.free_setup.round >= 3)
    return (s, r) if ok else None


@_golden("v1-midgame-6p", "a 6-player game in its fourth turn")
def _g_mid() -> GoldenGame | None:
    s, r, ok = play(Config(civs=SIX, seed=5), "greedy", in_phase("construction", 4))
    return (s, r) if ok else None


@_golden("v1-finished-3p", "a finished 3-player game")
def _g_done() -> GoldenGame | None:
    s, r, _ = play(Config(civs=["babylon", "rome", "atlantis"], seed=2, long_game=True),
                   "greedy")
    return (s, r) if s.phase == "over" else None


@_golden("v1-military-5p", "a 5-player game in the military phase")
def _g_mil() -> GoldenGame | None:
    s, r, ok = play(Config(civs=SIX[:5], seed=4), "greedy", in_phase("military", 2))
    return (s, r) if ok else None


def make_golden() -> None:
    print("saves/golden:")
    for name, (fn, note) in GOLDEN.items():
        path = SAVES / "golden" / f"{name}.json"
        if path.exists():
            print(f"  {path.relative_to(ROOT)}: kept (golden files are never rewritten)")
            continue
        got = fn()
        if got is None:
            print(f"  {name}: not reached", file=sys.stderr)
            continue
        write(path, got[0], got[1], name, note)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--golden", action="store_true",
                    help="also write the golden files that are missing")
    ap.add_argument("--only", choices=("games", "phases", "golden"),
                    help="regenerate one group only")
    args = ap.parse_args(argv)
    if args.only in (None, "games"):
        make_games()
    if args.only in (None, "phases"):
        make_phases()
    if args.golden or args.only == "golden":
        make_golden()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
