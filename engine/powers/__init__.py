"""Hook points where the cards' powers change the rules (ARCHITECTURE.md, Card powers).

The phase modules call these functions; each one dispatches to the card modules,
`engine/powers/<card>.py`, which hold the cards' behaviour (see `engine/powers/base.py` for
what a card module provides). Reductions are never added up: an item takes the single best
one (rulebook, Rules for Construction).

Active powers (base-game.md 4): `active_powers(state, civ, window)` lists the `UsePower`
actions civ may take now and `use_power` applies one. Every decision registered in
engine/rules/registry.py offers them to the player deciding; reaction windows
(`open_window`, engine/powers/windows.py) offer them to the others. Decisions that powers
owe wait in `state.pending_powers` and are asked as `Reaction` prompts.
"""

from __future__ import annotations

from types import ModuleType

from ..actions import Item, UsePower
from ..data.costs import COSTS, PYRAMIDS_COST, PYRAMIDS_COST_LONG
from ..events import Event
from ..rules.common import holds, seat_order_from
from ..state import GameState
from . import (
    achilles,
    adonis,
    agamemnon,
    antigone,
    archimedes,
    ariane,
    athena,
    atlas,
    baal,
    castor_and_pollux,
    centaur,
    circe,
    cleopatra,
    colossus,
    croesus,
    gilgamesh,
    griffon,
    hammurabi,
    hanging_gardens,
    hannibal,
    hermes,
    imhotep,
    ishtar,
    isis,
    jason,
    julius_caesar,
    kraken,
    lighthouse,
    mausoleum,
    minos,
    moses,
    nebuchadnezzar,
    pericles,
    phoenix,
    queen_of_sheba,
    solomon,
    spartacus,
    statue_of_zeus,
    temple_of_artemis,
    ulysses,
    vulcan,
    windows,
)
from .base import card_name, refuse
from .windows import open_window  # noqa: F401  (for the military phase's windows)

MODULES: dict[str, ModuleType] = {m.CARD: m for m in (
    achilles, adonis, agamemnon, antigone, archimedes, ariane, athena, atlas, baal, castor_and_pollux,
    centaur, circe, cleopatra, colossus, croesus, gilgamesh, griffon, hammurabi, hanging_gardens,
    hannibal, hermes, imhotep, ishtar, isis, jason, julius_caesar, kraken, lighthouse, mausoleum,
    minos, moses, nebuchadnezzar, pericles, phoenix, queen_of_sheba, solomon, spartacus,
    statue_of_zeus, temple_of_artemis, ulysses, vulcan,
)}

# Cards whose holder triggers the power with a UsePower action in his own decisions (and in
# reaction windows); `register_active` adds more (the military phase's gods and heroes).
ACTIVE: dict[str, ModuleType] = {m.CARD: m for m in (
    baal, vulcan, cleopatra, hammurabi, spartacus, jason, phoenix,
)}

for _m in (athena, castor_and_pollux, colossus, hermes, isis, ulysses, antigone, adonis,
           ishtar, nebuchadnezzar):
    windows.register(_m)


_HOOKED: dict[str, tuple[ModuleType, ...]] = {}


def _with(attr: str) -> tuple[ModuleType, ...]:
    """The card modules taking part in a hook (computed once)."""
    if attr not in _HOOKED:
        _HOOKED[attr] = tuple(m for m in MODULES.values() if hasattr(m, attr))
    return _HOOKED[attr]


def module_of(card: str) -> ModuleType:
    return MODULES.get(card) or ACTIVE[card]


def register_active(module: ModuleType) -> None:
    """Attach another card module with `uses` and `use` (and, for a god whose power is
    aimed at a player, `resolve` and `cancelled` for Ishtar)."""
    ACTIVE[module.CARD] = module
    MODULES.setdefault(module.CARD, module)
    _HOOKED.clear()


# The military phase's gods and heroes (engine/powers/<card>.py).
from . import (  # noqa: E402
    aeneas,
    ajax,
    hamilcar,
    helen_of_troy,
    hercules,
    mars,
    medusa,
    midas,
    poseidon,
    titan,
)

