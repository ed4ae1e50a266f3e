"""The records of a game server's players: the result of every finished table, and the
ratings and profiles worked out from them (docs/architecture.md, Networked play).

- A table's result is kept once, when it ends (or at the next start, for a table that
  ended before results were kept): each seat's civilization, its place (the engine's,
  `engine.quotes.places`) and who held it at the end. A seat held by a person's key counts
  for that player; a seat handed to a computer counts for the computer, which is not
  rated, and so does a seat nobody held.
- A game is rated, and counts in the players' profiles, when at least two seats are held
  by players at the end. The players are rated by their places among themselves (the
  computers' places left out).
- The ratings kept here are the sum of the rated results in the order they were kept:
  `recompute` works them out again from the results alone, and must find the same.
"""

from __future__ import annotations

import sqlite3

import msgspec

from engine.quotes import places
from engine.state import GameState

from .ratings import Rating, rate, recompute
from .schema import transaction
from .store import SeatRow, now
from .tables import REMOTE


class ResultSeat(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    civ: str
    kind: str  # "remote" or the computer level that held it at the end
    player: str | None  # the identity it counts for (None: a computer, or nobody)
    place: int  # 1: the winner


class Result(msgspec.Struct, frozen=True, kw_only=True):
    table: int
    finished: str
    turns: int
    seats: list[ResultSeat]

    @property
    def rated(self) -> bool:
        return len(self.placing()) >= 2

    def placing(self) -> dict[str, int]:
        """The players' places among themselves (the computers' seats left out)."""
        held = [s for s in self.seats if s.player is not None]
        return {s.player: 1 + sum(1 for o in held if o.place < s.place)
                for s in held if s.player is not None}


def result_of(table: int, state: GameState, seats: list[SeatRow]) -> Result:
    """A finished table's result, from its final position and who sat where."""
    placed = places(state)
    return Result(table=table, finished=now(), turns=state.turn, seats=[
        ResultSeat(seat=r.seat, civ=state.players[r.seat].civ, kind=r.kind,
                   player=r.identity if r.kind == REMOTE else None, place=placed[r.seat])
        for r in seats])


class CivRecord(msgspec.Struct, frozen=True, kw_only=True):
    civ: str
    games: int
    wins: int


class Record(msgspec.Struct, frozen=True, kw_only=True):
    """One player's rated games: how many, won, as which civilization, how long."""

    player: str
    games: int = 0
    wins: int = 0
    civs: list[CivRecord] = []
    turns: float = 0.0  # the average length, in turns
    rating: Rating | None = None
    rank: int | None = None  # the place on the best-rated table


class Records:
    """Results and ratings in the server's SQLite registry (the Store's connection)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def keep(self, result: Result) -> bool:
        """Keep a finished table's result and rate its players, in one transaction;
        False when the table's result is already kept."""
        with transaction(self.db) as db:
            cur = db.execute("INSERT OR IGNORE INTO results (table_id, finished, turns, rated) "
                             "VALUES (?, ?, ?, ?)",
                             (result.table, result.finished, result.turns, result.rated))
            if cur.rowcount == 0:
                return False
            rid = cur.lastrowid
            db.executemany("INSERT INTO result_seats VALUES (?, ?, ?, ?, ?, ?)",
                           [(rid, s.seat, s.civ, s.kind, s.player, s.place)
                            for s in result.seats])
            placing = result.placing()
            if result.rated:
                rated = rate({p: r for p in placing if (r := self.rating(p)) is not None},
                             placing)
                db.executemany("INSERT INTO ratings VALUES (?, ?, ?) ON CONFLICT(player) DO "
                               "UPDATE SET mu = excluded.mu, sigma = excluded.sigma",
                               [(p, r.mu, r.sigma) for p, r in rated.items()])
        return True

    def kept(self, table: int) -> bool:
        return self.db.execute("SELECT 1 FROM results WHERE table_id = ?",
                               (table,)).fetchone() is not None

    def results(self) -> list[Result]:
        """Every result kept, in the order it was kept."""
        seats: dict[int, list[ResultSeat]] = {}
        for rid, seat, civ, kind, player, place in self.db.execute(
                "SELECT result_id, seat, civ, kind, player, place FROM result_seats "
                "ORDER BY result_id, seat"):
            seats.setdefault(rid, []).append(ResultSeat(seat=seat, civ=civ, kind=kind,
                                                        player=player, place=place))
        return [Result(table=t, finished=f, turns=n, seats=seats.get(rid, []))
                for rid, t, f, n in self.db.execute(
                    "SELECT id, table_id, finished, turns FROM results ORDER BY id")]

    def recompute(self) -> dict[str, Rating]:
        """Every player's rating worked out again from the results alone."""
        return recompute(r.placing() for r in self.results() if r.rated)

    def rating(self, player: str) -> Rating | None:
        row = self.db.execute("SELECT mu, sigma FROM ratings WHERE player = ?",
                              (player,)).fetchone()
        return Rating(mu=row[0], sigma=row[1]) if row else None

    def ratings(self) -> dict[str, Rating]:
        return {p: Rating(mu=mu, sigma=sigma)
                for p, mu, sigma in self.db.execute("SELECT player, mu, sigma FROM ratings")}

    def players(self) -> list[str]:
        """Everyone with a rated game."""
        return [r[0] for r in self.db.execute("SELECT player FROM ratings ORDER BY player")]

    def best(self, n: int) -> list[Record]:
        """The `n` best rated players (by the conservative rating), best first."""
        ranked = sorted(self.ratings().items(), key=lambda pr: (-pr[1].ordinal, pr[0]))
        return [self.record(p) for p, _ in ranked[:n]]

    def record(self, player: str) -> Record:
        """A player's rated games, rating and place on the best-rated table."""
        rows = self.db.execute(
            "SELECT s.civ, s.place, r.turns FROM result_seats s JOIN results r "
            "ON r.id = s.result_id WHERE s.player = ? AND r.rated", (player,)).fetchall()
        civs: dict[str, list[int]] = {}
        for civ, place, _ in rows:
            games_wins = civs.setdefault(civ, [0, 0])
            games_wins[0] += 1
            games_wins[1] += place == 1
        rating = self.rating(player)
        rank = None
        if rating is not None:
            rank = 1 + sum(1 for p, r in self.ratings().items()
                           if (-r.ordinal, p) < (-rating.ordinal, player))
        return Record(player=player, games=len(rows), wins=sum(w for _, w in civs.values()),
                      civs=[CivRecord(civ=c, games=g, wins=w)
                            for c, (g, w) in sorted(civs.items(), key=_most_played)],
                      turns=sum(t for _, _, t in rows) / len(rows) if rows else 0.0,
                      rating=rating, rank=rank)


def _most_played(item: tuple[str, list[int]]) -> tuple[int, str]:
    return -item[1][0], item[0]
