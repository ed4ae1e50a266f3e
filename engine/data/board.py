"""The board: land provinces, seas, straits, predetermined setups and the map layout.

This is the project's own board (base board plus the western Mythology board), in numbered
sections that tests/test_board_data.py names: 2 the land provinces, 3 the seas, 4 the straits,
5 the setups, 6 the layout grid and the map sketch. The ids are the contract: rules, saves and
the TUI refer to provinces and seas by them. Labels (3-4 letters) and Latin names are for
the screen only.

Conventions:
- ``land_neighbours`` is symmetric; islands have none. A strait is *not* a land border.
- ``coastal`` means the province touches at least one sea; ``edge`` means it touches the
  outer edge of the whole board (the Queen of Sheba recruits there).
- Commodity sites use the commodity ids of ``engine.data.cards`` (e.g. ``"olive_oil"``).
  There are no tax sites: cities yield tax.
- ``LAYOUT_GRID`` is 40 x 20; each character is an area's ``grid`` code and covers a
  3-column x 2-row block of ``MAP_SKETCH``. ``=`` is Sinus Arabicus, which is no space.
  Cells sharing a side belong to neighbouring areas.
"""

from __future__ import annotations

import msgspec


class Province(msgspec.Struct, frozen=True):
    id: str
    label: str
    grid: str
    name: str
    region: str
    board: str  # "base" | "west"
    island: bool
    coastal: bool
    edge: bool
    city_site: str | None  # city site name, e.g. "Roma"
    commodity_sites: tuple[str, ...]  # commodity ids, e.g. ("olive_oil", "metal", "fish")
    land_neighbours: tuple[str, ...]
    seas: tuple[str, ...]
    capital_of: str | None  # civ id


class Sea(msgspec.Struct, frozen=True):
    id: str
    label: str
    grid: str
    name: str
    board: str  # "base" | "west"
    neighbour_seas: tuple[str, ...]
    provinces: tuple[str, ...]  # coastal provinces touching this sea


class Strait(msgspec.Struct, frozen=True):
    id: str
    name: str
    a: str
    b: str
    seas: tuple[str, ...]  # seas both provinces touch


class SetupPiece(msgspec.Struct, frozen=True):
    # "influence" | "city" | "caravan" | "market" | "temple" | "fortress" | "legion" | "trireme"
    kind: str
    count: int
    where: str  # province id, or sea id for a trireme
    site: str | None  # city site name for a city, commodity id for a caravan, else None


class CivSetup(msgspec.Struct, frozen=True):
    civ: str
    name: str
    capital: str
    provinces: tuple[str, ...]  # capital first
    role: str | None  # starting role id
    pieces: tuple[SetupPiece, ...]


CIVS: tuple[str, ...] = ("rome", "carthage", "greece", "egypt", "babylon", "atlantis")

_FLAGS = frozenset({"island", "coastal", "edge"})


def _ids(text: str) -> tuple[str, ...]:
    """Space-separated ids -> tuple ("" -> ())."""
    return tuple(text.split())


def _p(id: str, label: str, grid: str, name: str, region: str, board: str, flags: str,
       city_site: str | None, commodities: str, land: str, seas: str,
       capital_of: str | None) -> Province:
    flag_set = set(flags.split())
    if not flag_set <= _FLAGS:
        raise ValueError(f"{id}: unknown flags {flags!r}")
    return Province(id, label, grid, name, region, board, "island" in flag_set,
                    "coastal" in flag_set, "edge" in flag_set, city_site, _ids(commodities),
                    _ids(land), _ids(seas), capital_of)


def _s(id: str, label: str, grid: str, name: str, board: str, seas: str,
       provinces: str) -> Sea:
    return Sea(id, label, grid, name, board, _ids(seas), _ids(provinces))


def _t(id: str, name: str, a: str, b: str, seas: str) -> Strait:
    return Strait(id, name, a, b, _ids(seas))


def _setup(civ: str, name: str, capital: str, provinces: str, role: str | None,
           pieces: tuple[tuple[str, int, str, str | None], ...]) -> CivSetup:
    return CivSetup(civ, name, capital, _ids(provinces), role,
                    tuple(SetupPiece(*piece) for piece in pieces))


