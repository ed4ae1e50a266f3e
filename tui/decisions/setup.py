"""Free setup: the capital of Greece or Atlantis, and the rounds of setup points."""

from __future__ import annotations

from textual.binding import Binding

from engine import actions as A
from engine import prompts as P
from engine.data import board
from engine.render import item_text
from engine.render import resource as resource_name

from ..text import esc
from .base import ActionMenu, Entry


class CapitalDecision(ActionMenu[P.ChooseCapital]):
    SHOW_PREVIEW = True

    def entries(self) -> list[Entry]:
        out = []
        for a in self.legal_of(A.SelectCapital):
            p = board.PROVINCES[a.province]
            sites = []
            if p.city_site:
                sites.append(f"city site {p.city_site}")
            sites += [resource_name(c) for c in p.commodity_sites]
            out.append(Entry(f"{esc(p.name)} ({p.label}) [dim]{esc(', '.join(sites))}[/]", a,
                             area=a.province))
        return out


class FreeSetupDecision(ActionMenu[P.FreeSetupTurn]):
    SHOW_PREVIEW = True
    BINDINGS = [Binding("e", "end_round", "End round", id="setup.end-round")]

    def intro_markup(self) -> str:
        p = self.prompt
        fs = self.quotes.free_setup
        return (f"Round [b]{p.round}[/] of {fs.rounds}: [b]{p.points_left}[/] points left this "
                f"round ({fs.points} in all). Build in and next to your capital; card powers "
                "do not lower setup costs.")

    def entries(self) -> list[Entry]:
        out: list[Entry] = []
        groups: dict[str, list[A.SetupBuy]] = {}
        for a in self.legal_of(A.SetupBuy):
            k = a.item.kind
            group = ("Influence" if k == "influence" else
                     "Buildings" if k in ("city", "caravan", "temple", "market") else
                     "Cards" if k == "card" else "Military")
            groups.setdefault(group, []).append(a)
        for group in ("Influence", "Buildings", "Military", "Cards"):
            if group not in groups:
                continue
            out.append(Entry(f"[b]{group}[/]", None))
            for a in groups[group]:
                q = next((q for q in self.quotes.setup_items if q.item == a.item), None)
                c = q.cost if q is not None else "?"
                out.append(Entry(f"{esc(item_text(a.item))} [b]{c}[/]", a,
                                 area=a.item.province or None))
        for end in self.legal_of(A.EndSetupRound):
            out.append(Entry("[b]End this setup round[/]", end))
        return out

    def action_end_round(self) -> None:
        a = self.first_legal(A.EndSetupRound)
        self.submit(a if a is not None else A.EndSetupRound())
