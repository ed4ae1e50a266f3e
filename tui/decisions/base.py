"""What every decision dialog shares.

A dialog is built on the prompt and the engine's legal actions. It never judges a choice
itself: it sends the chosen action to the engine (`LocalSession.check`, on a copy of the
state) and shows the engine's reason and rule when the engine refuses it; otherwise it
closes with the action, which the game screen applies.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar, cast

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine import actions as A
from engine.actions import Action
from engine.data.cards import RESOURCES
from engine.errors import IllegalAction
from engine.prompts import Prompt
from engine.quotes import Quotes
from engine.render import action_text, card_text, prompt_text, prompt_title, rule_name
from engine.render import card as card_name
from engine.render import hand_text as cards_text
from engine.render import resource as resource_name
from engine.state import Player

from ..screens.base import BaseModal
from ..screens.whole_map import WholeMapScreen
from ..sessions.base import TableSession
from ..text import civ_markup, esc
from ..textual_seams import bind_key
from ..widgets.choice import NAV, ChoiceList
from ..widgets.detail import detail_lines
from ..widgets.keybar import KeyBar
from ..widgets.map import MAP_WIDTH, BoardScreen
from .battle_panel import battle_panel
from .error_line import ErrorLine

# the prompt kind a dialog is for, and the kind of action picked out of the legal ones
PromptT = TypeVar("PromptT", bound=Prompt)
ActionT = TypeVar("ActionT", bound=Action)


class Undo:
    """What a dialog closes with when its player takes back his last decision."""


UNDO = Undo()


def can_undo(session: TableSession, seat: int | None) -> bool:
    check = getattr(session, "can_undo", None)
    return bool(check(seat)) if check is not None else False


def error_markup(e: IllegalAction) -> str:
    rule = f"\n[dim]Rule: {esc(rule_name(e.rule))}[/]" if e.rule else ""
    return f"[b $error]Not allowed:[/] {esc(e.reason)}{rule}"


class DecisionScreen(ErrorLine, BaseModal, Generic[PromptT]):
    """A modal dialog for the pending decision of one seat, of one prompt kind."""

    CSS_PATH = Path(__file__).with_name("decision.tcss")  # its own rules: tui/sheets.py

    BINDINGS = [
        Binding("escape", "board", "Board", id="base.board"),
        Binding("v", "board", "Board", show=False, id="base.board-v"),
        Binding("h", "hint", "Hint", show=False, id="base.hint"),  # the footer is full: help lists it
        Binding("question_mark", "app.help", "Help", id="base.help"),
        # the whole map, when the dialog leaves too little of it (the dialog waits)
        Binding("1", "whole_map", "Map", id="base.whole-map"),
    ]

    def __init__(self, session: TableSession, seat: int, *, prompt: Prompt | None = None,
                 legal: list[Action] | None = None) -> None:
        super().__init__(classes="decision")
        self.session = session
        self.seat = seat
        pending = prompt if prompt is not None else session.prompt
        assert pending is not None
        # the dialog is picked by its prompt's kind (`make_decision`, DIALOGS)
        self.prompt = cast(PromptT, pending)
        self.civ = pending.civ
        self._legal = legal
        self.view = session.view(seat)
        self.state = self.view.state  # what this player may see
        self._quotes: Quotes | None = None
        # the footer says whether the last decision can be taken back (the engine decides)
        self.undo_ok = can_undo(session, seat)
        bind_key(self, "u", "undo", "Undo" if self.undo_ok else "No undo")

    # --- the engine -----------------------------------------------------------------------
    @property
    def legal(self) -> list[Action]:
        if self._legal is None:
            self._legal = self.session.legal()
        return self._legal

    @property
    def quotes(self) -> Quotes:
        """The engine's numbers for this seat: costs, the hand's sets, the standings."""
        if self._quotes is None:
            self._quotes = self.session.quotes(self.seat)
        return self._quotes

    def legal_of(self, *types: type[ActionT]) -> list[ActionT]:
        return [a for a in self.legal if isinstance(a, types)]

    def check(self, action: Action) -> IllegalAction | None:
        return self.session.check(action)

    def submit(self, action: Action) -> bool:
        """Close with the action if the engine accepts it, else show why not."""
        err = self.check(action)
        if err is not None:
            self.show_error(err)
            return False
        self.dismiss(action)
        return True

    def show_error(self, e: IllegalAction | str) -> None:
        self.say_error(error_markup(e) if isinstance(e, IllegalAction) else e)

    # --- what the dialog shows ------------------------------------------------------------
    @property
    def me(self) -> Player:
        return next(p for p in self.state.players if p.civ == self.civ)

    def hand_line(self) -> str:
        return f"[dim]Your hand:[/] {esc(cards_text(self.me.hand))}"

    def title_markup(self) -> str:
        return f"[b]{esc(prompt_title(self.prompt))}[/] — {civ_markup(self.civ)}"

    def intro_markup(self) -> str:
        return f"{esc(prompt_text(self.prompt)).capitalize()}.\n{self.hand_line()}"

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog"):
            yield Static(self.title_markup(), classes="d-title")
            yield Static(self.intro_markup(), classes="d-intro", id="d-intro")
            battle = self.battle_markup()
            if battle:  # the dice this decision depends on, before it is taken
                yield Static(battle, classes="d-battle", id="d-battle")
            yield from self.body()
            yield Static("", id="d-error", classes="d-error")
        yield KeyBar()

    def battle_markup(self) -> str:
        """The battle between its dice and its losses, as the engine quotes it ("": none)."""
        if self.state.military.battle is None:  # (no quote asked for most decisions)
            return ""
        q = self.quotes.battle
        return battle_panel(q, self.civ) if q is not None else ""

    def on_mount(self) -> None:
        """A decision about a battle shows its area on the map beside the dialog."""
        battle = self.state.military.battle
        if battle is not None and self.quotes.battle is not None:
            self.point_map(battle.area)

    def body(self) -> ComposeResult:
        return iter(())

    def action_board(self) -> None:
        self.dismiss(None)

    def action_hint(self) -> None:
        """What the hard player would do here (tui/screens/hint.py)."""
        # lazy: the hint (the hard player's search) loads at the first `h`
        from ..screens.hint import open_hint
        open_hint(self, self.session)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "whole_map":
            return self.map_covered()
        return True

    def map_covered(self) -> bool:
        """The dialog leaves the map less room than its small drawing needs."""
        dialog = self.query("#dialog")
        width = dialog.first().outer_size.width if dialog else 0
        if not width:  # not laid out yet: the dialog's width at this size (decision.tcss)
            width = 40 if self.app.size.width >= 118 else 50
        return self.app.size.width - width < MAP_WIDTH

    def on_resize(self, _event: events.Resize | None = None) -> None:
        self.refresh_bindings()  # the whole map's key comes and goes with the room

    def action_whole_map(self) -> None:
        """Show the whole map; back here (as the dialog was) with 1 or Escape."""
        game = next((s for s in self.app.screen_stack if isinstance(s, BoardScreen)), None)
        cursor = game.map.cursor if game is not None else "roma"

        def back(area: str | None) -> None:
            if game is not None and area:
                game.point_at(area)
        self.app.push_screen(WholeMapScreen(self.state, self.quotes.board, cursor),
                             callback=back)

    def action_undo(self) -> None:
        if self.undo_ok:
            self.dismiss(UNDO)
        else:
            why = getattr(self.session, "undo_refusal", "") or "not allowed here"
            self.show_error(f"[b $error]No undo:[/] {esc(why)}")

    def action_noop(self) -> None:
        pass

    _previewed: str | None = None

    def _show_preview(self, markup: str) -> bool:
        """Put the markup in the preview box; False if the dialog has none. The same text
        again changes nothing (an update would cost the dialog a layout)."""
        boxes = self.query("#d-preview Static")
        if not boxes:
            return False
        if markup != self._previewed:
            self._previewed = markup
            boxes.first(Static).update(markup)
        return True

    def preview_card(self, card: str) -> None:
        """Show a card's power in the dialog's preview box."""
        self._show_preview(f"[b]{esc(card_name(card))}[/]: {esc(card_text(card))}")

    def preview(self, area: str | None) -> None:
        """Show an area's detail in the dialog (and move the map cursor under it)."""
        if area is None:
            self._show_preview("")
            return
        if not self._show_preview(
                "\n".join(detail_lines(self.state, area, self.quotes.board)[:2])):
            return
        self.point_map(area)

    def point_map(self, area: str) -> None:
        """Move the game screen's map cursor to the area (its detail under the map)."""
        for screen in self.app.screen_stack:
            if isinstance(screen, BoardScreen):
                screen.point_at(area)