# 2. Land provinces. Columns: id, label, grid code, name, region,
# board, flags (island / coastal / edge), city site, commodity sites, land neighbours,
# seas touched, capital of.
PROVINCES: dict[str, Province] = {p.id: p for p in (
    _p("corsica", "CORS", "4", "Corsica", "Italia", "base", "island coastal", None,
       "", "", "sinus_gallicus mare_tyrrhenum", None),
    _p("sardinia", "SARD", "5", "Sardinia", "Italia", "base", "island coastal", "Caralis",
       "metal slaves", "", "mare_sardoum mare_tyrrhenum mare_africum", None),
    _p("gallia_cisalpina", "CISA", "z", "Gallia Cisalpina", "Italia", "base", "coastal edge", None,
       "grain livestock", "gallia_narbonensis etruria", "mare_tyrrhenum mare_hadriaticum", None),
    _p("etruria", "ETRU", "r", "Etruria", "Italia", "base", "coastal", None,
       "metal pottery", "gallia_cisalpina roma", "mare_tyrrhenum", None),
    _p("roma", "ROMA", "m", "Roma", "Italia", "base", "coastal", "Roma",
       "wine", "etruria magna_graecia", "mare_tyrrhenum mare_hadriaticum", "rome"),
    _p("magna_graecia", "MAGN", "u", "Magna Graecia", "Italia", "base", "coastal", "Tarentum",
       "olive_oil wine", "roma", "mare_tyrrhenum mare_hadriaticum mare_ionium", None),
    _p("sicilia", "SICI", "6", "Sicilia", "Italia", "base", "island coastal", "Syracusae",
       "grain fish", "", "mare_tyrrhenum mare_africum mare_ionium", None),
    _p("epirus", "EPIR", "v", "Epirus", "Graecia", "base", "coastal", None,
       "livestock", "macedonia athenae_sparta", "mare_hadriaticum mare_ionium", None),
    _p("macedonia", "MACE", "w", "Macedonia", "Graecia", "base", "coastal edge", "Pella",
       "gold", "epirus athenae_sparta thracia", "mare_hadriaticum mare_aegaeum", None),
    _p("athenae_sparta", "ATHE", "a", "Athenae/Sparta", "Graecia", "base", "coastal", "Athenae",
       "olive_oil wine", "epirus macedonia", "mare_ionium mare_aegaeum", "greece"),
    _p("thracia", "THRA", "h", "Thracia", "Graecia", "base", "coastal edge", "Byzantium",
       "slaves fish", "macedonia scythia", "mare_aegaeum propontis pontus_euxinus", None),
    _p("creta", "CRET", "7", "Creta", "Graecia", "base", "island coastal", "Cnossus",
       "wine olive_oil", "", "mare_aegaeum mare_libycum", None),
    _p("rhodos", "RHOD", "8", "Rhodos", "Graecia", "base", "island coastal", "Rhodus",
       "", "", "mare_aegaeum mare_cilicium", None),
    _p("scythia", "SCYT", "y", "Scythia", "Pontus Euxinus", "base", "coastal edge", None,
       "slaves livestock", "thracia chersonesus_taurica", "pontus_euxinus", None),
    _p("chersonesus_taurica", "TAUR", "j", "Chersonesus Taurica", "Pontus Euxinus", "base",
       "coastal", "Panticapaeum",
       "grain fish", "scythia", "pontus_euxinus", None),
    _p("troas", "TROA", "x", "Troas", "Asia Minor", "base", "coastal", "Ilium",
       "olive_oil", "bithynia ionia", "mare_aegaeum propontis", None),
    _p("bithynia", "BITH", "i", "Bithynia", "Asia Minor", "base", "coastal", None,
       "slaves", "troas ionia pontus", "propontis pontus_euxinus", None),
    _p("ionia", "IONI", "f", "Ionia", "Asia Minor", "base", "coastal", "Ephesus",
       "wine fruit", "troas bithynia pontus cilicia", "mare_aegaeum mare_cilicium", None),
    _p("pontus", "PONT", "d", "Pontus", "Asia Minor", "base", "coastal edge", "Sinope",
       "metal fish", "bithynia ionia cilicia syria mesopotamia", "pontus_euxinus", None),
    _p("cilicia", "CILI", "C", "Cilicia", "Asia Minor", "base", "coastal", None,
       "slaves", "ionia pontus syria", "mare_cilicium", None),
    _p("cyprus", "CYPR", "9", "Cyprus", "Asia Minor", "base", "island coastal", "Salamis",
       "metal", "", "mare_cilicium mare_aegyptium", None),
    _p("syria", "SYRI", "S", "Syria", "Oriens", "base", "coastal", "Antiochia",
       "fruit", "cilicia pontus mesopotamia arabia iudaea", "mare_cilicium mare_aegyptium", None),
    _p("iudaea", "IUDA", "J", "Iudaea", "Oriens", "base", "coastal", "Hierosolyma",
       "perfume olive_oil", "syria arabia alexandria", "mare_aegyptium", None),
    _p("arabia", "ARAB", "R", "Arabia", "Oriens", "base", "edge", None,
       "perfume gems", "syria iudaea mesopotamia babylon", "", None),
    _p("mesopotamia", "MESO", "M", "Mesopotamia", "Mesopotamia", "base", "edge", "Ninus",
       "livestock", "pontus syria arabia babylon", "", None),
    _p("babylon", "BABY", "N", "Babylon", "Mesopotamia", "base", "edge", "Babylon",
       "grain fruit", "mesopotamia arabia", "", "babylon"),
    _p("alexandria", "ALEX", "Q", "Alexandria", "Aegyptus", "base", "coastal", "Alexandria",
       "papyrus grain", "iudaea cyrenaica heptanomis thebais", "mare_libycum mare_aegyptium",
       "egypt"),
    _p("heptanomis", "HEPT", "U", "Heptanomis", "Aegyptus", "base", "edge", "Memphis",
       "papyrus grain", "alexandria thebais cyrenaica", "", None),
    _p("thebais", "THEB", "V", "Thebais", "Aegyptus", "base", "edge", "Thebae",
       "gold papyrus", "alexandria heptanomis", "", None),
    _p("cyrenaica", "CYRE", "3", "Cyrenaica", "Africa", "base", "coastal edge", "Cyrene",
       "perfume", "alexandria heptanomis tripolitania", "mare_ionium mare_libycum", None),
    _p("tripolitania", "TRIP", "2", "Tripolitania", "Africa", "base", "coastal edge",
       "Leptis Magna",
       "olive_oil", "cyrenaica carthago numidia", "mare_africum mare_ionium", None),
    _p("carthago", "CART", "k", "Carthago", "Africa", "base", "coastal", "Carthago",
       "fruit gems", "numidia tripolitania", "mare_africum", "carthage"),
    _p("numidia", "NUMI", "1", "Numidia", "Africa", "base", "coastal edge", None,
       "grain livestock", "carthago tripolitania mauretania_caesariensis",
       "mare_sardoum mare_africum", None),
    _p("aquitania", "AQUI", "q", "Aquitania", "Gaul", "west", "coastal edge", None,
       "livestock slaves", "gallia_narbonensis hispania_tarraconensis", "oceanus_atlanticus", None),
    _p("gallia_narbonensis", "NARB", "n", "Gallia Narbonensis", "Gaul", "west", "coastal edge",
       "Massilia",
       "wine pottery", "aquitania hispania_tarraconensis gallia_cisalpina", "sinus_gallicus", None),
    _p("hispania_tarraconensis", "TARR", "t", "Hispania Tarraconensis", "Hispania", "west",
       "coastal", "Tarraco",
       "metal pottery", "aquitania gallia_narbonensis lusitania hispania_baetica",
       "oceanus_atlanticus sinus_gallicus mare_ibericum", None),
    _p("lusitania", "LUSI", "l", "Lusitania", "Hispania", "west", "coastal", "Olisipo",
       "gold fish", "hispania_tarraconensis hispania_baetica", "oceanus_atlanticus sinus_gaditanus",
       None),
    _p("hispania_baetica", "BAET", "b", "Hispania Baetica", "Hispania", "west", "coastal", "Gades",
       "olive_oil metal fish", "hispania_tarraconensis lusitania", "sinus_gaditanus mare_ibericum",
       None),
    _p("baleares", "BALE", "s", "Baleares", "Hispania", "west", "island coastal", None,
       "", "", "sinus_gallicus mare_ibericum mare_sardoum", None),
    _p("mauretania_tingitana", "TING", "g", "Mauretania Tingitana", "Mauretania", "west",
       "coastal edge", "Tingis",
       "fish", "mauretania_caesariensis", "sinus_gaditanus mare_ibericum", None),
    _p("mauretania_caesariensis", "CAES", "c", "Mauretania Caesariensis", "Mauretania", "west",
       "coastal edge", "Caesarea",
       "pottery", "mauretania_tingitana numidia", "mare_ibericum mare_sardoum", None),
    _p("poseidonis", "POSE", "p", "Poseidonis", "Atlantis", "west", "island coastal", "Poseidonis",
       "metal gems", "", "oceanus_atlanticus sinus_gaditanus", "atlantis"),
    _p("erytheia", "ERYT", "e", "Erytheia", "Atlantis", "west", "island coastal", None,
       "livestock", "", "sinus_gaditanus", None),
    _p("ogygia", "OGYG", "o", "Ogygia", "Atlantis", "west", "island coastal edge", "Ogygia",
       "wine", "", "oceanus_atlanticus", None),
)}

