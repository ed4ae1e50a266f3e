"""Cards of the game: resources, heroes, wonders, gods and creatures.

The texts are short summaries in the project's own words, for help screens and tooltips.
The behaviour of each card lives in `engine.powers`.
"""

from __future__ import annotations

import msgspec

TAX = "tax"
COMMODITIES: tuple[str, ...] = (
    "fish", "grain", "livestock", "metal", "olive_oil", "slaves", "wine",
    "fruit", "gems", "gold", "papyrus", "perfume", "pottery",
)
RESOURCES: tuple[str, ...] = (TAX, *COMMODITIES)

# Cards in the bank at the start of a game (docs/rules.md, The pieces and the supply).
RESOURCE_COUNTS: dict[str, int] = {
    TAX: 40,
    "fish": 11, "grain": 11, "livestock": 11, "metal": 11, "olive_oil": 11, "slaves": 11,
    "wine": 11,
    "fruit": 6, "gems": 6, "gold": 6, "papyrus": 6, "perfume": 6, "pottery": 6,
}

RESOURCE_NAMES: dict[str, str] = {
    TAX: "Tax", "fish": "Fish", "grain": "Grain", "livestock": "Livestock", "metal": "Metal",
    "olive_oil": "Olive Oil", "slaves": "Slaves", "wine": "Wine", "fruit": "Fruit",
    "gems": "Gems", "gold": "Gold", "papyrus": "Papyrus", "perfume": "Perfume",
    "pottery": "Pottery",
}


class Card(msgspec.Struct, frozen=True):
    id: str
    name: str
    kind: str  # "civ_hero" | "hero" | "wonder" | "god" | "creature"
    text: str
    civ: str | None = None  # civilization heroes and creatures
    expansion: bool = False  # new in the Mythology expansion
    updated: bool = False  # base card whose text the expansion replaces


def _c(id: str, name: str, kind: str, text: str, civ: str | None = None,
       expansion: bool = False, updated: bool = False) -> Card:
    return Card(id, name, kind, text, civ, expansion, updated)


CIV_HEROES: dict[str, Card] = {c.id: c for c in (
    _c("julius_caesar", "Julius Caesar", "civ_hero",
       "Rome builds legions for 2 instead of 3.", "rome", updated=True),
    _c("hannibal", "Hannibal", "civ_hero",
       "Carthage's legions add 1 to every die they roll in battle. Brings one free legion "
       "in Carthago.", "carthage", updated=True),
    _c("pericles", "Pericles", "civ_hero",
       "Greece builds triremes for 2 and its triremes add 1 to every die in sea battles. "
       "Brings one free trireme in Athenae/Sparta.", "greece", updated=True),
    _c("cleopatra", "Cleopatra", "civ_hero",
       "Once each construction phase, swap one commodity card for one tax card with the bank, "
       "or the other way round.", "egypt"),
    _c("hammurabi", "Hammurabi", "civ_hero",
       "One free influence marker each construction phase, placed by the usual rules.",
       "babylon"),
    _c("atlas", "Atlas", "civ_hero",
       "Atlantis builds triremes for 2 and its triremes may move two sea spaces; a trireme "
       "that fights after its first move stops there.", "atlantis", expansion=True),
)}

BASE_GENERAL_HEROES: dict[str, Card] = {c.id: c for c in (
    _c("agamemnon", "Agamemnon", "hero",
       "Counts 3 extra caravans and markets when the Director of Commerce is decided.",
       updated=True),
    _c("archimedes", "Archimedes", "hero",
       "Counts 3 extra military units when the Military Leader is decided.", updated=True),
    _c("helen_of_troy", "Helen of Troy", "hero",
       "Once each military phase, before the dice of a battle in a province with your "
       "influence, swap one enemy legion there for a legion from your reserve."),
    _c("nebuchadnezzar", "Nebuchadnezzar", "hero",
       "When you sack, take a card from the bank for what you destroyed: a commodity for a "
       "caravan, a tax for a city, any card the province produces for a temple or market.",
       updated=True),
    _c("solomon", "Solomon", "hero",
       "Counts 3 extra cities and temples when the Political Leader is decided.",
       updated=True),
    _c("ulysses", "Ulysses", "hero",
       "Once each commerce phase, after trading, swap one of your commodity cards with the "
       "bank for a commodity of your choice."),
)}