# --- a menu of actions --------------------------------------------------------------------
@dataclass
class Entry:
    label: str  # markup
    action: Action | None  # None: a header
    legal: bool = True
    area: str | None = None
    card: str | None = None  # a hero, wonder, god or creature: its power is shown


GROUP_NAMES: list[tuple[type, str]] = [
    (A.MoveTrireme, "Move a trireme"),
    (A.NavalBattle, "Sea battle"),
    (A.Move, "Move ground units"),
    (A.Fight, "Fight"),
    (A.Sack, "Sack a building"),
    (A.Occupy, "Occupy"),
    (A.Convert, "Convert the province"),
    (A.Blockade, "Blockade"),
    (A.UsePower, "Powers"),
    (A.Buy, "Buy"),
    (A.SetupBuy, "Buy"),
]

DONE_TYPES = (A.Pass, A.EndNaval, A.EndMilitary, A.EndConstruction, A.EndSetupRound)


def card_of(action: Action) -> str | None:
    """The card whose power an action uses or buys (its text is shown beside it)."""
    match action:
        case A.UsePower(card=c):
            return c
        case A.Buy(items=[A.Item(kind="card", card=c)]):
            return c
    return None


def area_of(action: Action) -> str | None:
    match action:
        case A.SelectCapital(province=p) | A.PlaceAt(province=p):
            return p
        case A.SetupBuy(item=it):
            return it.province or None
        case A.Buy(items=items):
            return items[0].province if items and items[0].province else None
        case A.MoveTrireme(to=t) | A.Move(to=t):
            return t
        case A.NavalBattle(sea=s) | A.Blockade(sea=s):
            return s
    return None


