"""What a session's process learns of the client's terminal, taken only within bounds.

- TERM (from the pty request): a plausible terminal name of at most 64 characters, else
  `TERM_DEFAULT`.
- The window's size (the pty request and every later change): at most `MAX_SIZE`.
- From the environment the client sends, only COLORTERM, TERM_PROGRAM (your-turn notices:
  tui.net.notices), LANG and LC_* pass, each a short name; never LC_ALL or LC_CTYPE (the app
  writes UTF-8 whatever the client's language), and nothing else (LD_PRELOAD, PYTHON*...).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

TERM_DEFAULT = "xterm-256color"
MAX_SIZE = (500, 200)  # columns and rows a client may ask for: more is clamped
MAX_VALUE = 64  # characters of a TERM or of a value passed from the client's environment
_PASSED = re.compile(r"COLORTERM|TERM_PROGRAM|LANG|LC_[A-Z]+")
_KEPT = ("LC_ALL", "LC_CTYPE")  # the door's own: the app's character set is UTF-8
_VALUE = re.compile(rf"[A-Za-z0-9_.@+:=-]{{1,{MAX_VALUE}}}")


def clean_term(term_type: str) -> str:
    """The client's TERM, when it is a plausible terminal name; the default otherwise."""
    ok = term_type and len(term_type) <= MAX_VALUE and \
        all(ch.isalnum() or ch in "-_.+" for ch in term_type)
    return term_type if ok else TERM_DEFAULT


def clamp_size(width: int, height: int) -> tuple[int, int]:
    return max(1, min(width, MAX_SIZE[0])), max(1, min(height, MAX_SIZE[1]))


def client_env(sent: Mapping[str, object]) -> dict[str, str]:
    """The variables of the client's environment a session's process gets."""
    out = {}
    for key, value in sent.items():
        if isinstance(key, bytes):
            key = key.decode("ascii", "replace")
        if isinstance(value, bytes):
            value = value.decode("utf-8", "replace")
        if not isinstance(key, str) or not isinstance(value, str):
            continue
        if _PASSED.fullmatch(key) and key not in _KEPT and _VALUE.fullmatch(value):
            out[key] = value
    return out
