"""The detail of one province or sea: sites, buildings, each player's units, at war,
occupied. Read from the (redacted) state; the facts "at war" and "who profits from a
building" come from the engine's quotes."""

from __future__ import annotations

from engine.data import board
from engine.data.cards import CIV_CREATURE
from engine.quotes import BoardQuote
from engine.render import card as card_name
from engine.render import card_text, count
from engine.render import civ as civ_name
from engine.render import resource as resource_name
from engine.state import GameState

from ..text import civ_markup, esc
from .markup import MarkupView

UNIT_WORDS = ("legion", "fortress", "creature", "trireme")


def _units_by_owner(state: GameState, area: str) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for u in state.units:
        if u.area == area:
            out.setdefault(u.owner, {})
            out[u.owner][u.kind] = out[u.owner].get(u.kind, 0) + 1
    return out


def _units_text(kinds: dict[str, int]) -> str:
    return ", ".join(count(kinds[k], k) for k in UNIT_WORDS if kinds.get(k))


def _owner_text(state: GameState, civ: str | None) -> str:
    if civ is None:
        return "[i]unclaimed[/]"
    if civ in state.neutrals:
        return f"{civ_markup(civ)} [dim](neutral)[/]"
    return civ_markup(civ)


def detail_lines(state: GameState, area: str, bq: BoardQuote) -> list[str]:
    """Lines of markup, most important first (the short strip shows the first two)."""
    if area in board.SEAS:
        sea = board.SEAS[area]
        units = _units_by_owner(state, area)
        head = f"[b]{esc(sea.name)}[/] ({sea.label}) · sea"
        fleet = "; ".join(f"{civ_markup(c)}: {_units_text(k)}" for c, k in units.items()) \
            or "no ships"
        lines = [f"{head} · {fleet}"]
        lines.append("[dim]Coasts:[/] " + ", ".join(board.area_name(p) for p in sea.provinces))
        lines.append("[dim]Seas next to it:[/] " +
                     ", ".join(board.area_name(s) for s in sea.neighbour_seas))
        return lines
    if area not in board.PROVINCES:
        return [esc(area)]
    p = board.PROVINCES[area]
    ps = state.provinces[area]
    flags = []
    cap = next((pl.civ for pl in state.players if pl.capital == area), None)
    if cap:
        flags.append(f"capital of {civ_name(cap)}")
    elif p.capital_of and p.capital_of in state.neutrals:
        flags.append(f"capital of {civ_name(p.capital_of)}")
    if p.island:
        flags.append("island")
    if not p.coastal:
        flags.append("landlocked")
    war = area in bq.at_war
    occupied = [u for u in state.units if u.area == area and u.post]
    head = f"[b]{esc(p.name)}[/] ({p.label}) · {esc(p.region)} · influence: " \
           f"{_owner_text(state, ps.influence)}"
    if flags:
        head += " · " + ", ".join(flags)
    if war:
        head += " · [b reverse] AT WAR [/]"
    if occupied:
        head += " · [b]occupied[/]"
    # buildings, each with who profits from it when that is not the influence owner
    bparts = []
    holders = bq.holders.get(area, [])
    for i, b in enumerate(ps.buildings):
        what = b.kind
        if b.kind == "caravan":
            what += f" ({resource_name(b.site)})"
        elif b.kind == "city" and b.site:
            what += f" ({esc(b.site)})"
        ctrl = holders[i] if i < len(holders) else ""
        if ctrl and ctrl != ps.influence:
            what += f" held by {civ_name(ctrl)}"
        bparts.append(what)
    units = _units_by_owner(state, area)
    uparts = [f"{civ_markup(c)}: {_units_text(k)}" for c, k in units.items()]
    second = "[dim]Buildings:[/] " + (", ".join(bparts) if bparts else "none")
    second += " · [dim]Units:[/] " + ("; ".join(uparts) if uparts else "none")
    lines = [head, second]
    sites = []
    if p.city_site:
        sites.append(f"city site {esc(p.city_site)}")
    if p.commodity_sites:
        sites.append("commodities " + ", ".join(resource_name(c) for c in p.commodity_sites))
    lines.append("[dim]Sites:[/] " + ("; ".join(sites) if sites else "none"))
    if occupied:
        lines.append("[dim]Occupied:[/] " + "; ".join(
            f"{civ_name(u.owner)} {u.kind} on the {u.post.replace('caravan:', 'caravan ')}"
            for u in occupied))
    conv = [c for c in state.conversions if c.province == area]
    if conv:
        lines.append("[dim]Being converted by:[/] " + ", ".join(civ_name(c.civ) for c in conv))
    creatures = sorted({CIV_CREATURE[u.owner] for u in state.units
                        if u.area == area and u.kind == "creature" and u.owner in CIV_CREATURE})
    for c in creatures:  # what the creatures here do in a battle
        lines.append(f"[dim]{esc(card_name(c))}:[/] {esc(card_text(c))}")
    land = ", ".join(board.area_name(n) for n in p.land_neighbours) or "none"
    lines.append(f"[dim]Land neighbours:[/] {land}")
    lines.append("[dim]Seas:[/] " + (", ".join(board.area_name(s) for s in p.seas) or "none"))
    return lines


class ProvinceDetail(MarkupView):
    DEFAULT_CSS = """
    ProvinceDetail { height: 2; width: 1fr; padding: 0 1; background: $surface; }
    """

    def show(self, state: GameState, area: str, bq: BoardQuote,
             max_lines: int | None = None) -> None:
        lines = detail_lines(state, area, bq)
        if max_lines:
            lines = lines[:max_lines]
        self.set("\n".join(lines))
