"""The trade: announce the number, choose the offer, take a card, give the balancing card."""

from __future__ import annotations

from textual.app import ComposeResult

from engine import actions as A
from engine import prompts as P
from engine.render import count
from engine.render import hand_text as cards_text
from engine.render import resource as resource_name

from ..text import civ_markup, esc
from .base import ActionMenu, CardPicker, DecisionScreen, Entry


class AnnounceDecision(ActionMenu[P.AnnounceTrade]):
    def intro_markup(self) -> str:
        sizes = " · ".join(f"{civ_markup(c, bold=False)} {n}"
                           for c, n in self.view.hand_sizes.items())
        return ("As Director of Commerce, announce how many cards each trader lays down. "
                "Those who hold fewer stay out; 0 means no trade.\n"
                f"[dim]Cards in hand:[/] {sizes}\n{self.hand_line()}")

    def entries(self) -> list[Entry]:
        return [Entry(esc(self.describe(a)), a) for a in self.legal_of(A.Announce)]


class TradeOfferDecision(DecisionScreen[P.ChooseTradeOffer]):
    """Choose exactly n cards of your hand to lay face down."""

    def intro_markup(self) -> str:
        n = self.prompt.n
        return (f"Lay down [b]{count(n, 'card')}[/] face down. The others will take from "
                "them, and you from theirs.\n[dim]↑↓ a card, + and - to choose, "
                "Enter to lay them down.[/]")

    def body(self) -> ComposeResult:
        yield CardPicker(self.me.hand, target=self.prompt.n, id="offer-picker")

    def on_mount(self) -> None:
        self.query_one(CardPicker).focus()

    def on_card_picker_submitted(self, event: CardPicker.Submitted) -> None:
        self.submit(A.Offer(cards=event.cards))

    def on_card_picker_changed(self, event: CardPicker.Changed) -> None:
        self.clear_error()


class TakeCardDecision(ActionMenu[P.TakeTradeCard]):
    def intro_markup(self) -> str:
        t = self.state.trade
        lines = ["Take one face-up card from another player's offer; the player you take "
                 "from takes next."]
        for civ, cards in t.offers.items():
            mine = " [dim](yours)[/]" if civ == self.civ else ""
            lines.append(f"  {civ_markup(civ)}{mine}: {esc(cards_text(cards))}")
        got = t.acquired.get(self.civ, [])
        if got:
            lines.append(f"[dim]You have taken:[/] {esc(cards_text(got))}")
        return "\n".join(lines)

    def entries(self) -> list[Entry]:
        out: list[Entry] = []
        legal = self.legal_of(A.Take)
        for source in dict.fromkeys(a.source for a in legal):
            out.append(Entry(f"[b]From {civ_markup(source)}[/]", None))
            out += [Entry(f"Take {esc(resource_name(a.card))}", a)
                    for a in legal if a.source == source]
        # the offers you may not take from, with the engine's reason when chosen
        t = self.state.trade
        others = [c for c, cards in t.offers.items() if cards and
                  not any(a.source == c for a in legal)]
        for source in others:
            out.append(Entry(f"[b]From {civ_markup(source)}[/] [dim](not allowed)[/]", None))
            for card in sorted(set(t.offers[source])):
                out.append(Entry(f"Take {esc(resource_name(card))}",
                                 A.Take(source=source, card=card), legal=False))
        return out


class GiveCardDecision(ActionMenu[P.GiveBalancingCard]):
    def intro_markup(self) -> str:
        p = self.prompt
        return (f"You took more cards than you gave: hand [b]{count(p.count, 'card')}[/] "
                "of your choice to the players who are short "
                f"({', '.join(civ_markup(r) for r in p.recipients)}), one at a time.\n"
                f"{self.hand_line()}")

    def entries(self) -> list[Entry]:
        out: list[Entry] = []
        legal = self.legal_of(A.Give)
        for to in dict.fromkeys(a.to for a in legal):
            out.append(Entry(f"[b]To {civ_markup(to)}[/]", None))
            out += [Entry(f"Give {esc(resource_name(a.card))}", a) for a in legal if a.to == to]
        return out
