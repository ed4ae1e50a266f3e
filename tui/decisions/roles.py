"""Role ties, and naming the next player in a role holder's phase."""

from __future__ import annotations

from engine import actions as A
from engine.render import PHASE_NAMES, count
from engine.render import role as role_name

from ..text import civ_markup, esc
from .base import ActionMenu, Entry


class RoleHolderDecision(ActionMenu):
    def intro_markup(self) -> str:
        p = self.prompt
        return (f"You hold the [b]{esc(role_name(p.role))}[/], and other players are tied "
                "ahead of you: choose which of them takes it.")

    def entries(self) -> list[Entry]:
        sc = self.quotes.role_scores.get(self.prompt.role, {})
        return [Entry(f"{civ_markup(a.civ)} [dim]({sc.get(a.civ, '?')})[/]", a)
                for a in self.legal_of(A.PickRoleHolder)]


class NamePlayerDecision(ActionMenu):
    def intro_markup(self) -> str:
        p = self.prompt
        ph = PHASE_NAMES.get(p.phase, p.phase).lower()
        return (f"As [b]{esc(role_name(p.role))}[/] you name, one at a time, who plays "
                f"next in the {ph} phase.\n{self.hand_line()}")

    def entries(self) -> list[Entry]:
        out = []
        for a in self.legal_of(A.Name):
            size = self.view.hand_sizes.get(a.civ, 0)
            me = " [dim](yourself)[/]" if a.civ == self.civ else ""
            out.append(Entry(f"{civ_markup(a.civ)}{me} [dim]{count(size, 'card')} in hand[/]",
                             a))
        return out
