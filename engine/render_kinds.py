"""Words for the construction quotes of each kind of item (engine/rules/shortfall.py): what
one lacks and where it could go. A part of engine/render.py kept apart for its length; it
uses render's vocabulary (names of kinds, areas, plurals)."""

from __future__ import annotations

from .render import KIND_NAMES, area, join
from .rules.shortfall import KindQuote

WHERE_SHOWN = 3  # provinces named on a line; the rest counted


def kind_name(kind: str) -> str:
    """ "trireme" -> "Trireme"; "influence" -> "Influence marker"."""
    return "Influence marker" if kind == "influence" else KIND_NAMES.get(kind, kind)


def lacks(q: KindQuote) -> list[str]:
    """What stops the player from buying one now, each in a few words ([] : nothing)."""
    out: list[str] = []
    if q.cost > q.best_set:
        best = f"yours: {q.best_set}" if q.best_set else "your hand forms none"
        out.append(f"a set of {q.cost} ({best})")
    if q.supply <= 0:
        out.append("a token (none left in the supply)" if q.from_supply
                   else "a piece (none left in your reserve)")
    elif not q.where:
        out.append(f"a place: {q.no_site[:1].lower()}{q.no_site[1:]}" if q.no_site
                   else "a place to build it")
    return out


def where_text(q: KindQuote, shown: int = WHERE_SHOWN) -> str:
    """ "Alexandria, Thebais and 2 more"; "nowhere now"."""
    if not q.where:
        return "nowhere now"
    names = [area(p) for p in q.where]
    if len(names) > shown:
        return ", ".join(names[:shown]) + f" and {len(names) - shown} more"
    return join(names)


def kind_line(q: KindQuote) -> str:
    """One line: what it lacks, or where it could go."""
    missing = lacks(q)
    if missing:
        return "needs " + "; ".join(missing)
    return f"could go in {where_text(q)}"


def kind_detail(q: KindQuote) -> str:
    """A few lines for a newcomer: cost, set, supply and every place it could go."""
    reduced = f" (chart {q.base})" if q.base != q.cost else ""
    left = "in the supply" if q.from_supply else "in your reserve"
    lines = [f"{kind_name(q.kind)}: costs {q.cost}{reduced}; your best set pays "
             f"{q.best_set}; {q.supply} left {left}.",
             f"Could go in: {where_text(q, shown=len(q.where))}."]
    if not q.where and q.no_site and q.supply > 0:
        lines.append(f"Why not: {q.no_site}.")
    return "\n".join(lines)
