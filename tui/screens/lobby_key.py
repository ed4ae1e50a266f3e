"""The lobby's part about who you are: an open server's name for your key, a keyless guest,
this key's settings and where it is told while away, your record, a private table's invite.
`LobbyScreen` (tui/screens/lobby.py) is this screen with the tables; it provides what is
declared here without a body (sending, saying, the list).
"""

from __future__ import annotations

import os

from textual.widgets import Static

from tui.net import protocol as p
from tui.net.settings import Settings, suggest

from .base import BaseScreen

HINT = ("Enter: sit, back to your seat, or a finished game's replay · 1-6: that seat · "
        "w: watch · b: an absent or late seat to a computer and back, or vote")
MORE_KEYS = (" · s: settings · i: a private table's invite code · k: link another key · "
             "p: your record and the best rated")
WATCH_ONLY = "Without a key you may only watch: connect with an SSH key to play."


class KeyLobby(BaseScreen):
    me: str  # this key's name ("": none yet)
    guest: bool  # keyless: may only watch
    unnamed: bool  # a new key on an open server, no name claimed yet
    settings: Settings | None  # this key's, as the server keeps them
    contact: p.Contact | None  # where this key is told while away
    tables: list[p.TableInfo]
    claiming = False  # a name claim or key link was sent: a refusal reopens the screen

    # provided by LobbyScreen
    def send(self, msg: p.Msg) -> None:
        raise NotImplementedError

    def say(self, text: str) -> None:
        raise NotImplementedError

    def warn(self, text: str, *, table: int | None = None) -> None:
        raise NotImplementedError

    def show_tables(self, tables: list[p.TableInfo]) -> None:
        raise NotImplementedError

    def _head(self) -> str:
        raise NotImplementedError

    def welcomed(self, w: p.Welcome) -> None:
        self.me = w.name
        self.guest, self.unnamed = w.guest, w.needs_name
        self.query_one("#lobby-head", Static).update(self._head())
        self.show_tables(self.tables)  # what the list offers depends on who we are
        if w.needs_name:
            self.claim_name()
            return
        self.claiming = False
        if w.guest:
            # lazy: not needed for the lobby's first frame (a session's start)
            from .settings import apply_settings
            apply_settings(self.app, self._suggested()[0])
            self.say("You came without a key: you may watch the tables (w), not play.")
        elif w.settings is None:  # this key's first visit: settings that suit its terminal
            settings, notes = self._suggested()
            self.use_settings(settings)
            self.send(p.SaveSettings(settings=settings))
            self.say(" ".join(notes) + MORE_KEYS)
        else:
            self.use_settings(w.settings)
            self.say(HINT + MORE_KEYS)

    def claim_name(self, error: str = "") -> None:
        # lazy: not needed for the lobby's first frame (a session's start)
        from .account import NameClaimScreen

        def chosen(msg: p.ClaimName | p.LinkKey | None) -> None:
            if msg is None:
                self.say("Without a name you may watch the tables (w); k chooses a name.")
                return
            self.claiming = True
            self.send(msg)

        self.app.push_screen(NameClaimScreen(error), chosen)

    def _suggested(self) -> tuple[Settings, list[str]]:

        size = self.app.size
        return suggest(os.environ.get("TERM", ""), os.environ.get("COLORTERM", ""),
                       size.width, size.height)

    def use_settings(self, settings: Settings) -> None:
        # lazy: not needed for the lobby's first frame (a session's start)
        from .settings import apply_settings
        self.settings = settings
        apply_settings(self.app, settings)

    def action_settings(self) -> None:
        """This key's settings, with what the terminal check finds."""
        if self.guest or self.unnamed:
            self.warn("Settings are kept for a key with a name: k chooses one." if self.unnamed
                      else "A keyless watcher's settings are not kept.")
            return
        # lazy: not needed for the lobby's first frame (a session's start)
        from .settings import SettingsScreen
        suggested, notes = self._suggested()

        def chosen(settings: Settings | None) -> None:
            if settings is not None:
                self.use_settings(settings)
                self.send(p.SaveSettings(settings=settings))

        self.send(p.GetContact())  # the screen shows it when it comes
        self.app.push_screen(SettingsScreen(self.settings or suggested, notes,
                                            contact=self.contact, send=self.send), chosen)

    def _contact(self, msg: p.Contact) -> None:
        from .settings import SettingsScreen  # a screen loads when first shown
        self.contact = msg
        if isinstance(self.app.screen, SettingsScreen):
            self.app.screen.show_contact(msg)
        if msg.said:
            self.say(msg.said)

    def action_account(self) -> None:
        """A new key: choose a name; a named one: a code to link another key."""
        if self.guest:
            self.warn(WATCH_ONLY)
        elif self.unnamed:
            self.claim_name()
        else:
            self.send(p.NewLinkCode())

    def action_profile(self) -> None:
        from .profile import ProfileScreen  # a screen loads when first shown
        self.app.push_screen(ProfileScreen(self.send))

    def _show_records(self, msg: p.Profile | p.Leaders) -> None:
        from .profile import ProfileScreen  # a screen loads when first shown
        screen = self.app.screen
        if isinstance(screen, ProfileScreen):  # (an answer after it was closed: dropped)
            if isinstance(msg, p.Profile):
                screen.show_profile(msg)
            else:
                screen.show_leaders(msg.leaders)

    def action_invite(self) -> None:
        # lazy: not needed for the lobby's first frame (a session's start)
        from .account import InviteScreen

        def typed(code: str | None) -> None:
            if code:
                self.send(p.UseInvite(code=code))
                self.say("Invite code sent: its table appears in the list if it is right.")

        self.app.push_screen(InviteScreen(), typed)
