"""The game server's clocks: for each table its preset, when the pending decision began,
the seats a computer keeps because their time ran out (given back when the owner returns),
the votes to hand a late seat over, and each seat's last decision (for the digest).

Kept in the server's registry (a table of its own, so a restart finds every clock
where it was: a correspondence game's days are not reset by a crash). Votes live in memory
only: a new decision, or a restart, asks again.
"""

from __future__ import annotations

import msgspec

from .clock import Clock, Preset
from .database import Registry


class TableClock(msgspec.Struct, kw_only=True):
    preset: Preset = Preset()
    since: float = 0.0  # when the pending decision began (the clock's time)
    version: int = 0  # the match's version when it began
    kept: list[int] = []  # seats a computer keeps because their time ran out
    marks: dict[int, int] = {}  # seat -> the match's version after its last decision
    votes: dict[int, set[str]] = {}  # late seat -> identities voting to hand it over
    told: bool = False  # the timeout of this decision was announced


class Deadlines:
    def __init__(self, db: Registry, clock: Clock) -> None:
        self.db = db
        self.clock = clock
        self._clocks: dict[int, TableClock] = {}
        self._load("")

    def reload(self, tid: int) -> None:
        """A table another server played until now: its clock as that server left it."""
        self._clocks.pop(tid, None)
        self._load(" WHERE table_id = ?", (tid,))

    def _load(self, where: str, params: tuple[int, ...] = ()) -> None:
        for tid, preset, since, version, kept, marks in self.db.execute(
                "SELECT table_id, preset, since, version, kept, marks FROM clocks" + where,
                params):
            self._clocks[tid] = TableClock(
                preset=msgspec.json.decode(preset, type=Preset), since=since,
                version=version, kept=msgspec.json.decode(kept, type=list[int]),
                marks=msgspec.json.decode(marks, type=dict[int, int]))

    def _save(self, tid: int, c: TableClock) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO clocks VALUES (?, ?, ?, ?, ?, ?)",
            (tid, msgspec.json.encode(c.preset).decode(), c.since, c.version,
             msgspec.json.encode(c.kept).decode(), msgspec.json.encode(c.marks).decode()))

    def of(self, tid: int, version: int = 0) -> TableClock:
        """The table's clock (a table from before clocks: none, its decision begins now)."""
        c = self._clocks.get(tid)
        if c is None:
            c = self._clocks[tid] = TableClock(since=self.clock.now(), version=version)
        return c

    def start(self, tid: int, preset: Preset, version: int) -> None:
        c = self._clocks[tid] = TableClock(preset=preset, since=self.clock.now(),
                                           version=version)
        self._save(tid, c)

    def drop(self, tid: int) -> None:
        self._clocks.pop(tid, None)
        self.db.execute("DELETE FROM clocks WHERE table_id = ?", (tid,))

    def moved(self, tid: int, version: int, seat: int | None) -> None:
        """A decision was made (by `seat`): the next one begins now, with a full clock."""
        c = self.of(tid, version)
        if version == c.version:
            return
        c.since, c.version, c.votes, c.told = self.clock.now(), version, {}, False
        if seat is not None:
            c.marks[seat] = version
        self._save(tid, c)

    def restarted(self, tid: int, version: int) -> None:
        """The table as its save brought it back: a decision the registry does not know
        (the save landed after the registry's last write) begins now."""
        c = self.of(tid, version)
        if c.version != version:
            c.since, c.version = self.clock.now(), version
            self._save(tid, c)

    # --- reading the clock --------------------------------------------------------------
    def waiting(self, tid: int) -> float:
        """Seconds the pending decision has waited."""
        return max(0.0, self.clock.now() - self.of(tid).since)

    def left(self, tid: int) -> float | None:
        """Seconds left for the pending decision (None: the table has no clock)."""
        c = self.of(tid)
        allowance = c.preset.seconds
        return None if allowance is None else allowance - self.waiting(tid)

    def out_of_time(self, tid: int) -> bool:
        left = self.left(tid)
        return left is not None and left <= 0

    # --- late seats ---------------------------------------------------------------------
    def keep(self, tid: int, seat: int) -> None:
        c = self.of(tid)
        if seat not in c.kept:
            c.kept.append(seat)
        c.votes.pop(seat, None)
        self._save(tid, c)

    def give_back(self, tid: int, seat: int) -> bool:
        """The seat's owner is back: True if a computer kept it for the clock."""
        c = self.of(tid)
        if seat not in c.kept:
            return False
        c.kept.remove(seat)
        self._save(tid, c)
        return True

    def vote(self, tid: int, seat: int, identity: str) -> int:
        """One more vote to hand `seat` over; the number of votes now."""
        votes = self.of(tid).votes.setdefault(seat, set())
        votes.add(identity)
        return len(votes)

    def votes(self, tid: int, seat: int) -> int:
        return len(self.of(tid).votes.get(seat, ()))

    def mark(self, tid: int, seat: int) -> int | None:
        """The version after the seat's last decision (None: it has not decided yet)."""
        return self.of(tid).marks.get(seat)
