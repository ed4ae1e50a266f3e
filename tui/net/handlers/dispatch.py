"""The dispatch table: each client message, the answer that handles it and the guards it
needs, checked here once and in this order, each refused with its own words:

1. who may send it at all (tui.net.gate: a guest only watches, an unnamed key names itself);
2. `table`: the table the message names exists and the sender may see it;
3. `seat`: the seat the message names is one of that table's;
4. `sits`: the sender sits at that table, at a seat that is theirs;
5. `here`: the sender is at that table (seated or watching);
6. `playing`: the host has not closed that table.

An answer with a table guard gets the table; an account's refusal (AccountError) is sent
back as a refusal, whichever answer raised it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import msgspec

from .. import gate
from .. import protocol as p
from ..accounts import AccountError
from . import accounts, advice, chat, clocks, host, lobby, profiles, seats
from .accounts import Hung

if TYPE_CHECKING:
    from ..conn import Conn
    from ..server import GameServer
    from ..tables import Table


class Route(msgspec.Struct, frozen=True, kw_only=True):
    """A message's answer, `answer(server, conn, msg)`, or with `table`
    `answer(server, conn, msg, table)`, and the guards checked before it."""

    answer: Callable[..., None]
    table: bool = False
    seat: bool = False
    sits: bool = False
    here: bool = False
    playing: bool = False
    over: str = ""  # what only a finished table gives ("its replay"): refused before


ROUTES: dict[type, Route] = {
    # the lobby
    p.Hello: Route(answer=lobby.hello_again),
    p.ListTables: Route(answer=lobby.list_tables),
    p.CreateTable: Route(answer=lobby.create),
    p.GetReplay: Route(answer=lobby.replay, table=True, over="its replay"),
    # records: profiles and the best rated
    p.GetProfile: Route(answer=profiles.profile),
    p.GetLeaders: Route(answer=profiles.leaders),
    # tables and seats
    p.Sit: Route(answer=seats.sit, table=True, seat=True, playing=True),
    p.Watch: Route(answer=seats.watch, table=True),
    p.Act: Route(answer=seats.act, table=True, sits=True, playing=True),
    p.TakeBack: Route(answer=seats.take_back, table=True, sits=True, playing=True),
    p.HandOver: Route(answer=seats.hand_over, table=True, seat=True, playing=True),
    # the hard player's advice: a hint at one's decision, the review of a finished table
    p.RequestHint: Route(answer=advice.hint, table=True, sits=True, playing=True),
    p.RequestReview: Route(answer=advice.review, table=True, over="its review"),
    # chat
    p.Chat: Route(answer=chat.say, table=True, here=True),
    # clocks and votes
    p.VoteHandOver: Route(answer=clocks.vote, table=True, seat=True, playing=True),
    # accounts, invites and settings
    p.ClaimName: Route(answer=accounts.claim_name),
    p.LinkKey: Route(answer=accounts.link_key),
    p.NewLinkCode: Route(answer=accounts.new_link_code),
    p.UseInvite: Route(answer=accounts.use_invite),
    p.SaveSettings: Route(answer=accounts.save_settings),
    # notices while away
    p.GetContact: Route(answer=accounts.get_contact),
    p.SetContact: Route(answer=accounts.set_contact),
    p.ConfirmEmail: Route(answer=accounts.confirm_email),
    # the host's tools (the gate lets only the host send them)
    p.ListSessions: Route(answer=host.sessions),
    p.ListAllTables: Route(answer=host.tables),
    p.Kick: Route(answer=host.kick),
    p.BanTarget: Route(answer=host.ban),
    p.Unban: Route(answer=host.unban),
    p.ListBans: Route(answer=host.list_bans),
    p.CloseTable: Route(answer=host.close),
    p.Broadcast: Route(answer=host.broadcast),
    p.ExportTable: Route(answer=host.export),
}


def answer(server: GameServer, conn: Conn, msg: p.ClientMsg) -> bool:
    """Answer one message of a connection that said hello; False to hang up."""
    refusal = gate.refusal(conn, msg)
    if refusal is not None:
        conn.send(p.Rejected(reason=refusal))
        return True
    route = ROUTES[type(msg)]
    try:
        if not route.table:
            route.answer(server, conn, msg)
        else:
            table = _guarded(server, conn, route, msg)
            if table is not None:
                route.answer(server, conn, msg, table)
    except AccountError as e:
        conn.send(p.Rejected(reason=str(e)))
    except Hung:
        pass
    return not conn.closed


def _guarded(server: GameServer, conn: Conn, route: Route, msg: Any) -> Table | None:
    """The table `msg` names when every guard of its route lets it through; else None,
    the refusal sent."""
    tid: int = msg.table
    table = server.tables.get(tid)
    if table is None or not gate.may_see(server.audiences, table, conn):
        conn.send(p.Rejected(reason=f"no table {tid}", table=tid))
        return None
    if route.seat and not 0 <= msg.seat < len(table.seats):
        conn.send(p.Rejected(reason=f"table {table.id} has no seat {msg.seat}",
                             table=table.id))
        return None
    if route.sits:
        if conn.table != table.id or conn.seat is None:
            conn.send(p.Rejected(reason="you do not sit at this table", table=table.id))
            return None
        if table.seats[conn.seat].identity != conn.identity:
            conn.send(p.Rejected(reason="this seat is not yours", table=table.id))
            return None
    if route.here and conn.table != table.id:
        conn.send(p.Rejected(reason="you are not at this table", table=table.id))
        return None
    if route.over and not table.over:
        conn.send(p.Rejected(reason=f"table {table.id} is still playing: {route.over} comes "
                                    "when the game is over", table=table.id))
        return None
    if route.playing and table.closed:
        conn.send(p.Rejected(reason=f"the host closed table {table.id}: {table.closed}",
                             table=table.id))
        return None
    return table
