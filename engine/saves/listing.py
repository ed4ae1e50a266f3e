"""Listing the saves of a directory, newest first, without decoding whole states."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import msgspec

from .files import load_save, read_bytes, saves_dir
from .format import SUFFIX, SaveError, SaveFile, _open, _summary_decoder, _where, decode_save


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
    to_move: str = ""  # the civilization whose decision is pending
    seats: list[str] = []  # who plays each seat, when the save says


def inspect(path: Path) -> SaveInfo:
    """What `saves` lists about a file, without decoding the whole state."""
    info = SaveInfo(path=str(path), name=path.stem)
    try:
        data = read_bytes(path)
        raw = _open(data, str(path))
        decode_save(data, str(path))  # can it be migrated, is its content possible?
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
    info.to_move = s.prompt.civ if s.prompt is not None and s.phase != "over" else ""
    info.seats = list(raw.seats)
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

    def key(i: SaveInfo) -> tuple[bool, str, float]:
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
def load(path: str | os.PathLike[str]) -> SaveFile:
    """load_save: the SaveFile has .state and .record."""
    return load_save(path)


def latest_save(directory: Path | None = None) -> SaveInfo | None:
    """The most recently played save that loads (its .path), if any."""
    return most_recent(directory)