class ActionMenu(DecisionScreen[PromptT]):
    """A list of choices made from the legal actions (grouped by kind)."""

    SHOW_PREVIEW = False
    PASS_TEXT = ""  # what a Pass is called in this decision ("": the usual words)

    def entries(self) -> list[Entry]:
        acts = self.legal
        done = [a for a in acts if isinstance(a, DONE_TYPES)]
        rest = [a for a in acts if not isinstance(a, DONE_TYPES)]
        out: list[Entry] = []
        groups: dict[str, list[Action]] = {}
        for a in rest:
            name = next((n for t, n in GROUP_NAMES if isinstance(a, t)), "")
            groups.setdefault(name, []).append(a)
        for name, group in groups.items():
            if name and len(groups) > 1:
                out.append(Entry(f"[b]{esc(name)}[/]", None))
            out += [Entry(esc(self.describe(a)), a, area=area_of(a), card=card_of(a))
                    for a in group]
        out += [Entry(f"[b]{esc(self.describe(a))}[/]", a) for a in done]
        return out

    def describe(self, action: Action) -> str:
        if self.PASS_TEXT and isinstance(action, A.Pass):
            return self.PASS_TEXT
        return action_text(action, self.state, self.prompt)

    def power_entries(self) -> list[Entry]:
        """The powers usable in this decision, under a heading (none: no heading)."""
        powers = self.legal_of(A.UsePower)
        if not powers:
            return []
        return [Entry("[b]Powers[/]", None),
                *(Entry(esc(self.describe(a)), a, card=a.card) for a in powers)]

    def body(self) -> ComposeResult:
        yield ChoiceList(id="choices")
        if self.SHOW_PREVIEW:
            with Vertical(id="d-preview"):
                yield Static("")

    def on_mount(self) -> None:
        self.fill()

    def fill(self) -> None:
        ol = self.query_one("#choices", OptionList)
        ol.clear_options()
        self._entries = self.entries()
        first = None
        for i, e in enumerate(self._entries):
            if e.action is None:
                ol.add_option(Option(e.label, disabled=True))
            else:
                label = e.label if e.legal else f"[dim]✗ {e.label}[/]"
                ol.add_option(Option(label, id=f"e{i}"))
                if first is None and e.legal:
                    first = i
        if not any(e.action is not None for e in self._entries):
            ol.add_option(Option("[dim]The engine offers no choice here yet.[/]",
                                 disabled=True))
        if first is not None:
            ol.highlighted = first
            # now, not when the list says so: the dialog's first frame shows it already
            self.show_entry(self._entries[first])
        ol.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        e = self._entry(event.option)
        if e is not None:
            self.show_entry(e)

    def show_entry(self, e: Entry) -> None:
        """The preview of the highlighted choice: its card's power, or its area."""
        if self.SHOW_PREVIEW and e.card:
            self.preview_card(e.card)
        elif self.SHOW_PREVIEW and e.area:
            self.preview(e.area)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        e = self._entry(event.option)
        if e is None or e.action is None:
            return
        self.choose(e)

    def choose(self, e: Entry) -> None:
        if e.action is None:  # a header
            return
        if e.legal:
            self.submit(e.action)
        else:
            err = self.check(e.action)
            self.show_error(err if err is not None else "This choice is allowed after all.")

    def _entry(self, option: Option) -> Entry | None:
        oid = option.id or ""
        if oid.startswith("e"):
            return self._entries[int(oid[1:])]
        return None

    def first_legal(self, *types: type[ActionT]) -> ActionT | None:
        return next((a for a in self.legal if isinstance(a, types)), None)

    def submit_first(self, *types: type[Action], missing: str = "") -> None:
        a = self.first_legal(*types)
        if a is None:
            self.show_error(f"[b $error]{esc(missing or 'That is not possible now.')}[/]")
        else:
            self.submit(a)


