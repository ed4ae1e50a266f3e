"""Kraken (Atlantis): on land it moves only in coastal territories; at sea it moves into sea
spaces and attacks triremes there; it cannot be convoyed; instead of its move it may dive
onto its card, and on any later turn emerge in any sea and move (rulebook, creature text;
Q&A: a Kraken may emerge the round it is built, which replaces its move). The convoy
refusal and the combat example by sea are in tests/test_military.py."""

from __future__ import annotations

from engine.actions import (
    Buy,
    EndConstruction,
    EndMilitary,
    EndNaval,
    Item,
    Move,
    MoveTrireme,
    NavalBattle,
    TakeLosses,
    UsePower,
)
from engine.data import board
from engine.events import DiceRolled
from engine.game import apply, legal_actions
from engine.prompts import ChooseLosses, ConstructionTurn, GroundTurn, NavalTurn

from ..helpers import assert_illegal, begin_phase, set_hand
from ..test_military import game, ids_at, illegal, of, put, start_military
from .support import uses


def kraken(choice: str, k: int, target: str = "") -> UsePower:
    return UsePower(card="kraken", units=[k], choice=choice, target=target)


def test_the_kraken_moves_only_in_coastal_provinces():
    s = game(["atlantis", "egypt", "rome"])
    k, = put(s, "atlantis", "creature", "alexandria")
    legion, = put(s, "atlantis", "legion", "alexandria")
    start_military(s, "atlantis", "ground")
    dests = {a.to for a in legal_actions(s) if isinstance(a, Move) and a.units == [k]}
    assert "heptanomis" not in dests and "thebais" not in dests
    assert {"heptanomis", "thebais"} <= {a.to for a in legal_actions(s)
                                          if isinstance(a, Move) and a.units == [legion]}
    illegal(s, Move(units=[k], to="heptanomis"), "not next to")
    apply(s, Move(units=[legion], to="heptanomis"))  # a legion goes inland
    assert ids_at(s, "heptanomis", "atlantis") == [legion]


def test_the_kraken_swims_into_a_sea_and_on_to_the_next_once_a_turn():
    """Kraken: at sea it moves into sea spaces. From a coast it swims into a sea that coast
    touches, from a sea into a neighbouring sea; one move a turn (docs/rules.md, Military:
    movement), in the naval step."""
    s = game(["atlantis", "rome", "carthage"])
    k, = put(s, "atlantis", "creature", "sardinia")
    start_military(s, "atlantis")
    assert {a.target for a in uses(s, "kraken") if a.choice == "swim"} == {
        "mare_sardoum", "mare_tyrrhenum", "mare_africum"}
    assert_illegal(s, kraken("swim", k, "mare_ionium"), "swims into")
    apply(s, kraken("swim", k, "mare_tyrrhenum"))
    assert ids_at(s, "mare_tyrrhenum", "atlantis") == [k]
    assert_illegal(s, kraken("swim", k, "mare_ionium"), "moves once per turn")
    apply(s, EndNaval())
    # it has made its move: it cannot land this turn, and it swims only in the naval step
    assert not [a for a in legal_actions(s) if isinstance(a, Move)]
    illegal(s, Move(units=[k], to="roma"), "moved already")
    assert_illegal(s, kraken("dive", k), "naval step")
    apply(s, EndMilitary())
    # the next turn it swims on into a neighbouring sea
    start_military(s, "atlantis")
    assert {a.target for a in uses(s, "kraken") if a.choice == "swim"} == {
        "sinus_gallicus", "mare_africum", "mare_ionium"}
    apply(s, kraken("swim", k, "mare_ionium"))
    assert ids_at(s, "mare_ionium", "atlantis") == [k]


