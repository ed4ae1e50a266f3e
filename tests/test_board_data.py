"""Checks of the encoded board (engine/data/board.py) against the board as printed.

Each test's docstring names the part of the board it checks, by the numbered sections of
engine/data/board.py (2 land provinces, 3 seas, 4 straits, 5 setups, 6 layout grid and map
sketch) and three more whose figures the tests themselves hold: 1 the overview counts of
provinces, seas, islands, sites and pieces; 7 the derived checks (contacts, connectivity,
the unowned neighbours of each start); 8 the notes (landlocked provinces, Rhodos).
"""

from __future__ import annotations

import re
from collections import Counter, deque

from engine.data.board import (
    CIVS,
    FREE_SETUP_CAPITALS,
    GRID_CODES,
    LAYOUT_GRID,
    MAP_SKETCH,
    NEUTRAL_PROVINCES,
    PROVINCES,
    SEAS,
    SETUPS,
    STRAITS,
    CivSetup,
    Province,
    Sea,
    area_label,
    area_name,
    coastal_provinces_of_sea,
    is_land,
    is_sea,
    land_adjacent,
    seas_of,
    strait_between,
)

COMMODITY_IDS = frozenset({
    "fish", "grain", "livestock", "metal", "olive_oil", "slaves", "wine",
    "fruit", "gems", "gold", "papyrus", "perfume", "pottery",
})
ROLE_IDS = frozenset({"director_of_commerce", "high_priest", "political_leader",
                      "military_leader"})
PIECE_KINDS = frozenset({"influence", "city", "caravan", "market", "temple", "fortress",
                         "legion", "trireme"})
WEST_PROVINCES = (
    "aquitania", "gallia_narbonensis", "hispania_tarraconensis", "lusitania",
    "hispania_baetica", "baleares", "mauretania_tingitana", "mauretania_caesariensis",
    "poseidonis", "erytheia", "ogygia",
)
WEST_SEAS = ("sinus_gallicus", "mare_sardoum", "mare_ibericum", "sinus_gaditanus",
             "oceanus_atlanticus")
ISLANDS = frozenset({"corsica", "sardinia", "sicilia", "creta", "rhodos", "cyprus", "baleares",
                     "poseidonis", "erytheia", "ogygia"})


# --- helpers ---------------------------------------------------------------------------------

def _land_borders() -> set[frozenset[str]]:
    return {frozenset((p.id, n)) for p in PROVINCES.values() for n in p.land_neighbours}


def _province_sea_contacts() -> set[tuple[str, str]]:
    return {(p.id, s) for p in PROVINCES.values() for s in p.seas}


def _sea_sea_borders() -> set[frozenset[str]]:
    return {frozenset((s.id, n)) for s in SEAS.values() for n in s.neighbour_seas}


def _all_contacts() -> set[frozenset[str]]:
    """Every pair of areas (land or sea) that are neighbours according to the tables."""
    return (_land_borders() | {frozenset(c) for c in _province_sea_contacts()}
            | _sea_sea_borders())


def _graph(areas) -> dict[str, set[str]]:
    areas = set(areas)
    graph: dict[str, set[str]] = {a: set() for a in areas}
    for pair in _all_contacts():
        a, b = tuple(pair)
        if a in areas and b in areas:
            graph[a].add(b)
            graph[b].add(a)
    return graph


