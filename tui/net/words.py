"""How the lobby and the table name seats and tables (no Textual here: tested alone)."""

from __future__ import annotations

from engine import render

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


def waiting_text(info: TableInfo, prompt_kind: str = "") -> str:
    """'waiting for Egypt (Anna) — construction'."""
    if info.status == "over":
        return f"game over: {render.civ(info.winner)} won" if info.winner else "game over"
    if info.pending is None:
        return ""
    s = info.seats[info.pending]
    who = s.name if s.kind == REMOTE and s.taken else (
        "free seat" if s.kind == REMOTE else f"computer, {s.kind}")
    text = f"waiting for {render.civ(s.civ)} ({who})"
    what = prompt_kind or render.phase_name(info.phase)
    return f"{text} — {what}" if what else text


def table_summary(info: TableInfo) -> str:
    opts = f" · {', '.join(info.options)}" if info.options else ""
    watch = f" · {info.watchers} watching" if info.watchers else ""
    if info.private or not info.spectators:  # an open server's table, not for everyone
        watch += (f" · private (invite code {info.invite})" if info.invite else
                  " · private" * info.private) + " · no spectators" * (not info.spectators)
    return (f"Table {info.id} · turn {info.turn} · {info.setup} setup{opts}{watch} · "
            f"by {info.creator}")
