"""Every mark the map draws, in one table: the map draws with it (tui/widgets/map.py) and
the legend is written from it (the legend key, tui/screens/legend.py, and the help), so a
mark cannot be drawn without being explained.

A mark is a glyph (a character the map draws: a building, a unit, a count, a border) or a
style (how an area's label is drawn: bold for a player's province...). A glyph may look
different on an ASCII-only terminal, and the large map's sketch may draw it with other
characters; the legend shows every form.

Here too: the marker line of an area (its buildings, each owner's units, war), and how it
is shortened when the area has little room for it.
"""

from __future__ import annotations

import msgspec

from engine.data import board
from engine.state import GameState

OWNERS, BUILDINGS, UNITS, COUNTS, WAR, GROUND = (
    "Owners", "Buildings", "Units", "Counts", "War", "Land and sea")
GROUPS = (OWNERS, BUILDINGS, UNITS, COUNTS, WAR, GROUND)


class Mark(msgspec.Struct, frozen=True):
    name: str  # what the map draws it for: a building or unit kind, "sea", "player"...
    group: str  # the legend's heading
    glyph: str  # the character drawn (a style's mark: a sample label)
    meaning: str  # the legend's words
    ascii: str = ""  # drawn instead on an ASCII-only terminal ("": the same)
    also: str = ""  # other characters drawn for it (by the large map's sketch...)
    sample: str = ""  # what the legend shows ("": every character drawn for it)
    style: str = ""  # a label style: the map's style suffix (bold "+b", italics "+i"...)
    on: str = "land"  # what the legend shows it on: "land", "sea", "neutral", "player", "war"

    def drawn(self, ascii_only: bool) -> str:
        return (self.ascii or self.glyph) if ascii_only else self.glyph

    def forms(self, ascii_only: bool) -> list[str]:
        """Every way the map may draw it on such a terminal (small map first)."""
        out = [self.drawn(ascii_only)]
        out += [ch for ch in self.also if ch not in out]
        return out


MARKS: tuple[Mark, ...] = (
    # how a label is drawn: by colour, and not by colour alone
    Mark("player", OWNERS, "ROMA", "a player's province: label in bold, land in his colour",
         style="+b", on="player"),
    Mark("neutral", OWNERS, "CISA", "a neutral civilization's province: label in italics, "
         "grey land", style="+i", on="neutral"),
    Mark("unclaimed", OWNERS, "TARR", "a province nobody holds: plain label, brown land"),
    Mark("converting", OWNERS, "ETRU", "underlined label: the province is being converted",
         style="+u"),
    Mark("cursor", OWNERS, "SARD", "reversed: the area under the cursor (detail below the map)",
         style="+r"),
    Mark("sea_label", OWNERS, "tyr", "a sea: label in small letters, blue", style="+b",
         on="sea"),
    # buildings, on the province's colours
    Mark("city", BUILDINGS, "c", "city"),
    Mark("caravan", BUILDINGS, "$", "caravan"),
    Mark("temple", BUILDINGS, "t", "temple"),
    Mark("market", BUILDINGS, "m", "market"),
    # units, on their owner's colour
    Mark("legion", UNITS, "L", "legion", on="player"),
    Mark("fortress", UNITS, "F", "fortress", on="player"),
    Mark("creature", UNITS, "*", "creature", on="player"),
    Mark("trireme", UNITS, "S", "trireme (a ship)", on="player"),
    # when there is little room
    Mark("count", COUNTS, "2", "a number before a unit counts it: 2L is two legions",
         also="0123456789", sample="2L",
         on="player"),
    Mark("buildings", COUNTS, "b", "no room for the letters: 3b is three buildings",
         sample="3b"),
    Mark("units", COUNTS, "5", "a lone number on a player's colour: his units (no room "
         "for letters)", also="0123456789", sample="5", on="player"),
    Mark("more", COUNTS, "+", "more units than there is room for (the detail lists them)"),
    # a battle coming or going on
    Mark("war", WAR, "!", "at war: two players' ground units stand in the province",
         on="war"),
    # the board itself
    Mark("sea", GROUND, "~", "sea", on="sea"),
    Mark("land", GROUND, " ", "land in its owner's colour; dark: off the board (Sinus "
         "Arabicus)"),
    Mark("land_border", GROUND, "│", "border between two provinces (also an underline)",
         ascii="|", also="|_"),
    Mark("sea_border", GROUND, ":", "border between two seas (also an underline)",
         also=".", on="sea"),
)
MARK: dict[str, Mark] = {m.name: m for m in MARKS}

BUILDING_KINDS = ("city", "caravan", "temple", "market")
UNIT_KINDS = ("legion", "fortress", "creature", "trireme")
LABEL_STYLE: dict[str, str] = {m.name: m.style for m in MARKS if m.group == OWNERS}
# a character of the large map's sketch -> the mark it draws
SKETCH_MARK: dict[str, Mark] = {ch: m for m in MARKS if m.group == GROUND
                                for ch in (*m.forms(False), *m.forms(True))}


def glyph(name: str, ascii_only: bool = False) -> str:
    return MARK[name].drawn(ascii_only)


def ascii_table() -> dict[int, str]:
    """The Unicode glyphs of the map -> their ASCII forms (for str.translate)."""
    return str.maketrans({m.glyph: m.ascii for m in MARKS if m.ascii and m.ascii != m.glyph})


