"""Save files: the complete game state as msgspec JSON, with its record (ARCHITECTURE.md,
Records, saves and replays).

    game, events = SavedGame.new(Config(civs=[...], seed=7))   # saved at once
    events = game.apply(action)        # engine.apply, then the record and an autosave
    game = SavedGame.open("my-game")   # a name in saves_dir(), or a path
    write_save(path, save) / load_save(path) -> SaveFile

A save file is one JSON object (a `SaveFile`):

    {"format": "mare-nostrum-save", "schema": 1, "engine_version": "0.1.0",
     "name": ..., "created": ..., "updated": ..., "checksum": "<sha256>",
     "seats": ["human", "greedy", ...], "state": {GameState}, "record": {GameRecord}}

`checksum` is the SHA-256 of the compact JSON of `state`, a newline and the compact JSON of
`record`: a truncated, damaged or hand-edited file is refused (`SaveError`, one line naming
the file and what is wrong) rather than loaded half right. `seats` (who plays each seat:
"human" or a computer level; [] in older files) is not covered by it. Files are written
atomically (a temporary file in the same directory, flush, fsync, rename, fsync of the
directory), so a crash or a kill at any moment leaves the previous save intact.

Schema versions: `SCHEMA` is the version this engine writes. A file of an older schema is
brought up to date by the functions of `MIGRATIONS` (version N -> N+1, on the decoded JSON
object); a newer or unknown schema is refused. The first version's files are kept forever
as golden fixtures in saves/golden/.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import stat
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgspec

from .actions import Action
from .events import Event
from .record import HASH_EVERY, GameRecord, add_action, new_record, record_from
from .state import Config, GameState

SAVE_FORMAT = "mare-nostrum-save"
SCHEMA = 1
SUFFIX = ".json"


def engine_version() -> str:
    try:
        from importlib.metadata import version
        return version("mare-nostrum")
    except Exception:  # not installed (running from a source tree)
        return "0+unknown"


ENGINE_VERSION = engine_version()


class SaveError(Exception):
    """A file that cannot be loaded (or written). str(e) is one line naming the file."""


class SaveFile(msgspec.Struct, kw_only=True):
    format: str = SAVE_FORMAT
    schema: int = SCHEMA
    engine_version: str = ENGINE_VERSION
    name: str
    created: str
    updated: str
    checksum: str = ""  # filled in when written
    seats: list[str] = []  # who plays each seat: "human" or a computer level ([]: unknown)
    state: GameState
    record: GameRecord


class _Probe(msgspec.Struct):
    """Only what tells a save from anything else; the other fields are skipped."""

    format: Any = None
    schema: Any = None
    engine_version: Any = None


class _RawSave(msgspec.Struct, kw_only=True):
    format: str
    schema: int
    engine_version: str = ""
    name: str = ""
    created: str = ""
    updated: str = ""
    checksum: str = ""
    seats: list[str] = []
    state: msgspec.Raw
    record: msgspec.Raw


class _ConfigSummary(msgspec.Struct):
    civs: list[str] = []
    names: list[str] = []


class _StateSummary(msgspec.Struct):
    config: _ConfigSummary = msgspec.field(default_factory=_ConfigSummary)
    turn: int = 0
    phase: str = ""
    winner: str | None = None
    actions_taken: int = 0


_encoder = msgspec.json.Encoder()
_probe_decoder = msgspec.json.Decoder(_Probe)
_raw_decoder = msgspec.json.Decoder(_RawSave)
_state_decoder = msgspec.json.Decoder(GameState)
_record_decoder = msgspec.json.Decoder(GameRecord)
_summary_decoder = msgspec.json.Decoder(_StateSummary)


# --- schema migrations --------------------------------------------------------------------
Migration = Callable[[dict], dict]

MIGRATIONS: dict[int, Migration] = {}
"""version N -> a function taking the decoded JSON object of a schema-N file and returning
the object of a schema N+1 file (with "schema" set to N+1). When a change to GameState,
GameRecord or an action would make old files decode wrongly, bump SCHEMA, register the
migration of the old files here, and keep the old golden files loading. An example of the
shape (not registered: schema 1 is the first):

    def _v1_to_v2(doc: dict) -> dict:
        # schema 2 renamed state.power_choices to state.choices
        doc["state"]["choices"] = doc["state"].pop("power_choices", {})
        doc["schema"] = 2
        return doc

    MIGRATIONS[1] = _v1_to_v2