def _connected(graph: dict[str, set[str]]) -> bool:
    start = next(iter(graph))
    seen = {start}
    todo = deque([start])
    while todo:
        for n in graph[todo.popleft()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == set(graph)


def _cells() -> dict[str, set[tuple[int, int]]]:
    """Grid code -> set of (row, col) cells of the layout grid."""
    cells: dict[str, set[tuple[int, int]]] = {}
    for r, row in enumerate(LAYOUT_GRID):
        for c, ch in enumerate(row):
            cells.setdefault(ch, set()).add((r, c))
    return cells


def _start_area(civ: str) -> set[str]:
    return set(SETUPS[civ].provinces)


def _totals(setup: CivSetup) -> Counter[str]:
    totals: Counter[str] = Counter()
    for piece in setup.pieces:
        totals[piece.kind] += piece.count
    return totals


# --- ids and fields --------------------------------------------------------------------------

def test_ids_labels_and_grid_codes_well_formed() -> None:
    """Section 7, first check (sections 2 and 3 tables): ids snake_case and unique, labels of
    3-4 letters unique ignoring case (upper-case provinces, lower-case seas), grid codes one
    character each and unique; the dict keys are the structs' ids."""
    assert all(isinstance(p, Province) and k == p.id for k, p in PROVINCES.items())
    assert all(isinstance(s, Sea) and k == s.id for k, s in SEAS.items())
    ids = [*PROVINCES, *SEAS]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z]+(_[a-z]+)*", i) for i in ids)
    labels = [p.label for p in PROVINCES.values()] + [s.label for s in SEAS.values()]
    assert all(re.fullmatch(r"[A-Za-z]{3,4}", lbl) for lbl in labels)
    assert len({lbl.lower() for lbl in labels}) == len(labels)
    assert all(p.label.isupper() for p in PROVINCES.values())
    assert all(s.label.islower() for s in SEAS.values())
    codes = [p.grid for p in PROVINCES.values()] + [s.grid for s in SEAS.values()]
    assert all(len(c) == 1 and c not in "=#~ " for c in codes)
    assert len(set(codes)) == len(codes)
    assert all(p.board in ("base", "west") for p in PROVINCES.values())
    assert all(s.board in ("base", "west") for s in SEAS.values())
    assert all(p.name and p.region for p in PROVINCES.values())


def test_table_order_and_references() -> None:
    """Sections 2 and 3: provinces and seas keep the tables' order; every id named in a
    neighbour, sea or province list exists."""
    assert next(iter(PROVINCES)) == "corsica"
    assert tuple(PROVINCES)[-11:] == WEST_PROVINCES
    assert next(iter(SEAS)) == "mare_tyrrhenum"
    assert tuple(SEAS)[-5:] == WEST_SEAS
    for p in PROVINCES.values():
        assert set(p.land_neighbours) <= set(PROVINCES), p.id
        assert set(p.seas) <= set(SEAS), p.id
        assert len(set(p.land_neighbours)) == len(p.land_neighbours), p.id
        assert len(set(p.seas)) == len(p.seas), p.id
        assert p.id not in p.land_neighbours
    for s in SEAS.values():
        assert set(s.neighbour_seas) <= set(SEAS), s.id
        assert set(s.provinces) <= set(PROVINCES), s.id
        assert s.id not in s.neighbour_seas


# --- adjacency -------------------------------------------------------------------------------

def test_land_adjacency_symmetric() -> None:
    """Section 2 conventions: "The list is symmetric" (land neighbours)."""
    for p in PROVINCES.values():
        for n in p.land_neighbours:
            assert p.id in PROVINCES[n].land_neighbours, (p.id, n)


def test_province_sea_contacts_symmetric() -> None:
    """Sections 2 and 3: a province's "seas touched" and a sea's "coastal provinces touched"
    list the same contacts."""
    from_seas = {(p, s.id) for s in SEAS.values() for p in s.provinces}
    assert _province_sea_contacts() == from_seas


def test_sea_sea_adjacency_symmetric() -> None:
    """Section 3: "neighbouring seas" is symmetric."""
    for s in SEAS.values():
        for n in s.neighbour_seas:
            assert s.id in SEAS[n].neighbour_seas, (s.id, n)


def test_adjacency_counts() -> None:
    """Section 7: 45 land borders, 73 province-sea contacts, 19 sea-sea borders
    (137 contacts in all)."""
    assert len(_land_borders()) == 45
    assert len(_province_sea_contacts()) == 73
    assert len(_sea_sea_borders()) == 19
    assert len(_all_contacts()) == 137


