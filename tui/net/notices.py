"""Your-turn notices: the terminal bell, and a desktop notification escape where the
terminal is known to show one (OSC 9 as iTerm2 started it, OSC 777 `notify` as rxvt and
VTE do). A terminal that does not know them may print them, so they are sent only when
TERM, TERM_PROGRAM or VTE_VERSION name a terminal that does; elsewhere the bell alone.

The escape is written to the terminal in one write() call, so it reaches the terminal
whole between two of the app's frames (Textual offers no public way to send one).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Mapping

BELL = "\a"
TITLE = "Mare Nostrum"

_OSC9_PROGRAMS = {"iterm.app", "wezterm", "ghostty", "iterm2"}
_OSC9_TERMS = ("xterm-kitty", "xterm-ghostty", "wezterm")
_OSC777_TERMS = ("foot", "rxvt-unicode", "xterm-ghostty", "wezterm", "contour")
_OSC777_PROGRAMS = {"wezterm", "ghostty"}


def _clean(text: str) -> str:
    """No control characters (one would end the escape early) and no ';' in the title."""
    return "".join(ch for ch in text if ch >= " " and ch != "\x7f")


def escapes(env: Mapping[str, str], text: str) -> str:
    """What to write for a notice saying `text`: the bell, then any desktop notification
    the terminal named by `env` is known to show."""
    term = env.get("TERM", "").lower()
    program = (env.get("TERM_PROGRAM") or env.get("LC_TERMINAL") or "").lower()
    body = _clean(text)
    out = BELL
    if program in _OSC9_PROGRAMS or term.startswith(_OSC9_TERMS):
        out += f"\x1b]9;{body}\a"
    if env.get("VTE_VERSION") or program in _OSC777_PROGRAMS or term.startswith(_OSC777_TERMS):
        out += f"\x1b]777;notify;{TITLE};{body}\a"
    return out


def ring(text: str, env: Mapping[str, str] | None = None) -> None:
    """Send the notice to this process's terminal (nothing when it has none)."""
    out = sys.__stdout__
    if out is None:
        return
    with contextlib.suppress(OSError, ValueError):
        fd = out.fileno()
        if os.isatty(fd):
            os.write(fd, escapes(os.environ if env is None else env, text).encode())