# 3. Sea spaces. Columns: id, label, grid code, name, board,
# neighbouring seas, coastal provinces touched.
SEAS: dict[str, Sea] = {s.id: s for s in (
    _s("mare_tyrrhenum", "tyr", "T", "Mare Tyrrhenum", "base",
       "sinus_gallicus mare_africum mare_ionium",
       "corsica sardinia gallia_cisalpina etruria roma magna_graecia sicilia"),
    _s("mare_africum", "afr", "F", "Mare Africum", "base",
       "mare_sardoum mare_tyrrhenum mare_ionium",
       "sardinia sicilia tripolitania carthago numidia"),
    _s("mare_hadriaticum", "adr", "H", "Mare Hadriaticum", "base",
       "mare_ionium",
       "gallia_cisalpina roma magna_graecia epirus macedonia"),
    _s("mare_ionium", "ion", "O", "Mare Ionium", "base",
       "mare_tyrrhenum mare_africum mare_hadriaticum mare_aegaeum mare_libycum",
       "magna_graecia sicilia epirus athenae_sparta cyrenaica tripolitania"),
    _s("mare_aegaeum", "aeg", "E", "Mare Aegaeum", "base",
       "mare_ionium propontis mare_libycum mare_cilicium",
       "macedonia athenae_sparta thracia creta rhodos troas ionia"),
    _s("propontis", "prop", "P", "Propontis", "base",
       "mare_aegaeum pontus_euxinus",
       "thracia troas bithynia"),
    _s("pontus_euxinus", "eux", "X", "Pontus Euxinus", "base",
       "propontis",
       "thracia scythia chersonesus_taurica bithynia pontus"),
    _s("mare_libycum", "lib", "B", "Mare Libycum", "base",
       "mare_ionium mare_aegaeum mare_aegyptium",
       "creta alexandria cyrenaica"),
    _s("mare_aegyptium", "egy", "Y", "Mare Aegyptium", "base",
       "mare_libycum mare_cilicium",
       "cyprus syria iudaea alexandria"),
    _s("mare_cilicium", "cil", "K", "Mare Cilicium", "base",
       "mare_aegaeum mare_aegyptium",
       "rhodos ionia cilicia cyprus syria"),
    _s("sinus_gallicus", "gal", "L", "Sinus Gallicus", "west",
       "mare_ibericum mare_sardoum mare_tyrrhenum",
       "corsica gallia_narbonensis hispania_tarraconensis baleares"),
    _s("mare_sardoum", "srd", "D", "Mare Sardoum", "west",
       "mare_ibericum sinus_gallicus mare_africum",
       "sardinia numidia baleares mauretania_caesariensis"),
    _s("mare_ibericum", "ibe", "I", "Mare Ibericum", "west",
       "sinus_gaditanus sinus_gallicus mare_sardoum",
       "hispania_tarraconensis hispania_baetica baleares mauretania_tingitana mauretania_caesariensis"),
    _s("sinus_gaditanus", "gad", "G", "Sinus Gaditanus", "west",
       "oceanus_atlanticus mare_ibericum",
       "lusitania hispania_baetica mauretania_tingitana poseidonis erytheia"),
    _s("oceanus_atlanticus", "atl", "A", "Oceanus Atlanticus", "west",
       "sinus_gaditanus",
       "aquitania hispania_tarraconensis lusitania poseidonis ogygia"),
)}

