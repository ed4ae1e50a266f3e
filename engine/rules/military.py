"""The military phase (rulebook, Military Phase; docs/rules.md, Military: movement;
docs/rules.md, Military: battles).

The Military Leader names the players one at a time. On his turn a player
1. makes his naval moves and the naval battles he chooses (`NavalTurn`),
2. makes his ground moves (`GroundTurn`); entering a province that holds enemy ground units
   forces a battle at once, entering an undefended province of another civ conquers it,
3. fights again in every province where his units that have not fought this turn stand with
   enemy ground units (the province is at war), and conquers where a war has ended with only
   his units left.

The runner below picks up whatever is under way, most urgent first: a battle, the battles
of one province against several opponents, a conquest choice, a declared move (reaction
window, Greek blockade), then the steps of the active player's turn.
"""

from __future__ import annotations

from ..actions import (
    Action,
    Blockade,
    Convert,
    EndMilitary,
    EndNaval,
    Fight,
    Move,
    MoveTrireme,
    NavalBattle,
    Occupy,
    Pass,
    Post,
    Sack,
)
from ..data import board
from ..data.costs import GROUND_UNITS, MOBILE_GROUND
from ..errors import IllegalAction
from ..events import (
    ConversionStarted,
    Event,
    MoveCancelled,
    Occupied,
    Passed,
    Sacked,
    TriremeMoved,
    UnitsMoved,
)
from ..prompts import ChooseConquest, ChooseOpponent, GreekBlockade, GroundTurn, NavalTurn
from ..state import Conversion, GameState, PendingMove, Unit
from .combat import advance as advance_battle
from .combat import alive, start_battle
from .common import (
    clear_post,
    ground_owners,
    ground_units_in,
    is_player,
    occupier,
    post_key,
    provinces_at_war,
    unit,
    units_in,
)
from .empty import NO_TRIREME, no_naval_unit
from .flow import end_phase
from .geography import valid_chain
from .ground_listing import listed_move, listed_moves
from .hooks import convoy_extra_seas, extra_sacks, on_sack, trireme_moves
from .movement import check_move, check_trireme_move
from .naval_listing import NAVAL_KINDS, listed_trireme, naval_actions
from .order import finish_turn, pick_next
from .registry import decision, phase
from .windows import military_window

R_PHASE = "Military Phase: naval moves and battles first, then ground moves"
R_NAVAL_BATTLE = "Military Phase, A) Movement, 2. Naval Battles (Optional)"
R_OPPONENT = "Military: battles: the active player fights each opponent in turn, in his order"
R_CONQUEST = "Military Phase, B) Combat, 2. Only one invading player survives"
R_BLOCKADE = "The Greek Blockade"
GREECE = "greece"


# --- the phase runner ---------------------------------------------------------------------
@phase("military")
def run(state: GameState, ev: list[Event]) -> None:
    m = state.military
    if state.step == "":
        state.step = "turns"
        m.wars_at_start = provinces_at_war(state)
    if m.battle is not None:
        advance_battle(state, ev)
        return
    if m.battle_area:
        _advance_province(state, ev)
        return
    if m.conquest:
        state.prompt = ChooseConquest(civ=_active(state), province=m.conquest)
        return
    if m.pending_move is not None:
        _advance_move(state, m.pending_move, ev)
        return
    civ = state.order.active
    if civ is None or state.order.role != _ROLE:  # (a player's turn under way: asked once)
        if not pick_next(state, _ROLE, ev):
            end_phase(state, ev)
            return
        if state.prompt is not None:
            return
        civ = _active(state)
    if m.step in ("", "done"):
        _start_turn(state, civ)
    if m.step == "naval":
        state.prompt = NavalTurn(civ=civ)
    elif m.step == "ground":
        state.prompt = GroundTurn(civ=civ)
    elif m.step == "wars":
        _advance_wars(state, civ, ev)


_ROLE = "military_leader"  # the role that names the players of the phase


def _active(state: GameState) -> str:
    civ = state.order.active
    assert civ is not None
    return civ


def _start_turn(state: GameState, civ: str) -> None:
    m = state.military
    m.step = "naval"
    m.conquered = []
    moves = trireme_moves(state, civ)
    for u in state.units:
        if u.owner == civ and u.kind == "trireme":
            u.moves_left = moves


