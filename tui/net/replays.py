"""Replays of finished tables over the network, as the asker's seat may see them.

The server replays the table's record and keeps, for every step, that seat's view of the
game and the events it may see (never the record itself: it holds every hand and the
seed). The frames travel compressed (a long game's views are megabytes, and alike); the
client's `SeenReplay` answers what the replay viewer (tui.screens.replay) asks of a replay.
"""

from __future__ import annotations

import zlib

import msgspec

from engine.events import Event
from engine.game import view, visible_events
from engine.record import GameRecord
from engine.replay import Moment, Steps, replay
from engine.state import GameState

from .protocol import ReplayFrame

MAX_REPLAY = 256 * 1024 * 1024  # bytes a replay may unpack to on the client

_encoder = msgspec.msgpack.Encoder()
_decoder = msgspec.msgpack.Decoder(list[ReplayFrame])


def frames(record: GameRecord, seat: int | None) -> bytes:
    """The record's steps as `seat` (None: a watcher) saw them, packed for the wire."""
    out: list[msgspec.Raw] = []

    def keep(state: GameState, civ: str | None, events: list[Event]) -> None:
        seen_by = state.players[seat].civ if seat is not None else None
        # encoded at once: the replay's live state moves on with the next action
        out.append(msgspec.Raw(_encoder.encode(ReplayFrame(
            turn=state.turn, phase=state.phase, civ=civ,
            events=visible_events(events, seen_by), state=view(state, seat).state))))

    def start(state: GameState, events: list[Event]) -> None:
        keep(state, None, events)

    for step in replay(record, on_start=start):
        keep(step.state, step.civ or None, step.events)
    return zlib.compress(_encoder.encode(out), 6)


class ReplayDataError(Exception):
    pass


def unpack(data: bytes) -> list[ReplayFrame]:
    inflate = zlib.decompressobj()
    try:
        body = inflate.decompress(data, MAX_REPLAY)
        if inflate.unconsumed_tail:
            raise ReplayDataError("the replay is too large")
        return _decoder.decode(body)
    except (zlib.error, msgspec.DecodeError, msgspec.ValidationError) as e:
        raise ReplayDataError(f"the replay cannot be read: {e}") from None


class SeenReplay(Steps):
    """A finished game step by step, from frames: what `engine.replay.Replay` offers the
    replay viewer (states at each step, turns, events), with no record behind it."""

    error: str | None = None
    diverged_at: int | None = None

    def __init__(self, frames: list[ReplayFrame]) -> None:
        if not frames:
            raise ReplayDataError("the replay is empty")
        self._states = [f.state for f in frames]
        self.steps = [Moment(f.turn, f.phase, f.civ, f.events) for f in frames]

    def state_at(self, i: int) -> GameState:
        return self._states[max(0, min(self.last, i))]
