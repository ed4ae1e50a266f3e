"""Players' profiles and the best rated (tui.net.records): counts and ratings under names,
never a key's fingerprint, a table or an opponent."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import protocol as p
from ..accounts import name_key
from ..conn import Conn
from ..records import Record

if TYPE_CHECKING:
    from ..server import GameServer

LEADERS = 10  # the rows of the best-rated table


def profile(server: GameServer, conn: Conn, msg: p.GetProfile) -> None:
    me = conn.identity or ""
    player: str | None = me
    if msg.name.strip():
        wanted = name_key(msg.name)
        player = next((who for who in [me, *server.records.players()]
                       if who and name_key(server.store.name_of(who)) == wanted), None)
    if player is None:
        conn.send(p.Rejected(reason=f"no player named {msg.name.strip()!r} has a rated "
                                    "game on this server"))
        return
    conn.send(shown(server, conn, server.records.record(player)))


def leaders(server: GameServer, conn: Conn, msg: p.GetLeaders) -> None:
    conn.send(p.Leaders(leaders=[shown(server, conn, r)
                                 for r in server.records.best(LEADERS)]))


def shown(server: GameServer, conn: Conn, record: Record) -> p.Profile:
    """A player's record as the protocol carries it to `conn`: under their name (the
    asker's own as it knows itself: a guest or a key still unnamed has none stored)."""
    r = record.rating
    mine = record.player == conn.identity
    name = conn.name if mine else server.store.name_of(record.player)
    return p.Profile(name=name, mine=mine, games=record.games,
                     wins=record.wins,
                     civs=[p.CivGames(civ=c.civ, games=c.games, wins=c.wins)
                           for c in record.civs],
                     turns=record.turns, mu=r.mu if r else None, sigma=r.sigma if r else 0.0,
                     rating=r.ordinal if r else 0.0, rank=record.rank)
