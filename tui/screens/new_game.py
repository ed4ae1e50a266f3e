"""A new game: 3 to 6 players, the civilization and the player (human or computer) of each
seat, the kind of setup, the rule options and the seed."""

from __future__ import annotations

import random
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.dom import DOMNode
from textual.events import DescendantFocus
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from engine.data.board import CIVS
from engine.data.cards import CIV_NAMES
from engine.errors import IllegalAction
from engine.game import check_config
from engine.render import rule_name
from engine.state import Config

from ..levels import level_markup
from ..sessions.local import HUMAN, available_bot_levels, default_bot_level
from ..text import esc
from ..widgets.checkbox import MarkedCheckbox
from ..widgets.field import Field
from ..widgets.keybar import KeyBar
from .base import BaseScreen
from .game_app import game_app


def random_seed() -> int:
    return random.randrange(1, 1_000_000)


class NewGameScreen(BaseScreen):
    CSS_PATH = Path(__file__).with_name("new_game.tcss")  # its own rules: tui/sheets.py

    BINDINGS = [
        Binding("s", "start", "Start", id="new_game.start"),
        Binding("b", "back", "Back", id="new_game.back"),
    ]

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        self.seed = seed if seed is not None else random_seed()

    def compose(self) -> ComposeResult:
        levels = available_bot_levels() or ["random"]
        default = default_bot_level()
        kinds = [("Human", HUMAN)] + [(f"Computer: {lv}", lv) for lv in levels]
        with VerticalScroll(id="new-box"):
            yield Static("[b]New game[/]", classes="d-title")
            yield Static("[dim]tab moves between the fields, enter opens a list, space "
                         "ticks an option; s starts the game[/]")
            with Horizontal(classes="row"):
                yield Label("Players", classes="field")
                yield Select([(str(n), n) for n in range(3, 7)], value=6, allow_blank=False,
                             id="players", compact=True)
            for i, civ in enumerate(CIVS):
                with Horizontal(classes="row seat", id=f"seat{i}"):
                    yield Label(f"Seat {i + 1}", classes="field")
                    yield Select([(CIV_NAMES[c], c) for c in CIVS], value=civ,
                                 allow_blank=False, id=f"civ{i}", classes="civ", compact=True)
                    yield Select(kinds, value=HUMAN if i == 0 else default,
                                 allow_blank=False, id=f"kind{i}", classes="kind", compact=True)
            # what the computer level of the seat last chosen or visited does
            yield Static(level_markup(default), id="level-note")
            with Horizontal(classes="row"):
                yield Label("Setup", classes="field")
                yield Select([("Predetermined (the usual start)", "predetermined"),
                              ("Free setup (45 points each)", "free")],
                             value="predetermined", allow_blank=False, id="setup",
                             compact=True)
            with Horizontal(classes="row"):
                yield Label("Options", classes="field")
                yield MarkedCheckbox("Long game (5 heroes and wonders)", id="long", compact=True)
            with Horizontal(classes="row"):
                yield Label("", classes="field")
                yield MarkedCheckbox("Three roles at once win", id="three", compact=True)
            with Horizontal(classes="row"):
                yield Label("", classes="field")
                yield MarkedCheckbox("No immediate take-back in trades", id="notakeback",
                               compact=True)
            with Horizontal(classes="row"):
                yield Label("Seed", classes="field")
                yield Field(str(self.seed), type="integer", id="seed", compact=True)
            yield Static("", id="new-error")
            yield Button("Start the game", id="start", variant="primary", compact=True)
        yield KeyBar()

    def on_mount(self) -> None:
        self._show_seats(6)
        self.query_one("#players", Select).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        self._form_changed()
        if event.select.id == "players" and isinstance(event.value, int):
            self._show_seats(event.value)
        elif event.select.has_class("kind"):
            self._show_level(event.value)

    def on_input_changed(self) -> None:
        self._form_changed()

    def on_checkbox_changed(self) -> None:
        self._form_changed()

    def _form_changed(self) -> None:
        """The engine's refusal was about the form as it was: it leaves when a field
        changes (Start asks again)."""
        self.query_one("#new-error", Static).update("")

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        widget: DOMNode | None = event.widget
        while widget is not None and not isinstance(widget, Select):
            widget = widget.parent if widget.parent is not self else None
        if isinstance(widget, Select) and widget.has_class("kind"):
            self._show_level(widget.value)

    def _show_level(self, level: object) -> None:
        if level != HUMAN and isinstance(level, str):
            self.query_one("#level-note", Static).update(level_markup(level))

    def _show_seats(self, n: int) -> None:
        for i in range(len(CIVS)):
            self.query_one(f"#seat{i}").display = i < n

    def config_and_seats(self) -> tuple[Config, list[str]]:
        n = self.query_one("#players", Select).value
        assert isinstance(n, int)
        civs = [self.query_one(f"#civ{i}", Select).value for i in range(n)]
        seats = [self.query_one(f"#kind{i}", Select).value for i in range(n)]
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else self.seed
        humans = sum(1 for s in seats if s == HUMAN)
        names = [""] * n
        if humans > 1:
            names = [f"Player {i + 1}" if s == HUMAN else "" for i, s in enumerate(seats)]
        cfg = Config(
            civs=[str(c) for c in civs], seed=seed,
            setup=str(self.query_one("#setup", Select).value),
            long_game=self.query_one("#long", Checkbox).value,
            three_roles_win=self.query_one("#three", Checkbox).value,
            no_take_back=self.query_one("#notakeback", Checkbox).value,
            names=names,
        )
        return cfg, [str(s) for s in seats]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def action_start(self) -> None:
        cfg, seats = self.config_and_seats()
        try:
            check_config(cfg)
        except IllegalAction as e:
            rule = f" [dim](rule: {esc(rule_name(e.rule))})[/]" if e.rule else ""
            self.query_one("#new-error", Static).update(f"[b $error]{esc(e.reason)}[/]{rule}")
            return
        game_app(self).start_new_game(cfg, seats)

    def action_back(self) -> None:
        self.dismiss(None)
