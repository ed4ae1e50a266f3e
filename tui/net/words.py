"""How the lobby and the table name seats and tables (no Textual here: tested alone)."""

from __future__ import annotations

from engine import render

from .clock import duration, left_text
from .protocol import SeatInfo, TableInfo

REMOTE = "remote"


def seat_text(s: SeatInfo) -> str:
    """'Rome: anna (you)', 'Greece: free', 'Egypt: computer, greedy', 'Babylon: bruno,
    disconnected'."""
    who = f"{render.civ(s.civ)}: "
    if s.kind != REMOTE:
        who += f"computer, {s.kind}" + (f" (for {s.name})" if s.name else "")
    elif not s.taken:
        who += "free"
    else:
        who += s.name + (" (you)" if s.mine else "")
        if not s.connected:
            who += ", disconnected"
    return who


def waited_for(s: SeatInfo) -> str:
    """Who plays a seat, for those who wait for it: 'anna', 'free seat', 'computer, normal',
    'computer for anna'."""
    if s.kind == REMOTE:
        return s.name if s.taken else "free seat"
    return f"computer for {s.name}" if s.name else f"computer, {s.kind}"


def waiting_text(info: TableInfo, prompt_kind: str = "") -> str:
    """'waiting for Egypt (Anna) — construction'."""
    if info.status == "over":
        return f"game over: {render.civ(info.winner)} won" if info.winner else "game over"
    if info.pending is None:
        return ""
    s = info.seats[info.pending]
    text = f"waiting for {render.civ(s.civ)} ({waited_for(s)})"
    what = prompt_kind or render.phase_name(info.phase)
    text = f"{text} — {what}" if what else text
    return text + clock_text(info)


def clock_text(info: TableInfo, since: float = 0.0) -> str:
    """' · 4m 12s left', ' · out of time · 1 of 2 votes to hand the seat over', '' (no
    clock); `since`: seconds since the server said it."""
    if info.left is None or info.status == "over":
        return ""
    text = f" · {left_text(info.left - since)}"
    if info.votes_needed:
        text += f" · {info.votes} of {info.votes_needed} votes to hand the seat over"
    return text


def my_turn(info: TableInfo) -> bool:
    """The table waits for the receiver's decision."""
    s = info.seats[info.pending] if info.pending is not None else None
    return info.status == "playing" and s is not None and s.mine and s.kind == REMOTE


def lobby_order(tables: list[TableInfo]) -> list[TableInfo]:
    """The tables waiting for the receiver first, longest waiting first; then the games in
    play; then the finished ones (replays)."""
    def key(t: TableInfo) -> tuple[int, float, int]:
        if my_turn(t):
            return (0, -t.waiting, t.id)
        return (1 if t.status == "playing" else 2, 0.0, t.id)
    return sorted(tables, key=key)


def lobby_line(info: TableInfo) -> str:
    """The third line of a table in the lobby."""
    if info.status == "over":
        return waiting_text(info) + " · Enter: replay"
    if my_turn(info):
        waited = f", waiting {duration(info.waiting)}" if info.waiting >= 60 else ""
        return f"▶ your decision{waited}{clock_text(info)}"
    return waiting_text(info)



def table_summary(info: TableInfo) -> str:
    options = [*info.options, "hints"] if info.hints else info.options
    opts = f" · {', '.join(options)}" if options else ""
    opts += f" · {info.clock}" if info.clock else ""
    watch = f" · {info.watchers} watching" if info.watchers else ""
    if info.private or not info.spectators:  # an open server's table, not for everyone
        watch += (f" · private (invite code {info.invite})" if info.invite else
                  " · private" * info.private) + " · no spectators" * (not info.spectators)
    return (f"Table {info.id} · turn {info.turn} · {info.setup} setup{opts}{watch} · "
            f"by {info.creator}")
