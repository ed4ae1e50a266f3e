"""What just happened to you: the events that concern one player, picked from the events
the engine reported (never worked out again), for notifications that cannot be missed at
any terminal size; and the battle in progress, for a power asked about after the dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

import msgspec

from engine import events as E
from engine.quotes import Quotes
from engine.render import card as card_name
from engine.render import civ as civ_name
from engine.render import render, render_events, role

# how a notice looks: Textual's severities
Severity = Literal["information", "warning"]
WARNING: Final = "warning"
INFORMATION: Final = "information"


class Notice(msgspec.Struct, frozen=True):
    text: str
    severity: Severity = INFORMATION
    title: str = ""


def _visible(e: E.Event, civ: str) -> bool:
    return not e.visible_to or civ in e.visible_to


def notices(events: Sequence[E.Event], civ: str | None) -> list[Notice]:
    """The notices for `civ` among new events: attacks on it, the battles it fought (with
    the dice), its losses, roles won or lost, gods used on it, a sack or conversion of its
    province, a rival's victory."""
    if civ is None:
        return []
    out: list[Notice] = []
    battle: list[E.Event] = []  # the events of a battle this player fights
    in_battle = False
    for e in events:
        if not _visible(e, civ):
            continue
        match e:
            case E.BattleStarted(defender=d, attacker=a) if civ in (a, d):
                in_battle = True
                battle = [e]
                if d == civ:
                    out.append(Notice(render(e), WARNING, "You are attacked"))
            case E.DiceRolled() | E.UnitsLost() | E.PowerUsed() if in_battle:
                battle.append(e)
            case E.BattleEnded() if in_battle:
                in_battle = False
                lines = render_events(battle[1:] + [e])
                out.append(Notice("\n".join(lines), INFORMATION, "Battle"))
                battle = []
            case E.RoleAssigned(civ=c, previous=p, role=r) if civ in (c, p) and c != p:
                if c == civ:
                    out.append(Notice(f"You are now the {role(r)}", INFORMATION, "Roles"))
                else:
                    out.append(Notice(f"{civ_name(c)} takes the {role(r)} from you",
                                      WARNING, "Roles"))
            case E.PowerUsed(civ=c, card=k, detail=detail) if c != civ and \
                    civ in detail.lower():
                out.append(Notice(render(e), WARNING, card_name(k)))
            case E.Sacked(owner=o) if o == civ:
                out.append(Notice(render(e), WARNING, "Sacked"))
            case E.ConversionStarted(owner=o) | E.ConversionCompleted(previous=o) if o == civ:
                out.append(Notice(render(e), WARNING, "Your province"))
            case E.Victory(civ=c) if c != civ:
                out.append(Notice(render(e), WARNING, "Game over"))
    return out


def near_victory(q: Quotes, civ: str | None, before: dict[str, int]) -> list[Notice]:
    """A rival who has just come one hero or wonder short of victory."""
    out: list[Notice] = []
    for pr in q.progress:
        if pr.civ == civ:
            continue
        if pr.heroes_wonders == pr.needed - 1 and before.get(pr.civ, 0) < pr.heroes_wonders:
            out.append(Notice(f"{civ_name(pr.civ)} holds {pr.heroes_wonders} of the "
                              f"{pr.needed} heroes and wonders that win", WARNING,
                              "One step from victory"))
    return out


def battle_so_far(events: Sequence[E.Event]) -> list[str]:
    """The lines of the battle still going on (its start and the dice rolled), or none."""
    start = None
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], E.BattleEnded):
            return []
        if isinstance(events[i], E.BattleStarted):
            start = i
            break
    if start is None:
        return []
    run = [e for e in events[start:] if isinstance(e, E.BattleStarted | E.DiceRolled)]
    return render_events(run)
