"""A table of the game server: a match loop, its seats bound to identities, its save file.

Every action is autosaved like local play (the same save format, so a table's file opens
with `mare-nostrum resume`); `Table.restore` brings a table back from its save.
"""

from __future__ import annotations

import secrets
from collections import deque
from collections.abc import Callable
from pathlib import Path

import msgspec

from engine import saves
from engine.bots import LEVELS
from engine.events import Event
from engine.game import new_game
from engine.match import Match, Step
from engine.record import GameRecord, share_equal_actions
from engine.state import Config

from .database import Error
from .protocol import SeatInfo, TableInfo
from .store import SeatRow, Store, TableRow

REMOTE = "remote"
HANDOVER_LEVEL = "normal"  # the computer a seat is handed to when no level is named
_WRITE_ERRORS: tuple[type[Exception], ...] = (OSError, *Error)  # a disk's, or a database's
RECENT_EVENTS = 400  # what a player who sits down finds in the log; the digest of one who
# comes back is picked from them too, else from the record (tui.net.digest)


def bot_levels() -> tuple[str, ...]:
    """The kinds of a seat a computer plays."""
    return tuple(LEVELS)


def options_of(config: Config) -> list[str]:
    opts = []
    if config.long_game:
        opts.append("long game")
    if config.three_roles_win:
        opts.append("three roles win")
    if config.no_take_back:
        opts.append("no take-back")
    return opts