SKETCH_OFF_BOARD = "#"  # the sketch's Sinus Arabicus (no space of the board): drawn blank


def sketch_glyph(ch: str) -> str:
    """What the map draws for a character of the large sketch (labels are drawn over)."""
    if ch == SKETCH_OFF_BOARD:
        return glyph("land")
    if ch not in SKETCH_MARK:
        raise KeyError(f"the map's sketch draws {ch!r}, which no mark explains")
    return ch


# --- the legend ------------------------------------------------------------------------------
class LegendRow(msgspec.Struct, frozen=True):
    group: str
    shown: list[str]  # the characters drawn, or the mark's sample (a style's: a label)
    meaning: str
    style: str  # a style's suffix ("" for a glyph)
    on: str  # what it is shown on
    name: str


def legend_rows(ascii_only: bool = False) -> list[LegendRow]:
    return [LegendRow(m.group, [m.sample] if m.sample else [m.glyph] if m.group == OWNERS
                      else m.forms(ascii_only), m.meaning, m.style, m.on, m.name)
            for m in MARKS]


def explained(ascii_only: bool = False) -> set[str]:
    """Every character the legend explains (labels apart)."""
    return {ch for m in MARKS if m.group != OWNERS for ch in m.forms(ascii_only)}


def area_names() -> list[tuple[str, str]]:
    """(label, name) of every province, then every sea, in the board's order."""
    return [(board.area_label(a), board.area_name(a)) for a in (*board.PROVINCES, *board.SEAS)]


def _md_glyph(ch: str) -> str:
    return "blank" if ch == " " else "`\\|`" if ch == "|" else f"`{ch}`"


def legend_markdown(ascii_only: bool = False) -> str:
    """The legend as Markdown (the help screen)."""
    lines = ["| mark | what it means |", "|---|---|"]
    for row in legend_rows(ascii_only):
        if row.group == OWNERS:
            sample = {"+b": f"**{row.shown[0]}**", "+i": f"*{row.shown[0]}*"}.get(
                row.style, f"`{row.shown[0]}`")
        else:
            sample = " ".join(_md_glyph(g) for g in row.shown)
        lines.append(f"| {sample} | {row.meaning} |")
    names = ", ".join(f"`{label}` {name}" for label, name in area_names())
    return "\n".join(lines) + "\n\nThe labels: " + names + "."


# --- an area's marker line -------------------------------------------------------------------
class MarkerPart(msgspec.Struct, frozen=True):
    text: str  # as drawn when there is room
    short: str  # as drawn when the line is short of room (a count)
    key: str  # its style: "war", "build", or "unit:<owner>"


def area_marks(state: GameState, area: str, at_war: bool = False) -> list[MarkerPart]:
    """The marker line of an area: war first, then the buildings, then each owner's
    units."""
    out: list[MarkerPart] = []
    if at_war:
        out.append(MarkerPart(glyph("war"), glyph("war"), "war"))
    ps = state.provinces.get(area)
    if ps is not None and ps.buildings:
        counts = {k: 0 for k in BUILDING_KINDS}
        for b in ps.buildings:
            counts[b.kind] += 1
        text = "".join(glyph(k) * n for k, n in counts.items() if n)
        out.append(MarkerPart(text, _shorter(text, f"{len(ps.buildings)}{glyph('buildings')}"),
                              "build"))
    owners: dict[str, dict[str, int]] = {}
    for u in state.units:
        if u.area == area:
            owners.setdefault(u.owner, {}).setdefault(u.kind, 0)
            owners[u.owner][u.kind] += 1
    for owner, kinds in owners.items():
        text = "".join((f"{kinds[k]}" if kinds[k] > 1 else "") + glyph(k)
                       for k in UNIT_KINDS if kinds.get(k))
        out.append(MarkerPart(text, _shorter(text, str(sum(kinds.values()))), f"unit:{owner}"))
    return out


def _shorter(text: str, count: str) -> str:
    """The count, unless the marks themselves are as short ("F" says more than "1")."""
    return text if len(text) <= len(count) else count


class Shown(msgspec.Struct, frozen=True):
    text: str
    key: str


def fit_marks(parts: list[MarkerPart], room: int) -> list[Shown]:
    """Shorten a marker line to `room` characters: the full marks if they fit, else the
    buildings counted and one count per owner's units, else the counts of the units (war
    stays first), else as many as fit and a "+" for the rest (never two counts run
    together: "1 5" is not "15")."""
    def length(ms: list[Shown]) -> int:
        return sum(len(s.text) for s in ms) + max(0, len(ms) - 1)

    full = [Shown(p.text, p.key) for p in parts]
    if length(full) <= room:
        return full
    compact = [Shown(p.short, p.key) for p in parts]
    if length(compact) <= room:
        return compact
    counted = [s for s in compact if s.key != "build"]
    if length(counted) <= room:
        return counted
    more = Shown(glyph("more"), "more")
    out = [s for s in counted if s.key == "war"]  # war is never cut
    for s in counted[len(out):]:  # as many as fit with the "+" after them
        if length([*out, s, more]) > room:
            break
        out.append(s)
    return [*out, more] if length([*out, more]) <= room else out or [more]