def test_board_connected() -> None:
    """Section 7: the whole board (land + sea) is one connected graph; so are the seas
    alone and the base board alone."""
    assert _connected(_graph([*PROVINCES, *SEAS]))
    assert _connected(_graph(SEAS))
    base = [p.id for p in PROVINCES.values() if p.board == "base"]
    base += [s.id for s in SEAS.values() if s.board == "base"]
    assert _connected(_graph(base))


def test_islands_have_no_land_neighbours() -> None:
    """Section 2 conventions and section 1 island list: islands have no land neighbours
    and touch a sea."""
    assert {p.id for p in PROVINCES.values() if p.island} == ISLANDS
    for p in PROVINCES.values():
        if p.island:
            assert p.land_neighbours == (), p.id
            assert p.seas, p.id
        else:
            assert p.land_neighbours, p.id


def test_coastal_means_touches_a_sea() -> None:
    """Section 2 conventions: coastal means the province touches at least one sea; section 8
    lists the landlocked provinces; every sea touches a sea and a province (section 7)."""
    for p in PROVINCES.values():
        assert p.coastal == bool(p.seas), p.id
    landlocked = {p.id for p in PROVINCES.values() if not p.coastal}
    assert landlocked == {"arabia", "mesopotamia", "babylon", "heptanomis", "thebais"}
    for s in SEAS.values():
        assert s.neighbour_seas and s.provinces, s.id


# --- overview counts (section 1) -------------------------------------------------------------

def test_overview_counts() -> None:
    """Section 1 overview table: per board and total, land provinces 33+11=44, islands
    6+4=10, seas 10+5=15, city sites 24+8=32, commodity sites 51+17=68, coastal 28+11=39,
    edge 13+5=18."""
    def count(pred) -> tuple[int, int, int]:
        base = sum(pred(p) for p in PROVINCES.values() if p.board == "base")
        west = sum(pred(p) for p in PROVINCES.values() if p.board == "west")
        return base, west, base + west

    assert count(lambda p: 1) == (33, 11, 44)
    assert count(lambda p: p.island) == (6, 4, 10)
    assert count(lambda p: p.city_site is not None) == (24, 8, 32)
    assert count(lambda p: len(p.commodity_sites)) == (51, 17, 68)
    assert count(lambda p: p.coastal) == (28, 11, 39)
    assert count(lambda p: p.edge) == (13, 5, 18)
    base_seas = sum(s.board == "base" for s in SEAS.values())
    assert (base_seas, len(SEAS) - base_seas, len(SEAS)) == (10, 5, 15)


def test_commodity_sites_per_type() -> None:
    """Section 1, commodity sites per type: the count and the "where" list of each commodity;
    ids are the commodity ids; no province has the same commodity twice; section 7/8:
    3 of 4 Pottery sites on the west board, corsica and baleares have no site at all,
    rhodos a city and no commodity."""
    expected = {
        "fish": "sicilia thracia chersonesus_taurica pontus lusitania hispania_baetica "
                "mauretania_tingitana",
        "grain": "gallia_cisalpina sicilia chersonesus_taurica babylon alexandria heptanomis "
                 "numidia",
        "livestock": "gallia_cisalpina epirus scythia mesopotamia numidia aquitania erytheia",
        "metal": "sardinia etruria pontus cyprus hispania_tarraconensis hispania_baetica "
                 "poseidonis",
        "olive_oil": "magna_graecia athenae_sparta creta troas iudaea tripolitania "
                     "hispania_baetica",
        "slaves": "sardinia thracia scythia bithynia cilicia aquitania",
        "wine": "roma magna_graecia athenae_sparta creta ionia gallia_narbonensis ogygia",
        "fruit": "ionia syria babylon carthago",
        "gems": "arabia carthago poseidonis",
        "gold": "macedonia thebais lusitania",
        "papyrus": "alexandria heptanomis thebais",
        "perfume": "iudaea arabia cyrenaica",
        "pottery": "etruria gallia_narbonensis hispania_tarraconensis mauretania_caesariensis",
    }
    counts = {"fish": 7, "grain": 7, "livestock": 7, "metal": 7, "olive_oil": 7, "slaves": 6,
              "wine": 7, "fruit": 4, "gems": 3, "gold": 3, "papyrus": 3, "perfume": 3,
              "pottery": 4}
    assert set(expected) == set(counts) == COMMODITY_IDS
    sites: dict[str, set[str]] = {c: set() for c in COMMODITY_IDS}
    for p in PROVINCES.values():
        assert len(set(p.commodity_sites)) == len(p.commodity_sites), p.id
        for c in p.commodity_sites:
            assert c in COMMODITY_IDS, (p.id, c)
            sites[c].add(p.id)
    for c in COMMODITY_IDS:
        assert sites[c] == set(expected[c].split()), c
        assert len(sites[c]) == counts[c], c
    assert sum(counts.values()) == 68
    assert sum(PROVINCES[p].board == "west" for p in sites["pottery"]) == 3
    no_site = {p.id for p in PROVINCES.values() if not p.commodity_sites and not p.city_site}
    assert no_site == {"corsica", "baleares"}
    assert PROVINCES["rhodos"].city_site and not PROVINCES["rhodos"].commodity_sites


