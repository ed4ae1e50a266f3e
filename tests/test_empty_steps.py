"""No empty steps, no silent skips (issue 30, point 9): a step with nothing to do in it is
passed with a log line that says why, instead of an empty dialog; the pass is an action of
the record (old records replay unchanged), and a power usable there keeps the dialog."""

from __future__ import annotations

from engine import game
from engine.actions import EndConstruction, EndNaval, Move, Name, Pass, UsePower
from engine.data.board import SEAS
from engine.events import Passed
from engine.match import Match
from engine.prompts import ConstructionTurn, GroundTurn, MakeOffering, NamePlayer, NavalTurn
from engine.render import render
from engine.replay import verify
from engine.rules import empty

from .helpers import begin_phase, set_hand, start
from .powers.support import construction_turn
from .test_military import game as military_game
from .test_military import put, start_military


def _passed(events: list) -> list[Passed]:
    return [e for e in events if isinstance(e, Passed)]


# --- the offering: passed by the rules, now with its reason ----------------------------------
def test_an_offering_no_set_pays_for_is_passed_and_says_why():
    """Offering to the Gods: a god costs a set of 3. Greece holds one Wine: its turn is
    passed, and the log says it has no set of 3; Rome, with 3 Tax, is asked."""
    s = start()
    set_hand(s, "greece", {"wine": 1})
    set_hand(s, "rome", {"tax": 3})
    ev = begin_phase(s, "offering", first="greece")
    [p] = _passed(ev)
    assert (p.civ, p.phase, p.reason) == ("greece", "offering", empty.NO_SET)
    assert render(p) == "Greece has no set of 3 to pay for a god: its offering is passed"
    ev = game.apply(s, Name(civ="rome"))
    assert isinstance(s.prompt, MakeOffering) and s.prompt.civ == "rome"


def test_an_offering_with_every_god_taken_is_passed_and_says_why():
    """Offering: each god has one holder. With every god taken, Rome's set of 3 buys
    nothing: its turn is passed and the log says so."""
    s = start()
    set_hand(s, "greece", {"tax": 3})
    set_hand(s, "rome", {"tax": 3})
    begin_phase(s, "offering", first="greece")
    for g in s.gods:
        s.gods[g] = "egypt"
    game.apply(s, Pass())
    [p] = [e for e in _passed(game.apply(s, Name(civ="rome"))) if e.civ == "rome"]
    assert p.reason == empty.NO_GOD
    assert render(p) == "no god is left in the heavens: Rome's offering is passed"


def test_a_chosen_pass_says_only_that_it_passes():
    s = start()
    set_hand(s, "greece", {"tax": 3})
    begin_phase(s, "offering", first="greece")
    [p] = _passed(game.apply(s, Pass()))
    assert p.reason == "" and render(p) == "Greece passes (offering to the gods)"


# --- the naval step ---------------------------------------------------------------------------
def _naval_match(with_trireme: bool, humans=("rome",)) -> Match:
    s = military_game(["rome", "greece", "egypt"])
    put(s, "rome", "legion", "roma")
    if with_trireme:
        put(s, "rome", "trireme", "mare_tyrrhenum")
    start_military(s, "rome")
    return Match(s, ["human" if p.civ in humans else "random" for p in s.players])


def test_a_naval_step_without_a_trireme_is_passed_for_a_person_with_a_log_line():
    """Military Phase: the naval step moves triremes and fights at sea. Rome has none: the
    match passes the step for its player (an EndNaval in the record) and says why."""
    m = _naval_match(with_trireme=False)
    assert isinstance(m.state.prompt, NavalTurn)
    [step] = m.pass_empty_steps()
    assert step.action == EndNaval() and m.record.actions[-1] == EndNaval()
    [p] = _passed(step.events)
    assert p.reason == empty.NO_TRIREME
    assert render(p) == "Rome has no trireme: its naval step is passed"
    assert isinstance(m.state.prompt, GroundTurn) and m.state.prompt.civ == "rome"
    assert m.pass_empty_steps() == []  # the ground step holds a move: it is asked


