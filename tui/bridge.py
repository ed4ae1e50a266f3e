"""The one place where the TUI meets the parts of the engine still being written:
saves (``engine.saves``), game records (``engine.record``) and event texts
(``engine.render``).

Each function imports its engine module lazily and degrades gracefully when the module or
function is missing, so the screen works today and picks the real implementations up as
they land. The lead can wire the final APIs here without touching the screens.

    new_record(state, fresh) / record_add(record, action, digest)
    autosave(state, record, name)            -> str | None   (an error message, or None)
    history_events(record, state)            -> the events of a saved game's history
    list_saves()                             -> list[SaveInfo]
    latest_save()                            -> SaveInfo | None
    load_game(path)                          -> LoadedGame
    load_record(path)                        -> LoadedRecord
    save_record(...)                         -> Path | None
    describe(event)                          -> str
"""

from __future__ import annotations

import importlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from engine.actions import Action
from engine.events import Event
from engine.state import Config, GameState

_action_decoder = msgspec.json.Decoder(list[Action])
_state_decoder = msgspec.json.Decoder(GameState)
_config_decoder = msgspec.json.Decoder(Config)


_MODULES: dict[str, Any] = {}


def _module(name: str):
    """The engine module, or None while it does not exist (looked up once per process)."""
    if name not in _MODULES:
        try:
            _MODULES[name] = importlib.import_module(name)
        except ImportError:
            _MODULES[name] = None
    return _MODULES[name]


# --- where saves live ---------------------------------------------------------------------
def saves_dir() -> Path:
    """The user's save directory (the engine's, if it says; else platformdirs')."""
    saves = _module("engine.saves")
    for attr in ("saves_dir", "save_dir", "default_dir", "user_dir"):
        fn = getattr(saves, attr, None) if saves else None
        if callable(fn):
            try:
                return Path(fn())
            except Exception:  # noqa: BLE001
                break
    env = os.environ.get("MARE_NOSTRUM_SAVES")
    if env:
        return Path(env)
    import platformdirs
    return Path(platformdirs.user_data_dir("mare-nostrum")) / "saves"


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


def _save_detail(item: Any) -> str:
    from .text import PHASE_NAMES, civ_name
    civs = getattr(item, "civs", None) or []
    parts = []
    if civs:
        parts.append(", ".join(civ_name(c) for c in civs))
    turn = getattr(item, "turn", 0)
    if turn:
        parts.append(f"turn {turn}")
    phase = getattr(item, "phase", "")
    if phase:
        winner = getattr(item, "winner", None)
        parts.append(f"won by {civ_name(winner)}" if phase == "over" and winner
                     else PHASE_NAMES.get(phase, phase).lower())
    return " · ".join(parts)


def _scan(directory: Path) -> list[SaveInfo]:
    out = []
    if not directory.is_dir():
        return out
    for p in directory.glob("*.json"):
        try:
            out.append(SaveInfo(path=p, name=p.stem, mtime=p.stat().st_mtime))
        except OSError:
            continue
    return out


def list_saves(include_examples: bool = True) -> list[SaveInfo]:
    """Saved games, newest first: the engine's list if it has one, else the files in the
    save directory (and the examples shipped in saves/)."""
    saves = _module("engine.saves")
    found: list[SaveInfo] = []
    fn = getattr(saves, "list_saves", None) if saves else None
    if callable(fn):
        try:
            for item in fn():
                path = Path(getattr(item, "path", item))
                name = getattr(item, "name", "") or path.stem
                try:
                    mtime = path.stat().st_mtime
                except OSError:
                    mtime = 0.0
                found.append(SaveInfo(path=path, name=str(name), mtime=mtime,
                                      detail=_save_detail(item),
                                      error=str(getattr(item, "error", "") or "")))
        except Exception:  # noqa: BLE001
            found = []
    if not found:
        found = _scan(saves_dir())
    if include_examples:
        known = {s.path.resolve() for s in found}
        found += [s for s in _scan(project_saves_dir()) if s.path.resolve() not in known]
    found.sort(key=lambda s: -s.mtime)
    return found


def latest_save() -> SaveInfo | None:
    saves = _module("engine.saves")
    for attr in ("latest_autosave", "latest", "latest_save"):
        fn = getattr(saves, attr, None) if saves else None
        if callable(fn):
            try:
                path = fn()
            except Exception:  # noqa: BLE001
                continue
            if path:
                p = Path(getattr(path, "path", path))
                return SaveInfo(path=p, name=p.stem)
    own = _scan(saves_dir())
    own.sort(key=lambda s: -s.mtime)
    return own[0] if own else None


