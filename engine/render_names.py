"""The names of the game's things in words: civilizations, areas, cards, resources, roles,
phases, units, buildings and items, counts and lists, and the rules as the player knows them
(docs/rules.md headings). A part of engine/render.py, the game's one vocabulary, whose
other parts build their lines from these names."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from . import actions as A
from .data import board
from .data.cards import ALL_CARDS, CIV_NAMES, RESOURCE_NAMES, RESOURCES, ROLE_NAMES
from .state import GameState

# --- names ------------------------------------------------------------------------------------


# Terminal escape sequences (CSI, OSC and two-byte ESC ones) a file or a player may carry.
_ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)?|[@-Z\\-_])")
NAME_LIMIT = 40  # a player's or a save's name, as shown


def plain(text: str, limit: int = NAME_LIMIT) -> str:
    """A string from a file or a player made safe to show: escape sequences and other
    control characters removed, whitespace runs made one space, at most `limit` long."""
    text = _ESCAPES.sub("", str(text))
    text = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or unicodedata.category(ch)[0] != "C")
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def civ(c: str | None) -> str:
    if not c:
        return "nobody"
    return CIV_NAMES.get(c, c)


def civs(cs: Iterable[str]) -> str:
    return join([civ(c) for c in cs]) or "nobody"


def area(a: str) -> str:
    try:
        return board.area_name(a)
    except KeyError:
        return a


def card(c: str) -> str:
    if c in ALL_CARDS:
        return ALL_CARDS[c].name
    return RESOURCE_NAMES.get(c, c)


def resource(r: str) -> str:
    return RESOURCE_NAMES.get(r, r)


def role(r: str) -> str:
    return ROLE_NAMES.get(r, r)


def phase_name(p: str) -> str:
    return {"setup": "setup", "roles": "roles", "commerce": "commerce",
            "offering": "offering to the gods", "construction": "construction",
            "military": "military", "over": "end of the game"}.get(p, p)


def join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def cards(hand: dict[str, int]) -> str:
    """{"tax": 3, "wine": 1} -> "3 Tax, Wine"."""
    parts = [f"{n} {resource(c)}" if n != 1 else resource(c)
             for c, n in hand.items() if n]
    return ", ".join(parts) or "nothing"


def card_list(cs: list[str]) -> str:
    """["wine", "wine", "tax"] -> "2 Wine, Tax" (in order of first appearance)."""
    counts: dict[str, int] = {}
    for c in cs:
        counts[c] = counts.get(c, 0) + 1
    return cards(counts)


_PLURAL = {"fortress": "fortresses", "city": "cities", "influence": "influence markers",
           "die": "dice",
           "loss": "losses"}


def plural(kind: str, n: int) -> str:
    if n == 1:
        return kind
    return _PLURAL.get(kind, kind + "s")


def count(n: int, word: str) -> str:
    """(2, "fortress") -> "2 fortresses"; (1, "card") -> "1 card"."""
    return f"{n} {plural(word, n)}"


def hand_text(cs: dict[str, int] | Iterable[str]) -> str:
    """A hand or a set in resource order: {"fish": 1, "tax": 2} -> "2 Tax, Fish"; a list of
    card ids is counted first."""
    counted: dict[str, int] = {}
    if isinstance(cs, dict):
        counted = dict(cs)
    else:
        for c in cs:
            counted[c] = counted.get(c, 0) + 1
    order = sorted(counted, key=lambda r: RESOURCES.index(r) if r in RESOURCES else 99)
    return cards({r: counted[r] for r in order if counted[r] > 0})


def article(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def units(kinds: list[str]) -> str:
    """["legion", "legion", "fortress"] -> "2 legions and a fortress"."""
    counts: dict[str, int] = {}
    for k in kinds:
        counts[k] = counts.get(k, 0) + 1
    parts = [article(k) if n == 1 else f"{n} {plural(k, n)}" for k, n in counts.items()]
    return join(parts) or "no units"


def building(kind: str, site: str = "") -> str:
    if kind == "caravan" and site:
        return f"caravan ({resource(site)})"
    if kind == "city" and site:
        return f"city ({site})"
    return kind


def post(p: str) -> str:
    """"caravan:wine" -> "the caravan (Wine)"."""
    if not p:
        return "no post"
    if p.startswith("caravan:"):
        return f"the caravan ({resource(p.split(':', 1)[1])})"
    if p == "influence":
        return "the influence marker"
    return f"the {p}"


def possessive(name: str) -> str:
    """"Rome" -> "Rome's", "Atlantis" -> "Atlantis'", "Mars" -> "Mars'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def civ_possessive(c: str | None) -> str:
    return possessive(civ(c)) if c else "the"


# --- screens: phases, cards, areas, units and items ---------------------------------------------
PHASE_NAMES: dict[str, str] = {
    "setup": "Setup", "roles": "Roles", "commerce": "Commerce", "offering": "Offering",
    "construction": "Construction", "military": "Military", "over": "Game over",
}

KIND_NAMES: dict[str, str] = {
    "influence": "Influence", "city": "City", "caravan": "Caravan", "temple": "Temple",
    "market": "Market", "legion": "Legion", "trireme": "Trireme", "fortress": "Fortress",
    "creature": "Creature", "card": "Card",
}

