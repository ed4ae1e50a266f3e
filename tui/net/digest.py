"""'Since your last decision: …': what a player who comes back to a table missed, picked from
the events their seat may see (engine.game.visible_events) and worded by engine.render.

The game server keeps each table's recent events with the version that caused them
(tui.net.tables, `Table.recent`: what the log shows, 400 events) and each seat's last
decision (tui.net.deadlines), and sends the digest when a player sits back down at their own
seat; events older than those are found again in the table's record (`replayed_since`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

from engine import events as E
from engine.game import visible_events
from engine.record import GameRecord
from engine.render import phase_name, render
from engine.replay import replay

MAX_LINES = 12  # a digest longer than this says how many more


def digest(events: Sequence[E.Event], civ: str) -> list[str]:
    """The lines of the digest for `civ`: the battles it fought (a computer may have
    fought them for it), what was built for it, sacks, occupations and conversions that
    touched it, roles that changed hands, cards bought, a victory; when others played and
    none of that happened, a line that says so (the log has every move)."""
    lines: list[str] = []
    seen = visible_events(list(events), civ)
    for e in seen:
        match e:
            case E.BattleStarted(attacker=a, defender=d) if civ in (a, d):
                lines.append(render(e))
            case E.Built(civ=c) if c == civ:  # the player's own decisions are not here:
                lines.append(render(e))       # a computer played the seat for them
            case E.Sacked(civ=c, owner=o) | E.ConversionStarted(civ=c, owner=o) \
                    if civ in (c, o):
                lines.append(render(e))
            case E.Occupied(civ=c) if c == civ:
                lines.append(render(e))
            case E.RoleAssigned(civ=c, previous=p) if p and c != p:
                lines.append(render(e))
            case E.CardAcquired():
                lines.append(render(e))
            case E.Victory():
                lines.append(render(e))
    if not lines and seen:
        phases = [e for e in seen if isinstance(e, E.PhaseStarted)]
        where = f" (now turn {phases[-1].turn}, {phase_name(phases[-1].phase)})" \
            if phases else ""
        lines.append(f"the others played on{where}; nothing touched you (the log, 5, has "
                     "every move)")
    if len(lines) > MAX_LINES:
        more = len(lines) - MAX_LINES + 1
        lines = lines[:MAX_LINES - 1] + [f"… and {more} more (see the log)"]
    return lines


def digest_text(lines: Iterable[str]) -> str:
    return "Since your last decision:\n" + "\n".join(f"• {line}" for line in lines)


def replayed(record: GameRecord, last: int) -> list[tuple[int, E.Event]]:
    """The record's last `last` events with their versions, replaying it (a thread's
    work)."""
    out: deque[tuple[int, E.Event]] = deque(maxlen=last)

    def start(state: object, events: list[E.Event]) -> None:
        out.extend((0, e) for e in events)

    for step in replay(record, on_start=start):
        out.extend((step.index, e) for e in step.events)
    return list(out)


def replayed_since(record: GameRecord, version: int) -> list[E.Event]:
    """The events of the steps after `version`, replaying the record (a thread's work)."""
    out: list[E.Event] = []
    for step in replay(record):
        if step.index > version:
            out.extend(step.events)
    return out