def test_city_sites_unique() -> None:
    """Section 2, "city site" column: 32 city sites, each name used once."""
    names = [p.city_site for p in PROVINCES.values() if p.city_site]
    assert len(names) == 32
    assert len(set(names)) == len(names)


def test_west_board_and_seam() -> None:
    """Section 1, west board: its 11 provinces and 5 seas, and the links across the seam
    (land: narbonensis-cisalpina, caesariensis-numidia; sea: gallicus-tyrrhenum,
    sardoum-africum; west seas touching base provinces: gallicus-corsica, sardoum-sardinia,
    sardoum-numidia)."""
    assert {p.id for p in PROVINCES.values() if p.board == "west"} == set(WEST_PROVINCES)
    assert {s.id for s in SEAS.values() if s.board == "west"} == set(WEST_SEAS)

    def board(area: str) -> str:
        return PROVINCES[area].board if is_land(area) else SEAS[area].board

    land = {pair for pair in _land_borders() if len({board(a) for a in pair}) == 2}
    assert land == {frozenset(("gallia_narbonensis", "gallia_cisalpina")),
                    frozenset(("mauretania_caesariensis", "numidia"))}
    sea = {pair for pair in _sea_sea_borders() if len({board(a) for a in pair}) == 2}
    assert sea == {frozenset(("sinus_gallicus", "mare_tyrrhenum")),
                   frozenset(("mare_sardoum", "mare_africum"))}
    contacts = {c for c in _province_sea_contacts() if board(c[0]) != board(c[1])}
    assert contacts == {("corsica", "sinus_gallicus"), ("sardinia", "mare_sardoum"),
                        ("numidia", "mare_sardoum")}


# --- straits (section 4) ---------------------------------------------------------------------

def test_straits() -> None:
    """Section 4: the 4 straits exist, their provinces are not land neighbours, and both
    provinces touch exactly the listed seas in common."""
    assert set(STRAITS) == {"messina", "bosporus", "pillars_of_hercules",
                            "black_sea_crossing"}
    expected = {"messina": ("magna_graecia", "sicilia"), "bosporus": ("thracia", "bithynia"),
                "pillars_of_hercules": ("hispania_baetica", "mauretania_tingitana"),
                "black_sea_crossing": ("pontus", "chersonesus_taurica")}
    for t in STRAITS.values():
        assert (t.a, t.b) == expected[t.id]
        assert is_land(t.a) and is_land(t.b)
        assert not land_adjacent(t.a, t.b), t.id
        assert t.seas, t.id
        assert set(t.seas) == set(seas_of(t.a)) & set(seas_of(t.b)), t.id
        assert strait_between(t.a, t.b) is t
        assert strait_between(t.b, t.a) is t
    assert strait_between("roma", "etruria") is None


# --- capitals and setups (section 5) ---------------------------------------------------------

