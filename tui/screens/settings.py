"""This key's settings, kept on the server: theme, map glyphs, your-turn notifications.

On a key's first connection the lobby checks the terminal (size, colours) and keeps the
settings that suit it; this screen (the lobby's key s) shows what the check finds and
changes them.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Label, Select, Static

from themes.palette import resolve_theme_name
from tui.net.settings import Settings

from ..text import esc
from ..widgets.checkbox import MarkedCheckbox
from ..widgets.keybar import KeyBar
from .base import BaseModal

THEME_CHOICES = [("Mare Nostrum (default)", "default"), ("High contrast", "high-contrast"),
                 ("16 colours (plain terminals)", "ansi")]
GLYPH_CHOICES = [("Unicode", "unicode"), ("ASCII only", "ascii")]


def apply_settings(app, settings: Settings) -> None:
    """Use the settings in this app: its theme, the map's glyphs, whether a decision that
    becomes yours is announced (`app.notifications`, read by the your-turn notices)."""
    theme = resolve_theme_name(settings.theme)
    if theme in app.available_themes:
        app.theme = theme
    app.ascii_map = settings.glyphs == "ascii"
    app.notifications = settings.notifications


class SettingsScreen(BaseModal):
    """Dismissed with the chosen Settings, or None."""

    BINDINGS = [Binding("ctrl+s", "save", "Save", id="settings.save"),
                Binding("escape", "cancel", "Cancel", id="settings.cancel")]
    DEFAULT_CSS = """
    SettingsScreen { align: center middle; }
    #settings-box { width: 72; height: auto; border: round $primary; background: $surface;
                    padding: 0 1; }
    #settings-box Horizontal { height: auto; }
    #settings-box Label { width: 16; }
    #settings-box Select { width: 1fr; }
    #settings-notes { color: $warning; height: auto; margin-bottom: 1; }
    """

    def __init__(self, settings: Settings, notes: list[str] | None = None) -> None:
        super().__init__()
        self.settings = settings.checked()
        self.notes = notes or []

    def compose(self):
        with Vertical(id="settings-box"):
            yield Static("[b]Settings for this key[/] (kept on the server)", markup=True)
            if self.notes:
                yield Static(esc("\n".join(self.notes)), id="settings-notes")
            with Horizontal():
                yield Label("Theme")
                yield Select(THEME_CHOICES, value=self.settings.theme, allow_blank=False,
                             id="theme", compact=True)
            with Horizontal():
                yield Label("Map glyphs")
                yield Select(GLYPH_CHOICES, value=self.settings.glyphs, allow_blank=False,
                             id="glyphs", compact=True)
            yield MarkedCheckbox("Tell me when a decision is mine (bell, notification)",
                                 value=self.settings.notifications, id="notify",
                                 compact=True)
            yield Static("ctrl+s saves them (for this key, whichever terminal it is in)")
        yield KeyBar()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#theme", Select).focus()

    def chosen(self) -> Settings:
        return Settings(theme=str(self.query_one("#theme", Select).value),
                        glyphs=str(self.query_one("#glyphs", Select).value),
                        notifications=self.query_one("#notify", Checkbox).value).checked()

    def action_save(self) -> None:
        self.dismiss(self.chosen())

    def action_cancel(self) -> None:
        self.dismiss(None)