def _advance_wars(state: GameState, civ: str, ev: list[Event]) -> None:
    """End of the ground step: fight again where the province is at war, then conquer
    where only the active player's units remain (docs/rules.md, Military: after a battle)."""
    m = state.military
    # where civ has ground units that have not fought, then, among those places only, where
    # another player has ground units: a province in both is at war for him
    units = state.units
    mine: set[str] = set()
    for u in units:  # (loops: a comprehension is a call, and its free names slower)
        if u.owner == civ and not u.fought and u.kind in _GROUND:
            mine.add(u.area)
    war: set[str] = set()
    if mine:
        for u in units:
            if u.area in mine and u.owner != civ and u.kind in _GROUND:
                war.add(u.area)
    first = -1  # the first such province in the board's order
    for pr in war:
        i = _PROVINCE_ORDER.get(pr, -1)
        if i >= 0 and (first < 0 or i < first):
            first = i
    if first >= 0:
        _start_province(state, civ, _PROVINCES[first])
        return
    for pr in m.wars_at_start:
        if ground_owners(state, pr) == [civ]:
            _maybe_conquest(state, civ, pr)
            if m.conquest:
                return
    ev.append(Passed(civ=civ, phase="military"))  # the log says whose turn is over
    finish_turn(state)
    m.step = "done"
    m.conquered = []


_PROVINCES = list(board.PROVINCES)
_GROUND = frozenset(GROUND_UNITS)  # looked up in a set: cheaper than in the tuple
_PROVINCE_ORDER = {pr: i for i, pr in enumerate(_PROVINCES)}


# --- the battles of one province ----------------------------------------------------------
def _start_province(state: GameState, civ: str, province: str) -> None:
    """The active player's units that have not fought this turn fight every opponent in the
    province, one after the other; the opponents defend with all their ground units."""
    m = state.military
    m.battle_area = province
    m.sequence_units = [u.id for u in ground_units_in(state, province, civ) if not u.fought]
    m.battle_queue = [o for o in ground_owners(state, province) if o != civ]


def _advance_province(state: GameState, ev: list[Event]) -> None:
    m = state.military
    civ = _active(state)
    area = m.battle_area
    mine = alive(state, m.sequence_units, area)
    m.sequence_units = [u.id for u in mine]
    m.battle_queue = [o for o in m.battle_queue if ground_units_in(state, area, o)]
    if not mine or not m.battle_queue:
        # The survivors of a battle were marked in it; units whose opponents left the
        # province before any dice did not fight.
        m.battle_area = ""
        m.sequence_units = []
        m.battle_queue = []
        _maybe_conquest(state, civ, area)
    elif len(m.battle_queue) > 1:
        state.prompt = ChooseOpponent(civ=civ, area=area, opponents=list(m.battle_queue))
    else:
        _fight(state, civ, m.battle_queue[0], ev, mine)


def _fight(state: GameState, civ: str, opponent: str, ev: list[Event],
           mine: list[Unit] | None = None) -> None:
    """`mine`: the units of the sequence still alive, when the caller has them."""
    m = state.military
    area = m.battle_area
    m.battle_queue.remove(opponent)
    start_battle(state, area, False, civ, opponent,
                 alive(state, m.sequence_units, area) if mine is None else mine,
                 ground_units_in(state, area, opponent), ev)


def _legal_opponent(state: GameState, prompt: ChooseOpponent) -> list[Action]:
    return [Fight(opponent=o) for o in prompt.opponents]


@decision(ChooseOpponent, _legal_opponent)
def _choose_opponent(state: GameState, prompt: ChooseOpponent, action: Action,
                     ev: list[Event]) -> None:
    if not isinstance(action, Fight):
        raise IllegalAction("Choose whom you fight next in this province", R_OPPONENT)
    if action.opponent not in prompt.opponents:
        raise IllegalAction(f"{action.opponent} has no units to fight here; choose among "
                            f"{', '.join(prompt.opponents)}", R_OPPONENT)
    _fight(state, prompt.civ, action.opponent, ev)
    state.prompt = None