# --- records and autosave --------------------------------------------------------------
def save_name_for(config: Config) -> str:
    """A name for the autosave of a new game, not yet used in the save directory."""
    saves = _module("engine.saves")
    name = f"game-{'-'.join(c[:3] for c in config.civs)}-{config.seed}"
    if saves is not None:
        try:
            name = saves.default_name(config)
            return saves.free_path(name).stem
        except Exception:  # noqa: BLE001
            pass
    return name


def new_record(state: GameState, fresh: bool) -> Any:
    """The record of a game in play: engine.record's GameRecord (from the setup when the
    game is `fresh`, else starting at this position), or a plain dict without it."""
    record = _module("engine.record")
    if record is not None:
        try:
            from engine.game import state_hash
            if fresh and hasattr(record, "new_record"):
                return record.new_record(state.config, state_hash(state))
            if hasattr(record, "record_from"):
                return record.record_from(state)
        except Exception:  # noqa: BLE001
            pass
    return {"config": state.config, "seed": state.config.seed, "actions": [], "hashes": []}


def record_add(rec: Any, action: Action, digest: str) -> None:
    """Append a legal action and the hash of the state after it."""
    record = _module("engine.record")
    fn = getattr(record, "add_action", None) if record else None
    if callable(fn) and not isinstance(rec, dict):
        fn(rec, action, digest)
    elif isinstance(rec, dict):
        rec["actions"].append(action)
        rec["hashes"].append(digest)


def record_actions(rec: Any) -> list[Action]:
    return _record_actions(rec)


def autosave(state: GameState, record: Any, name: str) -> str | None:
    """Save the game after an action, if engine.saves provides `autosave`.

    Returns None on success or when saves are not available, else the error message (the
    screen shows it once; the game goes on)."""
    saves = _module("engine.saves")
    fn = getattr(saves, "autosave", None) if saves else None
    if not callable(fn):
        return None
    try:
        fn(state, record, name)
    except Exception as e:  # noqa: BLE001
        return f"autosave failed: {_one_line(e)}"
    return None


def history_events(rec: Any, state: GameState) -> list[Event] | None:
    """The events of a saved game's whole history, by replaying its record (None if the
    record cannot be replayed to this very state)."""
    record = _module("engine.record")
    replay = getattr(record, "replay", None) if record else None
    if not callable(replay) or rec is None or isinstance(rec, dict):
        return None
    from engine.game import state_hash
    events: list[Event] = []
    final = None
    try:
        for step in replay(rec, on_start=lambda st, ev: events.extend(ev)):
            events.extend(step.events)
            final = step.state
        if final is None:
            final = record.start_state(rec)[0]
    except Exception:  # noqa: BLE001
        return None
    return events if state_hash(final) == state_hash(state) else None


# --- loading ------------------------------------------------------------------------------
class LoadError(Exception):
    """A file that is not a game we can read (a one-line message, never a traceback)."""


@dataclass
class LoadedGame:
    state: GameState
    actions: list[Action] = field(default_factory=list)
    seats: list[str] | None = None  # "human" or a bot level per seat, if the save says
    record: Any = None  # the save's own record, to go on with
    name: str = ""


def _unpack(obj: Any) -> tuple[GameState | None, Any]:
    """(state, record) from whatever engine.saves.load returned."""
    if isinstance(obj, GameState):
        return obj, None
    if isinstance(obj, tuple):
        st = next((o for o in obj if isinstance(o, GameState)), None)
        rec = next((o for o in obj if not isinstance(o, GameState)), None)
        return st, rec
    st = getattr(obj, "state", None)
    return (st if isinstance(st, GameState) else None), getattr(obj, "record", None)


def _record_actions(rec: Any) -> list[Action]:
    if rec is None:
        return []
    acts = rec.get("actions") if isinstance(rec, dict) else getattr(rec, "actions", None)
    if not acts:
        return []
    if all(isinstance(a, msgspec.Struct) for a in acts):
        return list(acts)
    try:
        return _action_decoder.decode(msgspec.json.encode(acts))
    except Exception:  # noqa: BLE001
        return []


def load_game(path: str | Path) -> LoadedGame:
    """Load a saved game: through engine.saves if it can, else our own reading of a
    msgspec JSON file (a bare state, or {"state": ..., "actions": [...]})."""
    path = Path(path)
    saves = _module("engine.saves")
    fn = getattr(saves, "load", None) if saves else None
    if callable(fn):
        try:
            obj = fn(path)
        except Exception as e:  # noqa: BLE001
            raise LoadError(_one_line(e)) from None
        state, rec = _unpack(obj)
        if state is not None:
            return LoadedGame(state=state, actions=_record_actions(rec),
                              seats=_seats_of(rec), record=rec,
                              name=str(getattr(obj, "name", "") or ""))
    try:
        data = path.read_bytes()
    except OSError as e:
        raise LoadError(f"cannot read {path}: {e.strerror or e}") from None
    try:
        return LoadedGame(state=_state_decoder.decode(data))
    except (msgspec.DecodeError, msgspec.ValidationError):
        pass
    try:
        obj = json.loads(data)
    except ValueError:
        raise LoadError(f"{path.name} is not a Mare Nostrum save (not JSON)") from None
    if isinstance(obj, dict) and "state" in obj:
        try:
            state = _state_decoder.decode(json.dumps(obj["state"]).encode())
        except (msgspec.DecodeError, msgspec.ValidationError) as e:
            raise LoadError(f"{path.name}: the saved state is damaged ({_one_line(e)})") \
                from None
        return LoadedGame(state=state, actions=_record_actions(obj), seats=_seats_of(obj))
    raise LoadError(f"{path.name} is not a Mare Nostrum save")


