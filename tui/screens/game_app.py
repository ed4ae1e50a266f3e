"""What the screens ask of the game's app (tui/app.py), typed: a screen reaches it as
Textual's `App`, which knows none of the game's own actions."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from textual.screen import Screen

if TYPE_CHECKING:  # (the title screen loads no engine)
    from engine.state import Config


@runtime_checkable
class GameApp(Protocol):
    def action_help(self) -> None: ...

    def action_title(self, message: str = "") -> None: ...

    def action_new_game(self) -> None: ...

    def action_quick_game(self) -> None: ...

    def action_resume(self) -> None: ...

    def start_new_game(self, config: Config, seats: list[str]) -> None: ...

    def open_save_file(self, path: str | Path) -> None: ...

    def open_replay_file(self, path: str | Path) -> None: ...


def game_app(screen: Screen[object]) -> GameApp:
    """The screen's app, as the game's app."""
    app = screen.app
    assert isinstance(app, GameApp)  # the screens run in the game's app only
    return app
