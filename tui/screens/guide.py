"""The guide of a guided game (`mare-nostrum learn`): a page that opens over the board when
a decision of a new kind, or a new phase, comes to the player. It says what the decision is,
what the options do, which keys make it, which section of the rules applies, and what the
computer players did since the last page (tui/guide/). Enter goes on to the decision; o
turns the guide off to play on alone (g on the board turns it on again)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from ..guide.tour import Page, rule_ref
from ..text import esc
from ..widgets.keybar import KeyBar
from .base import BaseModal

GO_ON = "go on"
GUIDE_OFF = "guide off"


def page_markup(page: Page) -> str:
    """The page as markup: the phase, the decision, the others' moves."""
    out: list[str] = []
    if page.victory:
        out += [f"[b $accent]The aim[/] {esc(page.victory)}", ""]
    if page.first_turn_over:
        out += ["[b $success]You have played your first turn.[/] From here the guide "
                "speaks only when something new comes; press o to turn it off and "
                "play on alone.", ""]
    for intro in page.phases:
        out += [f"[b $accent]The phase[/] {esc(intro.text)} "
                f"[dim]({esc(rule_ref(intro.rule))})[/]", ""]
    d = page.decision
    if d is not None:
        out.append(f"[b $accent]Your decision[/] {esc(d.decision)}")
        out += [f"  • {esc(o)}" for o in d.options]
        out.append(f"[b]Keys:[/] {esc(d.keys)}.")
        out.append(f"[b]To go on quickly:[/] {esc(d.way_on_words)}.")
        out.append(f"[dim]Rule: {esc(rule_ref(d.rule))}[/]")
        out.append("")
    others = page.others
    out.append("[b $accent]What the computer players did[/]" +
               (f" [dim](the last {len(others.lines)} of {len(others.lines) + others.more} "
                "lines; the log, key 5, has them all)[/]" if others.more else ""))
    if not others.lines:
        out.append("  Nothing since the last page.")
    out += [f"  {esc(line)}" for line in others.lines]
    if others.reasons:
        out.append("[b]Why:[/]")
        out += [f"  • {esc(r.text)} [dim]({esc(rule_ref(r.rule))})[/]" for r in others.reasons]
    out += ["", "[dim]Enter goes on; o turns the guide off; g on the board shows this page "
            "again; h in a decision asks the hard computer player what it would do, and "
            "why.[/]"]
    return "\n".join(out)


class GuideScreen(BaseModal):
    """One page of the guide; dismissed with GO_ON or GUIDE_OFF."""

    DEFAULT_CSS = """
    GuideScreen { align: center middle; }
    GuideScreen #guide { width: 100%; max-width: 100; height: auto; max-height: 100%;
                         border: round $accent; background: $surface; padding: 0 1; }
    GuideScreen #guide-text { width: 1fr; }
    """

    BINDINGS = [
        Binding("enter", "go_on", "Go on", id="guide.go-on"),
        Binding("escape", "go_on", "Go on", show=False, id="guide.go-on-escape"),
        Binding("o", "off", "Guide off", id="guide.off"),
    ]

    def __init__(self, page: Page) -> None:
        super().__init__()
        self.page = page

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="guide") as box:
            box.border_title = self.page.title
            box.border_subtitle = "↑↓ scroll"
            yield Static(page_markup(self.page), id="guide-text")
        yield KeyBar()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#guide").focus()

    def action_go_on(self) -> None:
        self.dismiss(GO_ON)

    def action_off(self) -> None:
        self.dismiss(GUIDE_OFF)