def test_a_naval_step_with_a_trireme_is_asked():
    m = _naval_match(with_trireme=True)
    assert game.passed_step(m.state) is None and m.pass_empty_steps() == []
    assert isinstance(m.state.prompt, NavalTurn)


def test_a_unit_at_sea_makes_the_naval_step_a_choice():
    """A creature at sea (a Kraken) fights in the naval step: the step is not empty."""
    s = military_game(["rome", "greece", "egypt"])
    put(s, "rome", "creature", next(iter(SEAS)))
    start_military(s, "rome")
    assert empty.pass_reason(s) == ""


def test_a_power_usable_there_keeps_the_dialog():
    """A card usable at any time (docs/rules.md, Powers and reactions) is listed beside the pass: the
    step is a choice, so it is asked (the dialog names the power)."""
    m = _naval_match(with_trireme=False)
    assert empty.pass_reason(m.state) == empty.NO_TRIREME
    assert empty.passed_step(m.state, [EndNaval(), UsePower(card="jason")]) is None
    assert empty.passed_step(m.state, [EndNaval()]) == EndNaval()


def test_a_computer_players_empty_step_is_left_to_it():
    """The match passes steps for people only: a computer player's choices (and so the
    records of simulated games) stay its own."""
    m = _naval_match(with_trireme=False, humans=())
    assert m.pass_empty_steps() == []
    assert isinstance(m.state.prompt, NavalTurn)


def test_a_record_with_passed_steps_replays():
    m = _naval_match(with_trireme=False)
    m.pass_empty_steps()
    move = next(a for a in m.legal() if isinstance(a, Move))
    m.act(0, move)
    assert verify(m.record).ok


# --- the construction turn --------------------------------------------------------------------
def test_a_construction_turn_with_an_empty_hand_is_passed_and_says_why():
    s = start()
    construction_turn(s, "rome", {})
    m = Match(s, ["human" if p.civ == "rome" else "random" for p in s.players])
    [step] = m.pass_empty_steps()
    assert step.action == EndConstruction()
    [p] = _passed(step.events)
    assert render(p) == "Rome has no card in hand: its construction turn is passed"


def test_a_hand_that_pays_for_nothing_is_still_asked():
    """One Wine pays for nothing, but what a hand holds is the player's secret: the dialog
    shows what each kind lacks (point 8) rather than passing where everyone sees it."""
    s = start()
    construction_turn(s, "rome", {"wine": 1})
    assert game.passed_step(s) is None
    assert isinstance(s.prompt, ConstructionTurn)


# --- taking back --------------------------------------------------------------------------------
def test_taking_back_goes_past_the_passes_made_for_the_seat():
    """Rome names itself first (Military Leader): its naval step is passed for it. Undo
    takes back the pass and the naming together, not the pass alone (which would only be
    passed again)."""
    s = military_game(["rome", "greece", "egypt"])
    put(s, "rome", "legion", "roma")
    s.roles["military_leader"] = "rome"
    begin_phase(s, "military")
    while not isinstance(s.prompt, NamePlayer):  # the windows of the phase's start
        game.apply(s, Pass())
    m = Match(s, ["human", "random", "random"])
    m.act(0, Name(civ="rome"))
    assert isinstance(m.state.prompt, NavalTurn)
    named = len(m.record.actions)
    [_] = m.pass_empty_steps()
    assert m.can_undo(0)
    step = m.undo(0)
    assert step.action == Name(civ="rome") and len(m.record.actions) == named - 1
    assert isinstance(m.state.prompt, NamePlayer) and m.state.prompt.civ == "rome"


def test_passes_alone_are_not_taken_back():
    m = _naval_match(with_trireme=False)
    m.pass_empty_steps()
    assert not m.can_undo(0)
    assert "passed for you" in m.no_undo(0)
