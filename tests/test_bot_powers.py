"""The greedy player uses its cards' powers where the use is obvious (issue: card powers,
point 6; computer players, point 3), and keeps them where they change nothing."""

from __future__ import annotations

from engine.actions import EndNaval, Move, Pass, UsePower
from engine.bots.greedy import GreedyBot
from engine.bots.greedy_powers import expected_kills
from engine.game import apply, view
from engine.prompts import ConstructionTurn, Reaction

from .helpers import begin_phase, set_hand
from .powers.support import give, give_god
from .test_military import game, put, start_military


def choice(state) -> object:
    seat = next(p.seat for p in state.players if p.civ == state.prompt.civ)
    return GreedyBot(seed=3).choose(view(state, seat))


def test_expected_kills_counts_whole_units():
    assert expected_kills(0, 6, 5, 9) == 1
    assert abs(expected_kills(1, 0, 5, 9) - 2 / 6) < 1e-9  # a 5 or a 6
    assert expected_kills(2, 0, 5, 1) <= 1


def _mars_battle(dice: list[int]):
    s = game(["rome", "carthage", "greece"])
    give_god(s, "rome", "mars")
    mine = put(s, "rome", "legion", "mauretania_caesariensis", 2)
    put(s, "carthage", "legion", "numidia")
    start_military(s, "rome", "ground")
    s.forced_dice = dice
    apply(s, Move(units=mine, to="numidia"))
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "after_dice"
    return s


def test_greedy_calls_mars_when_six_more_kills_a_unit():
    """Mars: Rome rolled 2+1 = 3 against one legion; +6 makes 9, which kills it."""
    s = _mars_battle([2, 1, 3])
    assert choice(s) == UsePower(card="mars", target="rome")


def test_greedy_keeps_mars_when_it_changes_nothing():
    """Rome rolled 6+5 = 11: the only enemy legion dies anyway, so Mars waits."""
    s = _mars_battle([6, 5, 3])
    assert choice(s) == Pass()


def test_greedy_titans_shoot_at_a_neighbour_they_can_hurt():
    """Titan: two Titans next to three enemy legions shoot (two dice: a kill is likely)."""
    s = game(["rome", "carthage", "greece"])
    titans = put(s, "rome", "creature", "roma", 2)
    put(s, "carthage", "legion", "etruria", 3)
    start_military(s, "rome", "ground")
    a = choice(s)
    assert isinstance(a, UsePower) and a.card == "titan" and sorted(a.units) == titans
    assert a.target == "etruria"


def test_greedy_poseidon_sinks_a_convoy_into_its_province():
    """Poseidon: Carthage sinks the trireme carrying Rome's legions into its Sicilia."""
    s = game(["rome", "carthage", "greece"])
    give_god(s, "carthage", "poseidon")
    s.provinces["sicilia"].influence = "carthage"
    legions = put(s, "rome", "legion", "roma", 2)
    t, = put(s, "rome", "trireme", "mare_tyrrhenum")
    start_military(s, "rome", "ground")
    apply(s, Move(units=legions, to="sicilia"))
    assert isinstance(s.prompt, Reaction) and s.prompt.civ == "carthage"
    assert choice(s) == UsePower(card="poseidon", units=[t])


def test_greedy_lets_a_convoy_pass_elsewhere():
    s = game(["rome", "carthage", "greece"])
    give_god(s, "carthage", "poseidon")
    s.provinces["sicilia"].influence = None
    legions = put(s, "rome", "legion", "roma", 2)
    put(s, "rome", "trireme", "mare_tyrrhenum")
    start_military(s, "rome", "ground")
    apply(s, Move(units=legions, to="sicilia"))
    assert isinstance(s.prompt, Reaction) and choice(s) == Pass()


def test_greedy_kraken_emerges_next_to_enemy_coasts():
    """Kraken: a greedy Atlantis brings its dived Kraken up in a sea with enemy coasts."""
    s = game(["atlantis", "rome", "carthage"])
    put(s, "atlantis", "creature", "")
    start_military(s, "atlantis")
    a = choice(s)
    assert isinstance(a, UsePower) and a.card == "kraken" and a.choice == "emerge"
    assert a.target in ("mare_tyrrhenum", "mare_africum", "mare_hadriaticum")
    apply(s, a)
    assert choice(s) == EndNaval()