def test_six_capitals() -> None:
    """Section 2 "capital of" column and section 7: Rome roma, Greece athenae_sparta,
    Carthage carthago, Egypt alexandria, Babylon babylon, Atlantis poseidonis; each capital
    has a city site; Atlantis is 3 islands."""
    capitals = {p.capital_of: p.id for p in PROVINCES.values() if p.capital_of}
    assert capitals == {"rome": "roma", "greece": "athenae_sparta", "carthage": "carthago",
                        "egypt": "alexandria", "babylon": "babylon", "atlantis": "poseidonis"}
    assert CIVS == ("rome", "carthage", "greece", "egypt", "babylon", "atlantis")
    assert tuple(SETUPS) == CIVS
    for civ, setup in SETUPS.items():
        assert setup.civ == civ
        assert setup.capital == capitals[civ]
        assert PROVINCES[setup.capital].city_site
    assert all(PROVINCES[p].island for p in SETUPS["atlantis"].provinces)


def test_setup_start_areas() -> None:
    """Section 5: each civ starts with its capital and two provinces next to it (by land;
    Atlantis: islands sharing a sea with the capital); one influence marker in each of the
    three; no province in two start areas; all other pieces in the start area, triremes
    in seas."""
    owner: dict[str, str] = {}
    for civ, setup in SETUPS.items():
        assert len(setup.provinces) == 3 and len(set(setup.provinces)) == 3
        assert setup.provinces[0] == setup.capital
        for p in setup.provinces[1:]:
            if civ == "atlantis":
                assert set(seas_of(p)) & set(seas_of(setup.capital)), p
            else:
                assert land_adjacent(setup.capital, p), (civ, p)
        for p in setup.provinces:
            assert p not in owner, (p, owner.get(p), civ)
            owner[p] = civ
        influence = Counter()
        for piece in setup.pieces:
            assert piece.kind in PIECE_KINDS
            assert piece.count >= 1
            if piece.kind == "trireme":
                assert is_sea(piece.where), piece
            else:
                assert piece.where in setup.provinces, (civ, piece)
            if piece.kind == "influence":
                influence[piece.where] += piece.count
        assert influence == Counter(setup.provinces), civ
    assert len(owner) == 18
    assert len(PROVINCES) - len(owner) == 26


def test_setup_pieces_on_real_sites() -> None:
    """Section 5: cities on the province's city site, caravans on a commodity site of that
    province, one caravan per site; only cities and caravans name a site; the Greek market
    beside its caravan; Babylon's fortresses in babylon and one other province."""
    for civ, setup in SETUPS.items():
        caravans: Counter[tuple[str, str]] = Counter()
        for piece in setup.pieces:
            province = PROVINCES.get(piece.where)
            if piece.kind == "city":
                assert piece.count == 1, piece
                assert province is not None and piece.site == province.city_site, (civ, piece)
            elif piece.kind == "caravan":
                assert province is not None and piece.site in province.commodity_sites, (
                    civ, piece)
                caravans[(piece.where, piece.site)] += piece.count
            else:
                assert piece.site is None, (civ, piece)
        assert all(n == 1 for n in caravans.values()), (civ, caravans)
        cities = [p.where for p in setup.pieces if p.kind == "city"]
        assert len(cities) == len(set(cities)), civ
    greek = {(p.kind, p.where) for p in SETUPS["greece"].pieces}
    assert ("market", "athenae_sparta") in greek and ("caravan", "athenae_sparta") in greek
    fortresses = [p.where for p in SETUPS["babylon"].pieces if p.kind == "fortress"]
    assert "babylon" in fortresses and len(set(fortresses)) == 2


def test_setup_triremes_touch_start_area() -> None:
    """Section 5: triremes start in a sea that touches one of the civ's provinces;
    Babylon starts with no trireme."""
    for civ, setup in SETUPS.items():
        touched = {s for p in setup.provinces for s in seas_of(p)}
        for piece in setup.pieces:
            if piece.kind == "trireme":
                assert piece.where in touched, (civ, piece.where)
    assert _totals(SETUPS["babylon"])["trireme"] == 0


