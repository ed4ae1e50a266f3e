"""Create a table on the game server: civilizations in seat order, who plays each seat (a
person, or a computer level), setup kind, rule options and the clock (none; live: minutes
per decision; by correspondence: days per decision). The creator sits at the first seat
for a person; a table may be private (an invite code), may turn spectators off and may offer
its players hints (off unless chosen: everyone sees it in the lobby). The server checks the
table with the engine and says why it refuses."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Input, Label, Select, Static

from engine.data.board import CIVS
from tui.net import protocol as p
from tui.net.clock import CORRESPONDENCE, LIVE, NONE, Preset, PresetError, check_preset

from ..levels import levels_markup
from ..widgets.checkbox import MarkedCheckbox
from ..widgets.field import Field
from ..widgets.keybar import KeyBar

REMOTE = "remote"
DEFAULT_AMOUNT = {NONE: "", LIVE: "5", CORRESPONDENCE: "3"}


def _levels() -> list[str]:
    from tui.sessions.local import available_bot_levels
    return available_bot_levels()


class CreateTableScreen(ModalScreen[p.CreateTable | None]):
    BINDINGS = [
        Binding("ctrl+s", "create", "Create", id="create_table.create"),
        Binding("escape", "cancel", "Cancel", id="create_table.cancel"),
    ]
    DEFAULT_CSS = """
    CreateTableScreen { align: center middle; }
    #create-box { width: 76; height: auto; border: round $primary; padding: 0 1;
                  background: $surface; }
    #create-box Input { width: 1fr; }
    #create-box Horizontal { height: auto; }
    #create-box Label { width: 14; }
    #create-box #clock { width: 22; }
    #create-box #clock-amount { width: 6; }
    #clock-unit { width: 1fr; padding: 0 1; }
    #create-error { color: $error; height: auto; }
    #create-levels { height: auto; padding: 0 0 0 2; color: $text-muted; }
    """

    def compose(self) -> ComposeResult:
        levels = _levels()
        from tui.sessions.local import default_bot_level
        bot = default_bot_level() if default_bot_level() in levels else levels[0]
        with Vertical(id="create-box"):
            yield Static("[b]A new table[/]: one line per choice; ctrl+s creates it")
            with Horizontal():
                yield Label("Civilizations")
                yield Field(", ".join(CIVS[:3]), id="civs", compact=True)
            with Horizontal():
                yield Label("Players")
                yield Field(f"{REMOTE}, {REMOTE}, {bot}", id="seats", compact=True)
            yield Static(f"  per seat: {REMOTE} (a person) or a computer level:")
            yield Static(levels_markup(levels), id="create-levels")
            with Horizontal():
                yield Label("Setup")
                yield Select([("predetermined", "predetermined"), ("free", "free")],
                             value="predetermined", allow_blank=False, id="setup", compact=True)
            with Horizontal():
                yield Label("Clock")
                yield Select([("none", NONE), ("live", LIVE),
                              ("correspondence", CORRESPONDENCE)],
                             value=NONE, allow_blank=False, id="clock", compact=True)
                yield Field("", id="clock-amount", type="integer", compact=True,
                            disabled=True)
                yield Static("", id="clock-unit")
            yield MarkedCheckbox("Long game (5 heroes and wonders)", id="long", compact=True)
            yield MarkedCheckbox("Holding three roles wins", id="three", compact=True)
            yield MarkedCheckbox("No immediate take-back in trade", id="notake", compact=True)
            yield MarkedCheckbox("Private: only those with its invite code see it",
                                 id="private", compact=True)
            yield MarkedCheckbox("Spectators may watch", value=True, id="spectators",
                                 compact=True)
            yield MarkedCheckbox("Hints: a player may ask the hard player at a decision (h)",
                                 id="hints", compact=True)
            yield Static("", id="create-error")
        yield KeyBar()

    def on_input_changed(self) -> None:
        self._form_changed()

    def on_checkbox_changed(self) -> None:
        self._form_changed()

    def _form_changed(self) -> None:
        """A refusal was about the form as it was: it leaves when a field changes."""
        self.query_one("#create-error", Static).update("")

    def on_select_changed(self, event: Select.Changed) -> None:
        self._form_changed()
        if event.select.id != "clock":
            return
        kind = str(event.value)
        amount = self.query_one("#clock-amount", Input)
        amount.disabled = kind == NONE
        amount.value = DEFAULT_AMOUNT.get(kind, "")
        self.query_one("#clock-unit", Static).update(
            {LIVE: "minutes per decision", CORRESPONDENCE: "days per decision"}.get(kind, ""))

    def _clock(self) -> Preset:
        kind = str(self.query_one("#clock", Select).value)
        text = self.query_one("#clock-amount", Input).value.strip()
        return Preset(kind=kind, amount=int(text) if text.isdigit() else 0) \
            if kind != NONE else Preset()

    @staticmethod
    def _list(text: str) -> list[str]:
        return [s.strip().lower() for s in text.split(",") if s.strip()]

    def action_create(self) -> None:
        civs = self._list(self.query_one("#civs", Input).value)
        seats = self._list(self.query_one("#seats", Input).value)
        if len(seats) < len(civs):
            seats += [REMOTE] * (len(civs) - len(seats))
        seats = seats[:len(civs)]
        sit = next((i for i, s in enumerate(seats) if s == REMOTE), None)
        try:
            clock = check_preset(self._clock())
        except PresetError as e:  # said here, before the table is asked for
            self.query_one("#create-error", Static).update(str(e))
            return
        self.dismiss(p.CreateTable(
            civs=civs, seats=seats, sit=sit,
            setup=str(self.query_one("#setup", Select).value),
            long_game=self.query_one("#long", Checkbox).value,
            three_roles_win=self.query_one("#three", Checkbox).value,
            no_take_back=self.query_one("#notake", Checkbox).value,
            private=self.query_one("#private", Checkbox).value,
            spectators=self.query_one("#spectators", Checkbox).value,
            hints=self.query_one("#hints", Checkbox).value,
            clock=clock))

    def on_input_submitted(self) -> None:
        self.action_create()

    def action_cancel(self) -> None:
        self.dismiss(None)
