"""The military phase (engine/rules/military.py, movement.py, combat.py).

Each test's docstring names the rule it checks: a section of the Mythology rulebook
or of docs/rules.md.
"""

from __future__ import annotations

import pytest

from engine.actions import (
    Announce,
    Blockade,
    Buy,
    Convert,
    EndConstruction,
    EndMilitary,
    EndNaval,
    Fight,
    Item,
    Move,
    MoveTrireme,
    Name,
    NavalBattle,
    Occupy,
    Pass,
    Post,
    Sack,
    TakeLosses,
    UsePower,
)
from engine.errors import IllegalAction
from engine.events import (
    BattleEnded,
    BattleStarted,
    ConversionCompleted,
    ConversionStarted,
    DiceRolled,
    MoveCancelled,
    Sacked,
    UnitsLost,
    UnitsMoved,
)
from engine.game import apply, legal_actions, new_game, state_hash
from engine.prompts import (
    AnnounceTrade,
    ChooseConquest,
    ChooseLosses,
    ChooseOpponent,
    ConstructionTurn,
    GreekBlockade,
    GroundTurn,
    NamePlayer,
    NavalTurn,
)
from engine.rules import flow
from engine.rules.commerce import production
from engine.rules.common import at_war, new_unit, player, tokens_in_play
from engine.rules.placement import CONSTRUCTION, check
from engine.state import Building, Config, GameState, MilitaryState, OrderState

# --- helpers ------------------------------------------------------------------------------


def game(civs: list[str], seed: int = 1, keep_units: bool = False) -> GameState:
    """A new predetermined game; unless told, with no military units on the board (the
    tests place the units they need with `put`)."""
    state, _ = new_game(Config(civs=civs, seed=seed))
    if not keep_units:
        state.units = []
    return state


def put(state: GameState, owner: str, kind: str, area: str, n: int = 1) -> list[int]:
    return [new_unit(state, owner, kind, area).id for _ in range(n)]


def start_military(state: GameState, active: str, step: str = "naval",
                   done: list[str] | None = None) -> list:
    """Put the game at the start of `active`'s military turn. The players in `done` (by
    default every other player) have had their turn, so the phase ends after his."""
    state.phase = "military"
    state.step = ""
    state.military = MilitaryState()
    others = [p.civ for p in state.players if p.civ != active]
    state.order = OrderState(role="military_leader", active=active,
                             done=others if done is None else done)
    state.prompt = None
    ev: list = []
    flow.advance(state, ev)
    assert isinstance(state.prompt, NavalTurn) and state.prompt.civ == active
    if step == "ground":
        ev += apply(state, EndNaval())
        assert isinstance(state.prompt, GroundTurn)
    return ev


def illegal(state: GameState, action, fragment: str = "") -> IllegalAction:
    """The action is refused with a reason, and the state is left exactly as it was."""
    before = state_hash(state)
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    assert state_hash(state) == before
    assert info.value.reason
    assert fragment.lower() in info.value.reason.lower(), info.value.reason
    return info.value


