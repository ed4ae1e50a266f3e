"""Save files on disk: where they live, atomic writes, loading, and the autosave of a game
in play."""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec

from ..actions import Action
from ..game import SETUP_VERSION, state_hash
from ..record import HASH_EVERY, GameRecord
from ..state import Config, GameState
from .content import replays
from .format import (
    SUFFIX,
    SaveError,
    SaveFile,
    _raw_decoder,
    decode_save,
    encode_save,
    make_save,
    now,
)


# --- where saves live -----------------------------------------------------------------------
def data_dir() -> Path:
    """$MARE_NOSTRUM_HOME if set, else the user data directory of platformdirs."""
    home = os.environ.get("MARE_NOSTRUM_HOME")
    if home:
        return Path(home)
    import platformdirs  # lazy: only without $MARE_NOSTRUM_HOME
    return Path(platformdirs.user_data_dir("mare-nostrum"))


def saves_dir() -> Path:
    return data_dir() / "saves"


def private_dir(path: Path) -> None:
    """Make the saves folder (created if need be) readable by its owner only: the files
    hold every player's secrets."""
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    with contextlib.suppress(OSError):
        if stat.S_IMODE(path.stat().st_mode) != 0o700:
            path.chmod(0o700)


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


def resolve(name_or_path: str | os.PathLike[str], directory: Path | None = None) -> Path:
    """A path to a file (it names a directory, ends in .json or exists), else the save of
    that name in the saves directory."""
    text = os.fspath(name_or_path)
    p = Path(text)
    if p.suffix == SUFFIX or os.sep in text or (os.altsep and os.altsep in text) or p.is_file():
        return p
    return save_path(text, directory)


def default_name(config: Config) -> str:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return f"{stamp}-{config.civs[0] if config.civs else 'game'}"


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


def atomic_write(path: Path, data: bytes) -> None:
    """Replace `path` by `data` so that, whatever happens, the file holds either its old
    contents or the new ones completely: write a temporary file in the same directory,
    flush, fsync, rename over the old file, then fsync the directory."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f"{_tmp_prefix(path)}{os.getpid()}.", suffix=".tmp",
                               dir=path.parent)
    try:
        # mkstemp makes the file 0600: a save holds every hand and the dice to come, so it
        # stays readable by its owner only
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


MAX_SAVE_BYTES = 32 * 1024 * 1024  # a 6-player game of 200 turns is about 2 MiB


def read_bytes(path: Path) -> bytes:
    """The bytes of a save file; a FIFO, a device or a file beyond MAX_SAVE_BYTES is refused
    before reading (reading one could hang or never end)."""
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(f"{path}: not a regular file (a pipe or a device?)")
        if info.st_size > MAX_SAVE_BYTES:
            raise SaveError(f"{path}: too large for a save ({info.st_size // 2**20} MiB; at "
                            f"most {MAX_SAVE_BYTES // 2**20} MiB)")
        with open(path, "rb") as f:  # read no more than the limit, even if it grows
            data = f.read(MAX_SAVE_BYTES + 1)
        if len(data) > MAX_SAVE_BYTES:
            raise SaveError(f"{path}: too large for a save")
        return data
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise SaveError(f"{path}: is a directory, not a save file") from None
    except OSError as e:
        raise SaveError(f"{path}: cannot be read ({e.strerror or e})") from None


def load_save(path: str | os.PathLike[str]) -> SaveFile:
    """Load a save file. Raises SaveError with one line naming the file and the fault."""
    p = Path(path)
    return decode_save(read_bytes(p), str(p))


def load_to_resume(path: str | os.PathLike[str]) -> SaveFile:
    """Load a save to go on playing it: its record must also replay to the saved position
    (a save whose history does not lead to its game is refused). Raises SaveError."""
    p = Path(path)
    save = load_save(p)
    fault = replays(save.record, save.state)
    if fault:
        raise SaveError(f"{p}: {fault}")
    return save


def write_save(path: str | os.PathLike[str], save: SaveFile, indent: int | None = None) -> Path:
    """Write a save atomically; returns its path."""
    p = Path(path)
    try:
        data = encode_save(save, indent)
        if p.parent.resolve() == saves_dir().resolve():
            private_dir(p.parent)
        atomic_write(p, data)
    except OSError as e:
        raise SaveError(f"{p}: cannot be written ({e.strerror or e}); the previous save, if "
                        "any, is intact") from None
    return p


_created: dict[str, str] = {}


def _as_record(state: GameState, record: Any) -> GameRecord:
    """A GameRecord from a GameRecord, or from anything with config, seed, actions and
    hashes (a list holding the hash after each action, or a dict as in GameRecord): a game
    in play, set up by this engine's rules unless it names its `setup_version`."""
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
        hashes[n] = state_hash(state)
    actions = msgspec.convert(msgspec.to_builtins(actions), list[Action])
    return GameRecord(config=config, seed=get("seed", config.seed), actions=actions,
                      hashes=hashes, hash_every=every,
                      setup_version=get("setup_version") or SETUP_VERSION)


def autosave(state: GameState, record: Any, name: str, directory: Path | None = None,
             path: str | os.PathLike[str] | None = None, seats: list[str] | None = None) -> Path:
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
def load_record(path: str | os.PathLike[str]) -> tuple[GameRecord, SaveFile]:
    """The record of a save file (and the save)."""
    save = load_save(path)
    return save.record, save
