"""What must hold of every position, whatever happened before (issue 14, point 4).

`check(state)` lists the broken invariants in words, or nothing. The tests, the soak script
and `simulate --check` call it after every action: a rule that creates or loses a piece, a
card or a unit shows up at the action that did it, not turns later.
"""

from __future__ import annotations

from collections import Counter

from .data.board import PROVINCES, SEAS
from .data.cards import (
    ALL_CARDS,
    CIV_HERO,
    GODS,
    RANDOM_PILE,
    RESOURCE_COUNTS,
    RESOURCES,
    ROLES,
)
from .data.costs import BUILDINGS, MILITARY, PIECES_PER_CIV
from .state import GameState

HERCULES_MARK = "hercules#"  # engine/powers/hercules.py: a legion counting as a creature
MAX_CREATURES = 3


def check(state: GameState) -> list[str]:
    """The invariants the state breaks, one line each; empty when all is well."""
    out: list[str] = []
    for part in (_owners, _units, _supply, _creatures, _provinces, _resource_cards,
                 _heroes_and_wonders, _gods_and_roles):
        out += part(state)
    return out


def _civs(state: GameState) -> list[str]:
    return [p.civ for p in state.players] + list(state.neutrals)


def _hercules_legions(state: GameState) -> set[int]:
    """Legions that count as creatures for one battle: still legions of the supply."""
    out = set()
    for k in state.used_powers:
        if k.startswith(HERCULES_MARK) and k[len(HERCULES_MARK):].isdigit():
            out.add(int(k[len(HERCULES_MARK):]))
    return out


def _owners(state: GameState) -> list[str]:
    out = []
    civs = [p.civ for p in state.players]
    if civs != state.config.civs:
        out.append(f"the players {civs} are not the seats of the config {state.config.civs}")
    if [p.seat for p in state.players] != list(range(len(state.players))):
        out.append("the players' seats are not 0, 1, 2...")
    if len(set(_civs(state))) != len(_civs(state)):
        out.append("a civilization is both a player and neutral, or twice")
    return out


def _units(state: GameState) -> list[str]:
    out = []
    known = set(_civs(state))
    ids = Counter(u.id for u in state.units)
    out += [f"unit {i} is in {n} places" for i, n in ids.items() if n > 1]
    for u in state.units:
        if u.owner not in known:
            out.append(f"unit {u.id} belongs to {u.owner!r}, who is no player nor neutral")
        if u.kind not in MILITARY:
            out.append(f"unit {u.id} is of an unknown kind {u.kind!r}")
        if u.area and u.area not in PROVINCES and u.area not in SEAS:
            out.append(f"unit {u.id} stands in an unknown area {u.area!r}")
        if u.kind in ("legion", "fortress") and u.area in SEAS:
            out.append(f"{u.kind} {u.id} stands at sea in {u.area}")
        if u.id >= state.next_unit_id or u.id < 1:
            out.append(f"unit {u.id} has an id the game has not given yet")
    return out


def _supply(state: GameState) -> list[str]:
    out = []
    hercules = _hercules_legions(state)
    for civ in _civs(state):
        counts = Counter("legion" if u.id in hercules else u.kind
                         for u in state.units if u.owner == civ)
        counts["influence"] = sum(1 for ps in state.provinces.values() if ps.influence == civ)
        for kind, limit in PIECES_PER_CIV.items():
            if counts[kind] > limit:
                out.append(f"{civ} has {counts[kind]} {kind} pieces out of a supply of {limit}")
    for kind in BUILDINGS:
        n = sum(1 for ps in state.provinces.values() for b in ps.buildings if b.kind == kind)
        limit = state.token_supply.get(kind, 0)
        if n > limit:
            out.append(f"{n} {kind} tokens are in play out of {limit}")
    return out


def _creatures(state: GameState) -> list[str]:
    hercules = _hercules_legions(state)
    per_civ = Counter(u.owner for u in state.units
                      if u.kind == "creature" and u.id not in hercules)
    return [f"{civ} has {n} creatures, more than {MAX_CREATURES}"
            for civ, n in per_civ.items() if n > MAX_CREATURES]


def _provinces(state: GameState) -> list[str]:
    out = []
    known = set(_civs(state))
    for pid, ps in state.provinces.items():
        if pid not in PROVINCES:
            out.append(f"the board has no province {pid!r}")
        if ps.influence is not None and ps.influence not in known:
            out.append(f"{pid} is influenced by {ps.influence!r}, who is no player nor neutral")
        for b in ps.buildings:
            if b.kind not in BUILDINGS:
                out.append(f"{pid} holds a building of unknown kind {b.kind!r}")
    return out


def _resource_cards(state: GameState) -> list[str]:
    """Every resource card is in the bank, a hand, an offer or just taken in a trade."""
    out = []
    total: Counter[str] = Counter()
    for c, n in state.bank.items():
        if n < 0:
            out.append(f"the bank holds {n} {c}")
        total[c] += n
    for p in state.players:
        for c, n in p.hand.items():
            if n <= 0:
                out.append(f"{p.civ}'s hand holds {n} {c}")
            total[c] += n
    for cards in state.trade.offers.values():
        total.update(cards)
    if state.phase == "commerce" and state.step == "take":
        for cards in state.trade.acquired.values():
            total.update(cards)
    unknown = set(total) - set(RESOURCES)
    out += [f"{c!r} is not a resource card" for c in sorted(unknown)]
    for c, n in RESOURCE_COUNTS.items():
        if total[c] != n:
            out.append(f"{total[c]} {c} cards are in the game instead of {n}")
    return out


def _heroes_and_wonders(state: GameState) -> list[str]:
    """Each general hero and wonder is in one place: the display, the set-aside pile or a
    player's cards; each civilization hero is with its own civilization only."""
    out = []
    held = [(p.civ, c) for p in state.players for c in p.cards]
    places = Counter([*state.display, *state.set_aside, *(c for _, c in held)])
    out += [f"{c} is in {n} places" for c, n in places.items() if n > 1]
    general = set(state.display) | set(state.set_aside) | {c for _, c in held}
    for c in sorted(set(RANDOM_PILE) - general):
        out.append(f"{c} has disappeared")
    civ_heroes = set(CIV_HERO.values())
    for civ, c in held:
        if c not in ALL_CARDS or ALL_CARDS[c].kind not in ("civ_hero", "hero", "wonder"):
            out.append(f"{civ} holds {c!r}, which is no hero or wonder")
        elif c in civ_heroes and CIV_HERO.get(civ) != c:
            out.append(f"{civ} holds another civilization's hero {c}")
    for c in [*state.display, *state.set_aside]:
        if c not in RANDOM_PILE:
            out.append(f"{c!r} lies in the display or the set-aside pile")
    return out


def _gods_and_roles(state: GameState) -> list[str]:
    out = []
    civs = {p.civ for p in state.players}
    if set(state.gods) != set(GODS):
        out.append(f"the gods in play are {sorted(state.gods)}, not the {len(GODS)} gods")
    if state.roles and set(state.roles) != set(ROLES):  # none yet during a free setup
        out.append(f"the roles are {sorted(state.roles)}, not the four roles")
    for table, what in ((state.gods, "god"), (state.roles, "role")):
        for card, holder in table.items():
            if holder is not None and holder not in civs:
                out.append(f"the {what} {card} is held by {holder!r}, who is not a player")
    return out
