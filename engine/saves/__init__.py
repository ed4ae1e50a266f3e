"""Save files: the complete game state as msgspec JSON, with its record (docs/architecture.md,
Records, saves and replays).

    game, events = SavedGame.new(Config(civs=[...], seed=7))   # saved at once
    events = game.apply(action)        # engine.apply, then the record and an autosave
    game = SavedGame.open("my-game")   # a name in saves_dir(), or a path
    write_save(path, save) / load_save(path) -> SaveFile

A save file is one JSON object (a `SaveFile`):

    {"format": "mare-nostrum-save", "schema": 2, "engine_version": "0.1.0",
     "name": ..., "created": ..., "updated": ..., "checksum": "<sha256>",
     "seats": ["human", "greedy", ...], "state": {GameState}, "record": {GameRecord}}

`checksum` is the SHA-256 of the compact JSON of every other field (format, schema,
engine_version, name, created, updated, seats), a newline, the compact JSON of `state`, a
newline and the compact JSON of `record` (schema 1 files, written before the other fields
were covered, may hash the state and the record only, and still load; a file of schema 2 or
later must carry the full checksum): a truncated, damaged or hand-edited file
is refused (`SaveError`, one line naming the file and what is wrong) rather than loaded half
right. What a file holds is then checked too (engine/saves/content.py): a recomputed checksum
does not make an impossible game loadable. Files are written
atomically (a temporary file in the same directory, flush, fsync, rename, fsync of the
directory), so a crash or a kill at any moment leaves the previous save intact.

Schema versions: `SCHEMA` is the version this engine writes. A file of an older schema is
brought up to date by the functions of `MIGRATIONS` (version N -> N+1, on the decoded JSON
object); a newer or unknown schema is refused. The first version's files are kept forever
as golden fixtures in saves/golden/.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from . import content, files, format, listing, saved_game
from .files import (
    atomic_write,
    autosave,
    data_dir,
    default_name,
    free_path,
    load_record,
    load_save,
    load_to_resume,
    read_bytes,
    resolve,
    safe_name,
    save_path,
    saves_dir,
    write_save,
)
from .format import (
    ENGINE_VERSION,
    MIGRATIONS,
    SAVE_FORMAT,
    SCHEMA,
    SUFFIX,
    SaveError,
    SaveFile,
    decode_save,
    encode_save,
    engine_version,
    make_save,
    migrate,
    now,
)
from .listing import SaveInfo, inspect, latest_save, list_saves, load, most_recent
from .saved_game import SavedGame

if TYPE_CHECKING:
    from ..bots.review import Review
    from ..record import GameRecord


def load_review(record: GameRecord, civ: str, budget: float, rounds: int = 0,
                folder: Path | None = None) -> Review | None:
    """A review kept as a side file, if it is the one asked for (`review_cache`); `folder`:
    a game server's own (default: the player's data folder)."""
    # lazy: the review's cache imports the review (the hard player)
    from .review_cache import load_review as load
    return load(record, civ, budget, rounds, folder)


def save_review(found: Review, record: GameRecord, folder: Path | None = None) -> Path | None:
    """Keep a review as a side file (`review_cache`), in `folder` if given."""
    # lazy: the review's cache imports the review (the hard player)
    from .review_cache import save_review as save
    return save(found, record, folder)


__all__ = [
    "ENGINE_VERSION", "MIGRATIONS", "SAVE_FORMAT", "SCHEMA", "SUFFIX", "SaveError", "SaveFile",
    "SaveInfo", "SavedGame", "atomic_write", "autosave", "content", "data_dir", "decode_save",
    "default_name", "encode_save", "engine_version", "files", "format", "free_path",
    "inspect", "latest_save", "list_saves", "listing", "load", "load_record", "load_save", "load_to_resume",
    "make_save", "migrate", "most_recent", "now", "read_bytes", "resolve", "safe_name",
    "load_review", "save_path", "save_review", "saved_game", "saves_dir", "write_save",
]