# --- choosing cards -----------------------------------------------------------------------
class CardPicker(Widget, can_focus=True):
    """Choose how many of each card of a hand: ↑↓ a card, → / + one more, ← / - one less,
    Enter to confirm."""

    DEFAULT_CSS = """
    CardPicker { height: auto; width: 1fr; padding: 0 1; }
    """

    BINDINGS = [
        Binding("up", "row(-1)", "Card", group=NAV, key_display="↑", id="base.row-up"),
        Binding("down", "row(1)", "Card", group=NAV, key_display="↓", id="base.row-down"),
        Binding("right,plus,equals_sign", "add(1)", "More", key_display="+", id="base.add-right"),
        Binding("left,minus", "add(-1)", "Less", key_display="-", id="base.add-left"),
        Binding("enter", "confirm", "Confirm", id="base.confirm"),
    ]

    row: reactive[int] = reactive(0)

    class Submitted(Message):
        def __init__(self, picker: CardPicker, cards: dict[str, int]) -> None:
            super().__init__()
            self.picker = picker
            self.cards = cards

    class Changed(Message):
        def __init__(self, picker: CardPicker, cards: dict[str, int]) -> None:
            super().__init__()
            self.picker = picker
            self.cards = cards

    def __init__(self, hand: dict[str, int], *, target: int | None = None,
                 initial: dict[str, int] | None = None, id: str | None = None) -> None:
        super().__init__(id=id)
        self.kinds = [r for r in RESOURCES if hand.get(r)]
        self.hand = dict(hand)
        self.target = target
        self.counts = {k: (initial or {}).get(k, 0) for k in self.kinds}

    @property
    def cards(self) -> dict[str, int]:
        return {k: n for k, n in self.counts.items() if n}

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def render(self) -> Content:
        lines = []
        for i, k in enumerate(self.kinds):
            n = self.counts[k]
            mark = "▶" if i == self.row and self.has_focus else " "
            chosen = f"[b reverse] {n} [/]" if n else "[dim] 0 [/]"
            line = f"{mark} {resource_name(k):<10} {chosen} [dim]of {self.hand[k]}[/]"
            if i == self.row:
                line = f"[b]{line}[/]"
            lines.append(line)
        if not self.kinds:
            lines.append("[dim]No cards in hand.[/]")
        if self.target is not None:
            lines.append(f"\nChosen [b]{self.total}[/] of {self.target}")
        else:
            lines.append(f"\nChosen [b]{self.total}[/]: {esc(cards_text(self.cards))}")
        return Content.from_markup("\n".join(lines))

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_row(self, d: int) -> None:
        if self.kinds:
            self.row = (self.row + d) % len(self.kinds)
            self.refresh()

    def action_add(self, d: int) -> None:
        if not self.kinds:
            return
        k = self.kinds[self.row]
        n = self.counts[k] + d
        if 0 <= n <= self.hand[k]:
            self.counts[k] = n
            self.refresh(layout=True)
            self.post_message(self.Changed(self, self.cards))

    def action_confirm(self) -> None:
        self.post_message(self.Submitted(self, self.cards))


