"""Hook points where the cards' powers change the rules (ARCHITECTURE.md, Card powers).

The phase modules call these functions; each card's behaviour is attached here. Reductions
are never added up: an item takes the single best one (rulebook, Rules for Construction).
"""

from __future__ import annotations

from ..actions import Item
from ..data.costs import COSTS, PYRAMIDS_COST, PYRAMIDS_COST_LONG
from ..events import Event
from ..rules.common import holds, holds_god
from ..state import FreePlacement, GameState

ROLE_BONUS_CARDS: dict[str, tuple[tuple[str, int], ...]] = {
    "director_of_commerce": (("agamemnon", 3),),
    "military_leader": (("archimedes", 3),),
    "political_leader": (("solomon", 3),),
    "high_priest": (("moses", 2),),
}


def role_bonus(state: GameState, civ: str, role: str) -> int:
    bonus = sum(n for card, n in ROLE_BONUS_CARDS[role] if holds(state, civ, card))
    if holds_god(state, civ, "athena") and state.power_choices.get(f"athena:{civ}") == role:
        bonus += 2
    return bonus


def base_cost(state: GameState, item: Item) -> int:
    if item.kind == "card":
        if item.card == "pyramids":
            return PYRAMIDS_COST_LONG if state.config.long_game else PYRAMIDS_COST
        return COSTS["hero"]
    return COSTS[item.kind]


def reductions(state: GameState, civ: str, item: Item) -> list[int]:
    """Every reduction that applies to the item (each as a number of cards)."""
    out: list[int] = []
    k = item.kind
    if k == "legion" and holds(state, civ, "julius_caesar"):
        out.append(1)
    if k == "trireme" and (holds(state, civ, "pericles") or holds(state, civ, "atlas")):
        out.append(1)
    if k in ("influence", "city", "caravan", "temple", "market") and holds(
            state, civ, "mausoleum"):
        out.append(1)
    if k == "card" and holds(state, civ, "imhotep"):
        from ..data.cards import ALL_CARDS
        if ALL_CARDS[item.card].kind == "wonder":
            out.append(1)
    return out


def cost(state: GameState, civ: str, item: Item, free_setup: bool = False) -> int:
    """What an item costs this player: the base cost less the single best reduction.
    In the free setup the heroes' abilities do not apply (rulebook, Free Setup)."""
    c = base_cost(state, item)
    if free_setup:
        return c
    red = reductions(state, civ, item)
    return c - (max(red) if red else 0)


def casualty_divisor(state: GameState, civ: str, naval: bool) -> int:
    """Points of the other side that cost one unit (Penthesilee: 6 for ground units)."""
    if not naval and holds(state, civ, "penthesilee"):
        return 6
    return 5


def die_bonus(state: GameState, civ: str, naval: bool) -> int:
    """Added to each die this civ rolls (Hannibal's legions, Pericles' triremes)."""
    if naval:
        return 1 if holds(state, civ, "pericles") else 0
    return 1 if holds(state, civ, "hannibal") else 0


def on_acquire(state: GameState, civ: str, card: str, ev: list[Event],
               free_setup: bool = False) -> None:
    """Free placements that come with a card (rulebook card texts)."""
    free = {"hannibal": ("legion", "carthago"), "pericles": ("trireme", "athenae_sparta"),
            "statue_of_zeus": ("fortress", ""), "lighthouse": ("influence", "")}
    if card in free and (not free_setup or card in ("hannibal", "pericles")):
        item, province = free[card]
        state.free_placements.append(
            FreePlacement(civ=civ, item=item, card=card, province=province))


def on_influence(state: GameState, civ: str, province: str, mode: str,
                 ev: list[Event]) -> None:
    """After an influence marker is placed (Gilgamesh's free fortress)."""
    if mode != "setup" and holds(state, civ, "gilgamesh"):
        state.free_placements.append(FreePlacement(civ=civ, item="fortress", card="gilgamesh",
                                                   province=province))


def construction_power(state: GameState, civ: str, action, ev: list[Event]) -> bool:
    """An active power used in a construction turn (Cleopatra, Jason, ...). Returns False
    when the action is no such power."""
    return False


def extra_production(state: GameState, production: dict[str, dict[str, int]]) -> None:
    """Production that comes from cards (Circe's legions)."""


def commerce_powers(state: GameState, ev: list[Event]) -> bool:
    """After production: Colossus, Hermes, then Isis. True if a prompt was set."""
    return False


def after_trade_powers(state: GameState, ev: list[Event]) -> bool:
    """After trading: Ulysses. True if a prompt was set."""
    return False


def may_stay_out(state: GameState, civ: str, n: int) -> bool:
    """Antigone's holder may stay out of the trade (asked in issue 4's reaction)."""
    return False


def after_offering_powers(state: GameState, ev: list[Event]) -> bool:
    """When every player has made his offering: Adonis. True if a prompt was set."""
    return False


# --- military phase (engine/rules/military.py, movement.py, combat.py) ------------------------
def _creature_of(unit) -> str | None:
    """The creature card a creature pawn stands for (each civ has its own creature)."""
    from ..data.cards import CIV_CREATURE
    return CIV_CREATURE.get(unit.owner) if unit.kind == "creature" else None


def trireme_moves(state: GameState, civ: str) -> int:
    """Sea moves a trireme makes in its owner's turn (Atlas: 2)."""
    return 2 if holds(state, civ, "atlas") else 1


def can_be_convoyed(state: GameState, unit) -> bool:
    """The Griffon and the Kraken cannot be carried by triremes (rulebook, Legion Movement)."""
    return _creature_of(unit) not in ("griffon", "kraken")


def ground_steps(state: GameState, unit, steps: list[str]) -> list[str]:
    """The provinces a legion or creature reaches by its own move, given its land steps.
    Hook for the creatures' special movement (the Griffon's flight, the Kraken's coasts and
    dives), a later issue: for now every creature moves like a legion."""
    return steps


def convoy_extra_seas(state: GameState, civ: str) -> list[str]:
    """Seas that count as held by civ's triremes for a convoy (Aeneas, a later issue)."""
    return []


def move_declared(state: GameState, civ: str, move, ev: list[Event]) -> bool:
    """Reaction window after a ground move or convoy is declared and before it resolves
    (base-game.md 4: Poseidon against a convoy). True if a prompt was set."""
    return False


def before_battle(state: GameState, battle, ev: list[Event]) -> bool:
    """Reaction window before the dice of a battle (Medusa, Centaur, Helen of Troy).
    True if a prompt was set."""
    return False


def after_dice(state: GameState, battle, ev: list[Event]) -> bool:
    """Reaction window after the dice and before casualties (Mars, Ajax). A power may change
    `battle.attacker_total` / `defender_total`. True if a prompt was set."""
    return False


def loses_automatic_six(state: GameState, unit, enemy_units) -> bool:
    """A fortress or creature facing a Behemoth rolls a die instead of its automatic 6
    (rulebook, Behemoth; a second Behemoth adds nothing)."""
    if unit.kind not in ("fortress", "creature"):
        return False
    return any(_creature_of(e) == "behemoth" for e in enemy_units)


def on_sack(state: GameState, civ: str, province: str, building, ev: list[Event]) -> None:
    """After civ sacks a building (Nebuchadnezzar, Achilles: a later issue)."""


def lose_unit(state: GameState, unit, ev: list[Event]) -> None:
    """A unit is eliminated in battle (the Phoenix will wait on its card: a later issue)."""
    from ..rules.common import remove_unit
    remove_unit(state, unit)