# 4. Straits: the two provinces are not land neighbours; both touch the seas.
STRAITS: dict[str, Strait] = {t.id: t for t in (
    _t("messina", "Fretum Siculum (Messina)",
       "magna_graecia", "sicilia", "mare_tyrrhenum mare_ionium"),
    _t("bosporus", "Bosporus",
       "thracia", "bithynia", "propontis pontus_euxinus"),
    _t("pillars_of_hercules", "Columnae Herculis (Pillars of Hercules)",
       "hispania_baetica", "mauretania_tingitana", "mare_ibericum sinus_gaditanus"),
    _t("black_sea_crossing", "Pontus Euxinus crossing (Sinope - Taurica)",
       "pontus", "chersonesus_taurica", "pontus_euxinus"),
)}

# 5. Predetermined setups. Pieces: (kind, count, where, site).
# A city's site is its city site name; a caravan's site is the commodity id it sits on.
SETUPS: dict[str, CivSetup] = {s.civ: s for s in (
    _setup("rome", "Rome", "roma", "roma etruria magna_graecia", "military_leader", (
        ("influence", 1, "roma", None),
        ("influence", 1, "etruria", None),
        ("influence", 1, "magna_graecia", None),
        ("city", 1, "roma", "Roma"),
        ("caravan", 1, "roma", "wine"),
        ("caravan", 1, "etruria", "metal"),
        ("fortress", 1, "roma", None),
        ("legion", 2, "roma", None),
        ("legion", 1, "etruria", None),
        ("legion", 1, "magna_graecia", None),
        ("trireme", 1, "mare_tyrrhenum", None),
    )),
    _setup("carthage", "Carthage", "carthago", "carthago numidia tripolitania",
           "director_of_commerce", (
        ("influence", 1, "carthago", None),
        ("influence", 1, "numidia", None),
        ("influence", 1, "tripolitania", None),
        ("city", 1, "carthago", "Carthago"),
        ("caravan", 1, "carthago", "fruit"),
        ("caravan", 1, "numidia", "grain"),
        ("caravan", 1, "tripolitania", "olive_oil"),
        ("fortress", 1, "carthago", None),
        ("legion", 1, "carthago", None),
        ("legion", 1, "numidia", None),
        ("trireme", 1, "mare_africum", None),
        ("trireme", 1, "mare_sardoum", None),
    )),
    _setup("greece", "Greece", "athenae_sparta", "athenae_sparta epirus macedonia", "high_priest", (
        ("influence", 1, "athenae_sparta", None),
        ("influence", 1, "epirus", None),
        ("influence", 1, "macedonia", None),
        ("city", 1, "athenae_sparta", "Athenae"),
        ("city", 1, "macedonia", "Pella"),
        ("caravan", 1, "athenae_sparta", "olive_oil"),
        ("market", 1, "athenae_sparta", None),
        ("fortress", 1, "athenae_sparta", None),
        ("legion", 1, "macedonia", None),
        ("trireme", 1, "mare_aegaeum", None),
        ("trireme", 1, "mare_ionium", None),
    )),
    _setup("egypt", "Egypt", "alexandria", "alexandria heptanomis thebais", "political_leader", (
        ("influence", 1, "alexandria", None),
        ("influence", 1, "heptanomis", None),
        ("influence", 1, "thebais", None),
        ("city", 1, "alexandria", "Alexandria"),
        ("city", 1, "heptanomis", "Memphis"),
        ("city", 1, "thebais", "Thebae"),
        ("caravan", 1, "alexandria", "papyrus"),
        ("caravan", 1, "heptanomis", "grain"),
        ("fortress", 1, "alexandria", None),
        ("legion", 2, "alexandria", None),
        ("trireme", 1, "mare_aegyptium", None),
    )),
    _setup("babylon", "Babylon", "babylon", "babylon mesopotamia arabia", None, (
        ("influence", 1, "babylon", None),
        ("influence", 1, "mesopotamia", None),
        ("influence", 1, "arabia", None),
        ("city", 1, "babylon", "Babylon"),
        ("city", 1, "mesopotamia", "Ninus"),
        ("caravan", 1, "babylon", "grain"),
        ("caravan", 1, "arabia", "perfume"),
        ("fortress", 1, "babylon", None),
        ("fortress", 1, "mesopotamia", None),
        ("legion", 1, "babylon", None),
        ("legion", 1, "mesopotamia", None),
        ("legion", 1, "arabia", None),
    )),
    _setup("atlantis", "Atlantis", "poseidonis", "poseidonis erytheia ogygia", None, (
        ("influence", 1, "poseidonis", None),
        ("influence", 1, "erytheia", None),
        ("influence", 1, "ogygia", None),
        ("city", 1, "poseidonis", "Poseidonis"),
        ("city", 1, "ogygia", "Ogygia"),
        ("caravan", 1, "poseidonis", "metal"),
        ("caravan", 1, "erytheia", "livestock"),
        ("fortress", 1, "poseidonis", None),
        ("legion", 1, "poseidonis", None),
        ("trireme", 2, "sinus_gaditanus", None),
        ("trireme", 1, "oceanus_atlanticus", None),
    )),
)}

