"""This key's settings, kept on the server: theme, map glyphs, your-turn notifications, and
where it is told while away (an e-mail address, confirmed by the code sent to it, and a
push service's address: tui.net.away).

On a key's first connection the lobby checks the terminal (size, colours) and keeps the
settings that suit it; this screen (the lobby's key s) shows what the check finds and
changes them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, cast

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Input, Label, Select, Static

from tui.net import protocol as p
from tui.net.settings import Settings

from ..text import esc
from ..widgets.checkbox import MarkedCheckbox
from ..widgets.field import Field
from ..widgets.keybar import KeyBar
from .base import BaseModal

THEME_CHOICES = [("Mare Nostrum (default)", "default"), ("High contrast", "high-contrast"),
                 ("16 colours (plain terminals)", "ansi")]
GLYPH_CHOICES = [("Unicode", "unicode"), ("ASCII only", "ascii")]


class Chosen(Protocol):
    """A key's choices, kept on the app for the screens to read."""

    ascii_map: bool
    notifications: bool


def apply_settings(app: App[Any], settings: Settings) -> None:
    """Use the settings in this app: its theme, the map's glyphs, whether a decision that
    becomes yours is announced (`app.notifications`, read by the your-turn notices)."""
    from themes.palette import resolve_theme_name
    theme = resolve_theme_name(settings.theme)
    if theme in app.available_themes:
        app.theme = theme
    chosen = cast(Chosen, app)  # (read back with getattr: an app without them has the defaults)
    chosen.ascii_map = settings.glyphs == "ascii"
    chosen.notifications = settings.notifications


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
    #settings-box Input { width: 1fr; }
    #away-head { margin-top: 1; }
    #away-status { color: $text-muted; height: auto; }
    """

    def __init__(self, settings: Settings, notes: list[str] | None = None, *,
                 contact: p.Contact | None = None,
                 send: Callable[[p.Msg], None] | None = None) -> None:
        """`contact`: where this key is told while away, as the server said (None: not
        known yet, `show_contact` fills it in); `send` takes its changes to the server."""
        super().__init__()
        self.settings = settings.checked()
        self.notes = notes or []
        self.contact = contact
        self.send = send

    def compose(self) -> ComposeResult:
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
            yield Static("[b]Notices while away[/]: a decision is yours and you are not "
                         "connected", markup=True, id="away-head")
            with Horizontal():
                yield Label("E-mail")
                yield Field(id="email", max_length=254, compact=True,
                            placeholder="name@example.org")
            yield Static("", id="away-status")
            with Horizontal(id="code-row"):
                yield Label("E-mail's code")
                yield Field(id="code", max_length=12, compact=True, placeholder="ABCD-EFGH")
            with Horizontal():
                yield Label("Push address")
                yield Field(id="push", max_length=512, compact=True,
                            placeholder="ntfy://ntfy.sh/your-topic, matrix://, discord://...")
            yield Static("ctrl+s saves them (for this key, whichever terminal it is in)")
        yield KeyBar()

    def on_mount(self) -> None:
        super().on_mount()
        self.show_contact(self.contact)
        self.query_one("#theme", Select).focus()

    def show_contact(self, contact: p.Contact | None) -> None:
        """Where this key is told while away, as the server keeps it."""
        self.contact = contact
        email, push = self.query_one("#email", Input), self.query_one("#push", Input)
        for field in (email, push):
            field.disabled = contact is None
        waiting = contact is not None and bool(contact.email) and not contact.confirmed
        self.query_one("#code-row").display = waiting
        if contact is None:
            status = "Asking the server..."
        else:
            email.value, push.value = contact.email, contact.push
            status = ("This server sends no e-mail: a push address only." if not contact.mail
                      else f"A code was sent to {contact.email}: type it below." if waiting
                      else "Confirmed: notices go there." if contact.email
                      else "An address gets a code to type here; clear both to turn "
                           "notices off.")
        self.query_one("#away-status", Static).update(status)

    def contact_changes(self) -> list[p.Msg]:
        """What to tell the server of the notices' fields (nothing before it has said
        what it keeps)."""
        if self.contact is None:
            return []
        email = self.query_one("#email", Input).value.strip()
        push = self.query_one("#push", Input).value.strip()
        code = self.query_one("#code", Input).value.strip()
        changes: list[p.Msg] = []
        if (email, push) != (self.contact.email, self.contact.push):
            changes.append(p.SetContact(email=email, push=push))
        elif code and self.query_one("#code-row").display:
            changes.append(p.ConfirmEmail(code=code))
        return changes

    def chosen(self) -> Settings:
        return Settings(theme=str(self.query_one("#theme", Select).value),
                        glyphs=str(self.query_one("#glyphs", Select).value),
                        notifications=self.query_one("#notify", Checkbox).value).checked()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def action_save(self) -> None:
        if self.send is not None:
            for msg in self.contact_changes():
                self.send(msg)
        self.dismiss(self.chosen())

    def action_cancel(self) -> None:
        self.dismiss(None)
