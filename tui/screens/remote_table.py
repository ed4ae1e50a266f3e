"""A table of the game server, as a remote player sees it (minimal for now).

It shows who sits where and who is connected, whose decision is pending, what happened
(the events this seat may see), the chat, and this seat's legal actions to pick from.
The full game screens (map, hand, decision dialogs) come when the game screen talks to a
session interface with a remote implementation; until then actions are picked from the
engine's list of legal actions.
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from engine import render
from engine.render import action_text, prompt_title
from tui.net import protocol as p
from tui.net.words import seat_text, waiting_text

from ..widgets.keybar import KeyBar
from .base import BaseScreen


class RemoteTableScreen(BaseScreen):
    BINDINGS = [
        Binding("c", "chat", "Chat"),
        Binding("a", "actions", "Actions"),
        Binding("escape", "lobby", "Lobby"),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]
    DEFAULT_CSS = """
    #table-seats { height: auto; padding: 0 1; }
    #table-status { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    #table-body { height: 1fr; }
    #table-log { width: 1fr; border: round $primary; }
    #table-actions { width: 40; height: 1fr; border: round $accent; }
    #table-chat { dock: bottom; margin-bottom: 1; height: 1; }
    """

    def __init__(self, lobby, table: int, last: p.Update | None = None) -> None:
        super().__init__()
        self.lobby = lobby
        self.table = table
        self.last = last

    def compose(self):
        with Vertical():
            yield Static("", id="table-seats")
            yield Static("", id="table-status")
            with Horizontal(id="table-body"):
                yield RichLog(id="table-log", wrap=True, markup=False, min_width=20)
                yield OptionList(id="table-actions")
        yield Input(placeholder="chat: type a line, Enter sends", id="table-chat",
                    max_length=200, compact=True)
        yield KeyBar()

    def on_mount(self) -> None:
        self._mount_too_small()
        self.query_one("#table-actions", OptionList).focus()
        if self.last is not None:  # after the layout, so the log wraps at its width
            self.call_after_refresh(self._draw, self.last)

    @property
    def live(self) -> bool:
        """On the screen stack and composed (updates keep coming after it is popped)."""
        return self.is_mounted and self in self.app.screen_stack and \
            bool(self.query("#table-log"))

    def update(self, up: p.Update) -> None:
        self.last = up
        if self.live:
            self._draw(up)

    def _draw(self, up: p.Update) -> None:
        where = "watching" if up.seat is None else f"you play {render.civ(up.info.seats[up.seat].civ)}"
        self.query_one("#table-seats", Static).update(Text(
            f"Table {up.table} · turn {up.info.turn} · {where}\n"
            + "  ·  ".join(seat_text(s) for s in up.info.seats)))
        kind = prompt_title(up.prompt) if up.prompt is not None else ""
        yours = up.legal and up.seat is not None and up.info.pending == up.seat
        status = "Your decision: " + kind if yours else waiting_text(up.info, kind)
        self.query_one("#table-status", Static).update(Text(status))
        log = self.query_one("#table-log", RichLog)
        for line in render.render_events(up.events):
            log.write(Text(line))
        actions = self.query_one("#table-actions", OptionList)
        actions.clear_options()
        for i, a in enumerate(up.legal[:200]):
            actions.add_option(Option(Text(action_text(a, up.view.state, up.prompt)),
                                      id=str(i)))
        if up.legal:
            actions.highlighted = 0

    def chat(self, line: p.ChatLine) -> None:
        if self.live:
            self.query_one("#table-log", RichLog).write(
                Text.assemble((f"{line.name}: ", "bold"), line.text))

    def say(self, text: str) -> None:
        if self.live:
            self.query_one("#table-log", RichLog).write(Text(f"! {text}", style="italic"))

    def lost(self, reason: str) -> None:
        self.say(f"{reason}. Press ctrl+q to quit.")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        up = self.last
        if up is None or event.option.id is None:
            return
        self.lobby.send(p.Act(table=self.table, version=up.version,
                              action=up.legal[int(event.option.id)]))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip():
            self.lobby.send(p.Chat(table=self.table, text=event.value))
        event.input.value = ""
        self.query_one("#table-actions", OptionList).focus()

    def action_chat(self) -> None:
        self.query_one("#table-chat", Input).focus()

    def action_actions(self) -> None:
        self.query_one("#table-actions", OptionList).focus()

    def action_lobby(self) -> None:
        self.app.pop_screen()
