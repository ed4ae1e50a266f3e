"""The catalog of card powers: imports every card module once and registers it at the hook
points of engine/rules/hooks.py (docs/architecture.md, Card powers).

A card module is `engine/powers/<card>.py` with `CARD = "<card id>"`, `HOOKS`, the hook
points it takes part in (engine/rules/hook_points.py lists them all, each with what it is
for), and a module-level function of each of those names (see engine/powers/base.py).
Registration refuses a module whose functions and declaration differ
(engine/rules/card_registry.py). The rules call the hooks and never import this package;
importing it (engine/game.py does) attaches every card.

`CATALOG` is the cards' order, given to each at registration, whatever order the modules
are imported in: where several cards answer one hook they are asked in it.
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

# The cards' order. It decides, where several cards answer one hook:
# - the order of the questions queued at one moment: Castor & Pollux's copy is chosen
#   before Athena's holder names her role (`before_roles`: the copy is known when
#   she is named), and after production the Colossus asks
#   before Hermes and Isis;
# - which of two equal reductions an item takes (the first; a once-only one is kept for
#   later items), the first card's own cost (`card_cost`) and piece (`piece_kind`);
# - the order of the events of one moment (`battle_begins`: the Centaur's, then
#   Hercules');
# - the order of the active powers in each decision's legal actions (the last block),
#   which the computer players' picks and so every recorded game's hashes depend on.
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

for _place, _card in enumerate(CATALOG):
    hooks.register(_card, _place)