Migrations run after the checksum of the old file is checked; the checksum is computed
again when the migrated game is next saved.
"""


def migrate(doc: dict, schema: int, target: int | None = None) -> dict:
    target = SCHEMA if target is None else target
    while schema < target:
        step = MIGRATIONS.get(schema)
        if step is None:
            raise SaveError(f"no migration from schema {schema} to {schema + 1}")
        doc = step(doc)
        schema += 1
        doc["schema"] = schema
    return doc


# --- where saves live -----------------------------------------------------------------------
def data_dir() -> Path:
    """$MARE_NOSTRUM_HOME if set, else the user data directory of platformdirs."""
    home = os.environ.get("MARE_NOSTRUM_HOME")
    if home:
        return Path(home)
    import platformdirs
    return Path(platformdirs.user_data_dir("mare-nostrum"))


def saves_dir() -> Path:
    return data_dir() / "saves"


_NAME_OK = re.compile(r"[^A-Za-z0-9._-]+")


def safe_name(name: str) -> str:
    """A file name for a save name (letters, digits, '.', '_' and '-')."""
    out = _NAME_OK.sub("-", name).strip(".-") or "game"
    return out[:80]


def save_path(name: str, directory: Path | None = None) -> Path:
    return (directory or saves_dir()) / (safe_name(name) + SUFFIX)


def free_path(name: str, directory: Path | None = None) -> Path:
    """The path for a new save of that name: "name", else "name-2", "name-3"... so that a
    new game never replaces an existing save."""
    p = save_path(name, directory)
    k = 2
    while p.exists():
        p = save_path(f"{safe_name(name)}-{k}", directory)
        k += 1
    return p


def resolve(name_or_path: str | os.PathLike, directory: Path | None = None) -> Path:
    """A path to a file (it names a directory, ends in .json or exists), else the save of
    that name in the saves directory."""
    text = os.fspath(name_or_path)
    p = Path(text)
    if p.suffix == SUFFIX or os.sep in text or (os.altsep and os.altsep in text) or p.is_file():
        return p
    return save_path(text, directory)


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def default_name(config: Config) -> str:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return f"{stamp}-{config.civs[0] if config.civs else 'game'}"


# --- encoding ---------------------------------------------------------------------------------
def _compact(raw: bytes) -> bytes:
    return msgspec.json.format(raw, indent=-1)


def _checksum(state_json: bytes, record_json: bytes) -> str:
    h = hashlib.sha256(_compact(state_json))
    h.update(b"\n")
    h.update(_compact(record_json))
    return h.hexdigest()


def encode_save(save: SaveFile, indent: int | None = None) -> bytes:
    """The bytes of a save file (compact, or indented for files kept in the repository).
    Sets save.checksum."""
    state_json = _encoder.encode(save.state)
    record_json = _encoder.encode(save.record)
    save.checksum = _checksum(state_json, record_json)
    raw = _RawSave(format=save.format, schema=save.schema, engine_version=save.engine_version,
                   name=save.name, created=save.created, updated=save.updated,
                   checksum=save.checksum, seats=save.seats, state=msgspec.Raw(state_json),
                   record=msgspec.Raw(record_json))
    data = _encoder.encode(raw)
    if indent is not None:
        data = msgspec.json.format(data, indent=indent) + b"\n"
    return data


def _where(err: Exception, prefix: str) -> str:
    """A msgspec error message with its JSON path made absolute (`$.state.players[0]`)."""
    return str(err).replace("`$", f"`$.{prefix}")


def _open(data: bytes, source: str) -> _RawSave:
    """Check that the bytes are a complete, unedited save of a schema this engine reads;
    the state and the record are left undecoded. Raises SaveError."""
    try:
        raw = _raw_decoder.decode(data)
    except (msgspec.ValidationError, msgspec.DecodeError) as e:
        _diagnose(data, source, e)
        raise AssertionError("unreachable") from None
    if raw.format != SAVE_FORMAT or not 1 <= raw.schema <= SCHEMA:
        _diagnose(data, source, None)
    if raw.checksum != _checksum(raw.state, raw.record):
        raise SaveError(f"{source}: the contents do not match their checksum: the file was "
                        "damaged or edited by hand")
    return raw


def _diagnose(data: bytes, source: str, err: Exception | None) -> None:
    """Raise the SaveError that says what is wrong with bytes that are not a save."""
    def bad(what: str) -> SaveError:
        return SaveError(f"{source}: {what}")

    if not data.strip():
        raise bad("the file is empty")
    try:
        probe = _probe_decoder.decode(data)
    except msgspec.ValidationError:
        raise bad("not a Mare Nostrum save (it holds JSON, but not a JSON object)") from None
    except msgspec.DecodeError as e:
        what = str(e)
        if "truncated" in what:
            raise bad("the file is truncated (incomplete JSON): it was not completely "
                      "written") from None
        if data.lstrip()[:1] != b"{":
            raise bad("not a Mare Nostrum save (not JSON)") from None
        raise bad(f"the file is damaged ({what})") from None
    if probe.format != SAVE_FORMAT:
        raise bad("not a Mare Nostrum save (JSON without the \"format\": "
                  f"\"{SAVE_FORMAT}\" marker)")
    schema = probe.schema
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise bad(f"unknown save schema {schema!r}: this file was not written by Mare Nostrum "
                  f"or was edited")
    if schema > SCHEMA:
        raise bad(f"written by a newer Mare Nostrum (engine {probe.engine_version}, save "
                  f"schema {schema}); this is engine {ENGINE_VERSION}, which reads schemas up "
                  f"to {SCHEMA}: update the game to load it")
    raise bad(f"the file is damaged ({err})")


def decode_save(data: bytes, source: str = "the file") -> SaveFile:
    """Decode the bytes of a save file, migrating an older schema. Raises SaveError."""
    def bad(what: str) -> SaveError:
        return SaveError(f"{source}: {what}")

    raw = _open(data, source)
    schema = raw.schema
    if schema < SCHEMA:
        try:
            doc = migrate(msgspec.json.decode(data), schema)
            state = _state_decoder.decode(_encoder.encode(doc["state"]))
            record = _record_decoder.decode(_encoder.encode(doc["record"]))
            seats = msgspec.convert(doc.get("seats", []), list[str])
        except SaveError as e:
            raise bad(f"cannot migrate schema {schema}: {e}") from None
        except (msgspec.ValidationError, msgspec.DecodeError, KeyError, TypeError) as e:
            raise bad(f"the file migrated from schema {schema} is invalid ({e})") from None
        return SaveFile(format=SAVE_FORMAT, schema=SCHEMA,
                        engine_version=str(doc.get("engine_version", "")),
                        name=str(doc.get("name", "")), created=str(doc.get("created", "")),
                        updated=str(doc.get("updated", "")), seats=seats, state=state,
                        record=record)
    try:
        state = _state_decoder.decode(raw.state)
    except (msgspec.ValidationError, msgspec.DecodeError) as e:
        raise bad(f"the saved state is invalid ({_where(e, 'state')})") from None
    try:
        record = _record_decoder.decode(raw.record)
    except (msgspec.ValidationError, msgspec.DecodeError) as e:
        raise bad(f"the game record is invalid ({_where(e, 'record')})") from None
    return SaveFile(format=raw.format, schema=raw.schema, engine_version=raw.engine_version,
                    name=raw.name, created=raw.created, updated=raw.updated,
                    checksum=raw.checksum, seats=raw.seats, state=state, record=record)


# --- files ----------------------------------------------------------------------------------
def _tmp_prefix(path: Path) -> str:
    return f".{path.name}."


def _clean_stale_temps(path: Path) -> None:
    """Remove temporary files left by writers of this save that were killed (their process
    is gone); a live writer's file is left alone."""
    if os.name != "posix":
        return
    prefix = _tmp_prefix(path)
    try:
        entries = list(path.parent.iterdir())
    except OSError:
        return
    for e in entries:
        n = e.name
        if not (n.startswith(prefix) and n.endswith(".tmp")):
            continue
        try:
            pid = int(n[len(prefix):].split(".", 1)[0])
        except ValueError:
            continue
        if pid == os.getpid():
            continue
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            with contextlib.suppress(OSError):
                e.unlink()
        except OSError:
            pass


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_UMASK = _umask()


