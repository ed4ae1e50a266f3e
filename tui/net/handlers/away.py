"""Notices while away, as the server sees them: whom a table's pending decision waits for,
whether they are connected, and the day's digests (the rules and the sending are
`tui.net.away`'s)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.render import civ, prompt_title

from ..away import Waiting
from ..tables import REMOTE, Table

if TYPE_CHECKING:
    from ..server import GameServer


def waiting_at(server: GameServer, table: Table) -> tuple[str, Waiting] | None:
    """The person the table's pending decision waits for, and what to tell them."""
    seat = table.match.pending_seat()
    if seat is None or table.over or table.seats[seat].kind != REMOTE:
        return None
    who = table.seats[seat].identity
    state = table.match.state
    if who is None or state.prompt is None:
        return None
    return who, Waiting(table=table.id, civ=civ(state.players[seat].civ),
                        what=prompt_title(state.prompt), left=server.deadlines.left(table.id))


def present(server: GameServer, identity: str) -> bool:
    return any(c.identity == identity and not c.closed for c in server.conns)


def tell_if_away(server: GameServer, table: Table) -> None:
    """A decision has just become a person's (GameServer._tell_turn): told if away."""
    found = waiting_at(server, table)
    if found is not None and not present(server, found[0]):
        server.away.decision(*found)


def daily(server: GameServer) -> list[str]:
    """The day's digests when the digest hour has come (the clock's watch asks every
    second; the work is done once a day)."""
    if not server.away.digest_due():
        return []
    people = server.contacts.people()
    waiting: dict[str, list[Waiting]] = {}
    for table in server.tables.values():
        found = waiting_at(server, table)
        if found is not None and found[0] in people and not present(server, found[0]):
            waiting.setdefault(found[0], []).append(found[1])
    return server.away.digests(waiting)
