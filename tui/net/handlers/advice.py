"""The hard player's advice at a table of the server (docs/bots.md): a hint at a player's own
decision, when the table offers hints, and the review of a player's own decisions once the
table is over.

Both think in the server's bot pool, like a computer seat, and read only the asker's seat's
view (the hint: its view now; the review: its view at each of its decisions), so nothing
the seat may not see goes into them. The answer goes to the asker's connection alone.
Reviews take one pool thread at a time (the others wait their turn) and are kept once made.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from engine.bots import advise
from engine.bots.review import REVIEW_BUDGET, Review
from engine.bots.review import review as review_seat  # `review` is this module's answer
from engine.game import view
from engine.replay import ReplayError
from engine.saves import load_review, save_review

from .. import protocol as p
from ..conn import Conn
from ..tables import REMOTE, Table

if TYPE_CHECKING:
    from ..server import GameServer

log = logging.getLogger(__name__)

REVIEWS_AT_ONCE = 1  # pool threads reviews may hold: the others stay the computer seats'
REVIEWS_KEPT = 16  # reviews kept in memory (the last asked for); the others are on disk
HINTS_OFF = "hints are off at this table (its creator chose so when creating it)"


class AdviceLimits(msgspec.Struct, frozen=True, kw_only=True):
    """How long the hard player thinks for a hint and for each decision of a review."""

    hint_budget: float | None = None  # seconds (None: the table's computer seats' budget)
    review_budget: float = REVIEW_BUDGET
    rounds: int | None = None  # a number of deals instead of the time (tests: the same answer)


class _Reviewing:
    """A review under way: who waits for it, and how far it has come."""

    def __init__(self, first: Conn) -> None:
        self.waiting: set[Conn] = {first}
        self.done = 0
        self.total = 0

    def tell(self, msg: p.Msg) -> None:
        for c in list(self.waiting):
            c.send(msg)

    def abandoned(self) -> bool:
        return all(c.closed for c in self.waiting)


class Advisers:
    """The server's hints and reviews in progress, and the reviews made: each kept as a side
    file in `folder` (engine/saves/review_cache.py: checked against its record when read
    again), the last few asked for in memory too; a server that runs for a season keeps
    its reviews on disk, not in memory."""

    def __init__(self, limits: AdviceLimits | None = None, folder: Path | None = None
                 ) -> None:
        self.limits = limits or AdviceLimits()
        self.folder = folder  # None: the reviews are kept in memory only (tests)
        self.hinting: dict[Conn, int] = {}  # the table version a connection's hint is for
        # (table, seat): made, the last asked for at the end
        self.reviews: OrderedDict[tuple[int, int], Review] = OrderedDict()
        self.reviewing: dict[tuple[int, int], _Reviewing] = {}
        self._turns: asyncio.Semaphore | None = None

    def recall(self, key: tuple[int, int]) -> Review | None:
        made = self.reviews.get(key)
        if made is not None:
            self.reviews.move_to_end(key)
        return made

    def remember(self, key: tuple[int, int], made: Review) -> None:
        self.reviews[key] = made
        self.reviews.move_to_end(key)
        if self.folder is not None:  # the others can be read again from their files
            while len(self.reviews) > REVIEWS_KEPT:
                self.reviews.popitem(last=False)

    def turns(self) -> asyncio.Semaphore:
        if self._turns is None:  # made in the server's loop, when first needed
            self._turns = asyncio.Semaphore(REVIEWS_AT_ONCE)
        return self._turns


# --- the hint -----------------------------------------------------------------------------
def hint(server: GameServer, conn: Conn, msg: p.RequestHint, table: Table) -> None:
    seat = conn.seat
    assert seat is not None
    match = table.match
    if not table.hints:
        conn.send(p.Rejected(reason=HINTS_OFF, table=table.id))
        return
    if msg.version != match.version:
        conn.send(p.Rejected(reason=f"the game moved on since you asked (it is at version "
                                    f"{match.version})", table=table.id))
        return
    if match.pending_seat() != seat or table.seats[seat].kind != REMOTE:
        conn.send(p.Rejected(reason="not your decision: a hint is for your own decision",
                             table=table.id))
        return
    advisers = server.advisers
    if advisers.hinting.get(conn) == msg.version:
        return  # asked again (its screen opened again): the one under way answers
    advisers.hinting[conn] = msg.version
    seen = view(match.state, seat)  # a copy: the table moves on while it thinks
    limits = advisers.limits
    budget = limits.hint_budget if limits.hint_budget is not None else match.bot_budget

    def moved_on(_rounds: int) -> bool:  # the decision is made, or the asker gone: stop
        return conn.closed or match.version != msg.version or conn.table != table.id

    async def think() -> None:
        loop = asyncio.get_running_loop()
        try:
            found = await loop.run_in_executor(server.pool, functools.partial(
                advise, seen, budget=budget, rounds=limits.rounds, between=moved_on))
        except Exception:  # noqa: BLE001  (a hint's bug costs that hint only)
            log.exception("table %s: a hint failed", table.id)
            conn.send(p.Rejected(reason="the hint could not be worked out", table=table.id))
            return
        finally:
            if advisers.hinting.get(conn) == msg.version:
                del advisers.hinting[conn]
        if not found.cancelled:
            conn.send(p.Hint(table=table.id, version=msg.version, advice=found))

    server._later(think())


# --- the review ---------------------------------------------------------------------------
def review(server: GameServer, conn: Conn, msg: p.RequestReview, table: Table) -> None:
    seat = table.seat_of(conn.identity or "")
    if seat is None:
        conn.send(p.Rejected(reason=f"only the players of table {table.id} may review it",
                             table=table.id))
        return
    advisers = server.advisers
    key = (table.id, seat)
    made = advisers.recall(key)
    if made is not None:
        conn.send(p.ReviewDone(table=table.id, review=made))
        return
    running = advisers.reviewing.get(key)
    if running is not None:  # asked again, or from another connection of the same player
        running.waiting.add(conn)
        conn.send(p.ReviewProgress(table=table.id, done=running.done, total=running.total))
        return
    running = advisers.reviewing[key] = _Reviewing(conn)
    server._later(_work(server, table, seat, running))


async def _work(server: GameServer, table: Table, seat: int, running: _Reviewing) -> None:
    advisers = server.advisers
    key = (table.id, seat)
    limits = advisers.limits
    loop = asyncio.get_running_loop()
    record = table.record_now()
    civ = table.match.state.players[seat].civ

    def progress(done: int, total: int) -> None:  # in the pool's thread
        loop.call_soon_threadsafe(said, done, total)

    def said(done: int, total: int) -> None:
        running.done, running.total = done, total
        running.tell(p.ReviewProgress(table=table.id, done=done, total=total))

    folder = advisers.folder
    try:
        rec = await asyncio.to_thread(record)  # a finished table's is read from its save
        kept = None if folder is None else await asyncio.to_thread(
            load_review, rec, civ, limits.review_budget, limits.rounds or 0, folder)
        if kept is not None:  # made before this server's restart, or put out of memory
            _made(advisers, table, seat, kept, running)
            return
        turns = advisers.turns()
        if turns.locked():  # another review thinks: this one waits its turn
            running.tell(p.ReviewProgress(table=table.id, done=0, total=0))
        async with turns:
            if running.abandoned():
                return
            found = await loop.run_in_executor(server.pool, lambda: review_seat(
                rec, civ, budget=limits.review_budget, rounds=limits.rounds,
                progress=progress, cancelled=running.abandoned))
    except ReplayError as e:
        running.tell(p.Rejected(reason=f"the review cannot be made: {e.message}",
                                table=table.id))
        return
    except Exception:  # noqa: BLE001  (a review's bug costs that review only)
        log.exception("table %s: a review failed", table.id)
        running.tell(p.Rejected(reason="the review could not be worked out", table=table.id))
        return
    finally:
        advisers.reviewing.pop(key, None)
    if found is None:  # everyone who asked has gone
        return
    if folder is not None:
        await asyncio.to_thread(save_review, found, rec, folder)
    log.info("table %s: %s's decisions reviewed (%s)", table.id, civ,
             f"{len(found.judgements)} decisions")
    _made(advisers, table, seat, found, running)


def _made(advisers: Advisers, table: Table, seat: int, found: Review,
          running: _Reviewing) -> None:
    """A review made (or read again): kept, and sent to everyone who waits for it."""
    found = msgspec.structs.replace(found, fingerprint="")  # the record's digest stays here
    advisers.remember((table.id, seat), found)
    running.tell(p.ReviewDone(table=table.id, review=found))