# 5. Free setup: the provinces each civ may choose as its capital.
# Greece: any province touching mare_aegaeum. Atlantis: poseidonis, or a mainland province
# outside the Pillars (the ones touching sinus_gaditanus).
FREE_SETUP_CAPITALS: dict[str, tuple[str, ...]] = {
    "rome": ("roma",),
    "carthage": ("carthago",),
    "greece": ("macedonia", "athenae_sparta", "thracia", "creta", "rhodos", "troas", "ionia"),
    "egypt": ("alexandria",),
    "babylon": ("babylon",),
    "atlantis": ("poseidonis", "lusitania", "hispania_baetica", "mauretania_tingitana"),
}

# Neutral civilizations (fewer than 6 players) also occupy the two regions next to the
# capital. We use the starting provinces other than the capital:
# Egypt takes heptanomis and thebais (not cyrenaica or iudaea), Atlantis its two other islands.
NEUTRAL_PROVINCES: dict[str, tuple[str, ...]] = {
    civ: tuple(p for p in setup.provinces if p != setup.capital) for civ, setup in SETUPS.items()
}

# 6. Layout grid: 20 rows of 40 grid codes; "=" is Sinus Arabicus.
LAYOUT_GRID: tuple[str, ...] = (
    "AAAqqqqnnnnzzzzHHwwwwwwhhhyyyyyyyyyyXddd",
    "ooAAqqqnnnnzzzzHHwwwwwwhhhXXXXjjXXXXXddd",
    "AAAAtttnnLLTTzzHHwwwwwEhhhXXXXXXXXXXXddd",
    "AAAlttttLLL4TrrmHHvvwwEEPPPXXXXXXXXXXddd",
    "AAAllttLLLL4TTrmHHvvaaEExxiiiddddddddddd",
    "AAAllttLssLTTTTmmHvvaaEEfffffddddddMMMMM",
    "AAAlbbtIIDD55TTTuHHOaaEEfffffCCCdddMMMMM",
    "AAAlbbbIIDD55TTTuuOOaaEEKKKKKCCCSSSMMMMM",
    "AAAGbbIIIDDFFTTTTTOOaEEE88KKKKKKSSSMMMMM",
    "GppGGGIIIDDFFFF66TOOEEEEEEKK99KSSSRRRNNN",
    "GGGGggIIccDDFFFFOOOBB777BBYYYYYYJJRRRNNN",
    "GeeGgggcccc11kkFFFOOBBBBBBYYYYYYJJRRRNNN",
    "GGGGgggcccc11kkk222O333BBBYYYYYYJJRRRNNN",
    "GGGGgggcccc11kkk2222333QQQQQQQQQJJRRRNNN",
    "GGGGgggcccc111122222333QQQQQQQQQ==RRRRRR",
    "GGGGgggcccc111122222333UUUUUVVVV==RRRRRR",
    "GGGGgggcccc111122222333UUUUUVVVV==RRRRRR",
    "GGGGgggcccc111122222333UUUUUVVVV==RRRRRR",
    "GGGGgggcccc111122222333UUUUUVVVV==RRRRRR",
    "GGGGgggcccc111122222333UUUUUVVVV==RRRRRR",
)

