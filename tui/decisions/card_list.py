"""A power that gives a handful of cards (Hermes and the like): the cards are picked one by
one with a running total, instead of a menu of every list ("tax=1,metal=2", ...).

The legal actions are the engine's: the dialog reads which kinds and how many each list may
hold from them, and sends the list picked; the engine says why when it refuses it.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding

from engine import actions as A
from engine import prompts as P
from engine.actions import Action
from engine.data.cards import RESOURCES
from engine.prompts import Prompt
from engine.render import card as card_name
from engine.render import card_text, civ_words, hand_text

from ..sessions.base import TableSession
from ..text import esc
from .base import CardPicker, DecisionScreen

# a menu longer than this becomes a composer
MENU_LIMIT = 6


def parse_cards(choice: str) -> dict[str, int] | None:
    """ "tax=1,wine=2" -> {"tax": 1, "wine": 2}; None if it is not a list of cards."""
    out: dict[str, int] = {}
    for part in filter(None, choice.split(",")):
        name, _, n = part.partition("=")
        if name not in RESOURCES or not n.isdigit():
            return None
        out[name] = out.get(name, 0) + int(n)
    return out or None


def card_lists(legal: list[A.Action]) -> list[tuple[dict[str, int], A.UsePower]]:
    """The card lists the legal actions offer, when they are all lists for one card."""
    uses = [a for a in legal if isinstance(a, A.UsePower)]
    if not uses or len({a.card for a in uses}) != 1 or any(a.units or a.target for a in uses):
        return []
    out = []
    for a in uses:
        cards = parse_cards(a.choice)
        if cards is None:
            return []
        out.append((cards, a))
    return out


def wants_composer(legal: list[A.Action]) -> bool:
    return len(card_lists(legal)) > MENU_LIMIT


class CardListDecision(DecisionScreen[P.Reaction]):
    """Pick the cards a power gives one at a time; Enter takes them, n lets it pass."""

    BINDINGS = [
        Binding("n", "not_now", "Not now", id="card_list.not-now"),
        Binding("r", "reset", "Start again", show=False, id="card_list.reset"),
    ]

    def __init__(self, session: TableSession, seat: int, *, prompt: Prompt | None = None,
                 legal: list[Action] | None = None) -> None:
        super().__init__(session, seat, prompt=prompt, legal=legal)
        self.lists = card_lists(self.legal)
        self.card = self.lists[0][1].card if self.lists else ""
        self.count = max((sum(c.values()) for c, _ in self.lists), default=0)
        self.most: dict[str, int] = {}  # how many of each kind a list may hold
        for cards, _ in self.lists:
            for k, n in cards.items():
                self.most[k] = max(self.most.get(k, 0), n)

    def intro_markup(self) -> str:
        detail = civ_words(getattr(self.prompt, "detail", ""))
        lines = [f"[b]{esc(detail)}[/]" if detail else f"[b]{esc(card_name(self.card))}[/]",
                 f"  [b]{esc(card_name(self.card))}[/]: {esc(card_text(self.card))}",
                 "[dim]→/+ one more of a kind, ←/- one less, r starts again, Enter takes "
                 "them.[/]"]
        return "\n".join(lines)

    def body(self) -> ComposeResult:
        yield CardPicker(self.most, target=self.count, id="card-list")

    def on_mount(self) -> None:
        self.query_one(CardPicker).focus()

    def action_reset(self) -> None:
        picker = self.query_one(CardPicker)
        picker.counts = {k: 0 for k in picker.kinds}
        picker.refresh(layout=True)
        self.clear_error()

    def on_card_picker_changed(self, event: CardPicker.Changed) -> None:
        self.clear_error()

    def on_card_picker_submitted(self, event: CardPicker.Submitted) -> None:
        chosen = event.cards
        match = next((a for cards, a in self.lists if cards == chosen), None)
        if match is not None:
            self.submit(match)
            return
        total = sum(chosen.values())
        if total != self.count:
            self.show_error(f"[b $error]Pick {self.count} cards[/] (you have {total}: "
                            f"{esc(hand_text(chosen) or 'none')}).")
            return
        choice = ",".join(f"{k}={chosen[k]}" for k in RESOURCES if chosen.get(k))
        self.submit(A.UsePower(card=self.card, choice=choice))  # the engine says why not

    def action_not_now(self) -> None:
        a = next((a for a in self.legal if isinstance(a, A.Pass)), None)
        if a is None:
            self.show_error("[b $error]This power must be answered.[/]")
        else:
            self.submit(a)