@decision(NavalTurn, naval_actions)
def _naval(state: GameState, prompt: NavalTurn, action: Action, ev: list[Event]) -> None:
    civ = prompt.civ
    if isinstance(action, EndNaval):
        state.military.step = "ground"
        if no_naval_unit(state, civ):  # an empty step: the log says why it was passed
            ev.append(Passed(civ=civ, phase="military", reason=NO_TRIREME))
    elif isinstance(action, MoveTrireme):
        u = listed_trireme(state, prompt, action) or check_trireme_move(state, civ, action)
        origin = u.area
        u.area = action.to
        u.moved = True
        u.moves_left -= 1
        ev.append(TriremeMoved(civ=civ, unit=u.id, origin=origin, to=action.to))
    elif isinstance(action, NavalBattle):
        if action.sea not in board.SEAS:
            raise IllegalAction(f"{action.sea} is not a sea", R_NAVAL_BATTLE)
        mine = [u for u in units_in(state, action.sea, civ, NAVAL_KINDS) if not u.fought]
        if not mine:
            raise IllegalAction(f"You have no trireme (or Kraken) in "
                                f"{board.area_name(action.sea)} that has not fought this "
                                "turn", R_NAVAL_BATTLE)
        if action.opponent == civ:
            raise IllegalAction("You cannot fight yourself", R_NAVAL_BATTLE)
        theirs = units_in(state, action.sea, action.opponent, NAVAL_KINDS)
        if not theirs:
            raise IllegalAction(f"{action.opponent} has no trireme in "
                                f"{board.area_name(action.sea)}", R_NAVAL_BATTLE)
        start_battle(state, action.sea, True, civ, action.opponent, mine, theirs, ev)
    elif isinstance(action, Move):
        raise IllegalAction("End the naval step before moving ground units", R_PHASE)
    else:
        raise IllegalAction("Move a trireme, fight a naval battle, or end the naval step",
                            R_PHASE)
    state.prompt = None


# --- the ground step ----------------------------------------------------------------------
def _legal_ground(state: GameState, prompt: GroundTurn) -> list[Action]:
    return [EndMilitary(), *listed_moves(state, prompt, prompt.civ)]


@decision(GroundTurn, _legal_ground)
def _ground(state: GameState, prompt: GroundTurn, action: Action, ev: list[Event]) -> None:
    if isinstance(action, EndMilitary):
        state.military.step = "wars"
    elif isinstance(action, Move):  # one the listing offered needs no check
        state.military.pending_move = listed_move(state, prompt, prompt.civ, action) or \
            check_move(state, prompt.civ, action)
    elif isinstance(action, (MoveTrireme, NavalBattle, EndNaval)):
        raise IllegalAction("The naval step is over: naval moves and battles come before "
                            "any ground move", R_PHASE)
    else:
        raise IllegalAction("Move ground units, or end your military turn", R_PHASE)
    state.prompt = None


def _advance_move(state: GameState, pm: PendingMove, ev: list[Event]) -> None:
    """A declared move: the reaction window, the Greek blockade, then the move itself."""
    civ = state.order.active
    assert civ is not None
    if not pm.reacted:
        pm.reacted = True
        if military_window(state, "move_declared"):
            return
    if pm.seas and not pm.blockade_done:
        seas = blockade_seas(state, civ, pm)
        if seas:
            state.prompt = GreekBlockade(civ=GREECE, attacker=civ, to=pm.to, seas=seas)
            return
        pm.blockade_done = True
    state.military.pending_move = None
    if pm.seas and not valid_chain(state, civ, pm.origin, pm.to, pm.seas,
                                   convoy_extra_seas(state, civ)):
        ev.append(MoveCancelled(civ=civ, units=list(pm.units),
                                reason="the chain of triremes was broken"))
        return
    _resolve_move(state, civ, pm, ev)


def _resolve_move(state: GameState, civ: str, pm: PendingMove, ev: list[Event]) -> None:
    to = pm.to
    wanted = pm.units
    moving = frozenset(wanted)  # asked of every unit: a set, not the list
    found: dict[int, Unit] = {}
    defended = False  # another civ's ground units there
    # the units already there and the movers of its origin, picked in one loop (one test
    # of each unit, no list made first); most moves start from one place, the few units
    # of a joint move that come from elsewhere are looked up one by one
    near = frozenset((to, pm.origin))
    for u in state.units:
        if u.area not in near:
            continue
        if u.area == to:  # the movers are civ's: asked before they enter
            if not defended and u.owner != civ and u.kind in _GROUND:
                defended = True
        elif u.id in moving:
            found[u.id] = u
    us: list[Unit] = []  # (a loop: a comprehension is a call)
    for i in wanted:
        u = found[i] if i in found else unit(state, i)
        us.append(u)
    origins: list[str] = []
    kinds: list[str] = []
    alone = bool(us)  # the movers, civ's ground units, alone there once they enter
    for u in us:  # one loop, not a comprehension each: a move has one unit or a few
        origins.append(u.area)
        kinds.append(u.kind)
        if u.owner != civ or u.kind not in _GROUND:
            alone = False
        if u.post:  # (most movers stand on no post)
            clear_post(state, u)
        u.area = to
        u.moved = True
    ev.append(UnitsMoved(civ=civ, units=list(wanted), kinds=kinds, origin=pm.origin, to=to,
                         seas=list(pm.seas),
                         origins=origins if len(set(origins)) > 1 else []))
    if defended:
        _start_province(state, civ, to)
    else:  # an undefended province
        _maybe_conquest(state, civ, to, alone=alone)