# Grid character -> province or sea id ("=" is not included: Sinus Arabicus is no space).
GRID_CODES: dict[str, str] = {
    **{p.grid: p.id for p in PROVINCES.values()},
    **{s.grid: s.id for s in SEAS.values()},
}

# 6. Map sketch, 40 lines, at most 120 columns (trailing blanks trimmed).
# Upper-case labels are provinces, lower-case labels seas; "~" is sea, ":" and "." mark sea
# borders, "|" and "_" land borders, "#" Sinus Arabicus.
MAP_SKETCH: str = """\
~~~~~~~~~           |           |            ~~~~~~                 |        |            SCYT              ~~~
~~~~~~~~~    AQUI   |           |            ~~~~~~                 |        |            ______            ~~~
OGYG  ~~~~~~        |   NARB    |    CISA    ~~~~~~                 |  THRA   ~~~~~~~~~~~ TAUR  ~~~~~~~~~~~~~~~
      ~~~~~~________|           |            ~~~~~~      MACE       |         ~~~~~~~~~~~~      ~~~~~~~~~~~~~~~
~~~~~~~~~~~~        |      ~~~~~:~~~~~~      ~~~~~~               ~~~         ~~~~~~~~~~~~~~~~eux~~~~~~~~~~~~~~
~~~~~~~~~~~~        |___   ~~~~~:~~~~~~______~~~~~~   ______      ~~~         ...~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
~~~~~~~~~  |            ~~~~~~~~~   ~~~     |   adr~~~     |      ~~~~~:~~prop~~:~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
~~~~~~~~~  |___TARR     ~~~~~~~~ CORS ~ ETRU|   ~~~~~~     |______~~~~~:~~~~~~~~:~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
~~~~~~~~~     |      ~~~~~gal~~~~   ~~~~~~  |   ~~~~~ EPIR |      ~~~~~ TROA |  BITH  |                 PONT
~~~atl~~~     |      ~~~~~~~~~~~~   ~~~~~~  |   ~~~~~~     |      ~~~~~~_____|________|                  _______________
~~~~~~~~ LUSI |      ~~ BALE  ~~:~~~~~~~~~~~ ROMA  ~~~     |      ~~~~~~              |                 |
~~~~~~~~~   __|___   ...      ..:~~~~~~~~~~~~   ___~~~     |      ~~~~~~     IONI     |_________        |
~~~~~~~~~  |     |   ~~~~~:~~~~~~      ~tyr~~~~~   ~~~~~:~~ ATHE  ~~~~~~              |        |        |
~~~~~~~~~  |     |___~~~~~:~~~~~ SARD  ~~~~~~~~~   ~~~..:~~~      ~aeg~~              |  CILI  |________|     MESO
~~~~~~~~~  | BAET    ~~~~~:~~~~~~      ~~~~~~~~ MAGN  ~~~~~~      ~~~~~:~~~~~~~~~~~~~~~        |        |
~~~~~~~~~  |         ~~~~~:~~~~~~      ~~~~~~~~~      ~~~~~~      ~~~~~:~~~~~~~~~~~~~~~        |        |
~~~~~~~~:~~~      ~~~~~~~~:~~srd:~~~~~:~~~~~~~~~~~~~~:~~~~~~   ~~~~~~~~ RHOD  ~~~~cil~~~~~~~~~~~ SYRI   |
...~~~~~:~~~      ~~~ibe~~:~~~~~:~~~~~:......~~~~~~~~:~~~~~~   ~~~~~~~~~      ~~~~~~~~~~~~~~~~~~      __|_______________
~~ POSE  ~~~~~~~~:~~~~~~~~:~~~~~:~~~~~~~~~~~ SICI  ~~:~~~~~:~~~~~~~~~~~~~~~~~:~~~~~ CYPR  ~~~        |        |
~~~      ~~~~~~~~:~~~~~~~~:~~~~~:...~~~~~~~~~      ..:ion..:...~~~~~~~~~.....:......      ...   _____|        |
~~~~~~~~~~~~      ~~~~~~      ~~~~~:~~~~afr~~~~:~~~~~~~~:~~~~~~  CRET   ~~~~~:~~~~~~~~~~~~~~~~~~     |        |
~~~~~~~~~~~~      ~~~~~~      ~~~~~:~~~~~~~~~~~:......~~:...~~~         ~~~~~:~~~~~~~~~~~~~~~~~~     |        |
~~ ERYT  ~~~        |           |     |      ~~~~~~~~:~~~~~:~~~~~~~~lib~~~~~~:~~~~~~~egy~~~~~~~~     |        |  BABY
~~~      ~~~        |           |     |      ~~~~~~~~:~~~~~:~~~~~~~~~~~~~~~~~:~~~~~~~~~~~~~~~~~ IUDA |        |
~~~~~~~~~~~~        |           |     |        |         ~~~         ~~~~~~~~:~~~~~~~~~~~~~~~~~~     |        |
~~~~~~~~~~~~        |           |     |  CART  |         ~~~         ~~~~~~~~:~~~~~~~~~~~~~~~~~~     |        |
~~~~~~~~~~~~        |           |     |        |           |        |                          |     |        |
~~~~~~~~~~~~        |           |     |________|           |        |           ALEX           |     |        |_________
~~~~~gad~~~~        |           |           |              |        |                           ######
~~~~~~~~~~~~        |           |           |              |        |___________________________######
~~~~~~~~~~~~  TING  |   CAES    |           |              |        |              |            ######     ARAB
~~~~~~~~~~~~        |           |           |              |  CYRE  |              |            ######
~~~~~~~~~~~~        |           |   NUMI    |     TRIP     |        |              |            ######
~~~~~~~~~~~~        |           |           |              |        |              |            ######
~~~~~~~~~~~~        |           |           |              |        |     HEPT     |   THEB     ######
~~~~~~~~~~~~        |           |           |              |        |              |            ######
~~~~~~~~~~~~        |           |           |              |        |              |            ######
~~~~~~~~~~~~        |           |           |              |        |              |            ######
~~~~~~~~~~~~        |           |           |              |        |              |            ######
~~~~~~~~~~~~        |           |           |              |        |              |            ######"""


