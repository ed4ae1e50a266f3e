"""Titan (Rome): instead of fighting where it stands, a Titan may attack units in an
adjacent province or sea; the attack rolls dice, one per Titan, with no automatic 6, and
several Titans may combine (rulebook, creature text). The attack is one-sided
(docs/rules.md, Cards). Q&A: Titans may attack adjacent triremes."""

from __future__ import annotations

from engine.actions import EndMilitary, EndNaval, Move, Pass, TakeLosses, UsePower
from engine.events import BattleEnded, DiceRolled, UnitsLost
from engine.game import apply, legal_actions
from engine.prompts import ChooseLosses, GroundTurn, Reaction

from ..helpers import assert_illegal
from ..test_military import game, ids_at, illegal, of, put, start_military
from .support import give, give_god, uses


def titan(units: list[int], area: str, opponent: str) -> UsePower:
    return UsePower(card="titan", units=units, target=area, choice=opponent)


def test_a_titan_shoots_into_an_adjacent_province_one_die_no_automatic_six():
    """Titan: one die per Titan (no automatic 6); the targets lose one unit per 5 points and
    do not hit back; the Titan has then fought and moved, the targets have not fought."""
    s = game(["rome", "carthage", "greece"])
    t, = put(s, "rome", "creature", "roma")
    legions = put(s, "carthage", "legion", "etruria", 2)
    start_military(s, "rome", "ground")
    assert titan([t], "etruria", "carthage") in legal_actions(s)
    s.forced_dice = [5]
    ev = apply(s, titan([t], "etruria", "carthage"))
    rolled, = of(ev, DiceRolled)  # only the Titans roll
    assert (rolled.civ, rolled.dice, rolled.automatic, rolled.total) == ("rome", [5], [], 5)
    assert rolled.losses_inflicted == 1
    assert len(ids_at(s, "etruria", "carthage")) == 1 and ids_at(s, "roma", "rome") == [t]
    assert [e.civ for e in of(ev, UnitsLost)] == ["carthage"]
    assert isinstance(s.prompt, GroundTurn)
    survivor = next(u for u in s.units if u.id in legions)
    assert not survivor.fought  # shot at, it still fights in its own turn
    titan_unit = next(u for u in s.units if u.id == t)
    assert titan_unit.fought and titan_unit.moved
    illegal(s, Move(units=[t], to="magna_graecia"), "moved already")
    assert not uses(s, "titan")


def test_titans_combine_and_the_defender_chooses_his_losses():
    """Titan: several Titans may combine, rolling one die each, from any provinces next to
    the target; the defender chooses his losses (docs/rules.md, Military: battles), a fortress
    included."""
    s = game(["rome", "carthage", "greece"])
    a, = put(s, "rome", "creature", "roma")
    b, = put(s, "rome", "creature", "gallia_cisalpina")
    put(s, "rome", "creature", "sicilia")  # not next to Etruria
    legion, = put(s, "carthage", "legion", "etruria")
    fortress, = put(s, "carthage", "fortress", "etruria")
    start_military(s, "rome", "ground")
    offered = [x for x in uses(s, "titan") if x.target == "etruria"]
    # both together, or either alone
    assert sorted(sorted(x.units) for x in offered) == sorted([sorted([a, b]), [a], [b]])
    s.forced_dice = [3, 4]
    ev = apply(s, titan([a, b], "etruria", "carthage"))
    assert of(ev, DiceRolled)[0].total == 7
    assert isinstance(s.prompt, ChooseLosses) and s.prompt.civ == "carthage"
    assert s.prompt.count == 1
    apply(s, TakeLosses(units=[fortress]))
    assert ids_at(s, "etruria", "carthage") == [legion]


