"""What the lobby's keys do at the highlighted table, for who is looking: Enter sits, goes
back to one's seat, watches or replays; b hands an absent player's seat to a computer and
back (the creator) or votes on a late seat (the other players). The lobby's key bar shows
these words, and hides a key that would do nothing (tui/screens/lobby.py)."""

from __future__ import annotations

import msgspec

from tui.net.protocol import TableInfo

SIT, BACK, WATCH, REPLAY = "sit", "back", "watch", "replay"
ENTER_WORDS = {SIT: "Sit", BACK: "My seat", WATCH: "Watch", REPLAY: "Replay"}
TO_COMPUTER, GIVE_BACK, VOTE = "to computer", "give back", "vote"
HAND_OVER_WORDS = {TO_COMPUTER: "Seat to computer", GIVE_BACK: "Seat back",
                   VOTE: "Vote: computer"}


class EnterPlan(msgspec.Struct, frozen=True):
    """What Enter does at a table: sit (at `seat`), back to one's seat, watch, replay."""

    kind: str
    seat: int | None = None


class HandOverPlan(msgspec.Struct, frozen=True):
    """What b does at a table: which seat goes to a computer, comes back, or is voted on."""

    kind: str
    seat: int


def enter_plan(t: TableInfo, watch_only: bool) -> EnterPlan:
    """A finished game's replay; one's own seat; the first free seat; else watching (a
    guest, a key without a name, a table without a free seat)."""
    if t.status == "over":
        return EnterPlan(REPLAY)
    if not watch_only:
        mine = [i for i, s in enumerate(t.seats) if s.mine]
        if mine:
            return EnterPlan(BACK, mine[0])
        free = [i for i, s in enumerate(t.seats) if s.kind == "remote" and not s.taken]
        if free:
            return EnterPlan(SIT, free[0])
    return EnterPlan(WATCH)


def watch_refusal(t: TableInfo) -> str | None:
    """Why this table may not be watched (its players and a finished game always may)."""
    if t.spectators or t.status == "over" or any(s.mine for s in t.seats):
        return None
    return f"Table {t.id} has no spectators: only its players see it."


def late_seat(t: TableInfo) -> int | None:
    """The seat whose player is out of time for the pending decision."""
    return t.pending if t.left is not None and t.left <= 0 else None


def hand_over_plan(t: TableInfo, watch_only: bool) -> HandOverPlan | None:
    """The creator: the first absent (or out of time) player's seat to a computer, else
    the first seat a computer keeps back to its player. Another player at the table,
    while the creator is away: a vote on the late seat. None: b does nothing here."""
    if watch_only or t.status == "over":
        return None
    late = late_seat(t)
    seated = any(s.mine for s in t.seats)
    if t.votes_needed and late is not None and seated and not t.seats[late].mine \
            and not t.yours:
        return HandOverPlan(VOTE, late)
    if not t.yours:
        return None
    absent = [i for i, s in enumerate(t.seats)
              if s.kind == "remote" and s.taken and (not s.connected or i == late)]
    absent.sort(key=lambda i: i != late)  # the late seat first
    if absent:
        return HandOverPlan(TO_COMPUTER, absent[0])
    kept = [i for i, s in enumerate(t.seats) if s.kind != "remote" and s.name]
    if kept:
        return HandOverPlan(GIVE_BACK, kept[0])
    return None