class Table:
    def __init__(self, tid: int, match: Match, seats: list[SeatRow], creator: str,
                 path: Path, store: Store, hints: bool = False) -> None:
        self.id = tid
        self.hints = hints  # its players may ask for a hint (chosen at creation)
        self.match = match
        self.seats = seats
        self.creator = creator
        self.path = path
        self.store = store
        self.save_error: str | None = None
        self.created: str | None = None
        self.closed = ""  # the host closed the table, for this reason: it is over
        self.writer: Callable[[Callable[[], None]], None] | None = None
        self.lost: Callable[[int], None] | None = None  # told (from the writer's thread)
        # when another server took the table: its saves are refused
        self.shown: Callable[[Table], bytes] | None = None  # its public info as the other
        # servers' lobbies show it (several hosts: tui.net.hosts)
        # the last events, each still marked with who may see it (filtered per receiver),
        # and beside each the version after the step that caused it (chat lines find their
        # place among them by version); each event packed (about a third of its size as
        # objects), unpacked where they are read (`log`, `events_since`)
        self.recent: deque[bytes] = deque(maxlen=RECENT_EVENTS)
        self.recent_versions: deque[int] = deque(maxlen=RECENT_EVENTS)
        # every event of the steps after this version is in `recent` (older ones have
        # dropped off, or were not found again yet after a restart)
        self.recent_from = 0
        self.retired = False  # finished, its record read from its save only (`retire`)
        self._packed_log = b""  # a retired table's recent events, packed (`log`)
        match.undo_kinds = (REMOTE,)  # a person at a table may take back like one at home
        match.add_observer(self)

    @classmethod
    def create(cls, store: Store, creator: str, config: Config, seats: list[str],
               writer: Callable[[Callable[[], None]], None] | None = None,
               hints: bool = False) -> Table:
        rows = [SeatRow(seat=i, kind=k) for i, k in enumerate(seats)]
        summary = f"{', '.join(config.civs)}; {config.setup}"
        tid = store.create_table(creator, summary, rows, hints=hints)
        try:
            state, events = new_game(config)
            match = Match(state, _match_seats(rows), bot_secret=secrets.token_bytes(8))
            table = cls(tid, match, rows, creator, store.save_path(tid), store, hints=hints)
            table.remember(0, events)
            table.save()  # at once, so the table exists on disk before anyone plays
            table.writer = writer
        except BaseException:
            store.drop_table(tid)
            raise
        return table

    @classmethod
    def restore(cls, store: Store, row: TableRow) -> Table:
        """The table as its save left it (SaveError if the file cannot be read)."""
        path = store.save_path(row.id)
        save = store.load_save(row.id)
        share_equal_actions(save.record)  # a game server holds many records at once
        match = Match(save.state, _match_seats(row.seats), record=save.record,
                      bot_secret=secrets.token_bytes(8))
        table = cls(row.id, match, row.seats, row.creator, path, store, hints=row.hints)
        table.created = save.created
        table.closed = row.closed
        table.recent_from = match.version  # until `recall` finds the earlier events
        return table

    # --- the match's observer: autosave after every action --------------------------------
    def on_step(self, match: Match, step: Step) -> None:
        self.remember(step.version, step.events)
        self.save()

    def on_undo(self, match: Match, step: Step) -> None:
        """A decision was taken back: its events leave the log, and the save goes back."""
        for _ in step.events:
            if self.recent:
                self.recent.pop()
                self.recent_versions.pop()
        self.save()

    def remember(self, version: int, events: list[Event]) -> None:
        """Keep the events of the step that brought the match to `version`."""
        for event in events:
            self._keep(version, _log_encoder.encode(event))

    def _keep(self, version: int, packed: bytes) -> None:
        if len(self.recent) == self.recent.maxlen:  # the oldest drops off: its step is no
            self.recent_from = max(self.recent_from, self.recent_versions[0])  # longer whole
        self.recent.append(packed)
        self.recent_versions.append(version)

    def recall(self, earlier: list[tuple[int, Event]], upto: int, whole: bool) -> None:
        """A restart: the events of the steps up to version `upto` (the saved one), found
        again in the record, go before those that came since (`whole`: from the game's
        start; else the steps after the first one's version are whole)."""
        since = list(zip(self.recent_versions, self.recent, strict=True))
        self.recent.clear()
        self.recent_versions.clear()
        self.recent_from = 0 if whole or not earlier else earlier[0][0]
        for version, packed in [(v, _log_encoder.encode(e)) for v, e in earlier
                                if v <= upto] + since:
            self._keep(version, packed)

    def log(self) -> tuple[list[Event], list[int]]:
        """The recent events and the version of each (what a newcomer's log shows)."""
        if self._packed_log:
            return _log_decoder.decode(self._packed_log)
        return [_event_decoder.decode(e) for e in self.recent], list(self.recent_versions)

    def events_since(self, version: int) -> list[Event] | None:
        """The events of the steps after `version` (a digest's), if they are all still in
        `recent`; None: they are in the record only."""
        if version < self.recent_from:
            return None
        if self._packed_log:
            events, versions = self.log()
            return [e for v, e in zip(versions, events, strict=True) if v > version]
        return [_event_decoder.decode(e)
                for v, e in zip(self.recent_versions, self.recent, strict=True) if v > version]

    def retire(self) -> None:
        """Finished, its last save written: the record (every action, the bulk of a
        table's memory) stays in the save only, so that the server's memory does not grow
        with every game played; `record_now` and `encoded` read it there. Its recent events
        are kept packed (`log`)."""
        if self.finished and not self.retired and self.save_error is None:  # (a save that
            self.match.put_away()  # failed leaves the record in memory, its only copy)
            self.retired = True
            # its log too: the events as objects take about five times their packed size
            self._packed_log = _log_encoder.encode(self.log())
            self.recent.clear()
            self.recent_versions.clear()

    def record_now(self) -> Callable[[], GameRecord]:
        """How to have the game's record as it stands now, in a thread: a copy of the
        match's (the match moves on meanwhile), or, once retired, its save's."""
        if self.retired:
            return lambda: self.store.load_save(self.id).record
        record = self.match.record
        record = msgspec.structs.replace(record, actions=list(record.actions))
        return lambda: record

    def encoded(self) -> bytes:
        """The table as an ordinary save file (what `mare-nostrum resume` or `replay`
        opens), encoded now: the state moves on."""
        if self.retired:
            return self.store.saved(self.id)[0]
        save = saves.make_save(self.match.state, self.match.record, f"table-{self.id}",
                               created=self.created, seats=self.match.seats)
        self.created = save.created
        return saves.encode_save(save)

    def save(self) -> None:
        """Encode the save now, write it through `self.writer`: the server's one writer
        thread, so the event loop never waits on the disk and a table's saves land in
        order."""
        data = self.encoded()
        version = self.match.version
        # the lobby of every other server shows it as it was saved (tui.net.cluster)
        info = b"" if self.store.cluster is None else self.shown(self) \
            if self.shown is not None else msgspec.json.encode(self.info(None, set()))
        if self.writer is None:
            self._write(version, data, info)
        else:
            self.writer(lambda: self._write(version, data, info))
        if self.finished:
            self.store.set_status(self.id, "over")

    def _write(self, version: int, data: bytes, info: bytes) -> None:
        try:
            if self.store.put_save(self.id, version, data, info):
                self.save_error = None
            else:
                self.save_error = f"table {self.id} is played by another server now"
                if self.lost is not None:
                    self.lost(self.id)
        except _WRITE_ERRORS as e:
            self.save_error = f"autosave of table {self.id} failed: {e}"

    # --- seats -----------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        """The game was played to its end."""
        return self.match.state.phase == "over"

    @property
    def over(self) -> bool:
        """Played to its end, or closed by the host: nobody decides here any more."""
        return self.finished or bool(self.closed)

    def pending_seat(self) -> int | None:
        return None if self.closed else self.match.pending_seat()

    def record_refusal(self, identity: str) -> str | None:
        """Why `identity` may not have this table's save file, every hand and the seed in
        it (None: it may): only its players, once the game is over (docs/architecture.md,
        Views and secrets)."""
        return record_refusal(self.id, self.over, self.seat_of(identity) is not None)

    def close(self, reason: str) -> None:
        """The host ends the table: its save stays as it is, with its record."""
        self.closed = reason
        self.store.close_table(self.id, reason)

    def seat_of(self, identity: str) -> int | None:
        for s in self.seats:
            if s.identity == identity:
                return s.seat
        return None

    def bind(self, seat: int, identity: str | None, kind: str | None = None) -> None:
        row = self.seats[seat]
        row.identity = identity
        if kind is not None:
            row.kind = kind
            self.match.replace_seat(seat, kind)
        self.store.set_seat(self.id, row)

    def info(self, identity: str | None, connected: set[str], watchers: int = 0) -> TableInfo:
        st = self.match.state
        seats = [SeatInfo(civ=st.players[r.seat].civ, kind=r.kind,
                          name=self.store.name_of(r.identity) if r.identity else "",
                          taken=r.identity is not None,
                          connected=r.identity in connected if r.identity else False,
                          mine=identity is not None and r.identity == identity)
                 for r in self.seats]
        return TableInfo(id=self.id, seats=seats, creator=self.store.name_of(self.creator),
                         yours=identity is not None and identity == self.creator,
                         setup=st.config.setup, options=options_of(st.config), turn=st.turn,
                         phase=st.phase, pending=self.pending_seat(),
                         status="over" if self.over else "playing", winner=st.winner,
                         watchers=watchers, hints=self.hints, closed=self.closed)


def record_refusal(tid: int, over: bool, seated: bool) -> str | None:
    """Why a table's save file, every hand and the seed in it, is not for one who asks
    (None: it is): a table played here, or by another server (tui.net.hosts)."""
    if not over:
        return f"table {tid} is still playing: its record comes when the game is over"
    if not seated:
        return f"only the players of table {tid} may have its record"
    return None


_log_encoder = msgspec.msgpack.Encoder()
_log_decoder = msgspec.msgpack.Decoder(tuple[list[Event], list[int]])
_event_decoder = msgspec.msgpack.Decoder(Event)


def _match_seats(rows: list[SeatRow]) -> list[str]:
    return [r.kind for r in rows]
