"""Hercules: once a round one legion acts as a mythological unit of its owner, only his
own civilization's creature (rulebook, card text and Q&A)."""

from __future__ import annotations

from engine.actions import Move, Pass, UsePower
from engine.events import DiceRolled, UnitsLost
from engine.game import apply
from engine.prompts import Reaction
from engine.rules.common import unit

from ..helpers import assert_illegal
from ..test_military import game, of, put, start_military
from .support import give, uses


def _battle(attacker="rome", legions=2):
    s = game(["rome", "carthage", "greece"])
    give(s, attacker, "hercules")
    mine = put(s, attacker, "legion", "mauretania_caesariensis", legions)
    put(s, "carthage", "legion", "numidia", 2)
    start_military(s, attacker, "ground")
    apply(s, Move(units=mine, to="numidia"))
    return s, mine


def test_a_hercules_legion_fights_as_a_creature_then_is_a_legion_again():
    s, mine = _battle()
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "before_battle"
    assert uses(s, "hercules") == [UsePower(card="hercules", units=[u]) for u in mine]
    s.forced_dice = [1, 1, 1]
    ev = apply(s, UsePower(card="hercules", units=[mine[0]]))
    rome = of(ev, DiceRolled)[0]
    assert rome.dice == [1] and rome.automatic == [6]
    assert unit(s, mine[0]).kind == "legion"  # after the battle
    assert "hercules:rome" in s.used_powers  # once per round: the mark lasts the turn
    assert uses(s, "hercules") == []


def test_hercules_gives_the_owners_own_creature():
    """Q&A: only the creature of his civilization: Greece's legion is a Centaur, and kills
    a legion before the dice."""
    s, mine = _battle("greece")
    s.forced_dice = [1, 1]
    ev = apply(s, UsePower(card="hercules", units=[mine[0]]))
    lost = of(ev, UnitsLost)
    assert lost[0].civ == "carthage" and lost[0].kinds == ["legion"]
    assert len(of(ev, DiceRolled)[1].dice) == 1


def test_hercules_limits():
    s, mine = _battle()
    assert_illegal(s, UsePower(card="hercules", units=[mine[0] + 99]), "hercules", "legions")
    apply(s, Pass())
    assert not any(k.startswith("hercules") for k in s.used_powers)
    s2 = game(["rome", "carthage", "greece"])
    give(s2, "rome", "hercules")
    start_military(s2, "rome", "ground")
    assert_illegal(s2, UsePower(card="hercules", units=[1]), "hercules", "before the dice")


def test_a_babylonian_hercules_legion_moves_as_the_griffon():
    """Hercules: for the round a Babylonian legion is a Griffon: it flies two regions (and
    is not convoyed); civilizations whose creature moves and attacks as a legion does are
    not offered the move."""
    from engine.actions import Move as M

    from ..test_military import ids_at, illegal
    s = game(["babylon", "carthage", "rome"])
    give(s, "babylon", "hercules")
    a, b = put(s, "babylon", "legion", "mauretania_caesariensis", 2)
    start_military(s, "babylon", "ground")
    illegal(s, M(units=[a], to="carthago"), "not next to")
    assert uses(s, "hercules") == [UsePower(card="hercules", target="move", units=[u])
                                   for u in (a, b)]
    apply(s, UsePower(card="hercules", target="move", units=[a]))
    apply(s, M(units=[a], to="carthago"))
    assert ids_at(s, "carthago", "babylon") == [a]
    assert "hercules:babylon" in s.used_powers and b  # once per round
    s2 = game(["greece", "carthage", "rome"])
    give(s2, "greece", "hercules")
    put(s2, "greece", "legion", "athenae_sparta")
    start_military(s2, "greece", "ground")
    assert uses(s2, "hercules") == []


def test_a_roman_hercules_legion_makes_the_titans_attack():
    """Hercules: the legion counts as Rome's creature, so it may make the Titan's attack on
    an adjacent province (one die, one-sided); it is a legion piece throughout."""
    from engine.rules.common import pieces_out

    from ..test_military import ids_at
    s = game(["rome", "carthage", "greece"])
    give(s, "rome", "hercules")
    legion, = put(s, "rome", "legion", "roma")
    target, = put(s, "carthage", "legion", "etruria")
    start_military(s, "rome", "ground")
    assert not [x for x in uses(s, "titan") if legion in x.units]
    apply(s, UsePower(card="hercules", target="move", units=[legion]))
    shot = [x for x in uses(s, "titan") if x.target == "etruria"]
    assert shot == [UsePower(card="titan", target="etruria", choice="carthage", units=[legion])]
    s.forced_dice = [5]
    apply(s, shot[0])
    assert ids_at(s, "etruria", "carthage") == [] and target
    assert unit(s, legion).area == "roma" and unit(s, legion).kind == "legion"
    assert pieces_out(s, "rome", "creature") == 0


def test_an_atlantean_hercules_legion_swims_and_dives_as_the_kraken():
    """Hercules: an Atlantean legion is the Kraken for the round: in the naval step it
    swims into a sea its coast touches (or dives), and it is not carried by triremes."""
    from engine.prompts import NavalTurn
    s = game(["atlantis", "carthage", "greece"])
    give(s, "atlantis", "hercules")
    legion, = put(s, "atlantis", "legion", "poseidonis")
    start_military(s, "atlantis")
    assert isinstance(s.prompt, NavalTurn)
    assert UsePower(card="hercules", target="move", units=[legion]) in uses(s, "hercules")
    apply(s, UsePower(card="hercules", target="move", units=[legion]))
    kraken = [x for x in uses(s, "kraken") if x.units == [legion]]
    assert {x.choice for x in kraken} == {"swim", "dive"}
    swim = next(x for x in kraken if x.choice == "swim")
    apply(s, swim)
    assert unit(s, legion).area == swim.target and unit(s, legion).kind == "legion"


def test_an_egyptian_hercules_legion_lost_as_the_phoenix_waits_on_its_card():
    """Hercules: an Egyptian legion fighting as the Phoenix and lost goes onto the Phoenix
    card, and may come back to the capital as the Phoenix does (it stays a legion)."""
    from engine.rules.common import pieces_out

    from ..test_military import ids_at
    s = game(["egypt", "carthage", "greece"])
    give(s, "egypt", "hercules")
    mine = put(s, "egypt", "legion", "cyrenaica", 1)
    put(s, "carthage", "legion", "tripolitania", 3)
    start_military(s, "egypt", "ground")
    apply(s, Move(units=mine, to="tripolitania"))
    assert isinstance(s.prompt, Reaction)
    s.forced_dice = [6, 6, 6]
    apply(s, UsePower(card="hercules", units=mine))
    assert ids_at(s, "tripolitania", "egypt") == []
    assert unit(s, mine[0]).area == "" and unit(s, mine[0]).kind == "legion"
    assert pieces_out(s, "egypt", "legion") == 1 and pieces_out(s, "egypt", "creature") == 0