def test_setup_piece_totals() -> None:
    """Section 5 setup tables (and section 1: 11 cities, 12 caravans, 1 market in all):
    piece totals per civilization."""
    expected = {
        "rome": {"influence": 3, "city": 1, "caravan": 2, "fortress": 1, "legion": 4,
                 "trireme": 1},
        "carthage": {"influence": 3, "city": 1, "caravan": 3, "fortress": 1, "legion": 2,
                     "trireme": 2},
        "greece": {"influence": 3, "city": 2, "caravan": 1, "market": 1, "fortress": 1,
                   "legion": 1, "trireme": 2},
        "egypt": {"influence": 3, "city": 3, "caravan": 2, "fortress": 1, "legion": 2,
                  "trireme": 1},
        "babylon": {"influence": 3, "city": 2, "caravan": 2, "fortress": 2, "legion": 3},
        "atlantis": {"influence": 3, "city": 2, "caravan": 2, "fortress": 1, "legion": 1,
                     "trireme": 3},
    }
    for civ, setup in SETUPS.items():
        assert dict(_totals(setup)) == expected[civ], civ
    grand = sum((_totals(s) for s in SETUPS.values()), Counter())
    assert (grand["city"], grand["caravan"], grand["market"], grand["temple"]) == (11, 12, 1, 0)


def test_starting_roles_follow_from_pieces() -> None:
    """Section 5, "Starting roles follow from these pieces": Director of Commerce carthage
    (caravans + markets 3 vs at most 2), Political Leader egypt (cities + temples 3 vs 2),
    High Priest greece (temples + markets 1 vs 0), Military Leader rome (legions + triremes +
    fortresses 6 vs 5); the other civs have no starting role."""
    roles = {civ: s.role for civ, s in SETUPS.items()}
    assert roles == {"rome": "military_leader", "carthage": "director_of_commerce",
                     "greece": "high_priest", "egypt": "political_leader", "babylon": None,
                     "atlantis": None}
    assert {r for r in roles.values() if r} == ROLE_IDS
    scores = {
        "director_of_commerce": lambda t: t["caravan"] + t["market"],
        "political_leader": lambda t: t["city"] + t["temple"],
        "high_priest": lambda t: t["temple"] + t["market"],
        "military_leader": lambda t: t["legion"] + t["trireme"] + t["fortress"],
    }
    expected = {"director_of_commerce": (3, 2), "political_leader": (3, 2),
                "high_priest": (1, 0), "military_leader": (6, 5)}
    for civ, role in roles.items():
        if role is None:
            continue
        score = scores[role]
        best = score(_totals(SETUPS[civ]))
        others = max(score(_totals(SETUPS[c])) for c in CIVS if c != civ)
        assert (best, others) == expected[role], role


def test_unowned_neighbours_of_start_areas() -> None:
    """Section 7, table of unowned provinces next to each start area: unowned land
    neighbours and unowned provinces one sea away (sharing a sea with a start province)."""
    owned = {p for s in SETUPS.values() for p in s.provinces}
    expected_land = {"rome": {"gallia_cisalpina"},
                     "carthage": {"cyrenaica", "mauretania_caesariensis"},
                     "greece": {"thracia"}, "egypt": {"cyrenaica", "iudaea"},
                     "babylon": {"iudaea", "pontus", "syria"}, "atlantis": set()}
    expected_sea = {"rome": {"corsica", "cyrenaica", "sardinia", "sicilia"},
                    "carthage": {"baleares", "sardinia", "sicilia"},
                    "greece": {"creta", "cyrenaica", "gallia_cisalpina", "ionia", "rhodos",
                               "sicilia", "troas"},
                    "egypt": {"creta", "cyprus", "syria"}, "babylon": set(),
                    "atlantis": {"aquitania", "hispania_baetica", "hispania_tarraconensis",
                                 "lusitania", "mauretania_tingitana"}}
    for civ in CIVS:
        area = _start_area(civ)
        land = {n for p in area for n in PROVINCES[p].land_neighbours} - owned
        sea = {q for p in area for s in seas_of(p) for q in SEAS[s].provinces} - owned - land
        assert land == expected_land[civ], civ
        assert sea == expected_sea[civ], civ