WONDERS: dict[str, Card] = {c.id: c for c in (
    _c("colossus", "Colossus", "wonder",
       "Once each commerce phase, after production, take one commodity of your choice from "
       "the bank."),
    _c("hanging_gardens", "Hanging Gardens", "wonder",
       "At the end of construction you may keep two commodity cards.", updated=True),
    _c("temple_of_artemis", "Temple of Artemis", "wonder",
       "Once each construction phase, counts as one commodity of your choice in a set of "
       "different commodities, without being spent."),
    _c("statue_of_zeus", "Statue of Zeus", "wonder",
       "You may have two fortresses in a province. Brings one free fortress.", updated=True),
    _c("lighthouse", "Lighthouse", "wonder",
       "Your influence markers need not be next to your provinces. Brings one free "
       "influence marker.", updated=True),
    _c("mausoleum", "Mausoleum", "wonder",
       "Influence markers and buildings cost you 1 less.", updated=True),
)}

PYRAMIDS = Card("pyramids", "Pyramids", "wonder",
                "Building the Pyramids wins the game at once (a set of 12, or 13 in the long "
                "game).")

NEW_HEROES: dict[str, Card] = {c.id: c for c in (
    _c("achilles", "Achilles", "hero",
       "After winning a battle, sack one building for each of your units left there.",
       expansion=True),
    _c("adonis", "Adonis", "hero",
       "When everyone has made their offering, take one more god for free.", expansion=True),
    _c("ajax", "Ajax", "hero",
       "In ground battles, roll again any of your dice, once.", expansion=True),
    _c("antigone", "Antigone", "hero",
       "After hearing how many cards are traded, you may stay out of the trade.",
       expansion=True),
    _c("ariane", "Ariane", "hero",
       "In battle, your side adds 1 for each city and caravan and 2 for each market and "
       "temple in the province.", expansion=True),
    _c("castor_and_pollux", "Castor & Pollux", "hero",
       "Work as a copy of another player's general hero of your choice.", expansion=True),
    _c("circe", "Circe", "hero",
       "Your legions on free commodity sites in your provinces produce like caravans; a "
       "market doubles them.", expansion=True),
    _c("croesus", "Croesus", "hero",
       "You may build in a province the turn you place influence there, and pay 1 less for "
       "one item of each kind there.", expansion=True),
    _c("aeneas", "Aeneas", "hero",
       "Each turn, one sea space of your choice carries your ground units without "
       "triremes.", expansion=True),
    _c("gilgamesh", "Gilgamesh", "hero",
       "When you place influence in a new province, add a free fortress there.",
       expansion=True),
    _c("hamilcar", "Hamilcar", "hero",
       "In ground battles, any of your dice may count as a 4 instead of being rolled.",
       expansion=True),
    _c("hercules", "Hercules", "hero",
       "Once each turn, one of your legions acts as your creature.", expansion=True),
    _c("imhotep", "Imhotep", "hero",
       "Wonders, the Pyramids included, cost you 1 card less.", expansion=True),
    _c("jason", "Jason", "hero",
       "Once each construction phase, take over a caravan your legion occupies and move it "
       "to a free commodity site in one of your provinces.", expansion=True),
    _c("medusa", "Medusa", "hero",
       "Once each turn, before the dice, forbid all battle in one province where you have "
       "units.", expansion=True),
    _c("midas", "Midas", "hero",
       "In a battle, pay 2 tax cards to turn one enemy legion into one of yours from your "
       "reserve.", expansion=True),
    _c("minos", "Minos", "hero",
       "On islands, one item of each kind each turn costs you 1 less.", expansion=True),
    _c("moses", "Moses", "hero",
       "Counts 2 extra when the High Priest is decided; your ground units and influence "
       "cross the straits without triremes.", expansion=True),
    _c("penthesilee", "Penthesilee", "hero",
       "Your ground units are lost one for every 6 points against them instead of 5.",
       expansion=True),
    _c("queen_of_sheba", "Queen of Sheba", "hero",
       "Build legions from your reserve in any province on the edge of the board, with or "
       "without influence there.", expansion=True),
    _c("spartacus", "Spartacus", "hero",
       "Once each construction phase, build one legion for a single Slaves card.",
       expansion=True),
)}