# --- lookups -------------------------------------------------------------------------------

_LAND_BORDERS: frozenset[frozenset[str]] = frozenset(
    frozenset((p.id, n)) for p in PROVINCES.values() for n in p.land_neighbours
)
_STRAITS_BY_PAIR: dict[frozenset[str], Strait] = {
    frozenset((t.a, t.b)): t for t in STRAITS.values()
}


def is_land(area: str) -> bool:
    """True for a land province id."""
    return area in PROVINCES


def is_sea(area: str) -> bool:
    """True for a sea space id."""
    return area in SEAS


def land_adjacent(a: str, b: str) -> bool:
    """True if provinces a and b share a land border (a strait is not one)."""
    return frozenset((a, b)) in _LAND_BORDERS


def seas_of(province: str) -> tuple[str, ...]:
    """The seas a province touches (empty for a landlocked province)."""
    return PROVINCES[province].seas


def coastal_provinces_of_sea(sea: str) -> tuple[str, ...]:
    """The provinces touching a sea."""
    return SEAS[sea].provinces


def _area(area: str) -> Province | Sea:
    if area in PROVINCES:
        return PROVINCES[area]
    return SEAS[area]  # KeyError for an unknown id


def area_label(area: str) -> str:
    """Short screen label of a province ("ROMA") or sea ("tyr")."""
    return _area(area).label


def area_name(area: str) -> str:
    """Display name of a province or sea ("Roma", "Mare Tyrrhenum")."""
    return _area(area).name


def strait_between(a: str, b: str) -> Strait | None:
    """The strait joining provinces a and b, in either order, or None."""
    return _STRAITS_BY_PAIR.get(frozenset((a, b)))
