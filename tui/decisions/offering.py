"""The offering to the gods: choose a god and the set that pays, or pass."""

from __future__ import annotations

from textual.binding import Binding

from engine import actions as A
from engine import prompts as P
from engine.data.cards import GODS
from engine.errors import IllegalAction
from engine.render import card as card_name
from engine.render import card_text

from ..text import civ_markup, esc
from .base import ActionMenu, Entry, PaymentScreen


class OfferingDecision(ActionMenu[P.MakeOffering]):
    BINDINGS = [Binding("p", "pass_turn", "Pass", id="offering.pass-turn")]

    def intro_markup(self) -> str:
        return (f"Pay a set of [b]{self.quotes.god_cost}[/] for one god still in the heavens, or pass. "
                f"Each god's power is used once.\n{self.hand_line()}")

    def entries(self) -> list[Entry]:
        legal = self.legal_of(A.Worship)
        payable = {a.god for a in legal}
        out: list[Entry] = [Entry("[b]Gods in the heavens[/]", None)]
        for g in self.prompt.gods:
            pay = next((a for a in legal if a.god == g), None)
            action = pay or A.Worship(god=g, payment={})
            label = f"[b]{esc(card_name(g))}[/] [dim]{esc(card_text(g))}[/]"
            out.append(Entry(label, action, legal=g in payable))
        taken = [g for g in GODS if g not in self.prompt.gods]
        if taken:
            out.append(Entry("[b]Taken[/]", None))
            for g in taken:
                holder = self.state.gods.get(g)
                out.append(Entry(f"{esc(card_name(g))} [dim]{civ_markup(holder, bold=False)}[/]",
                                 A.Worship(god=g, payment={}), legal=False))
        out.append(Entry("[b]Pass[/]", A.Pass()))
        return out

    def choose(self, e: Entry) -> None:
        a = e.action
        if isinstance(a, A.Worship) and e.legal:
            suggestions = [w.payment for w in self.legal_of(A.Worship) if w.god == a.god]

            def validate(cards: dict[str, int], god: str = a.god) -> IllegalAction | None:
                return self.check(A.Worship(god=god, payment=cards))

            def paid(cards: dict[str, int] | None, god: str = a.god) -> None:
                if cards is not None:
                    self.submit(A.Worship(god=god, payment=cards))

            self.app.push_screen(PaymentScreen(card_name(a.god), self.quotes.god_cost,
                                               self.me.hand,
                                               suggestions, validate), callback=paid)
            return
        super().choose(e)

    def action_pass_turn(self) -> None:
        self.submit(A.Pass())