def test_free_setup_capitals() -> None:
    """Section 5, free setup: Greece any province touching mare_aegaeum; Atlantis poseidonis
    or a mainland province touching sinus_gaditanus; the others their capital only."""
    assert tuple(FREE_SETUP_CAPITALS) == CIVS
    assert set(FREE_SETUP_CAPITALS["greece"]) == set(SEAS["mare_aegaeum"].provinces)
    assert set(FREE_SETUP_CAPITALS["greece"]) == {
        "macedonia", "athenae_sparta", "thracia", "creta", "rhodos", "troas", "ionia"}
    mainland = {p for p in SEAS["sinus_gaditanus"].provinces if not PROVINCES[p].island}
    assert FREE_SETUP_CAPITALS["atlantis"][0] == "poseidonis"
    assert set(FREE_SETUP_CAPITALS["atlantis"]) == {"poseidonis"} | mainland
    assert mainland == {"lusitania", "hispania_baetica", "mauretania_tingitana"}
    for civ in ("rome", "carthage", "egypt", "babylon"):
        assert FREE_SETUP_CAPITALS[civ] == (SETUPS[civ].capital,)


def test_neutral_provinces() -> None:
    """Section 5, neutral civilizations (and section 7 capital land neighbours): the two
    provinces next to the capital are the starting provinces other than the capital; for
    Rome, Carthage, Greece and Babylon these are exactly the capital's land neighbours;
    Egypt takes heptanomis and thebais (alexandria also borders cyrenaica and iudaea);
    Atlantis its two other islands."""
    assert tuple(NEUTRAL_PROVINCES) == CIVS
    for civ in CIVS:
        setup = SETUPS[civ]
        assert NEUTRAL_PROVINCES[civ] == setup.provinces[1:]
    for civ in ("rome", "carthage", "greece", "babylon"):
        capital = PROVINCES[SETUPS[civ].capital]
        assert set(NEUTRAL_PROVINCES[civ]) == set(capital.land_neighbours), civ
    assert NEUTRAL_PROVINCES["egypt"] == ("heptanomis", "thebais")
    assert set(PROVINCES["alexandria"].land_neighbours) == {
        "cyrenaica", "heptanomis", "iudaea", "thebais"}
    assert NEUTRAL_PROVINCES["atlantis"] == ("erytheia", "ogygia")
    assert PROVINCES["poseidonis"].land_neighbours == ()


# --- layout grid and sketch (section 6) ------------------------------------------------------

def test_layout_grid_shape_and_codes() -> None:
    """Section 6: the layout grid is 40 x 20; every character is a grid code of sections
    2/3 or "=" (Sinus Arabicus, not a space); every area appears; GRID_CODES maps codes to
    ids without "="."""
    assert len(LAYOUT_GRID) == 20
    assert all(len(row) == 40 for row in LAYOUT_GRID)
    assert "=" not in GRID_CODES
    assert GRID_CODES == {**{p.grid: p.id for p in PROVINCES.values()},
                          **{s.grid: s.id for s in SEAS.values()}}
    assert len(GRID_CODES) == len(PROVINCES) + len(SEAS)
    used = set("".join(LAYOUT_GRID))
    assert used == set(GRID_CODES) | {"="}


def test_layout_grid_areas_contiguous() -> None:
    """Section 7 (section 6 grid): every area is contiguous in the layout grid."""
    for code, cells in _cells().items():
        start = next(iter(cells))
        seen = {start}
        todo = deque([start])
        while todo:
            r, c = todo.popleft()
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in cells and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        assert seen == cells, GRID_CODES.get(code, code)


