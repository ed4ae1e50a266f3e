"""TEMPORARY stand-in for `engine.match` (the one game loop, written elsewhere): the same
names and signatures, built on engine.game and engine.record, so the game server runs and
is tested until the real loop lands. The integrator replaces every import of this module
with `engine.match` and deletes it."""

from __future__ import annotations

from typing import Protocol

import msgspec

from engine import game
from engine.actions import Action
from engine.errors import IllegalAction
from engine.events import Event
from engine.record import GameRecord, add_action, new_record, record_from
from engine.state import GameState
from engine.view import View

HUMAN = "human"
REMOTE = "remote"


class Step(msgspec.Struct):
    version: int
    seat: int
    action: Action
    events: list[Event]


class Observer(Protocol):
    def on_step(self, match: Match, step: Step) -> None: ...


class Match:
    def __init__(self, state: GameState, seats: list[str], *, record: GameRecord | None = None,
                 bot_secret: bytes | None = None) -> None:
        self.state = state
        self.seats = list(seats)
        if record is None:
            record = (new_record(state.config, game.state_hash(state))
                      if state.actions_taken == 0 else record_from(state))
        self.record = record
        self._secret = int.from_bytes((bot_secret or b"")[:8] or b"\0", "big")
        self._bots: dict[int, object] = {}
        self._observers: list[Observer] = []

    @property
    def version(self) -> int:
        return len(self.record.actions)

    def pending_seat(self) -> int | None:
        p = self.state.prompt
        if p is None or self.state.phase == "over":
            return None
        return next(pl.seat for pl in self.state.players if pl.civ == p.civ)

    def legal(self) -> list[Action]:
        return game.legal_actions(self.state)

    def view(self, seat: int | None) -> View:
        return game.view(self.state, seat)

    def act(self, seat: int, action: Action, version: int | None = None) -> Step:
        if version is not None and version != self.version:
            raise IllegalAction(f"the game has moved on (version {self.version}, not {version})",
                                "stale")
        if seat != self.pending_seat():
            raise IllegalAction("it is not this seat's decision", "seat")
        events = game.apply(self.state, action)
        add_action(self.record, action, game.state_hash(self.state))
        step = Step(version=self.version, seat=seat, action=action, events=events)
        for obs in list(self._observers):
            obs.on_step(self, step)
        return step

    def bot_to_move(self) -> bool:
        seat = self.pending_seat()
        return seat is not None and self.seats[seat] not in (HUMAN, REMOTE)

    def _bot(self, seat: int):
        bot = self._bots.get(seat)
        if bot is None:
            from engine.bots import make_bot
            level = self.seats[seat]
            try:
                bot = make_bot(level, seed=(self.state.config.seed ^ self._secret) * 131 + seat)
            except ValueError:
                bot = make_bot("random", seed=self._secret + seat)
            self._bots[seat] = bot
        return bot

    def bot_action(self) -> Action:
        seat = self.pending_seat()
        assert seat is not None and self.bot_to_move()
        return self._bot(seat).choose(game.view(self.state, seat))

    def play_bots(self, limit: int | None = None) -> list[Step]:
        steps: list[Step] = []
        while self.bot_to_move() and (limit is None or len(steps) < limit):
            seat = self.pending_seat()
            assert seat is not None
            steps.append(self.act(seat, self.bot_action()))
        return steps

    def add_observer(self, obs: Observer) -> None:
        self._observers.append(obs)

    def replace_seat(self, seat: int, kind: str) -> None:
        self.seats[seat] = kind
        self._bots.pop(seat, None)