for _m in (mars, poseidon, medusa, ajax, hamilcar, helen_of_troy, midas, aeneas, hercules,
           kraken, titan):
    register_active(_m)


# --- active powers --------------------------------------------------------------------------
def is_active(card: str) -> bool:
    """Is a UsePower of this card handled here (rather than by the decision's handler)?"""
    return card in ACTIVE or card in MODULES


def active_powers(state: GameState, civ: str, window: str = "") -> list[UsePower]:
    """The UsePower actions civ may take now: in his own decision (window "") or in the
    named reaction window."""
    return [a for m in ACTIVE.values() for a in m.uses(state, civ, window)]


def use_power(state: GameState, civ: str, action: UsePower, ev: list[Event],
              window: str = "") -> None:
    """Validate and apply an active power (IllegalAction naming the card if refused)."""
    m = ACTIVE.get(action.card)
    if m is None:
        when = getattr(MODULES.get(action.card), "WHEN", "it is not used this way")
        raise refuse(action.card, f"{card_name(action.card)} has no power to use now: {when}")
    m.use(state, civ, action, ev, window)


def phase_started(state: GameState, phase: str, ev: list[Event]) -> None:
    """A reaction window at the start of each phase, for powers usable at any time
    (base-game.md 4), its players in seat order from the phase's role holder."""
    role = {"commerce": "director_of_commerce", "offering": "high_priest",
            "construction": "political_leader", "military": "military_leader"}.get(phase)
    if role is None or not state.players:
        return
    first = state.roles.get(role) or state.players[0].civ
    open_window(state, "phase_start", seat_order_from(state, first))


# --- roles ----------------------------------------------------------------------------------
def role_bonus(state: GameState, civ: str, role: str) -> int:
    return sum(m.role_bonus(state, civ, role) for m in _with("role_bonus"))


def before_roles(state: GameState, ev: list[Event]) -> bool:
    """At the start of the turn, before roles are computed: Castor & Pollux choose their
    copy, then Athena's holder names her role. True if a decision is pending."""
    a = castor_and_pollux.before_roles(state)
    b = athena.before_roles(state)
    return a or b


# --- costs ----------------------------------------------------------------------------------
def base_cost(state: GameState, item: Item) -> int:
    if item.kind == "card":
        if item.card == "pyramids":
            return PYRAMIDS_COST_LONG if state.config.long_game else PYRAMIDS_COST
        return COSTS["hero"]
    return COSTS[item.kind]


def _offers(state: GameState, civ: str, item: Item) -> list[tuple[int, str]]:
    """(cards off, limit key) for every reduction of the item; a key ("" for none) names a
    reduction that applies once (Croesus, Minos) and is spent when used."""
    out = []
    for m in _with("reduction"):
        r = m.reduction(state, civ, item)
        if r:
            out.append(r)
    return out


def _best(state: GameState, civ: str, item: Item, taken: set[str]) -> tuple[int, str]:
    """The single best reduction still available; unlimited ones first on a tie, so that a
    limited one is kept for another item."""
    best = (0, "")
    for n, key in _offers(state, civ, item):
        if key and (key in state.used_powers or key in taken):
            continue
        if n > best[0] or (n == best[0] and best[1] and not key):
            best = (n, key)
    return best


def reductions(state: GameState, civ: str, item: Item) -> list[int]:
    """Every reduction that applies to the item now (each as a number of cards)."""
    return [n for n, key in _offers(state, civ, item) if not key or key not in state.used_powers]


def cost(state: GameState, civ: str, item: Item, free_setup: bool = False) -> int:
    """What an item costs this player: the base cost less the single best reduction.
    In the free setup the heroes' abilities do not apply (rulebook, Free Setup)."""
    c = base_cost(state, item)
    if free_setup:
        return c
    return c - _best(state, civ, item, set())[0]


def price(state: GameState, civ: str, items: list[Item]) -> tuple[int, list[str]]:
    """The total cost of items bought together, and the once-only reductions it spends
    (one caravan and one legion of several get Croesus' -1: rulebook Q&A)."""
    taken: set[str] = set()
    keys: list[str] = []
    total = 0
    for it in items:
        n, key = _best(state, civ, it, taken)
        if key:
            taken.add(key)
            keys.append(key)
        total += base_cost(state, it) - n
    return total, keys


