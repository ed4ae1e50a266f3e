"""An open server's account screens: a new key claims its name (or links itself to an
account with a code), the code shown on the first key's screen, a private table's invite
code typed in."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Static

from tui.net import protocol as p

from ..text import esc
from ..widgets.field import Field
from ..widgets.keybar import KeyBar
from .base import BaseModal

_BOX = """
    #account-box { width: 72; height: auto; border: round $primary; background: $surface;
                   padding: 0 1; }
    #account-box Horizontal { height: auto; margin-top: 1; }
    #account-box Label { width: 12; }
    #account-box Input { width: 1fr; }
    #account-error { color: $error; height: auto; margin-top: 1; }
"""


class NameClaimScreen(BaseModal):
    """A new key's first connection: dismissed with a ClaimName or a LinkKey message, or
    None (watch without a name)."""

    BINDINGS = [Binding("escape", "cancel", "Watch only", id="account.cancel")]
    DEFAULT_CSS = "NameClaimScreen { align: center middle; }" + _BOX

    def __init__(self, error: str = "") -> None:
        super().__init__()
        self.error = error

    def compose(self) -> ComposeResult:
        with Vertical(id="account-box"):
            yield Static("[b]Welcome to Mare Nostrum[/]\nThis key is new here: choose the "
                         "name the others will see (2 to 20 letters or digits). It stays "
                         "yours, bound to this key.", markup=True)
            with Horizontal():
                yield Label("Name")
                yield Field(id="name", max_length=20, compact=True)
            yield Static("\nAlready playing here with another key? In the lobby on that "
                         "key's terminal press k, and type the code it shows:")
            with Horizontal():
                yield Label("Link code")
                yield Field(id="code", max_length=12, compact=True, placeholder="ABCD-EFGH")
            yield Static(esc(self.error), id="account-error", markup=True)
            yield Static("Enter: confirm · Esc: watch tables without a name")
        yield KeyBar()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#name", Input).focus()

    def on_input_changed(self) -> None:
        self.query_one("#account-error", Static).update("")  # a new name: a new answer

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        value = event.value.strip()
        if not value:
            return
        self.dismiss(p.ClaimName(name=value) if event.input.id == "name"
                     else p.LinkKey(code=value))

    def action_cancel(self) -> None:
        self.dismiss(None)


class LinkCodeScreen(BaseModal):
    """The one-time code with which another key joins this account."""

    BINDINGS = [Binding("escape", "close", "Close", id="account.close"),
                Binding("enter", "close", "Close", show=False, id="account.close-enter")]
    DEFAULT_CSS = "LinkCodeScreen { align: center middle; }" + _BOX

    def __init__(self, code: str, minutes: int) -> None:
        super().__init__()
        self.code = code
        self.minutes = minutes

    def compose(self) -> ComposeResult:
        with Vertical(id="account-box"):
            yield Static("[b]Link another key to your name[/]", markup=True)
            yield Static(f"\n   Link code:  [b]{esc(self.code)}[/]\n", markup=True)
            yield Static(f"Connect with your other key and type this code instead of a "
                         f"name. It works once, within {self.minutes} minutes.")
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)


class InviteScreen(BaseModal):
    """A private table's invite code: dismissed with the code, or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="account.invite-cancel")]
    DEFAULT_CSS = "InviteScreen { align: center middle; }" + _BOX

    def compose(self) -> ComposeResult:
        with Vertical(id="account-box"):
            yield Static("[b]A private table[/]: type the invite code its creator gave you",
                         markup=True)
            with Horizontal():
                yield Label("Invite code")
                yield Field(id="invite", max_length=16, compact=True)
        yield KeyBar()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