class PaymentScreen(ErrorLine, BaseModal):
    """Choose the set that pays: one of the engine's suggestions, or your own cards.
    `validate(cards)` asks the engine; the screen closes only with cards it accepts."""

    CSS_PATH = Path(__file__).with_name("decision.tcss")  # its own rules: tui/sheets.py

    BINDINGS = [
        Binding("c", "custom", "My own cards", id="base.custom"),
        Binding("escape", "back", "Back", id="base.back"),
        Binding("b", "back", "Back", show=False, id="base.back-b"),
    ]

    def __init__(self, title: str, cost: int, hand: dict[str, int],
                 suggestions: list[dict[str, int]],
                 validate: Callable[[dict[str, int]], IllegalAction | None]) -> None:
        super().__init__(classes="decision")
        self.title_text = title
        self.cost = cost
        self.hand = hand
        self.suggestions = suggestions
        self.validate = validate

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog"):
            yield Static(f"[b]Pay for[/] {esc(self.title_text)}", classes="d-title")
            yield Static(f"It costs [b]{self.cost}[/]: one set of at least {self.cost} "
                         "cards (tax only, or commodities all different).\n"
                         f"[dim]Your hand:[/] {esc(cards_text(self.hand))}", classes="d-intro")
            ol = ChoiceList(id="pay-options")
            yield ol
            yield CardPicker(self.hand, id="pay-picker")
            yield Static("", id="d-error", classes="d-error")
        yield KeyBar()

    def on_mount(self) -> None:
        ol = self.query_one(OptionList)
        for i, s in enumerate(self.suggestions):
            ol.add_option(Option(f"Pay {esc(cards_text(s))}", id=f"p{i}"))
        ol.add_option(Option("Choose the cards myself…", id="custom"))
        ol.highlighted = 0
        self.query_one(CardPicker).display = False
        ol.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        oid = event.option.id or ""
        if oid == "custom":
            self.action_custom()
        elif oid.startswith("p"):
            self._try(self.suggestions[int(oid[1:])])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "custom":  # already choosing them: c has nothing more to open
            pickers = self.query(CardPicker)
            return not (pickers and pickers.first().display)
        return True

    def action_custom(self) -> None:
        self.query_one(OptionList).display = False
        picker = self.query_one(CardPicker)
        picker.display = True
        picker.focus()
        self.refresh_bindings()

    def on_card_picker_submitted(self, event: CardPicker.Submitted) -> None:
        self._try(event.cards)

    def _try(self, cards: dict[str, int]) -> None:
        err = self.validate(cards)
        if err is not None:
            self.say_error(error_markup(err))
            return
        self.dismiss(cards)

    def on_card_picker_changed(self, _event: CardPicker.Changed) -> None:
        self.clear_error()  # other cards: the refusal was about the ones before

    def action_back(self) -> None:
        picker = self.query_one(CardPicker)
        if picker.display:
            picker.display = False
            ol = self.query_one(OptionList)
            ol.display = True
            ol.focus()
            self.refresh_bindings()
            return
        self.dismiss(None)