def spend_reductions(state: GameState, keys: list[str]) -> None:
    state.used_powers.extend(keys)


def wild_commodity(state: GameState, civ: str) -> bool:
    """May civ count a card as one commodity of his choice in a set now (Temple of Artemis)?"""
    return temple_of_artemis.wild_commodity(state, civ)


def spend_wild(state: GameState, civ: str, ev: list[Event]) -> None:
    temple_of_artemis.spend(state, civ, ev)


# --- placement ------------------------------------------------------------------------------
def on_acquire(state: GameState, civ: str, card: str, ev: list[Event],
               free_setup: bool = False) -> None:
    """When a card is acquired: free placements (Hannibal, Pericles, Statue of Zeus,
    Lighthouse), Castor & Pollux's first copy."""
    m = MODULES.get(card)
    if m is not None and hasattr(m, "on_acquire"):
        m.on_acquire(state, civ, ev, free_setup)


def on_influence(state: GameState, civ: str, province: str, mode: str,
                 ev: list[Event]) -> None:
    """After an influence marker is placed (Gilgamesh's free fortress)."""
    for m in _with("on_influence"):
        m.on_influence(state, civ, province, mode, ev)


def may_build_new_province(state: GameState, civ: str, province: str) -> bool:
    """May civ build in a province he influenced in this construction phase (Croesus)?"""
    return croesus.may_build_new(state, civ, province)


def build_site_exempt(state: GameState, civ: str, item: Item, mode: str) -> bool:
    """May the item go where civ has no influence (Queen of Sheba's mercenaries)?"""
    return queen_of_sheba.build_site_exempt(state, civ, item, mode)


def extra_items(state: GameState, civ: str) -> list[Item]:
    """Items civ may build outside his provinces (offered in his construction turn)."""
    return queen_of_sheba.extra_items(state, civ)


def fortress_limit(state: GameState, civ: str) -> int:
    """Fortresses of civ allowed in one province (Statue of Zeus: 2)."""
    return statue_of_zeus.fortress_limit(state, civ)


def influence_anywhere(state: GameState, civ: str) -> bool:
    """May civ's influence markers go anywhere (Lighthouse)?"""
    return lighthouse.influence_anywhere(state, civ)


def commodities_kept(state: GameState, civ: str) -> int:
    """Commodity cards civ keeps at the end of construction (Hanging Gardens: 2)."""
    return hanging_gardens.commodities_kept(state, civ)


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


def battle_bonus(state: GameState, civ: str, area: str, naval: bool) -> int:
    """Added once to a side's total in a battle in `area` (Ariane's buildings)."""
    return ariane.battle_bonus(state, civ, area, naval)


def construction_power(state: GameState, civ: str, action, ev: list[Event]) -> bool:
    """An active power used in a construction turn (Cleopatra, Jason, ...). Returns False
    when the action is no such power. (The decision registry applies UsePower actions of
    these cards before the handler is reached; this stays for callers that do not.)"""
    if isinstance(action, UsePower) and is_active(action.card):
        use_power(state, civ, action, ev)
        return True
    return False


# --- commerce -------------------------------------------------------------------------------
def extra_production(state: GameState, production: dict[str, dict[str, int]]) -> None:
    """Production that comes from cards (Circe's legions)."""
    circe.extra_production(state, production)


def commerce_powers(state: GameState, ev: list[Event]) -> bool:
    """After production: Colossus, Hermes, then Isis. True if a decision is pending."""
    asked = [m.after_production(state) for m in (colossus, hermes, isis)]
    return any(asked)


def trade_announced(state: GameState, ev: list[Event]) -> bool:
    """After the Director announced N: Antigone's holder may stay out."""
    return antigone.after_announce(state)


def after_trade_powers(state: GameState, ev: list[Event]) -> bool:
    """After trading: Ulysses. True if a decision is pending."""
    return ulysses.after_trade(state)