GODS: dict[str, Card] = {c.id: c for c in (
    _c("athena", "Athena", "god", "Counts 2 extra toward one role of your choice.",
       expansion=True),
    _c("baal", "Baal", "god", "Destroy one city of another player, anywhere.", expansion=True),
    _c("hermes", "Hermes", "god",
       "After production, take 3 more cards of kinds you produced.", expansion=True),
    _c("ishtar", "Ishtar", "god", "Cancel another god's power aimed at you.", expansion=True),
    _c("isis", "Isis", "god",
       "After production and Hermes, give every player, yourself too, one card from the "
       "bank in secret.", expansion=True),
    _c("mars", "Mars", "god", "Add 6 to one battle total after seeing the dice.",
       expansion=True),
    _c("poseidon", "Poseidon", "god",
       "Destroy one enemy trireme anywhere, even while it carries or fights.", expansion=True),
    _c("vulcan", "Vulcan", "god", "Destroy one caravan of another player, anywhere.",
       expansion=True),
)}

CREATURES: dict[str, Card] = {c.id: c for c in (
    _c("centaur", "Centaur", "creature",
       "Before the dice, each centaur destroys one enemy legion in its battle.", "greece",
       expansion=True),
    _c("behemoth", "Behemoth", "creature",
       "Enemy fortresses and creatures lose their automatic 6 against it.", "carthage",
       expansion=True),
    _c("griffon", "Griffon", "creature",
       "Flies up to two spaces, over sea or enemy armies; cannot be carried by triremes.",
       "babylon", expansion=True),
    _c("kraken", "Kraken", "creature",
       "Moves only on coasts and seas, fights triremes at sea, can dive and emerge in any "
       "sea; cannot be carried by triremes.", "atlantis", expansion=True),
    _c("phoenix", "Phoenix", "creature",
       "When lost it waits on its card and can come back in the capital for a set of 3.",
       "egypt", expansion=True),
    _c("titan", "Titan", "creature",
       "May attack units in a neighbouring province or sea instead of its own, rolling a "
       "die each.", "rome", expansion=True),
)}

CIV_CREATURE: dict[str, str] = {c.civ: c.id for c in CREATURES.values() if c.civ}
CIV_HERO: dict[str, str] = {c.civ: c.id for c in CIV_HEROES.values() if c.civ}

# Heroes and wonders that may be drawn into the display (docs/rules.md, Cards).
RANDOM_PILE: tuple[str, ...] = (*BASE_GENERAL_HEROES, *WONDERS, *NEW_HEROES)
SET_ASIDE = 8

ALL_CARDS: dict[str, Card] = {
    **CIV_HEROES, **BASE_GENERAL_HEROES, **WONDERS, "pyramids": PYRAMIDS, **NEW_HEROES,
    **GODS, **CREATURES,
}

ROLES: tuple[str, ...] = (
    "director_of_commerce", "high_priest", "political_leader", "military_leader",
)
ROLE_NAMES: dict[str, str] = {
    "director_of_commerce": "Director of Commerce",
    "high_priest": "High Priest",
    "political_leader": "Political Leader",
    "military_leader": "Military Leader",
}

CIV_NAMES: dict[str, str] = {
    "rome": "Rome", "carthage": "Carthage", "greece": "Greece", "egypt": "Egypt",
    "babylon": "Babylon", "atlantis": "Atlantis",
}


def is_hero_or_wonder(card: str) -> bool:
    return ALL_CARDS[card].kind in ("civ_hero", "hero", "wonder")

# The key a payment uses for a card counted as one commodity of its holder's choice in a
# set (engine/rules/payment.py); the card whose power it is answers the hook `wild_commodity`.
WILD = "temple_of_artemis"