def _seats_of(rec: Any) -> list[str] | None:
    seats = rec.get("seats") if isinstance(rec, dict) else getattr(rec, "seats", None)
    if isinstance(seats, list) and all(isinstance(s, str) for s in seats):
        return list(seats)
    return None


@dataclass
class LoadedRecord:
    config: Config
    actions: list[Action]
    hashes: dict[int, str] = field(default_factory=dict)  # actions applied -> state hash
    start: GameState | None = None  # the position the game began from, if not its setup


def _hashes(raw: Any) -> dict[int, str]:
    if isinstance(raw, dict):
        return {int(k): str(v) for k, v in raw.items() if v}
    if isinstance(raw, list):
        return {i: str(h) for i, h in enumerate(raw, start=1) if h}
    return {}


def load_record(path: str | Path) -> LoadedRecord:
    """Load a game record (config + actions) for the replay viewer."""
    path = Path(path)
    saves = _module("engine.saves")
    fn = getattr(saves, "load_record", None) if saves else None
    if callable(fn):
        try:
            got = fn(path)
        except Exception as e:  # noqa: BLE001
            if type(e).__name__ == "SaveError":
                raise LoadError(_one_line(e)) from None
            got = None
        rec = got[0] if isinstance(got, tuple) else got
        cfg = getattr(rec, "config", None)
        if isinstance(cfg, Config):
            return LoadedRecord(config=cfg, actions=_record_actions(rec),
                                hashes=_hashes(getattr(rec, "hashes", {})),
                                start=getattr(rec, "start", None))
    try:
        obj = json.loads(path.read_bytes())
    except OSError as e:
        raise LoadError(f"cannot read {path}: {e.strerror or e}") from None
    except ValueError:
        raise LoadError(f"{path.name} is not a game record (not JSON)") from None
    if isinstance(obj, dict) and "state" in obj and "config" not in obj:
        st = obj["state"]
        obj = {"config": st.get("config"), "actions": obj.get("actions", [])}
    if not isinstance(obj, dict) or "config" not in obj:
        raise LoadError(f"{path.name} is not a game record")
    try:
        cfg = _config_decoder.decode(json.dumps(obj["config"]).encode())
        acts = _action_decoder.decode(json.dumps(obj.get("actions", [])).encode())
    except (msgspec.DecodeError, msgspec.ValidationError) as e:
        raise LoadError(f"{path.name}: the record is damaged ({_one_line(e)})") from None
    return LoadedRecord(config=cfg, actions=acts, hashes=_hashes(obj.get("hashes")))


def save_game(state: GameState, record: Any, name: str,
              path: str | Path | None = None) -> Path:
    """Save the game (state and record) under a name: with engine.saves if it can, else as
    our own JSON {"config", "actions", "hashes", "state"} in the save directory."""
    saves = _module("engine.saves")
    fn = getattr(saves, "autosave", None) if saves else None
    if callable(fn):
        out = fn(state, record, name, path=path) if path else fn(state, record, name)
        return Path(out)
    target = Path(path) if path else saves_dir() / f"{name}.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    rec = record if isinstance(record, dict) else {}
    body = {"config": msgspec.to_builtins(state.config),
            "actions": msgspec.to_builtins(_record_actions(record)),
            "hashes": list(rec.get("hashes", [])), "state": msgspec.to_builtins(state)}
    tmp = target.with_suffix(target.suffix + ".tmp")
    tmp.write_text(json.dumps(body))
    tmp.replace(target)
    return target


def _one_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return text[0] if text else type(e).__name__


# --- event texts --------------------------------------------------------------------------
def describe(event: Event) -> str:
    """One readable line for an event: engine.render.describe if it exists, else ours."""
    render = _module("engine.render")
    fn = (getattr(render, "describe", None) or getattr(render, "render", None)) \
        if render else None
    if callable(fn):
        try:
            text = fn(event)
            if isinstance(text, str) and text:
                return text
        except Exception:  # noqa: BLE001
            pass
    from .eventtext import describe_fallback
    return describe_fallback(event)
