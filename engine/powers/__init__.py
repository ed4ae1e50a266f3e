"""The catalog of card powers: imports every card module once and registers it at the hook
points of engine/rules/hooks.py (docs/architecture.md, Card powers).

A card module is `engine/powers/<card>.py` with `CARD = "<card id>"` and module-level
functions named after the hook points it takes part in (see engine/rules/hooks.py and
engine/powers/base.py). The rules call the hooks and never import this package; importing
it (engine/game.py does) attaches every card.

The order below is the order in which cards answer a hook several take part in: the
copy of Castor & Pollux is chosen before Athena's holder names her role, and the active
powers are listed (in each decision's legal actions) in the order of the last block.
"""

from __future__ import annotations

from ..rules import hooks
from ..rules.hooks import (
    active_powers,
    base_cost,
    battle_bonus,
    can_be_convoyed,
    casualty_divisor,
    commodities_kept,
    cost,
    die_bonus,
    extra_items,
    fortress_limit,
    influence_anywhere,
    is_active,
    loses_automatic_six,
    on_acquire,
    on_sack,
    price,
    reductions,
    role_bonus,
    spend_reductions,
    spend_wild,
    trireme_moves,
    use_power,
    wild_commodity,
)
from ..rules.hooks import card_module as module_of
from ..rules.windows import open_window, phase_started
from . import (
    achilles,
    adonis,
    aeneas,
    agamemnon,
    ajax,
    antigone,
    archimedes,
    ariane,
    athena,
    atlas,
    baal,
    behemoth,
    castor_and_pollux,
    centaur,
    circe,
    cleopatra,
    colossus,
    croesus,
    gilgamesh,
    griffon,
    hamilcar,
    hammurabi,
    hanging_gardens,
    hannibal,
    helen_of_troy,
    hercules,
    hermes,
    imhotep,
    ishtar,
    isis,
    jason,
    julius_caesar,
    kraken,
    lighthouse,
    mars,
    mausoleum,
    medusa,
    midas,
    minos,
    moses,
    nebuchadnezzar,
    penthesilee,
    pericles,
    phoenix,
    poseidon,
    pyramids,
    queen_of_sheba,
    solomon,
    spartacus,
    statue_of_zeus,
    temple_of_artemis,
    titan,
    ulysses,
    vulcan,
)

# The names the rest of the code calls here (the hook points' own functions).
__all__ = [
    "active_powers",
    "base_cost",
    "battle_bonus",
    "can_be_convoyed",
    "casualty_divisor",
    "commodities_kept",
    "cost",
    "die_bonus",
    "extra_items",
    "fortress_limit",
    "influence_anywhere",
    "is_active",
    "loses_automatic_six",
    "module_of",
    "on_acquire",
    "on_sack",
    "open_window",
    "phase_started",
    "price",
    "reductions",
    "role_bonus",
    "spend_reductions",
    "spend_wild",
    "trireme_moves",
    "use_power",
    "wild_commodity",
]

CATALOG = (
    # cards whose holder does not trigger them
    achilles, adonis, agamemnon, antigone, archimedes, ariane, behemoth, castor_and_pollux,
    athena, atlas, centaur, circe, colossus, croesus, gilgamesh, griffon, hanging_gardens,
    hannibal, hermes, imhotep, ishtar, isis, julius_caesar, lighthouse, mausoleum, minos,
    moses, nebuchadnezzar, penthesilee, pericles, pyramids, queen_of_sheba, solomon,
    statue_of_zeus, temple_of_artemis, ulysses,
    # active powers (`uses` / `use`)
    baal, vulcan, cleopatra, hammurabi, spartacus, jason, phoenix, mars, poseidon, medusa,
    ajax, hamilcar, helen_of_troy, midas, aeneas, hercules, kraken, titan,
)

for _card in CATALOG:
    hooks.register(_card)