def of(events: list, kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


def ids_at(state: GameState, area: str, owner: str, kind: str | None = None) -> list[int]:
    return [u.id for u in state.units
            if u.area == area and u.owner == owner and (kind is None or u.kind == kind)]


def passive(state: GameState):
    """A player who does nothing: no trade, no offering, no building, no move."""
    p = state.prompt
    acts = legal_actions(state)
    if isinstance(p, AnnounceTrade):
        return Announce(n=0)
    for kind in (EndNaval, EndMilitary, EndConstruction, Pass):
        for a in acts:
            if isinstance(a, kind):
                return a
    return acts[0]


def drive(state: GameState, until, policy=passive, limit: int = 500) -> list:
    """Apply the policy's actions until `until(state)`; returns the events."""
    ev: list = []
    for _ in range(limit):
        if until(state):
            return ev
        ev += apply(state, policy(state))
    raise AssertionError(f"not reached: {state.phase} {state.prompt}")


# --- naval movement -----------------------------------------------------------------------


def test_trireme_moves_from_port_and_at_sea_once():
    """Rulebook, A) Movement 1. Naval Movement: a trireme in port moves to a sea its province
    touches, one at sea to an adjacent sea; docs/rules.md, Military: movement: each unit moves once
    a turn."""
    s = game(["rome", "carthage", "greece"])
    port, = put(s, "rome", "trireme", "roma")
    sea, = put(s, "rome", "trireme", "mare_tyrrhenum")
    enemy, = put(s, "carthage", "trireme", "mare_africum")
    legion, = put(s, "rome", "legion", "roma")
    start_military(s, "rome")
    illegal(s, MoveTrireme(unit=port, to="mare_ionium"), "moves to")  # Roma does not touch it
    illegal(s, MoveTrireme(unit=sea, to="mare_aegaeum"), "moves to")  # not adjacent
    illegal(s, MoveTrireme(unit=enemy, to="mare_tyrrhenum"), "not yours")
    illegal(s, MoveTrireme(unit=legion, to="mare_tyrrhenum"), "only triremes")
    apply(s, MoveTrireme(unit=port, to="mare_hadriaticum"))
    apply(s, MoveTrireme(unit=sea, to="mare_africum"))
    assert [u.area for u in s.units if u.id in (port, sea)] == ["mare_hadriaticum",
                                                                "mare_africum"]
    illegal(s, MoveTrireme(unit=port, to="mare_ionium"), "made its move")
    illegal(s, MoveTrireme(unit=sea, to="mare_tyrrhenum"), "made its move")
    # Moving into an occupied sea starts no battle: the naval step goes on.
    assert isinstance(s.prompt, NavalTurn)


def test_atlas_triremes_move_twice_unless_they_fight_after_the_first_move():
    """Rulebook, Atlas: Atlantis' triremes move 2 sea spaces; a trireme that fights after
    its 1st move cannot move again."""
    s = game(["atlantis", "carthage", "rome"])
    a, b = put(s, "atlantis", "trireme", "sinus_gaditanus", 2)
    put(s, "rome", "trireme", "mare_sardoum")
    start_military(s, "atlantis")
    apply(s, MoveTrireme(unit=a, to="mare_ibericum"))
    apply(s, MoveTrireme(unit=a, to="mare_sardoum"))
    illegal(s, MoveTrireme(unit=a, to="mare_africum"), "made its move")
    apply(s, MoveTrireme(unit=b, to="mare_ibericum"))
    apply(s, MoveTrireme(unit=b, to="mare_sardoum"))
    s2 = game(["atlantis", "carthage", "rome"])
    c, = put(s2, "atlantis", "trireme", "mare_ibericum")
    put(s2, "rome", "trireme", "mare_sardoum")
    start_military(s2, "atlantis")
    apply(s2, MoveTrireme(unit=c, to="mare_sardoum"))
    s2.forced_dice = [1, 1]
    ev = apply(s2, NavalBattle(sea="mare_sardoum", opponent="rome"))
    assert of(ev, BattleEnded)
    illegal(s2, MoveTrireme(unit=c, to="mare_africum"), "fought after its first move")


def test_naval_battle_is_optional_and_comes_before_ground_moves():
    """Rulebook, A) Movement 1-2: naval battles are optional and are fought before any
    Legion moves; docs/rules.md, Military: movement: a unit fights once per turn."""
    s = game(["rome", "carthage", "greece"])
    r1, r2 = put(s, "rome", "trireme", "mare_africum", 2)
    c1, = put(s, "carthage", "trireme", "mare_africum")
    put(s, "rome", "legion", "roma")
    start_military(s, "rome")
    illegal(s, NavalBattle(sea="mare_tyrrhenum", opponent="carthage"), "no trireme")
    illegal(s, NavalBattle(sea="mare_africum", opponent="greece"), "no trireme")
    illegal(s, Move(units=ids_at(s, "roma", "rome"), to="etruria"), "naval step")
    s.forced_dice = [2, 2, 1]  # Rome 4: no loss; Carthage (Hannibal is for legions) 1
    ev = apply(s, NavalBattle(sea="mare_africum", opponent="carthage"))
    started, = of(ev, BattleStarted)
    assert started.naval and started.attacker_units == ["trireme", "trireme"]
    assert [d.total for d in of(ev, DiceRolled)] == [4, 1]
    assert not of(ev, UnitsLost) and isinstance(s.prompt, NavalTurn)
    assert all(u.fought for u in s.units if u.id in (r1, r2, c1))
    illegal(s, NavalBattle(sea="mare_africum", opponent="carthage"), "not fought")
    apply(s, EndNaval())
    illegal(s, NavalBattle(sea="mare_africum", opponent="carthage"), "naval step is over")
    illegal(s, MoveTrireme(unit=r1, to="mare_sardoum"), "naval step is over")
    assert any(isinstance(a, EndMilitary) for a in legal_actions(s))


def test_pericles_adds_one_per_trireme_die_and_losses_per_five():
    """Rulebook, Pericles: +1 on each die in naval combat; B) Combat: one loss per 5."""
    s = game(["greece", "rome", "carthage"])
    put(s, "greece", "trireme", "mare_ionium", 2)
    put(s, "rome", "trireme", "mare_ionium", 3)
    start_military(s, "greece")
    s.forced_dice = [4, 4, 6, 6, 5]
    ev = apply(s, NavalBattle(sea="mare_ionium", opponent="rome"))
    greek, roman = of(ev, DiceRolled)
    assert (greek.dice, greek.bonus, greek.total, greek.losses_inflicted) == ([4, 4], 2, 10, 2)
    assert (roman.total, roman.losses_inflicted) == (17, 2)
    assert len(ids_at(s, "mare_ionium", "greece")) == 0
    assert len(ids_at(s, "mare_ionium", "rome")) == 1


# --- ground movement ----------------------------------------------------------------------


def test_land_moves_and_convoys_along_own_chains():
    """Rulebook, A) Movement 3. Legion Movement: to an adjacent province through a shared
    border, or through a chain of (the mover's own, docs/rules.md, Military: movement) triremes."""
    s = game(["rome", "carthage", "greece"])
    legions = put(s, "rome", "legion", "roma", 3)
    fortress, = put(s, "rome", "fortress", "roma")
    put(s, "rome", "legion", "etruria")
    put(s, "rome", "trireme", "mare_tyrrhenum")
    put(s, "carthage", "trireme", "mare_africum")
    start_military(s, "rome", "ground")
    illegal(s, Move(units=[fortress], to="etruria"), "fortress")
    illegal(s, Move(units=[legions[0]], to="roma"), "already")
    # One move may join units from several places, but a convoy is one chain from one port.
    illegal(s, Move(units=[legions[0], *ids_at(s, "etruria", "rome")], to="sicilia"),
            "same province")
    illegal(s, Move(units=[legions[0]], to="epirus"), "no chain")  # no trireme in the Adriatic
    illegal(s, Move(units=[legions[0]], to="sicilia", seas=["mare_ionium"]), "unbroken chain")
    # Carthage's trireme in Mare Africum does not carry Roman legions to Carthago.
    illegal(s, Move(units=[legions[0]], to="carthago"), "other players' triremes")
    illegal(s, Move(units=[legions[0]], to="carthago",
                    seas=["mare_tyrrhenum", "mare_africum"]), "unbroken chain")
    ev = apply(s, Move(units=[legions[0]], to="magna_graecia"))
    assert of(ev, UnitsMoved)[0].seas == []
    ev = apply(s, Move(units=legions[1:], to="sicilia"))
    assert of(ev, UnitsMoved)[0].seas == ["mare_tyrrhenum"]
    assert ids_at(s, "sicilia", "rome") == legions[1:]
    illegal(s, Move(units=[legions[1]], to="roma"), "moved already")
    assert isinstance(s.prompt, GroundTurn)
    apply(s, EndMilitary())
    assert s.turn == 2


def test_griffon_and_kraken_cannot_be_convoyed():
    """Rulebook, A) Movement 4 (note): the Kraken and the Griffon cannot be used as ground
    unit convoys like triremes (carried by them)."""
    s = game(["atlantis", "babylon", "rome"])
    kraken, = put(s, "atlantis", "creature", "poseidonis")
    put(s, "atlantis", "trireme", "sinus_gaditanus")
    start_military(s, "atlantis", "ground")
    illegal(s, Move(units=[kraken], to="lusitania"), "cannot be carried")
    assert not [a for a in legal_actions(s) if isinstance(a, Move) and kraken in a.units]


def test_entering_enemy_units_forces_a_battle_at_once():
    """Rulebook, A) Movement 4. Ground Battles (Obligatory): units entering a province with
    opposing legions, creatures or fortresses must fight; triremes in port are ignored
    (rulebook Q&A on triremes in port)."""
    s = game(["rome", "carthage", "greece"])
    mine = put(s, "rome", "legion", "mauretania_caesariensis", 2)
    put(s, "carthage", "trireme", "tripolitania")  # in port: no battle there
    put(s, "carthage", "legion", "numidia")
    start_military(s, "rome", "ground")
    s.forced_dice = [6, 6, 1]
    ev = apply(s, Move(units=mine, to="numidia"))
    assert of(ev, UnitsMoved) and of(ev, BattleStarted)
    assert [d.total for d in of(ev, DiceRolled)] == [12, 2]  # Hannibal: +1 on the legion die
    assert ids_at(s, "numidia", "carthage") == []
    assert all(u.moved and u.fought for u in s.units if u.id in mine)
    # Only Rome is left in Carthage's Numidia: conquest (nothing to sack there but the caravan).
    assert isinstance(s.prompt, ChooseConquest)


# --- combat -------------------------------------------------------------------------------


def test_dice_automatic_sixes_and_simultaneous_losses_chosen_by_owners():
    """Rulebook, B) Combat: one die per legion, an automatic 6 per fortress and creature;
    docs/rules.md, Military: battles: one loss per full 5 points, each owner chooses his losses, and
    the losses are simultaneous. (Egypt's creature, the Phoenix: Greece's Centaur would kill a
    legion before the dice.)"""
    s = game(["rome", "egypt", "carthage"])
    legions = put(s, "rome", "legion", "thracia", 2)
    titan, = put(s, "rome", "creature", "thracia")
    gl, = put(s, "egypt", "legion", "macedonia")
    gf, = put(s, "egypt", "fortress", "macedonia")
    phoenix, = put(s, "egypt", "creature", "macedonia")
    start_military(s, "rome", "ground")
    s.forced_dice = [3, 4, 1]  # Rome 3+4+6 = 13; Egypt 1+6+6 = 13
    ev = apply(s, Move(units=[*legions, titan], to="macedonia"))
    rome, egypt = of(ev, DiceRolled)
    assert (rome.dice, rome.automatic, rome.total, rome.losses_inflicted) == ([3, 4], [6], 13, 2)
    assert (egypt.dice, egypt.automatic, egypt.total) == ([1], [6, 6], 13)
    assert s.prompt == ChooseLosses(civ="rome", area="macedonia", count=2,
                                    units=[*legions, titan])
    kinds = sorted(sorted(u.kind for u in s.units if u.id in a.units)
                   for a in legal_actions(s))
    assert kinds == [["creature", "legion"], ["legion", "legion"]]
    illegal(s, TakeLosses(units=[legions[0]]), "exactly 2")
    illegal(s, TakeLosses(units=[legions[0], gl]), "did not fight")
    apply(s, TakeLosses(units=legions))
    # Nothing is removed until Egypt has chosen too.
    assert len(ids_at(s, "macedonia", "rome")) == 3
    assert isinstance(s.prompt, ChooseLosses) and s.prompt.civ == "egypt"
    ev = apply(s, TakeLosses(units=[gl, gf]))
    assert sorted((e.civ, tuple(e.kinds)) for e in of(ev, UnitsLost)) == [
        ("egypt", ("legion", "fortress")), ("rome", ("legion", "legion"))]
    assert ids_at(s, "macedonia", "rome") == [titan]
    assert ids_at(s, "macedonia", "egypt") == [phoenix]
    assert of(ev, BattleEnded)[0].at_war and at_war(s, "macedonia")
    assert isinstance(s.prompt, GroundTurn)


def test_penthesilee_loses_one_unit_per_six_points():
    """Rulebook, B) Combat (note) and Penthesilee: her ground units are eliminated per 6
    points instead of 5."""
    s = game(["rome", "carthage", "greece"])
    player(s, "rome").cards.append("penthesilee")
    mine = put(s, "rome", "legion", "mauretania_caesariensis", 3)
    put(s, "carthage", "fortress", "numidia", 2)
    put(s, "carthage", "legion", "numidia")
    start_military(s, "rome", "ground")
    s.forced_dice = [1, 1, 1, 4]  # Carthage 6 + 6 + 4 + 1 (Hannibal) = 17: 3 per 5, 2 per 6
    ev = apply(s, Move(units=mine, to="numidia"))
    rome, carthage = of(ev, DiceRolled)
    assert (carthage.total, carthage.losses_inflicted) == (17, 2)
    assert (rome.total, rome.losses_inflicted) == (3, 0)
    assert len(ids_at(s, "numidia", "rome")) == 1


def test_combat_example_of_the_rulebook():
    """Rulebook, Combat Example: Atlantis attacks Carthago with 4 legions and 1 kraken (via
    the sea); Carthago holds 1 fortress, 1 behemoth and 2 legions, and Carthage holds
    Hannibal. Atlantis rolls 5 dice (the kraken rolls because of the behemoth): 2+4+1+5+4 =
    16, killing 3; Carthage rolls 3+3 and adds 12 + 2 (Hannibal) = 20, killing 4. Carthage
    loses its 2 legions and the fortress, Atlantis its 4 legions; the province stays at war,
    and Carthage may still build in Carthago, its capital, in the next construction phase.

    By sea: the kraken dived on an earlier turn; in the naval step it emerges in Mare
    Africum (a Kraken cannot be convoyed), and in the ground step it lands on Carthago
    together with the 4 legions that a trireme carries across Mare Africum from Sardinia:
    one move, one battle."""
    s = game(["atlantis", "carthage", "rome"])
    legions = put(s, "atlantis", "legion", "sardinia", 4)
    kraken, = put(s, "atlantis", "creature", "")  # on its card, under the sea
    put(s, "atlantis", "trireme", "mare_africum")
    fortress, = put(s, "carthage", "fortress", "carthago")
    behemoth, = put(s, "carthage", "creature", "carthago")
    cl = put(s, "carthage", "legion", "carthago", 2)
    assert "hannibal" in player(s, "carthage").cards
    start_military(s, "atlantis")
    apply(s, UsePower(card="kraken", units=[kraken], choice="emerge", target="mare_africum"))
    apply(s, EndNaval())
    s.forced_dice = [2, 4, 1, 5, 4, 3, 3]
    ev = apply(s, Move(units=[*legions, kraken], to="carthago", seas=["mare_africum"]))
    moved, = of(ev, UnitsMoved)
    assert moved.origins == ["sardinia"] * 4 + ["mare_africum"]
    atl, car = of(ev, DiceRolled)
    assert (atl.dice, atl.automatic, atl.bonus, atl.total) == ([2, 4, 1, 5, 4], [], 0, 16)
    assert atl.losses_inflicted == 3
    assert (car.dice, car.automatic, car.bonus, car.total) == ([3, 3], [6, 6], 2, 20)
    assert car.losses_inflicted == 4
    assert s.prompt.civ == "atlantis" and s.prompt.count == 4
    apply(s, TakeLosses(units=legions))
    assert s.prompt.civ == "carthage" and s.prompt.count == 3
    ev = apply(s, TakeLosses(units=[*cl, fortress]))
    assert ids_at(s, "carthago", "atlantis") == [kraken]
    assert ids_at(s, "carthago", "carthage") == [behemoth]
    assert of(ev, BattleEnded)[0].at_war and at_war(s, "carthago")
    # No conquest while Carthage's units remain.
    assert isinstance(s.prompt, GroundTurn)
    apply(s, EndMilitary())
    # The next construction phase: Carthage builds in Carthago although it is at war, but
    # not in Numidia, now at war too.
    put(s, "carthage", "legion", "numidia")
    put(s, "atlantis", "legion", "numidia")
    player(s, "carthage").hand = {"tax": 6}
    drive(s, lambda st: isinstance(st.prompt, ConstructionTurn) and st.prompt.civ == "carthage")
    check(s, "carthage", Item(kind="legion", province="carthago"), CONSTRUCTION)
    with pytest.raises(IllegalAction, match="at war"):
        check(s, "carthage", Item(kind="legion", province="numidia"), CONSTRUCTION)
    ev = apply(s, Buy(items=[Item(kind="legion", province="carthago")], payment={"tax": 3}))
    assert len(ids_at(s, "carthago", "carthage", "legion")) == 1


def test_behemoth_makes_fortresses_and_creatures_roll():
    """Rulebook, Behemoth: units that roll an automatic 6 (fortresses and creatures) must
    roll dice when fighting a Behemoth; a second Behemoth adds nothing (Q&A)."""
    s = game(["carthage", "rome", "greece"])
    b = put(s, "carthage", "creature", "etruria", 2)
    put(s, "rome", "fortress", "roma")
    put(s, "rome", "creature", "roma")
    start_military(s, "carthage", "ground")
    s.forced_dice = [2, 3]
    ev = apply(s, Move(units=b, to="roma"))
    car, rom = of(ev, DiceRolled)
    assert (car.dice, car.automatic, car.total) == ([], [6, 6], 12)
    assert (rom.dice, rom.automatic, rom.total) == ([2, 3], [], 5)


def test_three_civilizations_the_attacker_chooses_the_order():
    """docs/rules.md, Military: battles: with more than two players in a province, the active player
    fights each opponent in turn, in an order he chooses; the others do not fight each other."""
    s = game(["rome", "carthage", "greece"])
    mine = put(s, "rome", "legion", "magna_graecia", 3)
    put(s, "rome", "trireme", "mare_tyrrhenum")
    put(s, "carthage", "legion", "sicilia")
    put(s, "greece", "legion", "sicilia")
    start_military(s, "rome", "ground")
    ev = apply(s, Move(units=mine, to="sicilia"))
    assert s.prompt == ChooseOpponent(civ="rome", area="sicilia",
                                      opponents=["carthage", "greece"])
    assert not of(ev, BattleStarted)
    illegal(s, Fight(opponent="egypt"), "choose among")
    # Greece first: Rome 6+6+6 = 18 kills its legion; then Carthage: Rome 1+1+1 = 3,
    # Carthage 4 + 1 (Hannibal) = 5 kills one Roman legion.
    s.forced_dice = [6, 6, 6, 1, 1, 1, 1, 4]
    ev = apply(s, Fight(opponent="greece"))
    battles = of(ev, BattleStarted)
    assert [(b.attacker, b.defender) for b in battles] == [("rome", "greece"),
                                                            ("rome", "carthage")]
    assert [e.at_war for e in of(ev, BattleEnded)] == [True, True]  # Rome and Carthage stay
    assert len(ids_at(s, "sicilia", "rome")) == 2
    assert len(ids_at(s, "sicilia", "carthage")) == 1
    assert ids_at(s, "sicilia", "greece") == []
    assert isinstance(s.prompt, GroundTurn)


def test_at_war_fights_again_next_turn_once():
    """Rulebook, B) Combat 1: a province with ground units of two players is at war and they
    must continue to fight in their subsequent combat phases; docs/rules.md, Military: movement:
    each unit fights once per turn, so the war is fought on the first of the two players' turns."""
    s = game(["rome", "carthage", "greece"])
    mine = put(s, "rome", "legion", "mauretania_caesariensis", 3)
    fortress, = put(s, "carthage", "fortress", "numidia")
    start_military(s, "rome", "ground")
    s.forced_dice = [1, 1, 1]  # Rome 3: nothing; the fortress's 6: one Roman legion
    ev = apply(s, Move(units=mine, to="numidia"))
    assert of(ev, BattleEnded)[0].at_war
    apply(s, EndMilitary())
    assert s.turn == 2

    def carthage_first(st):
        if isinstance(st.prompt, NamePlayer) and st.phase == "military":
            return Name(civ="carthage" if "carthage" in st.prompt.candidates
                        else st.prompt.candidates[0])
        return passive(st)

    # Turn 2: Carthage plays first and, at the end of its ground step, its fortress attacks
    # (6: one Roman legion) while Rome's two legions roll 1 + 1. On Rome's turn its last
    # legion has fought already (it defended): no second battle this turn.
    s.forced_dice = [1, 1]
    ev = drive(s, lambda st: st.turn == 3, policy=carthage_first, limit=2000)
    assert [(b.area, b.attacker, b.defender) for b in of(ev, BattleStarted)] == [
        ("numidia", "carthage", "rome")]
    carthage, rome = of(ev, DiceRolled)
    assert (carthage.automatic, carthage.total, rome.total) == ([6], 6, 2)
    assert len(ids_at(s, "numidia", "rome")) == 1 and ids_at(s, "numidia", "carthage") == [
        fortress]
    assert at_war(s, "numidia")


def test_a_second_battle_in_a_province_involves_only_units_that_have_not_fought():
    """docs/rules.md, Military: movement: each unit fights once per turn; rulebook, A) Movement 4:
    units entering a province with opposing units must fight, and the defenders defend with all
    theirs."""
    s = game(["rome", "carthage", "greece"])
    first = put(s, "rome", "legion", "mauretania_caesariensis", 3)
    late, = put(s, "rome", "legion", "tripolitania")
    put(s, "carthage", "fortress", "numidia")
    start_military(s, "rome", "ground")
    s.forced_dice = [1, 1, 1]  # Rome 3: nothing; the fortress's 6: one Roman legion
    apply(s, Move(units=first, to="numidia"))
    veterans = ids_at(s, "numidia", "rome")
    assert len(veterans) == 2 and at_war(s, "numidia")
    s.forced_dice = [1]  # the newcomer alone attacks: 1 against 6
    ev = apply(s, Move(units=[late], to="numidia"))
    started, = of(ev, BattleStarted)
    assert (started.attacker_units, started.defender_units) == (["legion"], ["fortress"])
    assert of(ev, UnitsLost)[0].units == [late]
    assert ids_at(s, "numidia", "rome") == veterans
    # At the end of the ground step nobody of Rome's is left to fight there this turn.
    ev = apply(s, EndMilitary())
    assert not of(ev, BattleStarted)


def test_enemy_gone_from_a_war_province_means_conquest():
    """docs/rules.md, Military: after a battle: if only the invader's ground units remain where
    another player has an influence marker, he sacks, occupies or converts; here the defender has
    left."""
    s = game(["rome", "carthage", "greece"])
    put(s, "rome", "legion", "tripolitania")
    cl, = put(s, "carthage", "legion", "tripolitania")
    start_military(s, "carthage", "ground", done=["greece"])
    apply(s, Move(units=[cl], to="carthago"))
    drive(s, lambda st: isinstance(st.prompt, NavalTurn) and st.prompt.civ == "rome")
    apply(s, EndNaval())
    apply(s, EndMilitary())
    assert s.prompt == ChooseConquest(civ="rome", province="tripolitania")


# --- conquest -----------------------------------------------------------------------------


def test_undefended_conquest_and_sack():
    """Rulebook, B) Combat 2a. Sack the Province: destroy one building (city, caravan,
    temple or market, not a fortress), returned to the general stock; an undefended province
    is taken the same way without dice (docs/rules.md, Military: after a battle)."""
    s = game(["rome", "carthage", "greece"])
    mine = put(s, "rome", "legion", "cyrenaica", 2)
    start_military(s, "rome", "ground")
    ev = apply(s, Move(units=mine, to="tripolitania"))
    assert not of(ev, BattleStarted)
    assert s.prompt == ChooseConquest(civ="rome", province="tripolitania")
    acts = legal_actions(s)
    assert Sack(building=0) in acts
    assert any(isinstance(a, Occupy) for a in acts) and any(isinstance(a, Convert) for a in acts)
    illegal(s, Sack(building=3), "no building")
    caravans = tokens_in_play(s, "caravan")
    ev = apply(s, Sack(building=0))
    assert of(ev, Sacked)[0].building == "caravan" and of(ev, Sacked)[0].owner == "carthage"
    assert s.provinces["tripolitania"].buildings == []
    assert tokens_in_play(s, "caravan") == caravans - 1
    assert s.provinces["tripolitania"].influence == "carthage"
    assert isinstance(s.prompt, GroundTurn)


def test_occupy_takes_the_production_until_the_units_leave():
    """Rulebook, B) Combat 2b. Occupy the Province: a legion on a caravan claims its income,
    one on the market doubles it; when the invader's units leave, the owner takes control
    again (docs/rules.md, Commerce: production)."""
    s = game(["rome", "carthage", "greece"])
    s.provinces["tripolitania"].buildings.append(Building(kind="market"))
    before = production(s)
    assert before["carthage"]["olive_oil"] == 2
    a, b = put(s, "rome", "legion", "cyrenaica", 2)
    start_military(s, "rome", "ground")
    apply(s, Move(units=[a, b], to="tripolitania"))
    illegal(s, Occupy(posts=[Post(unit=a, post="city")]), "no free city")
    illegal(s, Occupy(posts=[Post(unit=a, post="market"), Post(unit=a, post="caravan:olive_oil")]),
            "one unit per building")
    apply(s, Occupy(posts=[Post(unit=a, post="caravan:olive_oil"), Post(unit=b, post="market")]))
    prod = production(s)
    assert prod["rome"].get("olive_oil") == 2
    assert "olive_oil" not in prod.get("carthage", {})
    # Next military turn the occupiers leave: Carthage produces again.
    apply(s, EndMilitary())
    start_military(s, "rome", "ground")
    apply(s, Move(units=[a, b], to="cyrenaica"))
    assert all(u.post == "" for u in s.units if u.id in (a, b))
    assert production(s)["carthage"]["olive_oil"] == 2


def test_convert_then_complete_in_the_next_construction_phase():
    """Rulebook, B) Combat 2c. Convert the Province: a unit on the influence marker; in the
    next building phase the invader may build his own marker in its place (adjacent to his
    empire, paying the usual cost), and takes the province and its buildings."""
    s = game(["rome", "carthage", "greece"])
    s.provinces["cyrenaica"].influence = "rome"
    a, = put(s, "rome", "legion", "cyrenaica")
    start_military(s, "rome", "ground")
    apply(s, Move(units=[a], to="tripolitania"))
    ev = apply(s, Convert(unit=a))
    assert of(ev, ConversionStarted)[0].owner == "carthage"
    assert [(c.province, c.civ, c.turn) for c in s.conversions] == [("tripolitania", "rome", 1)]
    assert s.provinces["tripolitania"].influence == "carthage"
    apply(s, EndMilitary())
    player(s, "rome").hand = {"tax": 3}
    drive(s, lambda st: isinstance(st.prompt, ConstructionTurn) and st.prompt.civ == "rome")
    buy = Buy(items=[Item(kind="influence", province="tripolitania")], payment={"tax": 3})
    assert buy in legal_actions(s)
    ev = apply(s, buy)
    assert of(ev, ConversionCompleted)[0].previous == "carthage"
    assert s.provinces["tripolitania"].influence == "rome"
    assert production(s)["rome"].get("olive_oil") == 1
    assert s.conversions == []


def test_neutral_civilization_defends_and_chooses_its_losses():
    """Rulebook, Basic Setup with fewer players (neutral civilizations) and docs/rules.md, Military:
    battles: a neutral civilization's units defend; it gives up legions first, then fortresses, then
    creatures; its provinces are conquered like any other."""
    s = game(["rome", "greece", "egypt"])
    assert "carthage" in s.neutrals
    put(s, "carthage", "legion", "numidia")
    nf, = put(s, "carthage", "fortress", "numidia")
    mine = put(s, "rome", "legion", "mauretania_caesariensis", 3)
    start_military(s, "rome", "ground")
    s.forced_dice = [2, 2, 1, 3]  # Rome 5: one loss (the legion); neutral 3 + 6 = 9: one
    ev = apply(s, Move(units=mine, to="numidia"))
    assert not any(isinstance(e, DiceRolled) and e.bonus for e in ev)  # no Hannibal for neutrals
    lost = {e.civ: e.kinds for e in of(ev, UnitsLost)}
    assert lost == {"carthage": ["legion"], "rome": ["legion"]}
    assert ids_at(s, "numidia", "carthage") == [nf]
    assert isinstance(s.prompt, GroundTurn)


def test_neutral_province_is_converted():
    """Rulebook, B) Combat 2 with a neutral civilization's province (docs/rules.md, Military: after
    a battle)."""
    s = game(["rome", "greece", "egypt"], keep_units=True)
    for u in [u for u in s.units if u.area == "numidia"]:
        s.units.remove(u)
    mine = put(s, "rome", "legion", "mauretania_caesariensis", 2)
    start_military(s, "rome", "ground")
    apply(s, Move(units=mine, to="numidia"))
    assert s.prompt == ChooseConquest(civ="rome", province="numidia")
    assert legal_actions(s) == [Convert(unit=mine[0])]
    apply(s, Convert(unit=mine[0]))
    assert s.conversions[0].province == "numidia"


# --- the Greek blockade -------------------------------------------------------------------


def _blockade_position() -> tuple[GameState, int, int]:
    s = game(["rome", "carthage", "greece"])
    legion, = put(s, "rome", "legion", "magna_graecia")
    trireme, = put(s, "rome", "trireme", "mare_ionium")
    put(s, "greece", "trireme", "mare_ionium")
    start_military(s, "rome", "ground")
    return s, legion, trireme


def test_greek_blockade_destroys_the_carrier_and_cancels_the_move():
    """Rulebook, The Greek Blockade: a convoy into a province with the Greek influence marker
    is declared first; Greece may attack the carrying triremes where it has a trireme; if a
    carrier is destroyed the unit is not lost, it goes back and may make another move."""
    s, legion, trireme = _blockade_position()
    ev = apply(s, Move(units=[legion], to="epirus"))
    assert not of(ev, UnitsMoved)
    assert s.prompt == GreekBlockade(civ="greece", attacker="rome", to="epirus",
                                     seas=["mare_ionium"])
    assert s.military.pending_move is not None
    illegal(s, Blockade(sea="mare_tyrrhenum"), "attack only")
    s.forced_dice = [5, 1]  # Greece 5 + 1 (Pericles) = 6: the Roman trireme sinks
    ev = apply(s, Blockade(sea="mare_ionium"))
    assert of(ev, BattleStarted)[0].attacker == "greece"
    assert of(ev, MoveCancelled)[0].units == [legion]
    assert not of(ev, UnitsMoved)
    u = next(u for u in s.units if u.id == legion)
    assert u.area == "magna_graecia" and not u.moved
    assert trireme not in [v.id for v in s.units]
    assert isinstance(s.prompt, GroundTurn)
    apply(s, Move(units=[legion], to="roma"))  # it may move again


def test_greek_blockade_fails_and_the_move_goes_on():
    """Rulebook, The Greek Blockade: if Greece fails to destroy the carriers and the chain is
    unbroken, the invader moves normally."""
    s, legion, _ = _blockade_position()
    apply(s, Move(units=[legion], to="epirus"))
    s.forced_dice = [1, 1]  # Greece 2, Rome 1: nobody sinks
    ev = apply(s, Blockade(sea="mare_ionium"))
    assert of(ev, UnitsMoved)[0].to == "epirus"
    assert isinstance(s.prompt, ChooseConquest)  # Epirus is Greek and undefended


def test_greek_blockade_pass_and_where_it_does_not_apply():
    """Rulebook, The Greek Blockade: Greece may let the convoy pass; the rule applies only to
    convoys into Greek provinces, and only where Greece has a trireme in the chain."""
    s, legion, _ = _blockade_position()
    apply(s, Move(units=[legion], to="epirus"))
    ev = apply(s, Pass())
    assert of(ev, UnitsMoved)
    s, legion, _ = _blockade_position()
    ev = apply(s, Move(units=[legion], to="cyrenaica"))  # not Greek: no blockade
    assert of(ev, UnitsMoved) and isinstance(s.prompt, GroundTurn)
    s = game(["rome", "carthage", "greece"])
    legion, = put(s, "rome", "legion", "roma")
    put(s, "rome", "trireme", "mare_hadriaticum")
    put(s, "greece", "trireme", "mare_ionium")
    start_military(s, "rome", "ground")
    ev = apply(s, Move(units=[legion], to="epirus"))  # no Greek trireme in the Adriatic
    assert of(ev, UnitsMoved)


# --- the phase ----------------------------------------------------------------------------


def test_every_player_gets_a_military_turn_in_the_leaders_order():
    """Rulebook, Military Phase: the Military Leader decides in what order the players take
    their turns, one at a time (rulebook Roles Q&A)."""
    s = game(["rome", "carthage", "greece"], keep_units=True)
    s.phase = "military"
    s.step = ""
    s.military = MilitaryState()
    s.order = OrderState()
    s.prompt = None
    flow.advance(s, [])
    assert isinstance(s.prompt, NamePlayer) and s.prompt.civ == s.roles["military_leader"]
    apply(s, Name(civ="greece"))
    assert s.prompt == NavalTurn(civ="greece")
    apply(s, EndNaval())
    apply(s, EndMilitary())
    assert isinstance(s.prompt, NamePlayer) and s.prompt.candidates == ["rome", "carthage"]
    apply(s, Name(civ="carthage"))
    apply(s, EndNaval())
    apply(s, EndMilitary())
    assert s.prompt == NavalTurn(civ="rome")
    apply(s, EndNaval())
    apply(s, EndMilitary())
    assert s.turn == 2 and s.phase != "military"


def test_legal_actions_always_apply():
    """docs/architecture.md, The engine contract: every action the engine lists for the prompt
    is legal (random games through the military phase)."""
    import random
    for seed in range(3):
        s, _ = new_game(Config(civs=["rome", "carthage", "greece", "atlantis"], seed=seed))
        r = random.Random(seed)
        n = 0
        while s.phase != "over" and n < 3000:
            acts = legal_actions(s)
            assert acts, s.prompt
            apply(s, r.choice(acts))
            n += 1