def test_the_kraken_at_sea_lands_on_a_coast_of_its_sea():
    """Kraken: a Kraken that starts its turn at sea moves onto land in the ground step, to a
    coastal province its sea touches, and fights there like any ground unit."""
    s = game(["atlantis", "rome", "carthage"])
    k, = put(s, "atlantis", "creature", "mare_tyrrhenum")
    put(s, "rome", "legion", "roma")
    start_military(s, "atlantis", "ground")
    dests = {a.to for a in legal_actions(s) if isinstance(a, Move) and a.units == [k]}
    assert dests == {"corsica", "sardinia", "gallia_cisalpina", "etruria", "roma",
                     "magna_graecia", "sicilia"}
    illegal(s, Move(units=[k], to="carthago"), "coast of that sea")
    s.forced_dice = [2]
    ev = apply(s, Move(units=[k], to="roma"))
    atl, rom = of(ev, DiceRolled)
    assert (atl.automatic, atl.losses_inflicted) == ([6], 1)  # its automatic 6 on land
    assert rom.total == 2
    assert ids_at(s, "roma", "rome") == [] and ids_at(s, "roma", "atlantis") == [k]


def test_the_kraken_attacks_triremes_at_sea_and_defends_there():
    """Kraken: at sea it attacks triremes. A naval battle is optional; the Kraken fights with
    its automatic 6 (rulebook, Combat: all creatures), beside its owner's triremes. A
    player whose triremes share its sea may attack it too (our decision: naval units fight
    naval units)."""
    s = game(["atlantis", "rome", "carthage"])
    k, = put(s, "atlantis", "creature", "mare_tyrrhenum")
    roman = put(s, "rome", "trireme", "mare_tyrrhenum", 2)
    start_military(s, "atlantis")
    assert NavalBattle(sea="mare_tyrrhenum", opponent="rome") in legal_actions(s)
    s.forced_dice = [1, 3]
    ev = apply(s, NavalBattle(sea="mare_tyrrhenum", opponent="rome"))
    atl, rom = of(ev, DiceRolled)
    assert (atl.dice, atl.automatic, atl.total, atl.losses_inflicted) == ([], [6], 6, 1)
    assert (rom.dice, rom.total, rom.losses_inflicted) == ([1, 3], 4, 0)
    assert len(ids_at(s, "mare_tyrrhenum", "rome")) == 1
    # it has fought this turn: no second battle
    assert not [a for a in legal_actions(s) if isinstance(a, NavalBattle)]
    apply(s, EndNaval())
    apply(s, EndMilitary())
    # Rome's turn: its trireme attacks the Kraken, which defends with its 6
    start_military(s, "rome")
    s.forced_dice = [4]
    ev = apply(s, NavalBattle(sea="mare_tyrrhenum", opponent="atlantis"))
    rom, atl = of(ev, DiceRolled)
    assert (rom.total, atl.total) == (4, 6)
    assert ids_at(s, "mare_tyrrhenum", "rome") == [] and ids_at(s, "mare_tyrrhenum",
                                                                "atlantis") == [k]
    assert roman[0] not in [u.id for u in s.units]


def test_a_kraken_and_triremes_together_choose_their_losses():
    """Rulebook, Combat: each owner chooses his own losses, the Kraken among them."""
    s = game(["atlantis", "rome", "carthage"])
    k, = put(s, "atlantis", "creature", "mare_tyrrhenum")
    t, = put(s, "atlantis", "trireme", "mare_tyrrhenum")
    put(s, "rome", "trireme", "mare_tyrrhenum", 2)
    start_military(s, "atlantis")
    s.forced_dice = [1, 3, 4]  # Atlantis 6 + 1 = 7, Rome 3 + 4 = 7: one loss each
    apply(s, NavalBattle(sea="mare_tyrrhenum", opponent="rome"))
    assert isinstance(s.prompt, ChooseLosses) and s.prompt.civ == "atlantis"
    assert s.prompt.count == 1 and sorted(s.prompt.units) == sorted([k, t])
    apply(s, TakeLosses(units=[t]))
    assert ids_at(s, "mare_tyrrhenum", "atlantis") == [k]
    assert len(ids_at(s, "mare_tyrrhenum", "rome")) == 1


