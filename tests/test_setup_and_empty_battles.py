"""Rules fixed in issue 14: roles at setup are counted once, after every placement; the
civilization hero's free unit is placed before the count; a battle whose side is emptied
before the dice does not take place."""

from __future__ import annotations

from engine.actions import NavalBattle, UsePower
from engine.events import BattleEnded, DiceRolled, RoleAssigned
from engine.game import apply, new_game
from engine.prompts import Reaction
from engine.rules.roles import assign_at_setup
from engine.state import Building, Config

from .powers.support import give_god
from .test_military import game, put, start_military


def test_setup_roles_go_by_one_count_of_everyone():
    """Rulebook Q&A, free setup: count the buildings of each player after the deployment.
    A player who leads two counts takes both roles: nobody with fewer gets one because the
    leader holds a role already (4 players, 4 roles)."""
    s, _ = new_game(Config(civs=["rome", "carthage", "egypt", "babylon"], seed=3))
    s.roles = {}
    for ps in s.provinces.values():
        ps.buildings = []
    s.provinces["carthago"].buildings = [Building(kind="city"), Building(kind="temple"),
                                         Building(kind="caravan", site="fish"),
                                         Building(kind="market")]
    s.provinces["roma"].buildings = [Building(kind="caravan", site="wine")]
    ev: list = []
    assign_at_setup(s, ev, {})
    assert s.roles["director_of_commerce"] == "carthage"
    assert s.roles["political_leader"] == "carthage"
    assert s.roles["high_priest"] == "carthage"


def test_setup_tie_prefers_a_player_without_a_role():
    """Rulebook Q&A: a tie is drawn, avoiding two roles to one player (Greece/Babylon)."""
    s, _ = new_game(Config(civs=["rome", "carthage", "egypt"], seed=3))
    s.roles = {}
    for ps in s.provinces.values():
        ps.buildings = []
    s.provinces["carthago"].buildings = [Building(kind="caravan", site="fish"),
                                         Building(kind="city")]
    s.provinces["alexandria"].buildings = [Building(kind="city")]
    assign_at_setup(s, [], {"director_of_commerce": "carthage"})
    assert s.roles["political_leader"] == "egypt"


def test_predetermined_roles_are_given_after_hannibals_legion_is_placed():
    """The count for the Military Leader includes the hero's free legion: the roles come
    after it in the setup's events."""
    _, ev = new_game(Config(civs=["carthage", "greece", "egypt"], seed=5))
    kinds = [type(e).__name__ for e in ev]
    built = max(i for i, e in enumerate(ev) if getattr(e, "free", False))
    assert built < kinds.index("RoleAssigned")
    assert any(isinstance(e, RoleAssigned) for e in ev)


def test_poseidon_sinking_the_only_attacker_means_no_battle():
    """Military Phase: a battle needs two sides. The attacking trireme sunk before the dice:
    no dice, and the defender has not fought (it may attack in its own turn)."""
    s = game(["rome", "carthage", "greece"])
    give_god(s, "carthage", "poseidon")
    rome, = put(s, "rome", "trireme", "mare_africum")
    theirs, = put(s, "carthage", "trireme", "mare_africum")
    start_military(s, "rome")
    apply(s, NavalBattle(sea="mare_africum", opponent="carthage"))
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "before_battle"
    ev = apply(s, UsePower(card="poseidon", units=[rome]))
    assert not [e for e in ev if isinstance(e, DiceRolled)]
    assert [e for e in ev if isinstance(e, BattleEnded)]
    assert not next(u for u in s.units if u.id == theirs).fought



def test_midas_buying_the_only_defender_means_no_battle():
    """Military Phase: Midas turns Carthage's only legion into Rome's before the dice: the
    defending side is empty, so there is no battle (no dice, nobody marked as having
    fought); Rome's units have made their move and take the province undefended."""
    from engine.actions import Move
    from engine.prompts import ChooseConquest

    from .helpers import set_hand
    from .powers.support import give
    s = game(["rome", "carthage", "greece"])
    give(s, "rome", "midas")
    set_hand(s, "rome", {"tax": 2})
    s.provinces["numidia"].influence = "carthage"
    mine = put(s, "rome", "legion", "mauretania_caesariensis", 1)
    put(s, "carthage", "legion", "numidia", 1)
    start_military(s, "rome", "ground")
    apply(s, Move(units=mine, to="numidia"))
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "before_battle"
    ev = apply(s, UsePower(card="midas", choice="tax=2"))
    assert not [e for e in ev if isinstance(e, DiceRolled)]
    romans = [u for u in s.units if u.area == "numidia" and u.owner == "rome"]
    assert len(romans) == 2 and not any(u.fought for u in romans)
    assert all(u.moved for u in romans if u.id in mine)
    assert isinstance(s.prompt, ChooseConquest) and s.prompt.civ == "rome"
