"""A status line made of parts that give way in order when the line is too narrow.

Who decides, what they decide and who is away (or replaced by a computer) are never left
out: the role holder and hints go first; then, before each further part goes (the phase
and who you are, then the turn and the clock, then the count of unread chat lines), the
kept ones try their short words. Only then is the line cut at its end.
"""

from __future__ import annotations

from functools import lru_cache

import msgspec
from textual.content import Content

from engine.render import PHASE_NAMES
from engine.render import role as role_name
from engine.state import GameState

from .text import civ_markup, esc

ESSENTIAL = 9  # never left out
NOTE = 5  # something went wrong (a lost link, a failed save): kept nearly to the end
UNREAD = 4  # chat lines not read yet
TURN = 3
CLOCK = 3
PHASE = 2  # the phase, who you are (or that you watch)
HINT = 1  # a key to press
DECORATION = 0  # the role holder


PHASE_ROLE = {"commerce": "director_of_commerce", "offering": "high_priest",
              "construction": "political_leader", "military": "military_leader"}


class Part(msgspec.Struct, frozen=True):
    markup: str
    keep: int = ESSENTIAL  # the lower, the sooner it is left out
    short: str = ""  # shorter markup, used once every part that may go is gone
    sep: str = " · "  # what comes before it (not before the first of its side)


class StatusParts(msgspec.Struct, frozen=True):
    """The line's two sides: where the game is (`head`), and who is awaited (`body`)."""
    head: list[Part]
    body: list[Part]


def head_parts(state: GameState, unread: int = 0) -> list[Part]:
    """Where the game is: unread chat, the turn, the phase and its role holder."""
    parts = [Part(f"[b $warning]chat: {unread} new (5)[/]", UNREAD,
                  short=f"[b $warning]chat: {unread} new[/]")] if unread else []
    parts.append(Part(f"[b]Turn {state.turn}[/]", TURN))
    parts.append(Part(f"[b]{PHASE_NAMES.get(state.phase, state.phase)}[/]", PHASE))
    holder_role = PHASE_ROLE.get(state.phase)
    if holder_role and state.roles.get(holder_role):
        parts.append(Part(f"([i]{role_name(holder_role)}[/]: "
                          f"{civ_markup(state.roles[holder_role], bold=False)})",
                          DECORATION, sep=" "))
    return parts


def note_parts(note: str = "", hint: str = "") -> list[Part]:
    """A note that something went wrong (kept long), a hint of the key to press (not)."""
    return ([Part(f"[dim]{esc(note)}[/]", NOTE, sep="  ")] if note else []) + \
        ([Part(f"[dim]{esc(hint)}[/]", HINT, sep="  ")] if hint else [])


@lru_cache(maxsize=1024)
def part_content(markup: str) -> Content:
    """One part's markup, parsed once: a table's parts repeat from update to update, and
    parsing markup is most of what fitting and drawing the line costs."""
    return Content.from_markup(markup)


def width_of(markup: str) -> int:
    return part_content(markup).cell_length


MIDDLE = " │ "  # between the two sides


def _words(part: Part, short: bool) -> str:
    return part.short if short and part.short else part.markup


def _join(parts: list[Part], short: bool) -> str:
    return "".join((part.sep if i else "") + _words(part, short)
                   for i, part in enumerate(parts))


def _line(head: list[Part], body: list[Part], short: bool) -> str:
    h, b = _join(head, short), _join(body, short)
    return f"{h}{MIDDLE}{b}" if h and b else h or b


def _side_width(parts: list[Part], short: bool) -> int:
    return sum(len(part.sep) * bool(i) + width_of(_words(part, short))
               for i, part in enumerate(parts))


def _line_width(head: list[Part], body: list[Part], short: bool) -> int:
    """The cells of `_line(head, body, short)`: each part's markup is whole (its tags
    closed), so the line's width is the sum of its parts' and separators'."""
    middle = len(MIDDLE) if _join(head, short) and _join(body, short) else 0
    return _side_width(head, short) + middle + _side_width(body, short)


def _fitted(line: StatusParts, width: int) -> tuple[list[Part], list[Part], bool]:
    """The parts kept within `width` cells (0: any), and whether in their short words."""
    parts = line.head + line.body
    chosen: tuple[list[Part], list[Part], bool] = (line.head, line.body, False)
    for cut in [-1] + sorted({p.keep for p in parts if p.keep < ESSENTIAL} | {HINT}):
        head = [p for p in line.head if p.keep > cut]
        body = [p for p in line.body if p.keep > cut]
        for short in (False, True) if cut >= HINT else (False,):
            chosen = head, body, short
            if not width or _line_width(head, body, short) <= width:
                return chosen
    return chosen  # only the essential parts, in their short words: cut at the end


def fit(line: StatusParts, width: int) -> str:
    """The line's markup within `width` cells (0: any): the parts of lowest `keep` left
    out first; once the decoration and hints are gone, the short words of the rest are
    tried before anything more is left out."""
    return _line(*_fitted(line, width))


def fit_content(line: StatusParts, width: int) -> tuple[str, Content]:
    """`fit`'s markup and the same line as content, put together from each part's
    content (`part_content`) rather than parsed whole."""
    head, body, short = _fitted(line, width)
    middle = [MIDDLE] if _join(head, short) and _join(body, short) else []
    pieces = _pieces(head, short) + middle + _pieces(body, short)
    return _line(head, body, short), Content("").join(pieces)


def _pieces(parts: list[Part], short: bool) -> list[Content | str]:
    out: list[Content | str] = []
    for i, part in enumerate(parts):
        if i:
            out.append(part.sep)
        out.append(part_content(_words(part, short)))
    return out


def plain_text(line: StatusParts) -> str:
    """The whole line without markup (logs and tests)."""
    return Content.from_markup(_line(line.head, line.body, short=False)).plain
