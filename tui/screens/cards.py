"""The card browser: every hero, wonder, god and creature with its cost for the player on
screen (the engine's quote), its power in a few words, and where it is now.

Opened from the game (`c`), from the help screen and from the command palette. Without a
game (from the title screen) it lists the cards alone.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from engine.actions import Item
from engine.data.cards import ALL_CARDS, CIV_CREATURE, CIV_HERO
from engine.quotes import Quotes
from engine.render import card as card_name
from engine.render import card_kind, card_text
from engine.view import View

from ..text import civ_markup, esc
from ..widgets.keybar import KeyBar
from ..widgets.pane import SCROLL_KEYS
from .base import BaseScreen

# the order of the browser: what a player buys first comes first
SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Heroes and wonders", ("hero", "wonder")),
    ("Civilization heroes", ("civ_hero",)),
    ("Gods", ("god",)),
    ("Creatures", ("creature",)),
)


def where_markup(c: str, v: View | None) -> str:
    """Who holds the card, or where it lies, as the view shows it."""
    if v is None:
        return ""
    state = v.state
    civs = [p.civ for p in state.players]
    for p in state.players:
        if c in p.cards:
            return f"held by {civ_markup(p.civ, bold=False)}"
    if c in state.gods:
        holder = state.gods.get(c)
        if holder is None:
            return "[dim]in the heavens[/]"
        used = " [dim](used)[/]" if c in state.gods_used else ""
        return f"held by {civ_markup(holder, bold=False)}{used}"
    if c in state.display:
        return "[b]on offer[/]"
    if c == "pyramids":
        return "[b]on offer[/]"
    owner = next((civ for civ, cr in CIV_CREATURE.items() if cr == c), None) or \
        next((civ for civ, h in CIV_HERO.items() if h == c), None)
    if owner is not None:
        return (f"{civ_markup(owner, bold=False)}'s" if owner in civs
                else "[dim]not in this game[/]")
    return "[dim]in the pile or set aside[/]"


def cost_markup(c: str, q: Quotes | None) -> str:
    """The engine's quote for the card, for the seat on screen."""
    if q is None:
        return ""
    iq = q.item(Item(kind="card", card=c))
    if iq is None or iq.item.card != c:
        return ""
    if iq.cost != iq.base:
        return f"cost [b]{iq.cost}[/] [dim](not {iq.base}: {esc(card_name(iq.reduced_by))})[/]"
    return f"cost [b]{iq.cost}[/]"


def card_entry(c: str, v: View | None, q: Quotes | None) -> str:
    head = f"[b]{esc(card_name(c))}[/] [dim]{card_kind(c).lower()}[/]"
    facts = [f for f in (cost_markup(c, q), where_markup(c, v)) if f]
    if facts:
        head += " — " + ", ".join(facts)
    return f"{head}\n  {esc(card_text(c))}"


def browser_markup(v: View | None, q: Quotes | None) -> str:
    cards = list(ALL_CARDS)
    out: list[str] = []
    for title, kinds in SECTIONS:
        group = [c for c in cards if ALL_CARDS[c].kind in kinds]
        if "wonder" in kinds:  # the Pyramids are a wonder with a card of their own
            group = [c for c in group if c != "pyramids"] + ["pyramids"]
        group.sort(key=lambda c: (where_markup(c, v) != "[b]on offer[/]", card_name(c)))
        out.append(f"[b $accent]{title}[/]")
        out += [card_entry(c, v, q) for c in group]
        out.append("")
    return "\n".join(out).rstrip()


class CardBrowserScreen(BaseScreen):
    """Every card of the game, its power, cost and holder."""

    DEFAULT_CSS = """
    CardBrowserScreen #cards-scroll { padding: 0 1; }
    """

    BINDINGS = [
        *SCROLL_KEYS,
        Binding("escape", "close", "Back", id="cards.close"),
        Binding("q", "close", "Back", show=False, id="cards.close-q"),
        Binding("b", "close", "Back", show=False, id="cards.close-b"),
    ]

    def __init__(self, view: View | None = None, quotes: Quotes | None = None) -> None:
        super().__init__()
        self.game_view = view
        self.game_quotes = quotes

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="cards-scroll", can_focus=True) as scroll:
            scroll.border_title = "Cards"
            yield Static(browser_markup(self.game_view, self.game_quotes), id="cards-text")
        yield KeyBar()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#cards-scroll").focus()

    def action_scroll_up(self) -> None:
        self.query_one("#cards-scroll", VerticalScroll).scroll_up()

    def action_scroll_down(self) -> None:
        self.query_one("#cards-scroll", VerticalScroll).scroll_down()

    def action_page_up(self) -> None:
        self.query_one("#cards-scroll", VerticalScroll).scroll_page_up()

    def action_page_down(self) -> None:
        self.query_one("#cards-scroll", VerticalScroll).scroll_page_down()

    def action_close(self) -> None:
        self.dismiss(None)