CARD_KIND_NAMES: dict[str, str] = {
    "civ_hero": "Hero", "hero": "Hero", "wonder": "Wonder", "god": "God",
    "creature": "Creature",
}


def phase_title(p: str) -> str:
    """The phase as a heading ("Offering"); `phase_name` is its name in a sentence."""
    return PHASE_NAMES.get(p, p)


def area_text(a: str) -> str:
    """ "Etruria (I3)": the name and the board label."""
    try:
        return f"{board.area_name(a)} ({board.area_label(a)})"
    except KeyError:
        return a


def card_kind(c: str) -> str:
    k = ALL_CARDS.get(c)
    if k is None:
        return "Card"
    if c == "pyramids":
        return "Wonder"
    return CARD_KIND_NAMES.get(k.kind, k.kind)


def card_text(c: str) -> str:
    """The card's power in a few words (the card data holds them)."""
    k = ALL_CARDS.get(c)
    return k.text if k else ""


def unit_text(state: GameState | None, unit_id: int) -> str:
    if state is not None:
        for u in state.units:
            if u.id == unit_id:
                where = f" in {area(u.area)}" if u.area else ""
                return f"{civ(u.owner)} {u.kind} #{u.id}{where}"
    return f"unit #{unit_id}"


def units_text(state: GameState | None, ids: Iterable[int]) -> str:
    """Units by id, counted by kind: "2 legions, 1 fortress"."""
    ids = list(ids)
    if state is None:
        return ", ".join(f"#{i}" for i in ids)
    kinds: dict[str, int] = {}
    for i in ids:
        u = next((u for u in state.units if u.id == i), None)
        k = u.kind if u else "unit"
        kinds[k] = kinds.get(k, 0) + 1
    return ", ".join(count(n, k) for k, n in kinds.items())


def item_text(item: A.Item) -> str:
    k = item.kind
    if k == "card":
        if item.card == "pyramids":
            return "The Pyramids"
        return f"{card_kind(item.card)}: {card(item.card)}"
    where = area(item.province) if item.province else "?"
    if k == "caravan":
        return f"Caravan on {resource(item.site)} in {where}"
    if k == "influence":
        return f"Influence marker in {where}"
    return f"{KIND_NAMES.get(k, k)} in {where}"


# --- rules named for players ------------------------------------------------------------------
# An IllegalAction names the rule it applies: a heading of docs/rules.md, a heading of the
# printed rulebook, or a card. The player gets the section of docs/rules.md it falls under.
# First match wins.
RULES_DOC = "rules.md"
RULES_HEADINGS: tuple[str, ...] = (  # the headings of docs/rules.md the engine names itself
    "The pieces and the supply", "Roles", "Commerce: production", "Commerce: trading",
    "Powers and reactions", "Construction: paying", "Construction: where things go",
    "Military: movement", "Military: battles", "Cards", "Victory",
)
RULE_SECTIONS: tuple[tuple[str, str], ...] = (
    *((heading, heading) for heading in RULES_HEADINGS),
    ("Military Phase, A) Movement", "Military: movement"),
    ("Military Phase, B) Combat", "Military: battles"),
    ("Military Phase", "Military: movement"),
    ("The Greek Blockade", "Military: the Greek blockade"),
    ("Rules for Construction", "Construction: where things go"),
    ("Placement", "Construction: where things go"),
    ("Construction Cost Chart", "Construction: costs"),
    ("Construction Phase", "Construction: paying"),
    ("Offering to the Gods", "Offering to the gods"),
    ("Roles", "Roles"),
    ("Free Setup", "Free setup"),
    ("Starting Setup", "Setup"),
    ("Object of the Game", "Victory"),
    ("Components", "The pieces and the supply"),
    ("Card text", "Cards"),
    ("Convert the Province", "Military: after a battle"),
    ("Number of Building Tokens", "The pieces and the supply"),
    ("malformed action", "Game flow"),
    ("the form of a decision", "Game flow"),
    ("stale version", "Game flow"),
    ("wrong seat", "Game flow"),
    ("take back", "Taking back a decision"),
)


def rule_name(ref: str) -> str:
    """A rule reference of the engine in the player's words: the card it is the power of, or
    the section of rules.md, with what the reference says beyond its source."""
    if not ref:
        return ""
    for prefix, section in RULE_SECTIONS:
        if ref.startswith(prefix):
            rest = re.sub(r"^[:,]?\s*(\d+\.\s+)?", "", ref[len(prefix):].strip())
            if rest.startswith("(") and rest.endswith(")"):
                rest = rest[1:-1]
            if rest.lower() == section.split(": ")[-1].lower():
                rest = ""
            head = f"{RULES_DOC} § {section}"
            return f"{head} — {rest}" if rest else head
    names = {k.name.lower(): k.name for k in ALL_CARDS.values()}
    for key, name in names.items():  # a card's own power
        if ref.lower().startswith(key):
            rest = ref[len(key):].lstrip(" :")
            rest = "" if rest.lower() == "card text" else rest
            return f"the card {name}" + (f": {rest}" if rest else "")
    return ref