def atomic_write(path: Path, data: bytes) -> None:
    """Replace `path` by `data` so that, whatever happens, the file holds either its old
    contents or the new ones completely: write a temporary file in the same directory,
    flush, fsync, rename over the old file, then fsync the directory."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f"{_tmp_prefix(path)}{os.getpid()}.", suffix=".tmp",
                               dir=path.parent)
    try:
        try:  # the mode of the file replaced, else the usual one (mkstemp makes it 0600)
            mode = stat.S_IMODE(os.stat(path).st_mode)
        except OSError:
            mode = 0o666 & ~_UMASK
        with contextlib.suppress(OSError):
            os.chmod(tmp, mode)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if os.name == "posix":
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        except OSError:
            pass
        finally:
            os.close(dfd)
    _clean_stale_temps(path)


def read_bytes(path: Path) -> bytes:
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise SaveError(f"{path}: is a directory, not a save file") from None
    except OSError as e:
        raise SaveError(f"{path}: cannot be read ({e.strerror or e})") from None


def load_save(path: str | os.PathLike) -> SaveFile:
    """Load a save file. Raises SaveError with one line naming the file and the fault."""
    p = Path(path)
    return decode_save(read_bytes(p), str(p))


def write_save(path: str | os.PathLike, save: SaveFile, indent: int | None = None) -> Path:
    """Write a save atomically; returns its path."""
    p = Path(path)
    try:
        data = encode_save(save, indent)
        atomic_write(p, data)
    except OSError as e:
        raise SaveError(f"{p}: cannot be written ({e.strerror or e}); the previous save, if "
                        "any, is intact") from None
    return p


def make_save(state: GameState, record: GameRecord, name: str,
              created: str | None = None, updated: str | None = None,
              seats: list[str] | None = None) -> SaveFile:
    t = now()
    return SaveFile(name=name, created=created or t, updated=updated or created or t,
                    seats=list(seats or []), state=state, record=record)


# --- a game that saves itself ------------------------------------------------------------------
class SavedGame:
    """A game in play that is saved after every action.

    `apply` applies one action through the engine (an illegal action raises IllegalAction
    and changes nothing, on disk either), appends it to the record and rewrites the save
    atomically. `autosave=False` keeps it in memory until `save()`."""

    def __init__(self, save: SaveFile, path: Path, autosave: bool = True) -> None:
        self.file = save
        self.path = Path(path)
        self.autosave = autosave

    @property
    def state(self) -> GameState:
        return self.file.state

    @property
    def record(self) -> GameRecord:
        return self.file.record

    @property
    def name(self) -> str:
        return self.file.name

    @classmethod
    def new(cls, config: Config, name: str | None = None, path: str | os.PathLike | None = None,
            directory: Path | None = None, autosave: bool = True
            ) -> tuple[SavedGame, list[Event]]:
        from .game import new_game, state_hash
        state, events = new_game(config)
        name = name or default_name(config)
        target = Path(path) if path else free_path(name, directory)
        if not path:
            name = target.stem
        record = new_record(config, state_hash(state))
        game = cls(make_save(state, record, name), target, autosave)
        if autosave:
            game.save()
        return game, events

    @classmethod
    def from_state(cls, state: GameState, name: str, path: str | os.PathLike | None = None,
                   directory: Path | None = None, autosave: bool = True) -> SavedGame:
        """A game continuing from any position (its record starts there)."""
        target = Path(path) if path else free_path(name, directory)
        game = cls(make_save(state, record_from(state), target.stem if not path else name),
                   target, autosave)
        if autosave:
            game.save()
        return game

    @classmethod
    def open(cls, name_or_path: str | os.PathLike, directory: Path | None = None,
             autosave: bool = True) -> SavedGame:
        path = resolve(name_or_path, directory)
        return cls(load_save(path), path, autosave)

    def apply(self, action: Action) -> list[Event]:
        from .game import apply, state_hash
        events = apply(self.state, action)
        add_action(self.record, action, state_hash(self.state))
        if self.autosave:
            self.save()
        return events

    def save(self, path: str | os.PathLike | None = None) -> Path:
        self.file.updated = now()
        self.file.schema = SCHEMA  # a migrated game is saved in the current schema
        self.file.engine_version = ENGINE_VERSION
        return write_save(path or self.path, self.file)


# --- listing ----------------------------------------------------------------------------------
class SaveInfo(msgspec.Struct, kw_only=True):
    path: str
    name: str = ""
    civs: list[str] = []
    turn: int = 0
    phase: str = ""
    winner: str | None = None
    actions: int = 0
    created: str = ""
    updated: str = ""
    error: str = ""  # why the file cannot be loaded, if it cannot


def inspect(path: Path) -> SaveInfo:
    """What `saves` lists about a file, without decoding the whole state."""
    info = SaveInfo(path=str(path), name=path.stem)
    try:
        data = read_bytes(path)
        raw = _open(data, str(path))
        if raw.schema != SCHEMA:
            decode_save(data, str(path))  # can it be migrated?
        s = _summary_decoder.decode(raw.state)
    except SaveError as e:
        info.error = str(e).removeprefix(f"{path}: ")
        return info
    except (msgspec.ValidationError, msgspec.DecodeError) as e:
        info.error = f"the saved state is invalid ({_where(e, 'state')})"
        return info
    info.name = raw.name or path.stem
    info.civs = s.config.civs
    info.turn = s.turn
    info.phase = s.phase
    info.winner = s.winner
    info.actions = s.actions_taken
    info.created = raw.created
    info.updated = raw.updated
    return info


def list_saves(directory: Path | None = None) -> list[SaveInfo]:
    """The saves of a directory, the most recently played first (damaged ones last)."""
    d = directory or saves_dir()
    if not d.is_dir():
        return []
    infos = [inspect(p) for p in d.iterdir()
             if p.suffix == SUFFIX and not p.name.startswith(".") and p.is_file()]

    def key(i: SaveInfo) -> tuple:
        mtime = 0.0
        with contextlib.suppress(OSError):
            mtime = Path(i.path).stat().st_mtime
        return (i.error == "", i.updated, mtime)

    return sorted(infos, key=key, reverse=True)


def most_recent(directory: Path | None = None) -> SaveInfo | None:
    """The most recently played save that loads, if any."""
    for i in list_saves(directory):
        if not i.error:
            return i
    return None


# --- short names (what the TUI's bridge looks for) ---------------------------------------------
def load(path: str | os.PathLike) -> SaveFile:
    """load_save: the SaveFile has .state and .record."""
    return load_save(path)


def latest_save(directory: Path | None = None) -> SaveInfo | None:
    """The most recently played save that loads (its .path), if any."""
    return most_recent(directory)


_created: dict[str, str] = {}


def _as_record(state: GameState, record: Any) -> GameRecord:
    """A GameRecord from a GameRecord, or from anything with config, seed, actions and
    hashes (a list holding the hash after each action, or a dict as in GameRecord)."""
    if isinstance(record, GameRecord):
        return record

    def get(key: str, default: Any = None) -> Any:
        if isinstance(record, dict):
            return record.get(key, default)
        return getattr(record, key, default)

    config = get("config") or state.config
    actions = list(get("actions") or [])
    raw = get("hashes") or {}
    n = len(actions)
    hashes: dict[int, str] = {}
    every = get("hash_every") or HASH_EVERY
    if isinstance(raw, dict):
        hashes = {int(k): str(v) for k, v in raw.items()}
    elif len(raw) == n:
        hashes = {i: str(raw[i - 1]) for i in range(1, n + 1) if i % every == 0 or i == n}
    if n not in hashes:
        from .game import state_hash
        hashes[n] = state_hash(state)
    actions = msgspec.convert(msgspec.to_builtins(actions), list[Action])
    return GameRecord(config=config, seed=get("seed", config.seed), actions=actions,
                      hashes=hashes, hash_every=every)


def autosave(state: GameState, record: Any, name: str, directory: Path | None = None,
             path: str | os.PathLike | None = None, seats: list[str] | None = None) -> Path:
    """Save a game in play (atomically) under its name in the saves directory, keeping the
    time it was first saved; `seats`: who plays each seat ("human" or a computer level).
    Raises SaveError if it cannot be written."""
    target = Path(path) if path else save_path(name, directory)
    key = str(target)
    if key not in _created:
        created = now()
        if target.exists():
            with contextlib.suppress(Exception):
                created = _raw_decoder.decode(target.read_bytes()).created or created
        _created[key] = created
    return write_save(target, make_save(state, _as_record(state, record), name,
                                        created=_created[key], updated=now(), seats=seats))


# --- records on their own -------------------------------------------------------------------
def load_record(path: str | os.PathLike) -> tuple[GameRecord, SaveFile]:
    """The record of a save file (and the save)."""
    save = load_save(path)
    return save.record, save


__all__ = [
    "MIGRATIONS", "SAVE_FORMAT", "SCHEMA", "SaveError", "SaveFile", "SaveInfo", "SavedGame",
    "atomic_write", "autosave", "data_dir", "decode_save", "encode_save", "latest_save",
    "list_saves", "load", "load_record", "load_save", "make_save", "most_recent", "saves_dir",
    "write_save",
]
