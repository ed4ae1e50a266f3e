"""Settings kept on the server for each key (a person may use several terminals: each of
their keys keeps its own): theme, map glyphs, your-turn notifications.

On a key's first connection nothing is kept yet: the lobby checks the terminal (its size,
and its colours from TERM and COLORTERM) and offers settings that suit it.
"""

from __future__ import annotations

import msgspec

from .database import Registry
from .store import transaction

THEMES = ("default", "high-contrast", "ansi")  # the short names of themes.palette
GLYPHS = ("unicode", "ascii")
MIN_SIZE = (80, 24)


class Settings(msgspec.Struct, kw_only=True):
    theme: str = "default"  # one of THEMES
    glyphs: str = "unicode"  # one of GLYPHS: how the map draws its borders
    notifications: bool = True  # bell and desktop notice when a decision becomes yours

    def checked(self) -> Settings:
        """The same settings with anything unknown back to its default."""
        return Settings(theme=self.theme if self.theme in THEMES else "default",
                        glyphs=self.glyphs if self.glyphs in GLYPHS else "unicode",
                        notifications=bool(self.notifications))


_SIXTEEN = ("linux", "xterm", "xterm-color", "xterm-16color", "rxvt", "screen", "tmux",
            "ansi", "cygwin", "putty", "vt220", "vt100", "dumb")
_PLAIN = ("linux", "vt100", "vt220", "dumb", "ansi", "cons25")


def colours(term: str, colorterm: str) -> int:
    """How many colours the terminal says it has: 16, 256 or 16 million."""
    if colorterm.lower() in ("truecolor", "24bit"):
        return 1 << 24
    if "256" in term or "truecolor" in term or "direct" in term:
        return 256
    if term in _SIXTEEN or term.split("-")[0] in ("vt100", "vt220", "linux"):
        return 16
    return 256


def suggest(term: str, colorterm: str, width: int, height: int) -> tuple[Settings, list[str]]:
    """Settings for this terminal, and what the check found (one line each)."""
    notes: list[str] = []
    theme = "default"
    if colours(term, colorterm) == 16:
        theme = "ansi"
        notes.append(f"Your terminal ({term or 'unknown'}) shows 16 colours: the 16-colour "
                     "theme is chosen.")
    glyphs = "ascii" if term in _PLAIN or term.startswith(("vt1", "vt2")) else "unicode"
    if glyphs == "ascii":
        notes.append("Plain terminal: the map is drawn with ASCII characters.")
    if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
        notes.append(f"Your terminal is {width}x{height}: the game needs at least "
                     f"{MIN_SIZE[0]}x{MIN_SIZE[1]}. Enlarge the window.")
    if not notes:
        notes.append(f"Your terminal ({term or 'unknown'}, {width}x{height}) suits the game.")
    return Settings(theme=theme, glyphs=glyphs), notes


class KeySettings:
    """The settings of each key, in the server's registry."""

    def __init__(self, db: Registry) -> None:
        self.db = db

    def get(self, fingerprint: str) -> Settings | None:
        row = self.db.execute("SELECT body FROM key_settings WHERE fingerprint = ?",
                              (fingerprint,)).fetchone()
        if row is None:
            return None
        try:
            return msgspec.json.decode(row[0], type=Settings).checked()
        except msgspec.DecodeError:
            return None

    def put(self, fingerprint: str, settings: Settings) -> Settings:
        settings = settings.checked()
        with transaction(self.db) as db:
            db.execute("INSERT INTO key_settings VALUES (?, ?) ON CONFLICT(fingerprint) "
                       "DO UPDATE SET body = excluded.body",
                       (fingerprint, msgspec.json.encode(settings)))
        return settings
