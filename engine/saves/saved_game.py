"""A game in play that saves itself after every action."""

from __future__ import annotations

import os
from pathlib import Path

from ..actions import Action
from ..events import Event
from ..game import new_game, state_hash
from ..match import REMOTE, Match
from ..record import GameRecord, new_record, record_from
from ..state import Config, GameState
from . import format as _format
from .files import default_name, free_path, load_save, resolve, write_save
from .format import ENGINE_VERSION, SaveFile, make_save, now


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
    def new(cls, config: Config, name: str | None = None, path: str | os.PathLike[str] | None = None,
            directory: Path | None = None, autosave: bool = True
            ) -> tuple[SavedGame, list[Event]]:
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
    def from_state(cls, state: GameState, name: str, path: str | os.PathLike[str] | None = None,
                   directory: Path | None = None, autosave: bool = True) -> SavedGame:
        """A game continuing from any position (its record starts there)."""
        target = Path(path) if path else free_path(name, directory)
        game = cls(make_save(state, record_from(state), target.stem if not path else name),
                   target, autosave)
        if autosave:
            game.save()
        return game

    @classmethod
    def open(cls, name_or_path: str | os.PathLike[str], directory: Path | None = None,
             autosave: bool = True) -> SavedGame:
        path = resolve(name_or_path, directory)
        return cls(load_save(path), path, autosave)

    def apply(self, action: Action) -> list[Event]:
        """Play the pending seat's decision through the match loop, on the save's own state
        and record (the one history), then save."""
        match = Match(self.state, [REMOTE] * len(self.state.players), record=self.record,
                      bot_secret=b"")
        seat = match.pending_seat()
        events = match.act(seat if seat is not None else -1, action).events
        if self.autosave:
            self.save()
        return events

    def save(self, path: str | os.PathLike[str] | None = None) -> Path:
        self.file.updated = now()
        self.file.schema = _format.SCHEMA  # a migrated game is saved in the current schema
        self.file.engine_version = ENGINE_VERSION
        return write_save(path or self.path, self.file)