def may_stay_out(state: GameState, civ: str, n: int) -> bool:
    """Has civ stayed out of the trade (Antigone)?"""
    return antigone.may_stay_out(state, civ, n)


# --- offering -------------------------------------------------------------------------------
def after_offering_powers(state: GameState, ev: list[Event]) -> bool:
    """When every player has made his offering: Adonis. True if a decision is pending."""
    return adonis.after_offering(state)


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
    if unit.kind == "legion" and hercules.moves_as_creature(state, unit):
        return False  # a Hercules legion moving as Babylon's Griffon
    return _creature_of(unit) not in ("griffon", "kraken")


def ground_steps(state: GameState, unit, steps: list[str]) -> list[str]:
    """The provinces a legion or creature reaches by its own move, given its land steps
    (the Griffon's flight, the Kraken's coasts)."""
    return kraken.ground_steps(state, unit, griffon.ground_steps(state, unit, steps))


def sea_landings(state: GameState, unit) -> list[str]:
    """The provinces a ground unit at sea may land on in the ground step (a Kraken: the
    coasts of its sea)."""
    return kraken.sea_landings(unit)


def unit_built(state: GameState, unit) -> None:
    """A military unit was built (a new Kraken may emerge at once: rulebook Q&A)."""
    kraken.unit_built(state, unit)


def convoy_extra_seas(state: GameState, civ: str) -> list[str]:
    """Seas that count as held by civ's triremes for a convoy (Aeneas' announced sea)."""
    return aeneas.extra_seas(state, civ)


def _military_window(state: GameState, window: str) -> bool:
    """Open a military reaction window, its players in seat order from the active player."""
    first = state.order.active or (state.players[0].civ if state.players else None)
    if first is None:
        return False
    return open_window(state, window, seat_order_from(state, first))


def move_declared(state: GameState, civ: str, move, ev: list[Event]) -> bool:
    """Reaction window after a ground move or convoy is declared and before it resolves
    (base-game.md 4: Poseidon against a convoy). True if a prompt was set."""
    return _military_window(state, "move_declared")


def before_battle(state: GameState, battle, ev: list[Event]) -> bool:
    """Reaction window before the dice of a battle (Medusa, Centaur, Helen of Troy).
    True if a prompt was set."""
    if medusa.forbidden(state, battle.area):
        from ..rules.combat import cancel_battle
        cancel_battle(state, ev)  # Medusa forbade combat here this turn
        return False
    return _military_window(state, "before_battle")


def battle_begins(state: GameState, battle, ev: list[Event]) -> None:
    """After the window before the dice, as the dice are about to be rolled (Centaur)."""
    centaur.battle_begins(state, battle, ev)


def battle_over(state: GameState) -> None:
    """A battle ends (before its losses are removed): a Hercules legion is a legion again."""
    hercules.battle_over(state)


def after_dice(state: GameState, battle, ev: list[Event]) -> bool:
    """Reaction window after the dice and before casualties (Mars, Ajax). A power may change
    `battle.attacker_total` / `defender_total`. True if a prompt was set."""
    return _military_window(state, "after_dice")


def loses_automatic_six(state: GameState, unit, enemy_units) -> bool:
    """A fortress or creature facing a Behemoth rolls a die instead of its automatic 6
    (rulebook, Behemoth; a second Behemoth adds nothing)."""
    if unit.kind not in ("fortress", "creature"):
        return False
    return any(_creature_of(e) == "behemoth" for e in enemy_units)


def on_sack(state: GameState, civ: str, province: str, building, ev: list[Event]) -> None:
    """After civ sacks a building (Nebuchadnezzar; Achilles: a later issue)."""
    nebuchadnezzar.on_sack(state, civ, province, building, ev)


def extra_sacks(state: GameState, civ: str, province: str) -> int:
    """After civ sacked a building: how many more he may sack there now (Achilles)."""
    return achilles.extra_sacks(state, civ, province)


def lose_unit(state: GameState, unit, ev: list[Event]) -> None:
    """A unit is eliminated in battle (the Phoenix waits on its card)."""
    if phoenix.lose_unit(state, unit, ev):
        return
    from ..rules.common import remove_unit
    remove_unit(state, unit)
