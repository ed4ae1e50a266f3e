"""Role ties, and naming the next player in a role holder's phase."""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding
from textual.widgets import OptionList

from engine import actions as A
from engine import prompts as P
from engine.actions import Action
from engine.prompts import Prompt
from engine.render import PHASE_NAMES, count
from engine.render import role as role_name

from ..sessions.base import TableSession
from ..text import civ_markup, esc
from .base import ActionMenu, Entry


class RoleHolderDecision(ActionMenu[P.ChooseRoleHolder]):
    def intro_markup(self) -> str:
        p = self.prompt
        return (f"You hold the [b]{esc(role_name(p.role))}[/], and other players are tied "
                "ahead of you: choose which of them takes it.")

    def entries(self) -> list[Entry]:
        sc = self.quotes.role_scores.get(self.prompt.role, {})
        return [Entry(f"{civ_markup(a.civ)} [dim]({sc.get(a.civ, '?')})[/]", a)
                for a in self.legal_of(A.PickRoleHolder)]


@dataclass
class NameOrder:
    """The whole order a role holder names at once: the screen names them one by one, as
    the rules ask, while each is still to be named."""

    civs: list[str]


class NamePlayerDecision(ActionMenu[P.NamePlayer]):
    BINDINGS = [
        Binding("space", "mark", "Mark", id="roles.mark"),
        Binding("o", "order", "Name in order", id="roles.order"),
    ]

    def __init__(self, session: TableSession, seat: int, *, prompt: Prompt | None = None,
                 legal: list[Action] | None = None) -> None:
        super().__init__(session, seat, prompt=prompt, legal=legal)
        self.order: list[str] = []

    def intro_markup(self) -> str:
        p = self.prompt
        ph = PHASE_NAMES.get(p.phase, p.phase).lower()
        return (f"As [b]{esc(role_name(p.role))}[/] you name who plays next in the {ph} "
                "phase: Enter names one; space marks them in order, o names that order.\n"
                f"{self.hand_line()}")

    def entries(self) -> list[Entry]:
        out = []
        for a in self.legal_of(A.Name):
            out.append(Entry(self._text(a.civ), a))
        return out

    def _text(self, civ: str) -> str:
        size = self.view.hand_sizes.get(civ, 0)
        me = " [dim](yourself)[/]" if civ == self.civ else ""
        n = f"[b]{self.order.index(civ) + 1}.[/] " if civ in self.order else "   "
        return f"{n}{civ_markup(civ)}{me} [dim]{count(size, 'card')} in hand[/]"

    def action_mark(self) -> None:
        ol = self.query_one("#choices", OptionList)
        if ol.highlighted is None:
            return
        e = self._entry(ol.get_option_at_index(ol.highlighted))
        if e is None or not isinstance(e.action, A.Name):
            return
        civ = e.action.civ
        if civ in self.order:
            self.order.remove(civ)
        else:
            self.order.append(civ)
        for i, entry in enumerate(self._entries):  # the numbers after it move up
            if isinstance(entry.action, A.Name):
                ol.replace_option_prompt_at_index(i, self._text(entry.action.civ))

    def action_order(self) -> None:
        if not self.order:
            self.show_error("[b $error]Mark the players in order first (space).[/]")
            return
        first = A.Name(civ=self.order[0])
        err = self.check(first)
        if err is not None:
            self.show_error(err)
            return
        self.dismiss(NameOrder(list(self.order)))
