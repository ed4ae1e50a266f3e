"""The roles phase counts every role in one look at the units and the provinces (issue
16, round 10): the same counts as each player's buildings, units and bonus cards counted
role by role, in the positions of the phase saves and of random games, with units holding
posts and with the cards and gods of a role bonus handed out; and the same roles assigned
from them, with the same events.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine import game
from engine.data.cards import GODS, ROLES
from engine.events import Event
from engine.powers import athena
from engine.prompts import ChooseRoleHolder
from engine.rules import roles
from engine.rules.common import player, post_key, random_below
from engine.rules.flow import start_phase
from engine.rules.hooks import CARDS, role_bonus, role_bonuses
from engine.rules.victory import check_roles
from engine.state import GameState

from .helpers import base_score, random_positions

CIVS = ["rome", "greece", "egypt", "carthage"]

# every card and god whose bonus counts toward a role
BONUS_CARDS = sorted(c for c, m in CARDS.items() if hasattr(m, "role_bonus"))


def _positions(steps: int) -> Iterator[GameState]:
    return random_positions((63, 64), steps, CIVS)


def _one_by_one(state: GameState) -> dict[str, dict[str, int]]:
    """Each player's count for each role asked alone: his buildings, his units, his
    bonuses (`base_score`, `role_bonus`)."""
    civs = [p.civ for p in state.players]
    return {role: {c: base_score(state, c, role) + role_bonus(state, c, role)
                   for c in civs} for role in ROLES}


def _ordered(table: dict[str, dict[str, int]]) -> list[tuple[str, list[tuple[str, int]]]]:
    return [(role, list(table[role].items())) for role in ROLES]


def _bonus_cards_handed_out() -> Iterator[tuple[int, int, GameState, str, str]]:
    """In every third position, each card and god of a role bonus handed in turn to the
    next player: (the position's number, the card's, the state, the card, its holder)."""
    for n, state in enumerate(_positions(300)):
        if n % 3:
            continue
        civs = [p.civ for p in state.players]
        for i, card in enumerate(BONUS_CARDS):
            civ = civs[(n + i) % len(civs)]
            if card in GODS:
                state.gods[card] = civ
            else:
                player(state, civ).cards.append(card)
            yield n, i, state, card, civ


def _post_units(state: GameState, n: int) -> int:
    """Put a few units on the posts of some buildings, theirs or another player's."""
    built = [(pid, b) for pid, ps in state.provinces.items() for b in ps.buildings]
    civs = [p.civ for p in state.players]
    posted = 0
    for i, u in enumerate(state.units[: (n % 4) * 2]):
        if not built:
            break
        pid, b = built[(n + 3 * i) % len(built)]
        u.area, u.post, u.owner = pid, post_key(b.kind, b.site), civs[(n + i) % len(civs)]
        posted += 1
    return posted


def test_every_role_is_counted_as_one_by_one() -> None:
    """In every position, and again with units put on posts: the same counts, players in
    seat order."""
    posted = 0
    for n, state in enumerate(_positions(900)):
        assert _ordered(roles.role_scores(state)) == _ordered(_one_by_one(state))
        posted += _post_units(state, n)
        assert _ordered(roles.role_scores(state)) == _ordered(_one_by_one(state))
    assert posted > 500


def test_a_role_bonus_counts_for_whoever_holds_its_card() -> None:
    """Each card and god of a role bonus handed to each player in turn (Athena with a role
    named): his bonus counted, nobody else's."""
    assert {"archimedes", "agamemnon", "solomon", "moses", "athena"} <= set(BONUS_CARDS)
    bonused = 0
    for n, i, state, card, civ in _bonus_cards_handed_out():
        if card in GODS:
            state.power_choices[athena._key(civ)] = ROLES[(n + i) % len(ROLES)]
        got = roles.role_scores(state)
        assert _ordered(got) == _ordered(_one_by_one(state)), card
        bonused += any(role_bonus(state, civ, r) for r in ROLES)
    assert bonused > 100


def test_only_the_holders_of_a_bonus_card_are_asked_for_bonuses() -> None:
    """A player left out of those asked for their role bonus has none to give, with each
    card and god of a role bonus handed to each player in turn (a god with no role named
    too, and one named)."""
    for n, _, state, card, civ in _bonus_cards_handed_out():
        for named in (False, True):
            if named and card in GODS:
                state.power_choices[athena._key(civ)] = ROLES[n % len(ROLES)]
            asked = roles._bonus_holders(state)
            assert civ in asked, card
            for p in state.players:
                assert p.civ in asked or not role_bonuses(state, p.civ), (card, p.civ)


def _run_the_long_way(state: GameState, ev: list[Event]) -> None:
    """The roles runner past the cards' questions, as it was: every role scored alone
    (each player counted alone), the leaders listed for each."""
    i = int(state.step)
    while i < len(ROLES):
        role = ROLES[i]
        sc = _one_by_one(state)[role]
        best = max(sc.values())
        leaders = [c for c, s in sc.items() if s == best]
        holder = state.roles.get(role)
        if holder in leaders:
            pass
        elif len(leaders) == 1:
            roles._assign(state, role, leaders[0], sc, ev)
        elif holder is None:
            roles._assign(state, role, leaders[random_below(state, len(leaders))], sc, ev)
        else:
            state.step = str(i)
            state.prompt = ChooseRoleHolder(civ=holder, role=role, candidates=leaders)
            return
        i += 1
    state.step = ""
    if check_roles(state, ev):
        return
    start_phase(state, "commerce", ev)


def test_the_roles_are_assigned_as_the_long_way() -> None:
    """Roles assigned from every position (its roles held, or some of them free to be
    drawn among the tied): the same holders, questions, draws and events."""
    assigned = asked = 0
    for n, state in enumerate(_positions(900)):
        if state.phase == "over":
            continue
        if n % 3 == 1:  # no holder yet: a tie is drawn
            state.roles = dict.fromkeys(state.roles)
        if n % 3 == 2:
            _post_units(state, n)
        state.phase, state.step, state.prompt = "roles", str(n % 2), None
        state.pending_powers = []
        fast, long_way = game.clone(state), game.clone(state)
        ev_fast: list[Event] = []
        ev_long: list[Event] = []
        roles.run(fast, ev_fast)
        _run_the_long_way(long_way, ev_long)
        assert game.encode_state(fast) == game.encode_state(long_way)
        assert ev_fast == ev_long
        assigned += sum(type(e).__name__ == "RoleAssigned" for e in ev_fast)
        asked += isinstance(fast.prompt, ChooseRoleHolder)
    assert assigned > 300 and asked > 10