def _construction(civ: str, civs: list[str]):
    s = game(civs, keep_units=True)
    begin_phase(s, "construction", first=civ)
    while not (isinstance(s.prompt, ConstructionTurn) and s.prompt.civ == civ):
        apply(s, Pass())
    return s


def test_greedy_takes_hammurabis_free_marker_first():
    """Hammurabi (Babylon): the free influence marker is placed before anything is bought."""
    s = _construction("babylon", ["babylon", "egypt", "rome"])
    set_hand(s, "babylon", {"tax": 2})
    a = choice(s)
    assert isinstance(a, UsePower) and a.card == "hammurabi"


def test_greedy_aims_baal_at_the_leader():
    """Baal: the city destroyed belongs to the player with the most heroes and wonders."""
    s = _construction("rome", ["rome", "carthage", "greece"])
    give_god(s, "rome", "baal")
    give(s, "greece", "colossus")
    give(s, "greece", "lighthouse")
    set_hand(s, "rome", {})
    a = choice(s)
    assert isinstance(a, UsePower) and a.card == "baal"
    assert s.provinces[a.target].influence == "greece"


def test_greedy_puts_a_free_fortress_where_it_is_threatened():
    """Statue of Zeus: the free fortress goes to the province enemies stand next to."""
    from engine.powers import on_acquire
    from engine.prompts import PlaceFree
    from engine.rules import flow
    s = _construction("egypt", ["egypt", "babylon", "rome"])
    put(s, "babylon", "legion", "iudaea", 3)
    give(s, "egypt", "statue_of_zeus")
    ev: list = []
    on_acquire(s, "egypt", "statue_of_zeus", ev)
    s.prompt = None
    flow.advance(s, ev)
    assert isinstance(s.prompt, PlaceFree) and "alexandria" in s.prompt.options
    assert choice(s).province == "alexandria"  # next to Iudaea


def test_greedy_medusa_stops_a_battle_it_would_lose():
    """Medusa: four Roman legions attack Carthage's one: Carthage forbids the battle."""
    s = game(["rome", "carthage", "greece"])
    give(s, "carthage", "medusa")
    legions = put(s, "rome", "legion", "mauretania_caesariensis", 4)
    put(s, "carthage", "legion", "numidia")
    start_military(s, "rome", "ground")
    apply(s, Move(units=legions, to="numidia"))
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "before_battle"
    assert s.prompt.civ == "carthage"
    assert choice(s) == UsePower(card="medusa", target="numidia")


def test_greedy_isis_keeps_the_best_card_and_gives_doubles():
    """Isis: Egypt takes the card that completes its set, and gives Babylon a card Babylon
    produces already."""
    from engine.rules.commerce import production
    s = game(["egypt", "babylon", "rome"], keep_units=True)
    give_god(s, "egypt", "isis")
    begin_phase(s, "commerce")
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "isis"
    set_hand(s, "egypt", {"wine": 1, "gold": 1, "gems": 1})
    mine = choice(s)
    assert mine.target == "egypt" and mine.choice not in ("wine", "gold", "gems")
    apply(s, mine)
    assert s.prompt.window == "isis"
    gift = choice(s)
    assert gift.target == "babylon"
    assert production(s)["babylon"].get(gift.choice)


def test_greedy_cleopatra_swaps_a_double_for_a_tax():
    """Cleopatra: a second papyrus is worth less than a tax card in a set of taxes."""
    from .powers.support import construction_turn
    s = game(["egypt", "babylon", "rome"], keep_units=True)
    construction_turn(s, "egypt", {"tax": 2, "papyrus": 2})
    a = choice(s)
    assert a == UsePower(card="cleopatra", target="papyrus", choice="tax")


def test_greedy_places_a_free_piece_while_holding_an_any_time_god():
    """Baal may be used in any decision, a free placement's too: the greedy player still
    places the piece (a bug found by the arena)."""
    from engine.actions import PlaceAt
    from engine.powers import on_acquire
    from engine.prompts import PlaceFree
    from engine.rules import flow
    s = _construction("egypt", ["egypt", "babylon", "rome"])
    give_god(s, "egypt", "baal")
    give(s, "egypt", "statue_of_zeus")
    ev: list = []
    on_acquire(s, "egypt", "statue_of_zeus", ev)
    s.prompt = None
    flow.advance(s, ev)
    assert isinstance(s.prompt, PlaceFree)
    from engine.game import legal_actions
    assert any(isinstance(a, UsePower) and a.card == "baal" for a in legal_actions(s))
    assert isinstance(choice(s), PlaceAt)
