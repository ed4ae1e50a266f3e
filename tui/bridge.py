"""Where the TUI meets the engine's saves (``engine.saves``), game records
(``engine.record``) and event texts (``engine.render``), in the shapes the screens use.

    autosave(state, record, name, seats)     -> str | None   (an error message, or None)
    save_game(state, record, name, ...)      -> Path
    history_events(record, state)            -> the events of a saved game's history
    list_saves()                             -> list[SaveInfo]
    latest_save()                            -> SaveInfo | None
    save_name_for(config)                    -> a free name for a new game's save
    load_game(path)                          -> LoadedGame   (LoadError if it cannot)
    load_record(path)                        -> GameRecord (LoadError if it cannot)
    describe(event)                          -> str
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine import record as records
from engine import render, saves
from engine import replay as replays
from engine.events import Event
from engine.game import state_hash
from engine.record import GameRecord
from engine.render import PHASE_NAMES
from engine.render import civ as civ_name
from engine.saves import SaveError
from engine.state import Config, GameState


# --- where saves live ---------------------------------------------------------------------
def saves_dir() -> Path:
    """The user's save directory."""
    return saves.saves_dir()


def project_saves_dir() -> Path:
    """The example games shipped with the project (saves/)."""
    return Path(__file__).resolve().parent.parent / "saves"


@dataclass
class SaveInfo:
    path: Path
    name: str
    mtime: float = 0.0
    detail: str = ""  # "Rome, Greece, Egypt · turn 3 · construction"
    error: str = ""  # why it cannot be loaded


def _save_detail(item: saves.SaveInfo) -> str:
    parts = []
    if item.civs:
        parts.append(", ".join(civ_name(c) for c in item.civs))
    if item.turn:
        parts.append(f"turn {item.turn}")
    if item.phase:
        parts.append(f"won by {civ_name(item.winner)}" if item.phase == "over" and item.winner
                     else PHASE_NAMES.get(item.phase, item.phase).lower())
    if item.seats:
        people = sum(1 for s in item.seats if s == "human")
        bots = len(item.seats) - people
        parts.append(", ".join(p for p in (
            f"{people} {'person' if people == 1 else 'people'}" if people else "",
            f"{bots} computer{'s' if bots != 1 else ''}" if bots else "") if p))
    if item.to_move:
        parts.append(f"{civ_name(item.to_move)} to move")
    return " · ".join(parts)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _infos(directory: Path) -> list[SaveInfo]:
    out = []
    for item in saves.list_saves(directory):
        path = Path(item.path)
        out.append(SaveInfo(path=path, name=item.name or path.stem, mtime=_mtime(path),
                            detail=_save_detail(item), error=item.error))
    return out


def list_saves(include_examples: bool = True) -> list[SaveInfo]:
    """Saved games in the save directory (and the examples shipped in saves/), newest
    first."""
    found = _infos(saves_dir())
    if include_examples:
        known = {s.path.resolve() for s in found}
        examples = project_saves_dir()
        for d in (examples, *sorted(p for p in examples.glob("*") if p.is_dir())):
            found += [s for s in _infos(d) if s.path.resolve() not in known]
    found.sort(key=lambda s: -s.mtime)
    return found


def latest_save() -> SaveInfo | None:
    """The most recently played save that loads, if any."""
    info = saves.latest_save()
    if info is None:
        return None
    path = Path(info.path)
    return SaveInfo(path=path, name=path.stem)


# --- records and autosave --------------------------------------------------------------
def save_name_for(config: Config) -> str:
    """A name for the autosave of a new game, not yet used in the save directory."""
    return saves.free_path(saves.default_name(config)).stem


def save_game(state: GameState, record: GameRecord, name: str,
              path: str | Path | None = None, seats: list[str] | None = None) -> Path:
    """Save the game (state, record and who plays each seat) under its name in the save
    directory, or at `path`. Raises SaveError if it cannot be written."""
    return Path(saves.autosave(state, record, name, path=path, seats=seats))


def autosave(state: GameState, record: GameRecord, name: str,
             seats: list[str] | None = None) -> str | None:
    """Save the game after an action. Returns None on success, else the error message (the
    screen shows it once; the game goes on)."""
    try:
        save_game(state, record, name, seats=seats)
    except (SaveError, OSError) as e:
        return f"autosave failed: {e}"
    return None


def history_events(rec: GameRecord | None, state: GameState) -> list[Event] | None:
    """The events of a saved game's whole history, by replaying its record (None if the
    record cannot be replayed to this very state)."""
    if rec is None:
        return None
    events: list[Event] = []
    final = None
    try:
        for step in replays.replay(rec, on_start=lambda st, ev: events.extend(ev)):
            events.extend(step.events)
            final = step.state
        if final is None:
            final = records.start_state(rec)[0]
    except replays.ReplayError:
        return None
    return events if state_hash(final) == state_hash(state) else None


# --- loading ------------------------------------------------------------------------------
class LoadError(Exception):
    """A file that is not a game we can read (a one-line message, never a traceback)."""


@dataclass
class LoadedGame:
    state: GameState
    seats: list[str] | None = None  # "human" or a bot level per seat, if the save says
    record: GameRecord | None = None  # the save's own record, to go on with
    name: str = ""


def load_game(path: str | Path, check_record: bool = False) -> LoadedGame:
    """Load a saved game (LoadError, one line, if the file is not one); `check_record`:
    its record must also replay to the saved position (to resume it)."""
    try:
        save = saves.load_to_resume(path) if check_record else saves.load_save(path)
    except SaveError as e:
        raise LoadError(str(e)) from None
    return LoadedGame(state=save.state, seats=list(save.seats) or None, record=save.record,
                      name=save.name)


def load_record(path: str | Path) -> GameRecord:
    """Load the record of a save (its history) for the replay viewer."""
    try:
        rec, _ = saves.load_record(path)
    except SaveError as e:
        raise LoadError(str(e)) from None
    return rec


# --- event texts --------------------------------------------------------------------------
def describe(event: Event) -> str:
    """One readable line for an event."""
    return render.render(event)
