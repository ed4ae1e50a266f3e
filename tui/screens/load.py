"""Load a saved game (or a record, to watch it in the replay viewer)."""

from __future__ import annotations

import time
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from .. import bridge
from ..text import esc, shown
from ..widgets.choice import ChoiceList
from ..widgets.field import Field
from ..widgets.keybar import KeyBar
from .base import BaseScreen
from .game_app import game_app


class LoadScreen(BaseScreen):
    CSS_PATH = Path(__file__).with_name("load.tcss")  # its own rules: tui/sheets.py

    BINDINGS = [
        Binding("o", "open_path", "Open a file…", id="load.open-path"),
        Binding("escape", "back", "Back", id="load.back"),
        Binding("b", "back", "Back", show=False, id="load.back-b"),
    ]

    def __init__(self, replay: bool = False, saves: list[bridge.SaveInfo] | None = None,
                 where: str | None = None) -> None:
        super().__init__()
        self.replay = replay
        self._saves = saves
        self._where = where

    def compose(self) -> ComposeResult:
        what = "Watch a replay" if self.replay else "Load a saved game"
        with Vertical(id="load-box"):
            yield Static(f"[b]{what}[/]", classes="d-title")
            yield Static("", id="load-where")
            yield ChoiceList(id="load-list")
            yield Field(placeholder="path of a save or record file, then Enter",
                        id="load-path")
            yield Static("", id="load-error")
        yield KeyBar()

    def on_mount(self) -> None:
        saves = self._saves if self._saves is not None else bridge.list_saves()
        self.saves = saves
        ol = self.query_one(OptionList)
        where = self._where or str(bridge.saves_dir())
        self.query_one("#load-where", Static).update(
            f"[dim]Saves in {esc(where)} and the examples in saves/[/]")
        if not saves:
            ol.add_option(Option("[dim]No saved games yet.[/]", id="none", disabled=True))
        for i, s in enumerate(saves):
            # what a player recognises a game by: who plays, how far it is, whose move
            about = s.detail or s.error or (
                time.strftime("%Y-%m-%d %H:%M", time.localtime(s.mtime)) if s.mtime else "")
            ol.add_option(Option(f"[b]{shown(s.name)}[/]\n  [dim]{shown(about, 200)}[/]", id=f"s{i}"))
        self.query_one(Input).display = False
        ol.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        oid = event.option.id or ""
        if oid.startswith("s"):
            self._open(self.saves[int(oid[1:])].path)

    def on_option_list_option_highlighted(self) -> None:
        self._clear_error()  # another save: the refusal was about the one before

    def on_input_changed(self) -> None:
        self._clear_error()

    def _clear_error(self) -> None:
        self.query_one("#load-error", Static).update("")

    def action_load(self) -> None:
        ol = self.query_one(OptionList)
        if ol.highlighted is not None:
            oid = ol.get_option_at_index(ol.highlighted).id or ""
            if oid.startswith("s"):
                self._open(self.saves[int(oid[1:])].path)

    def action_open_path(self) -> None:
        inp = self.query_one(Input)
        inp.display = True
        inp.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self._open(event.value.strip())
        else:
            event.input.display = False
            self.query_one(OptionList).focus()

    def _open(self, path: str | Path) -> None:
        err = self.query_one("#load-error", Static)
        try:
            if self.replay:
                game_app(self).open_replay_file(path)
            else:
                game_app(self).open_save_file(path)
        except bridge.LoadError as e:
            err.update(f"[b $error]{esc(str(e))}[/]")

    def action_back(self) -> None:
        self.dismiss(None)