def test_the_kraken_dives_and_emerges_anywhere_on_a_later_turn_then_moves():
    """Kraken: instead of its move it dives onto its card; on any later turn it emerges in
    any sea and moves. It dives from a sea or a coast, not from inland."""
    s = game(["atlantis", "egypt", "rome"])
    k, = put(s, "atlantis", "creature", "mare_aegyptium")
    inland, = put(s, "atlantis", "creature", "heptanomis")
    start_military(s, "atlantis")
    assert_illegal(s, kraken("dive", inland), "coastal")
    apply(s, kraken("dive", k))
    assert [u.area for u in s.units if u.id == k] == [""]
    # not the same turn: it has made its move
    assert not [a for a in uses(s, "kraken") if a.units == [k]]
    assert_illegal(s, kraken("emerge", k, "mare_tyrrhenum"), "later turn")
    apply(s, EndNaval())
    apply(s, EndMilitary())
    # a later turn: it emerges in any sea at all, then makes its move
    start_military(s, "atlantis")
    assert {a.target for a in uses(s, "kraken") if a.units == [k] and a.choice == "emerge"} \
        == set(board.SEAS)
    assert_illegal(s, kraken("emerge", k, "roma"), "in a sea")
    apply(s, kraken("emerge", k, "mare_tyrrhenum"))
    assert ids_at(s, "mare_tyrrhenum", "atlantis") == [k]
    assert_illegal(s, kraken("emerge", k, "mare_ionium"), "later turn")
    apply(s, EndNaval())
    apply(s, Move(units=[k], to="roma"))  # "emerge in any sea space AND move"
    assert ids_at(s, "roma", "atlantis") == [k]


def test_a_kraken_may_emerge_the_round_it_is_built_instead_of_moving():
    """Q&A: a Kraken may emerge the round it is created; that replaces its normal move. One
    built in an earlier round has to dive first."""
    s = game(["atlantis", "rome", "carthage"])
    old, = put(s, "atlantis", "creature", "poseidonis")
    begin_phase(s, "construction", first="atlantis")
    while not (isinstance(s.prompt, ConstructionTurn) and s.prompt.civ == "atlantis"):
        apply(s, next(a for a in legal_actions(s) if type(a).__name__ == "Pass"))
    set_hand(s, "atlantis", {"tax": 6})
    apply(s, Buy(items=[Item(kind="creature", province="poseidonis")], payment={"tax": 6}))
    new = max(u.id for u in s.units if u.owner == "atlantis")
    apply(s, EndConstruction())
    start_military(s, "atlantis")
    assert isinstance(s.prompt, NavalTurn)
    emerging = {a.units[0] for a in uses(s, "kraken") if a.choice == "emerge"}
    assert emerging == {new}
    assert_illegal(s, kraken("emerge", old, "mare_ionium"), "later turn")
    apply(s, kraken("emerge", new, "mare_ionium"))
    assert ids_at(s, "mare_ionium", "atlantis") == [new]
    assert_illegal(s, kraken("swim", new, "mare_africum"), "moves once per turn")
    apply(s, EndNaval())
    assert isinstance(s.prompt, GroundTurn)
    illegal(s, Move(units=[new], to="sicilia"), "moved already")


def test_a_trireme_does_not_carry_a_kraken_and_a_kraken_does_not_carry_legions():
    """Rulebook, Legion Movement note: the Kraken is no convoy, and it cannot be convoyed."""
    s = game(["atlantis", "rome", "carthage"])
    put(s, "atlantis", "creature", "mare_tyrrhenum")
    legion, = put(s, "atlantis", "legion", "sardinia")
    start_military(s, "atlantis", "ground")
    illegal(s, Move(units=[legion], to="roma"), "no chain")
    illegal(s, Move(units=[legion], to="roma", seas=["mare_tyrrhenum"]), "unbroken chain")
    assert MoveTrireme not in {type(a) for a in legal_actions(s)}