# --- the Greek blockade -------------------------------------------------------------------
def blockade_seas(state: GameState, civ: str, pm: PendingMove) -> list[str]:
    """Seas of a declared convoy into a Greek province where Greece may still attack the
    carrying triremes (rulebook, The Greek Blockade)."""
    if civ == GREECE or not is_player(state, GREECE) or \
            state.provinces[pm.to].influence != GREECE:
        return []
    if not valid_chain(state, civ, pm.origin, pm.to, pm.seas,
                       convoy_extra_seas(state, civ)):
        return []
    return [s for s in dict.fromkeys(pm.seas)
            if s not in pm.blockade_seas_tried and units_in(state, s, GREECE, ("trireme",))
            and units_in(state, s, civ, ("trireme",))]


def _legal_blockade(state: GameState, prompt: GreekBlockade) -> list[Action]:
    return [Pass(), *(Blockade(sea=s) for s in prompt.seas)]


@decision(GreekBlockade, _legal_blockade)
def _blockade(state: GameState, prompt: GreekBlockade, action: Action, ev: list[Event]) -> None:
    pm = state.military.pending_move
    assert pm is not None
    if isinstance(action, Pass):
        pm.blockade_done = True
        ev.append(Passed(civ=prompt.civ, phase="military", convoy=prompt.attacker))
    elif isinstance(action, Blockade):
        if action.sea not in prompt.seas:
            raise IllegalAction(
                f"Attack only triremes carrying the invasion, in a sea where you have a "
                f"trireme: {', '.join(prompt.seas)}", R_BLOCKADE)
        pm.blockade_seas_tried.append(action.sea)
        start_battle(state, action.sea, True, GREECE, prompt.attacker,
                            units_in(state, action.sea, GREECE, ("trireme",)),
                            units_in(state, action.sea, prompt.attacker, ("trireme",)), ev)
    else:
        raise IllegalAction("Attack a carrying trireme, or let the convoy pass", R_BLOCKADE)
    state.prompt = None


# --- conquest -----------------------------------------------------------------------------
def conquerable(state: GameState, civ: str, province: str) -> bool:
    ps = state.provinces[province]
    return ps.influence != civ and (ps.influence is not None or bool(ps.buildings))


def _maybe_conquest(state: GameState, civ: str, province: str, alone: bool = False) -> None:
    """Only civ's ground units remain in another civ's province: ask how he conquers it.
    `alone`: the caller knows they are the only ground units there (not asked again)."""
    m = state.military
    if province in m.conquered or not conquerable(state, civ, province) or \
            (not alone and ground_owners(state, province) != [civ]):
        return
    m.conquered.append(province)
    if conquest_options(state, civ, province):
        m.conquest = province


def _free_units(state: GameState, civ: str, province: str) -> list[Unit]:
    """Legions and creatures without a post, legions first."""
    us = [u for u in ground_units_in(state, province, civ)
          if u.kind in MOBILE_GROUND and not u.post]
    return sorted(us, key=lambda u: (u.kind != "legion", u.id))


def free_posts(state: GameState, province: str) -> list[str]:
    """Buildings of the province no unit stands on, as posts."""
    keys = [post_key(b.kind, b.site) for b in state.provinces[province].buildings]
    return [k for k in dict.fromkeys(keys) if occupier(state, province, k) is None]


def conquest_options(state: GameState, civ: str, province: str) -> list[Action]:
    ps = state.provinces[province]
    if state.military.sacks_left and state.military.conquest == province:
        return [Pass(), *(Sack(building=i) for i in range(len(ps.buildings)))]  # Achilles
    if not any(u.kind in MOBILE_GROUND for u in ground_units_in(state, province, civ)):
        return []
    out: list[Action] = [Sack(building=i) for i in range(len(ps.buildings))]
    free = _free_units(state, civ, province)
    posts = free_posts(state, province)
    if free:
        out += [Occupy(posts=[Post(unit=free[0].id, post=p)]) for p in posts]
        if min(len(free), len(posts)) > 1:
            out.append(Occupy(posts=[Post(unit=u.id, post=p)
                                     for u, p in zip(free, posts, strict=False)]))
        if ps.influence not in (None, civ) and occupier(state, province, "influence") is None:
            seen: set[str] = set()
            for u in free:
                if u.kind not in seen:
                    seen.add(u.kind)
                    out.append(Convert(unit=u.id))
    return out


