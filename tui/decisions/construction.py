"""Construction: what to build, where, with which set (costs after your reductions);
the free pieces that come with a card; the commodities kept at the end of the phase."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import OptionList

from engine import actions as A
from engine import prompts as P
from engine.actions import Action
from engine.errors import IllegalAction
from engine.prompts import Prompt
from engine.quotes import KindQuote
from engine.render import item_text, only_powers_text
from engine.render_kinds import kind_detail, kind_line, kind_name, lacks

from ..sessions.base import TableSession
from ..text import esc
from .base import ActionMenu, Entry, PaymentScreen

GROUPS = (
    ("influence", "Influence"),
    ("building", "Buildings"),
    ("military", "Military units"),
    ("card", "Heroes and wonders"),
)


def group_of(item: A.Item) -> str:
    if item.kind == "influence":
        return "influence"
    if item.kind in ("city", "caravan", "temple", "market"):
        return "building"
    if item.kind == "card":
        return "card"
    return "military"


class ConstructionDecision(ActionMenu[P.ConstructionTurn]):
    SHOW_PREVIEW = True
    BINDINGS = [
        Binding("space", "mark", "Mark", id="construction.mark"),
        Binding("e", "end_turn", "End turn", id="construction.end-turn"),
    ]

    def __init__(self, session: TableSession, seat: int, *, prompt: Prompt | None = None,
                 legal: list[Action] | None = None) -> None:
        super().__init__(session, seat, prompt=prompt, legal=legal)
        self.marked: list[int] = []
        self._kinds: dict[int, KindQuote] = {}  # entry index -> the KindQuote of a kind not buyable

    def intro_markup(self) -> str:
        hand = self.quotes.hand
        best = hand.best if hand is not None else 0
        only = only_powers_text(self.quotes.pass_reason,
                                [a.card for a in self.legal_of(A.UsePower)])
        if only:  # nothing to pay with: the turn is asked for its powers only
            return f"[b]{esc(only)}[/]\n{self.hand_line()}"
        return ("Buy with one set per purchase (tax only, or commodities all different); "
                "space marks several items to pay together with one set.\n"
                f"{self.hand_line()} [dim]· best set[/] [b]{best}[/]")

    def item_cost(self, item: A.Item) -> int:
        q = self.quotes.item(item)
        return q.cost if q is not None else 0

    def cost_text(self, item: A.Item) -> str:
        q = self.quotes.item(item)
        if q is None:
            return ""
        return f"[b]{q.cost}[/]" + (f" [dim](was {q.base})[/]" if q.base != q.cost else "")

    def entries(self) -> list[Entry]:
        self._kinds = {}
        buys = self.legal_of(A.Buy)
        items: list[A.Item] = []
        for a in buys:
            if len(a.items) == 1 and a.items[0] not in items:
                items.append(a.items[0])
        out: list[Entry] = []
        for key, title in GROUPS:
            group = [it for it in items if group_of(it) == key]
            if key == "card":
                shown = {it.card for it in group}
                extra = [A.Item(kind="card", card=c) for c in [*self.state.display, "pyramids"]
                         if c not in shown]
            else:
                extra = []
            # every kind of the group that no listed buy offers: what it lacks (the engine's)
            missing = [q for q in self.quotes.kinds if group_of(A.Item(kind=q.kind)) == key
                       and not any(it.kind == q.kind for it in group)]
            if not group and not extra and not missing:
                continue
            out.append(Entry(f"[b]{title}[/]", None))
            for it in group:
                out.append(Entry(f"{esc(item_text(it))}  {self.cost_text(it)}",
                                 A.Buy(items=[it], payment={}), area=it.province or None,
                                 card=it.card or None))
            best = self._best_payment(self.item_cost(extra[0])) if extra else {}
            for it in extra:  # on offer but not yours to buy now: the engine says why
                out.append(Entry(f"{esc(item_text(it))}  {self.cost_text(it)}",
                                 A.Buy(items=[it], payment=best), legal=False,
                                 card=it.card or None))
            for q in missing:
                self._kinds[len(out)] = q
                out.append(Entry(f"{esc(kind_name(q.kind))}  {self.cost_text(A.Item(kind=q.kind))}"
                                 f"  [i]{esc(kind_line(q))}[/]",
                                 A.Buy(items=[A.Item(kind=q.kind)], payment={}), legal=False))
        out += self.power_entries()
        out.append(Entry("[b]End your construction turn[/]", A.EndConstruction()))
        return out

    def _best_payment(self, cost: int) -> dict[str, int]:
        """The biggest set the hand offers up to `cost` (the engine then says what it lacks)."""
        sets = self.quotes.hand.sets if self.quotes.hand is not None else {}
        for n in range(cost, 0, -1):
            if sets.get(n):
                return sets[n][0]
        return {}

    def _label(self, i: int) -> str:
        e = self._entries[i]
        mark = "[b]✓[/] " if i in self.marked else ""
        return mark + (e.label if e.legal else f"[dim]✗ {e.label}[/]")

    def action_mark(self) -> None:
        ol = self.query_one("#choices", OptionList)
        if ol.highlighted is None:
            return
        e = self._entry(ol.get_option_at_index(ol.highlighted))
        if e is None or not isinstance(e.action, A.Buy) or not e.legal:
            return
        i = self._entries.index(e)
        if i in self.marked:
            self.marked.remove(i)
        else:
            self.marked.append(i)
        ol.replace_option_prompt_at_index(ol.highlighted, self._label(i))
        self._show_marked()

    def _marked_items(self) -> list[A.Item]:
        """The items of the marked purchases (only a purchase of one item is marked)."""
        buys = [self._entries[i].action for i in self.marked]
        return [b.items[0] for b in buys if isinstance(b, A.Buy)]

    def _show_marked(self) -> None:
        if not self.marked:
            self.clear_error()
            return
        items = self._marked_items()
        total = self.session.price(self.seat, items)
        self.show_error(f"Marked: {esc(' + '.join(item_text(it) for it in items))} = "
                        f"[b]{total}[/]. Enter pays for them with one set.")

    def show_entry(self, e: Entry) -> None:
        q = self._kind_quote(e)
        if q is not None:  # a kind not buyable now: its cost, set, supply and places
            self._show_preview(esc(kind_detail(q)))
            return
        super().show_entry(e)

    def _kind_quote(self, e: Entry) -> KindQuote | None:
        i = next((i for i, x in enumerate(self._entries) if x is e), -1)
        return self._kinds.get(i)

    def choose(self, e: Entry) -> None:
        a = e.action
        q = self._kind_quote(e)
        if q is not None:
            self.show_error(f"[b $error]Not now:[/] {esc(kind_name(q.kind))} needs "
                            f"{esc('; '.join(lacks(q)))}")
            return
        if isinstance(a, A.Buy) and e.legal:
            items = self._marked_items() or list(a.items)
            if a.items[0] not in items:
                items = list(a.items)
            self.pay_for(items)
            return
        super().choose(e)

    def pay_for(self, items: list[A.Item]) -> None:
        total = self.session.price(self.seat, items)
        if len(items) == 1:
            suggestions = [b.payment for b in self.legal_of(A.Buy) if b.items == items]
        else:
            hand = self.quotes.hand
            suggestions = list(hand.sets.get(total, [])) if hand is not None else []

        def validate(cards: dict[str, int]) -> IllegalAction | None:
            return self.check(A.Buy(items=items, payment=cards))

        def paid(cards: dict[str, int] | None) -> None:
            if cards is not None:
                self.submit(A.Buy(items=items, payment=cards))

        title = " + ".join(item_text(it) for it in items)
        self.app.push_screen(PaymentScreen(title, total, self.me.hand, suggestions, validate),
                             callback=paid)

    def action_end_turn(self) -> None:
        self.submit(A.EndConstruction())


class PlaceFreeDecision(ActionMenu[P.PlaceFree]):
    SHOW_PREVIEW = True

    def intro_markup(self) -> str:
        p = self.prompt
        from engine.render import card as card_name
        return f"{esc(card_name(p.card))} brings a free [b]{esc(p.item)}[/]: choose where it goes."


class KeepDecision(ActionMenu[P.KeepCommodities]):
    def intro_markup(self) -> str:
        return (f"The construction phase ends: you may keep up to [b]{self.prompt.keep}[/] "
                "commodity cards (and 2 tax cards); the rest go back to the bank.\n"
                f"{self.hand_line()}")