def test_titans_attack_triremes_at_sea_and_in_port():
    """Q&A: Titans may attack adjacent triremes: in a sea their province touches, and (the
    Titan's exception to "no interaction between sea and ground units") in port next door."""
    s = game(["rome", "carthage", "greece"])
    t, u = put(s, "rome", "creature", "sicilia"), put(s, "rome", "creature", "roma")
    put(s, "carthage", "trireme", "mare_africum", 2)
    port, = put(s, "carthage", "trireme", "etruria")
    start_military(s, "rome", "ground")
    targets = {(x.target, x.choice) for x in uses(s, "titan")}
    assert ("mare_africum", "carthage") in targets and ("etruria", "carthage") in targets
    s.forced_dice = [6]
    apply(s, titan(t, "mare_africum", "carthage"))
    assert len(ids_at(s, "mare_africum", "carthage")) == 1
    s.forced_dice = [5]
    apply(s, titan(u, "etruria", "carthage"))
    assert port not in [x.id for x in s.units]


def test_titan_limits():
    """Titan: only next to its province, only its owner's Titans that have not fought, only
    at units that are there, in the ground step."""
    s = game(["rome", "carthage", "greece"])
    t, = put(s, "rome", "creature", "roma")
    legion, = put(s, "rome", "legion", "roma")
    put(s, "carthage", "legion", "sicilia")
    put(s, "carthage", "legion", "etruria")
    start_military(s, "rome")
    assert_illegal(s, titan([t], "etruria", "carthage"), "titan", "ground step")
    apply(s, EndNaval())
    assert_illegal(s, titan([t], "sicilia", "carthage"), "not next to")
    assert_illegal(s, titan([t], "magna_graecia", "carthage"), "no units")
    assert_illegal(s, titan([legion], "etruria", "carthage"), "not one of your titans")
    assert_illegal(s, titan([t, t], "etruria", "carthage"), "each once")
    s.forced_dice = [1]
    apply(s, titan([t], "etruria", "carthage"))
    assert_illegal(s, titan([t], "etruria", "carthage"), "has fought")


def test_a_titan_in_a_province_at_war_shoots_elsewhere_instead():
    """Titan: the attack replaces fighting in its own province: a Titan that has shot does
    not fight the enemies beside it at the end of the turn."""
    s = game(["rome", "carthage", "greece"])
    t, = put(s, "rome", "creature", "roma")
    enemy, = put(s, "carthage", "legion", "roma")
    put(s, "carthage", "legion", "etruria")
    start_military(s, "rome", "ground")
    s.forced_dice = [2]
    apply(s, titan([t], "etruria", "carthage"))
    ev = apply(s, EndMilitary())
    assert not of(ev, BattleEnded)  # no battle in Roma this turn
    assert enemy in [u.id for u in s.units]


def test_mars_after_a_titans_dice_and_penthesilee_against_it():
    """Mars adds +6 after the dice of any combat, a Titan's attack too; Penthesilee's units
    are lost per 6 points, not 5, in a ground battle."""
    s = game(["rome", "carthage", "greece"])
    give_god(s, "rome", "mars")
    give(s, "carthage", "penthesilee")
    t, = put(s, "rome", "creature", "roma")
    put(s, "carthage", "legion", "etruria", 3)
    start_military(s, "rome", "ground")
    s.forced_dice = [5]
    apply(s, titan([t], "etruria", "carthage"))
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "after_dice"
    assert {x.target for x in uses(s, "mars")} == {"rome"}  # the defender has no roll
    ev = apply(s, UsePower(card="mars", target="rome"))
    assert of(ev, DiceRolled)[0].total == 11
    assert len(ids_at(s, "etruria", "carthage")) == 2  # 11 // 6 = 1
    while isinstance(s.prompt, Reaction):
        apply(s, Pass())


def test_the_battle_log_says_the_titans_shoot():
    from engine.events import BattleStarted
    from engine.render import render
    s = game(["rome", "carthage", "greece"])
    a = put(s, "rome", "creature", "roma", 2)
    put(s, "carthage", "legion", "etruria")
    start_military(s, "rome", "ground")
    s.forced_dice = [1, 1]
    ev = apply(s, titan(a, "etruria", "carthage"))
    started, = of(ev, BattleStarted)
    assert started.ranged
    assert "2 Titans shoot into Etruria" in render(started)