def test_layout_grid_adjacency_matches_tables() -> None:
    """Section 6: "Two areas whose cells share a side are neighbours", and the grid gives
    exactly the land + sea adjacency of the tables of sections 2 and 3 (137 contacts);
    pairs involving "=" (Sinus Arabicus) are no contacts."""
    grid_pairs: set[frozenset[str]] = set()
    for r, row in enumerate(LAYOUT_GRID):
        for c, ch in enumerate(row):
            for r2, c2 in ((r + 1, c), (r, c + 1)):
                if r2 < len(LAYOUT_GRID) and c2 < len(row):
                    other = LAYOUT_GRID[r2][c2]
                    if other != ch and "=" not in (ch, other):
                        grid_pairs.add(frozenset((GRID_CODES[ch], GRID_CODES[other])))
    tables = _all_contacts()
    assert grid_pairs - tables == set(), "in the grid, not in the tables"
    assert tables - grid_pairs == set(), "in the tables, not in the grid"
    assert not land_adjacent("thebais", "arabia")


def test_edge_provinces_touch_grid_border() -> None:
    """Section 2 "edge" column and section 7: the edge provinces are exactly those whose
    area touches the outer border of the layout grid (18 of them; ogygia is on the edge,
    poseidonis is not)."""
    height, width = len(LAYOUT_GRID), len(LAYOUT_GRID[0])
    border = {LAYOUT_GRID[r][c] for r in range(height) for c in range(width)
              if r in (0, height - 1) or c in (0, width - 1)}
    on_border = {GRID_CODES[ch] for ch in border if ch in GRID_CODES
                 and is_land(GRID_CODES[ch])}
    assert on_border == {p.id for p in PROVINCES.values() if p.edge}
    assert len(on_border) == 18
    assert PROVINCES["ogygia"].edge and not PROVINCES["poseidonis"].edge


def test_map_sketch() -> None:
    """Section 6 sketch (section 7 check): 40 lines at most 120 columns wide (the widest
    exactly 120); every label appears once, on a block of its own area (each grid cell is 3
    columns x 2 rows of the sketch); "#" lies only on Sinus Arabicus ("=")."""
    lines = MAP_SKETCH.split("\n")
    assert len(lines) == 40
    assert max(len(line) for line in lines) == 120
    assert all(line == line.rstrip() for line in lines)
    areas: list[Province | Sea] = [*PROVINCES.values(), *SEAS.values()]
    for area in areas:
        pattern = re.compile(rf"(?<![A-Za-z]){area.label}(?![A-Za-z])")
        hits = [(r, m.start()) for r, line in enumerate(lines) for m in pattern.finditer(line)]
        assert len(hits) == 1, (area.id, hits)
        r, c = hits[0]
        blocks = {LAYOUT_GRID[r // 2][col // 3] for col in range(c, c + len(area.label))}
        assert area.grid in blocks, (area.id, blocks)
    for r, line in enumerate(lines):
        for c, ch in enumerate(line):
            if ch == "#":
                assert LAYOUT_GRID[r // 2][c // 3] == "=", (r, c)


# --- helper functions ------------------------------------------------------------------------

def test_lookup_helpers() -> None:
    """Sections 2-4 through the module's helpers: land_adjacent, seas_of,
    coastal_provinces_of_sea, is_land, is_sea, area_label, area_name."""
    assert land_adjacent("roma", "etruria") and land_adjacent("etruria", "roma")
    assert not land_adjacent("roma", "sicilia")
    assert not land_adjacent("magna_graecia", "sicilia")  # Messina is a strait
    assert not land_adjacent("roma", "mare_tyrrhenum")
    assert seas_of("thracia") == ("mare_aegaeum", "propontis", "pontus_euxinus")
    assert seas_of("babylon") == ()
    assert coastal_provinces_of_sea("propontis") == ("thracia", "troas", "bithynia")
    assert is_land("roma") and not is_sea("roma")
    assert is_sea("mare_tyrrhenum") and not is_land("mare_tyrrhenum")
    assert not is_land("nowhere") and not is_sea("nowhere")
    assert area_label("roma") == "ROMA" and area_label("mare_tyrrhenum") == "tyr"
    assert area_name("athenae_sparta") == "Athenae/Sparta"
    assert area_name("oceanus_atlanticus") == "Oceanus Atlanticus"
    for p in PROVINCES.values():
        for s in p.seas:
            assert p.id in coastal_provinces_of_sea(s)
        for q in PROVINCES:
            assert land_adjacent(p.id, q) == (q in p.land_neighbours)
