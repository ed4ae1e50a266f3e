"""Role assignment (rulebook, Roles; base-game.md section 2)."""

from __future__ import annotations

from collections.abc import Callable

from ..actions import Action, PickRoleHolder, UsePower
from ..data.cards import ROLES
from ..errors import IllegalAction
from ..events import Event, RoleAssigned
from ..prompts import ChooseRoleHolder
from ..state import GameState
from .common import (
    building_counts,
    every_building_count,
    military_count,
    military_counts,
    player_civs,
    random_below,
)
from .flow import start_phase
from .hooks import before_roles, card_name, role_bonus, role_bonuses
from .registry import decision, phase
from .victory import check_roles

ROLE_RULE = "Roles: ties keep the card with its holder; the holder chooses among tied others"


def base_score(state: GameState, civ: str, role: str) -> int:
    if role == "military_leader":
        return military_count(state, civ)
    return _from_buildings(role, building_counts(state, civ))


def _from_buildings(role: str, b: dict[str, int]) -> int:
    first, second = _COUNTED[role]
    return b[first] + b[second]


# the two kinds of building each role but the military leader's counts
_COUNTED: dict[str, tuple[str, str]] = {
    "director_of_commerce": ("caravan", "market"),
    "high_priest": ("temple", "market"),
    "political_leader": ("city", "temple"),
}


def scores(state: GameState, role: str,
           every: dict[str, dict[str, int]] | None = None,
           bonuses: dict[str, list[Callable[..., int]]] | None = None) -> dict[str, int]:
    """Each player's count for the role. `every`: `every_building_count` of the state, if
    the caller has it already (the roles are assigned one after the other, the buildings
    unchanged meanwhile); `bonuses`: each player's `role_bonuses`, likewise (no card
    changes hands meanwhile)."""
    civs = player_civs(state)
    out: dict[str, int] = {}
    if role == "military_leader":  # everyone's units counted in one pass
        units = military_counts(state)
        for c in civs:
            out[c] = units.get(c, 0)
    else:  # the buildings of everyone counted in one pass
        if every is None:
            every = every_building_count(state)
        first, second = _COUNTED[role]
        for c in civs:
            b = every.get(c)  # a count of all kinds, or None: he controls no building
            out[c] = 0 if b is None else b[first] + b[second]
    if bonuses is None:
        for c in civs:
            out[c] += role_bonus(state, c, role)
        return out
    for c in civs:
        funcs = bonuses[c]
        if funcs:  # most players hold no card counting toward a role
            n = out[c]
            for f in funcs:
                n += f(state, c, role)
            out[c] = n
    return out


def _assign(state: GameState, role: str, civ: str, sc: dict[str, int],
            ev: list[Event]) -> None:
    previous = state.roles.get(role)
    state.roles[role] = civ
    ev.append(RoleAssigned(role=role, civ=civ, previous=previous, scores=sc))


def assign_at_setup(state: GameState, ev: list[Event], fixed: dict[str, str]) -> None:
    """Setup: the given roles, then each other role by one count of everyone, taken once
    every piece (free units included) is on the board. The most goes first; a tie is
    drawn among the tied players who hold no role yet, or among all the tied when each
    holds one (rulebook Q&A: count the buildings; "avoid giving one player 2 roles")."""
    for role in ROLES:
        if role in fixed:
            _assign(state, role, fixed[role], {}, ev)
    counts = {role: scores(state, role) for role in ROLES if role not in fixed}
    for role, sc in counts.items():
        best = max(sc.values())
        leaders = [c for c, s in sc.items() if s == best]
        holding = {c for c in state.roles.values() if c}
        pool = [c for c in leaders if c not in holding] or leaders
        _assign(state, role, pool[random_below(state, len(pool))], sc, ev)


@phase("roles")
def run(state: GameState, ev: list[Event]) -> None:
    if state.step == "":
        state.step = "0"
        if before_roles(state):
            return  # the cards' questions before roles (a copy, a named role): asked first
    i = int(state.step)
    every = every_building_count(state)  # assigning roles moves no building, and no card
    bonuses = {p.civ: role_bonuses(state, p.civ) for p in state.players}
    while i < len(ROLES):
        role = ROLES[i]
        sc = scores(state, role, every, bonuses)
        best = max(sc.values())
        leaders = [c for c, s in sc.items() if s == best]
        holder = state.roles.get(role)
        if holder in leaders:
            pass
        elif len(leaders) == 1:
            _assign(state, role, leaders[0], sc, ev)
        elif holder is None:
            _assign(state, role, leaders[random_below(state, len(leaders))], sc, ev)
        else:
            state.step = str(i)
            state.prompt = ChooseRoleHolder(civ=holder, role=role, candidates=leaders)
            return
        i += 1
    state.step = ""
    if check_roles(state, ev):
        return
    start_phase(state, "commerce", ev)


def _legal(state: GameState, prompt: ChooseRoleHolder) -> list[Action]:
    return [PickRoleHolder(civ=c) for c in prompt.candidates]


# Role assignment is one moment (base-game.md 2): no power is used inside it.
@decision(ChooseRoleHolder, _legal, powers=False)
def _pick(state: GameState, prompt: ChooseRoleHolder, action: Action, ev: list[Event]) -> None:
    if isinstance(action, UsePower):
        raise IllegalAction(f"{card_name(action.card)} cannot be used while roles are assigned",
                            "base-game.md 2: role assignment is one moment")
    if not isinstance(action, PickRoleHolder):
        raise IllegalAction("Choose who takes the role", ROLE_RULE)
    if action.civ not in prompt.candidates:
        raise IllegalAction(
            f"{action.civ} is not tied for the lead; choose among "
            f"{', '.join(prompt.candidates)}", ROLE_RULE)
    _assign(state, prompt.role, action.civ, scores(state, prompt.role), ev)
    state.prompt = None
    state.step = str(int(state.step or 0) + 1)
