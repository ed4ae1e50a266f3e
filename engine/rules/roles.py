"""Role assignment (rulebook, Roles; docs/rules.md, Roles)."""

from __future__ import annotations

from ..actions import Action, PickRoleHolder, UsePower
from ..data.cards import ROLES
from ..errors import IllegalAction
from ..events import Event, RoleAssigned
from ..prompts import ChooseRoleHolder
from ..state import GameState
from .common import every_building_count, military_counts, random_below
from .flow import start_phase
from .hooks import TABLES, _each_card, before_roles, card_name, role_bonuses
from .registry import decision, phase
from .victory import check_roles

ROLE_RULE = "Roles: ties keep the card with its holder; the holder chooses among tied others"


def scores(state: GameState, role: str) -> dict[str, int]:
    """Each player's count for the role, in seat order: the buildings it counts that he
    controls (or his units, for the military leader), and his cards' bonuses."""
    return role_scores(state)[role]


def role_scores(state: GameState) -> dict[str, dict[str, int]]:
    """`scores` of every role, in the order of ROLES: the units and the buildings counted
    once for all of them (assigning roles moves no piece and no card)."""
    every = every_building_count(state)
    units = military_counts(state)
    commerce: dict[str, int] = {}
    priest: dict[str, int] = {}
    politics: dict[str, int] = {}
    military: dict[str, int] = {}
    for p in state.players:
        c = p.civ
        b = every.get(c)  # a count of all kinds, or None: he controls no building
        if b is None:
            commerce[c] = priest[c] = politics[c] = 0
        else:
            temples, markets = b["temple"], b["market"]
            commerce[c] = b["caravan"] + markets
            priest[c] = temples + markets
            politics[c] = b["city"] + temples
        military[c] = units.get(c, 0)
    out = {"director_of_commerce": commerce, "high_priest": priest,
           "political_leader": politics, "military_leader": military}
    for c in _bonus_holders(state):
        for f in role_bonuses(state, c):
            for role in ROLES:
                out[role][c] += f(state, c, role)
    return out


def _bonus_holders(state: GameState) -> list[str]:
    """The players who may have a role bonus: a bonus is from a card or god its holder
    holds, or a copy on record (`role_bonuses`); the others have none to ask for."""
    bonus = _bonus_cards()
    if state.power_choices:
        return [p.civ for p in state.players]
    gods = state.gods
    with_god = {gods.get(card) for card in bonus}  # (None: a card, or a god in the heavens)
    return [p.civ for p in state.players if p.civ in with_god or not bonus.isdisjoint(p.cards)]


def _bonus_cards() -> frozenset[str]:
    """The cards and gods taking part in `role_bonus` (made again when a card is
    registered)."""
    got = _BONUS_CARDS.get("")
    if got is None:
        got = _BONUS_CARDS[""] = frozenset(card for card, _ in _each_card("role_bonus"))
    return got


_BONUS_CARDS: dict[str, frozenset[str]] = TABLES.table("bonus_cards")  # "" -> _bonus_cards()


def _assign(state: GameState, role: str, civ: str, sc: dict[str, int],
            ev: list[Event], passed_over: list[str] | None = None) -> None:
    previous = state.roles.get(role)
    state.roles[role] = civ
    ev.append(RoleAssigned(role=role, civ=civ, previous=previous, scores=sc,
                           passed_over=passed_over or []))


def assign_at_setup(state: GameState, ev: list[Event], fixed: dict[str, str], *,
                    spread: bool = False) -> None:
    """Setup: the given roles, then each other role, in the order of ROLES, by one count
    of everyone taken once every piece (free units included) is on the board (rulebook
    Q&A: count the buildings; "avoid giving one player 2 roles"); a tie is drawn.

    `spread` (the predetermined setup's roles of missing civilizations): the role goes to
    the best-placed player who holds no role yet, while one is left; once each holds one,
    to the best-placed of all. Without it (the free setup): to the best-placed of all,
    a tie drawn among the tied holding no role yet, or among all the tied when each holds
    one (docs/rulings.md, Setup)."""
    for role in ROLES:
        if role in fixed:
            _assign(state, role, fixed[role], {}, ev)
    every = role_scores(state)
    counts = {role: every[role] for role in ROLES if role not in fixed}
    for role, sc in counts.items():
        holding = {c for c in state.roles.values() if c}
        if spread:
            pool = _best([c for c in sc if c not in holding] or list(sc), sc)
        else:
            leaders = _best(list(sc), sc)
            pool = [c for c in leaders if c not in holding] or leaders
        chosen = pool[random_below(state, len(pool))]
        passed = [] if chosen in holding else [c for c in sc
                                               if c in holding and sc[c] >= sc[chosen]]
        _assign(state, role, chosen, sc, ev, passed)


def _best(candidates: list[str], sc: dict[str, int]) -> list[str]:
    """The candidates with the highest count, in seat order."""
    top = max(sc[c] for c in candidates)
    return [c for c in candidates if sc[c] == top]


@phase("roles")
def run(state: GameState, ev: list[Event]) -> None:
    if state.step == "":
        state.step = "0"
        if before_roles(state):
            return  # the cards' questions before roles (a copy, a named role): asked first
    i = int(state.step)
    table = role_scores(state)
    while i < len(ROLES):
        role = ROLES[i]
        sc = table[role]
        best = max(sc.values())
        holder = state.roles.get(role)
        if holder is not None and sc.get(holder) == best:
            i += 1  # he is among the leaders: the card stays with him
            continue
        leaders = [c for c, s in sc.items() if s == best]
        if len(leaders) == 1:
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


# Role assignment is one moment (docs/rules.md, Roles): no power is used inside it.
@decision(ChooseRoleHolder, _legal, powers=False)
def _pick(state: GameState, prompt: ChooseRoleHolder, action: Action, ev: list[Event]) -> None:
    if isinstance(action, UsePower):
        raise IllegalAction(f"{card_name(action.card)} cannot be used while roles are assigned",
                            "Roles: role assignment is one moment")
    if not isinstance(action, PickRoleHolder):
        raise IllegalAction("Choose who takes the role", ROLE_RULE)
    if action.civ not in prompt.candidates:
        raise IllegalAction(
            f"{action.civ} is not tied for the lead; choose among "
            f"{', '.join(prompt.candidates)}", ROLE_RULE)
    _assign(state, prompt.role, action.civ, scores(state, prompt.role), ev)
    state.prompt = None
    state.step = str(int(state.step or 0) + 1)