def _legal_conquest(state: GameState, prompt: ChooseConquest) -> list[Action]:
    return conquest_options(state, prompt.civ, prompt.province)


def _own_free_unit(state: GameState, civ: str, province: str, unit_id: int) -> Unit:
    u = unit(state, unit_id)
    if u.owner != civ or u.area != province:
        raise IllegalAction(f"Unit {u.id} is not one of your units in "
                            f"{board.area_name(province)}", R_CONQUEST)
    if u.kind not in MOBILE_GROUND:
        raise IllegalAction("Only a legion or a creature can be placed on a building or a "
                            "marker", R_CONQUEST)
    if u.post:
        raise IllegalAction(f"Unit {u.id} already stands on the {u.post}", R_CONQUEST)
    return u


@decision(ChooseConquest, _legal_conquest)
def _conquest(state: GameState, prompt: ChooseConquest, action: Action, ev: list[Event]) -> None:
    civ, pr = prompt.civ, prompt.province
    ps = state.provinces[pr]
    if not conquest_options(state, civ, pr):
        raise IllegalAction("There is nothing to conquer here", R_CONQUEST)
    m = state.military
    if m.sacks_left:
        if isinstance(action, Pass):
            ev.append(Passed(civ=civ, phase="military", sacks=m.sacks_left))
            m.sacks_left = 0
            m.conquest = ""
            state.prompt = None
            return
        if not isinstance(action, Sack):
            raise IllegalAction("Achilles: sack another building, or stop (pass)",
                                "Achilles: card text")
    elif isinstance(action, Pass):
        raise IllegalAction("Sack, occupy or convert the province", R_CONQUEST)
    if isinstance(action, Sack):
        if not 0 <= action.building < len(ps.buildings):
            raise IllegalAction(f"{board.area_name(pr)} has no building number "
                                f"{action.building}", R_CONQUEST + ", a. Sack")
        b = ps.buildings.pop(action.building)
        key = post_key(b.kind, b.site)
        if all(post_key(o.kind, o.site) != key for o in ps.buildings):
            for u in units_in(state, pr):
                if u.post == key:
                    clear_post(state, u)
        ev.append(Sacked(civ=civ, province=pr, owner=ps.influence, building=b.kind,
                         site=b.site))
        on_sack(state, civ, pr, b, ev)
        m.sacks_left = (m.sacks_left - 1 if m.sacks_left else
                        extra_sacks(state, civ, pr))
        if m.sacks_left > 0 and ps.buildings:
            state.prompt = None  # Achilles: the conquest choice is asked again
            return
        m.sacks_left = 0
    elif isinstance(action, Occupy):
        if not action.posts:
            raise IllegalAction("Name at least one building to occupy", R_CONQUEST)
        ids = [p.unit for p in action.posts]
        keys = [p.post for p in action.posts]
        if len(set(ids)) != len(ids) or len(set(keys)) != len(keys):
            raise IllegalAction("One unit per building, one building per unit",
                                R_CONQUEST + ", b. Occupy")
        free = free_posts(state, pr)
        units = [_own_free_unit(state, civ, pr, i) for i in ids]
        for k in keys:
            if k not in free:
                raise IllegalAction(f"No free {k} to occupy in {board.area_name(pr)} (free: "
                                    f"{', '.join(free) or 'none'})", R_CONQUEST + ", b. Occupy")
        for u, k in zip(units, keys, strict=True):
            u.post = k
        ev.append(Occupied(civ=civ, province=pr, posts=keys))
    elif isinstance(action, Convert):
        if ps.influence in (None, civ):
            raise IllegalAction("There is no other civilization's influence marker to convert",
                                R_CONQUEST + ", c. Convert")
        if occupier(state, pr, "influence") is not None:
            raise IllegalAction("A unit stands on the influence marker already",
                                R_CONQUEST + ", c. Convert")
        u = _own_free_unit(state, civ, pr, action.unit)
        u.post = "influence"
        state.conversions.append(Conversion(province=pr, civ=civ, turn=state.turn))
        ev.append(ConversionStarted(civ=civ, province=pr, owner=ps.influence))
    else:
        raise IllegalAction("Sack, occupy or convert the province", R_CONQUEST)
    state.military.conquest = ""
    state.prompt = None
