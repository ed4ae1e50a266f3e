"""The title screen: "new game" is preselected (you against five computer players)."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..widgets.choice import ChoiceList
from ..widgets.keybar import KeyBar
from .base import BaseScreen
from .game_app import game_app

TITLE_ART = r"""
 __  __    _    ____  _____   _   _  ___  ____ _____ ____  _   _ __  __
|  \/  |  / \  |  _ \| ____| | \ | |/ _ \/ ___|_   _|  _ \| | | |  \/  |
| |\/| | / _ \ | |_) |  _|   |  \| | | | \___ \ | | | |_) | | | | |\/| |
| |  | |/ ___ \|  _ <| |___  | |\  | |_| |___) || | |  _ <| |_| | |  | |
|_|  |_/_/   \_\_| \_\_____| |_| \_|\___/|____/ |_| |_| \_\\___/|_|  |_|
"""


class TitleScreen(BaseScreen):
    CSS_PATH = Path(__file__).with_name("title.tcss")  # its own rules: tui/sheets.py

    BINDINGS = [
        Binding("n", "menu('quick')", "Quick game", show=False, id="title.menu-n"),
        Binding("question_mark", "app.help", "Help", id="title.help"),
        Binding("ctrl+q", "app.quit", "Quit", id="title.quit"),
    ]

    def __init__(self, message: str = "") -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(TITLE_ART.strip("\n"), id="title-art")
            yield Static("[b]Mythology[/] · a game of trade, gods and empire around the "
                         "Mediterranean", id="title-sub")
            with Center():
                yield ChoiceList(
                    Option("New game: you (Rome) against five computer players", id="quick"),
                    Option("New game: choose the players and rules…", id="custom"),
                    Option("Resume the last game", id="resume"),
                    Option("Load a saved game…", id="load"),
                    Option("Watch a replay…", id="replay"),
                    Option("Help: keys and rules", id="help"),
                    Option("Quit", id="quit"),
                    id="title-menu",
                )
            yield Static(self.message, id="title-message")
        yield KeyBar()

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        menu.highlighted = 0
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_menu(event.option.id or "")

    def action_choose(self) -> None:
        menu = self.query_one(OptionList)
        if menu.highlighted is not None:
            self.action_menu(menu.get_option_at_index(menu.highlighted).id or "")

    def show_message(self, text: str) -> None:
        self.query_one("#title-message", Static).update(text)

    def action_menu(self, choice: str) -> None:
        app = self.app
        if choice == "quick":
            game_app(self).action_quick_game()
        elif choice == "custom":
            game_app(self).action_new_game()
        elif choice == "resume":
            game_app(self).action_resume()
        elif choice == "load":
            from .load import LoadScreen
            app.push_screen(LoadScreen())
        elif choice == "replay":
            from .load import LoadScreen
            app.push_screen(LoadScreen(replay=True))
        elif choice == "help":
            game_app(self).action_help()
        elif choice == "quit":
            app.exit(0)
