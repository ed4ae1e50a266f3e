"""Who is about to win, as a seat can tell from its view: the standings the stronger
computer players use to gang up on a leader.

Progress toward victory comes from the engine's quotes (heroes and wonders held, the
number that wins, role cards held); the hand sizes and every player's production (the
buildings on the board) are public. A player is "one step" from victory when one more hero
or wonder wins, when his hand could pay for the Pyramids, when he is two short but his
income gathers a hero's set nearly every turn, or (with the three-roles option) when one
more role card wins. Between players who are not, the income decides: left unwatched, the
civilizations whose buildings make most tax (Egypt's three cities) ran away with the game.
"""

from __future__ import annotations

import msgspec

from ..data.cards import TAX
from ..data.costs import COSTS, PYRAMIDS_COST
from ..quotes import progress
from ..rules.commerce import production
from ..state import GameState
from ..view import View

HERO_SET = COSTS["hero"]
KEPT_TAX = 2  # tax cards a player keeps from one turn to the next
OTHER_WORTH = 0.6  # a commodity card's worth toward a set, against a tax card's 1
FAST_INCOME = 7.0  # income (`income`) that buys a hero or wonder nearly every turn
PROVINCE_WEIGHT = 0.02  # a province held, in danger
INCOME_WEIGHT = 2.0  # how much of a hero a full set's income counts for


class Standing(msgspec.Struct, frozen=True, kw_only=True):
    civ: str
    heroes_wonders: int
    needed: int
    hand: int  # cards in hand (a public count)
    one_step: bool  # one acquisition (or one role) from victory
    income: float  # the set value its production may gather in a turn (`income`)
    danger: float  # how close to victory, for comparing players


def standings(state: GameState, hand_sizes: dict[str, int]) -> dict[str, Standing]:
    """Every player's standing; `hand_sizes` are the view's public counts (a complete
    state, as in a planner's rollout, gives them by its hands)."""
    hands: dict[str, int] = {}
    for p in state.players:
        n = hand_sizes.get(p.civ)
        hands[p.civ] = n if n is not None else sum(p.hand.values())
    provinces: dict[str, int] = {}
    for ps in state.provinces.values():
        held = ps.influence
        if held:
            provinces[held] = provinces.get(held, 0) + 1
    made = production(state)
    out: dict[str, Standing] = {}
    for pr in progress(state):
        hand = hands.get(pr.civ, 0)
        near_roles = pr.roles_needed > 0 and pr.roles >= pr.roles_needed - 1
        one_step = pr.heroes_wonders >= pr.needed - 1 or hand >= PYRAMIDS_COST or near_roles
        rate = income(made.get(pr.civ, {}))
        # two steps away, but with the income for a hero every turn
        one_step = one_step or (pr.heroes_wonders >= pr.needed - 2 and rate >= FAST_INCOME)
        # the next hero or wonder counts as far as its income goes toward a set of 9
        danger = (pr.heroes_wonders + INCOME_WEIGHT * min(1.5, rate / HERO_SET)) \
            / max(1, pr.needed) + 0.02 * hand + 0.05 * pr.roles \
            + PROVINCE_WEIGHT * provinces.get(pr.civ, 0)
        out[pr.civ] = Standing(civ=pr.civ, heroes_wonders=pr.heroes_wonders,
                               needed=pr.needed, hand=hand, one_step=one_step, income=rate,
                               danger=danger + (1.0 if one_step else 0.0))
    return out


def income(made: dict[str, int]) -> float:
    """The set value a player's production lets it gather in one turn: tax cards stack
    into one set (and two are kept from the turn before); other cards count as far as
    trade turns them into different commodities."""
    tax = made.get(TAX, 0)
    other = sum(n for c, n in made.items() if c != TAX)
    return tax + KEPT_TAX + OTHER_WORTH * other


def of_view(view: View) -> dict[str, Standing]:
    return standings(view.state, view.hand_sizes)


def leader(table: dict[str, Standing], me: str) -> Standing | None:
    """The other player closest to victory."""
    others = [s for s in table.values() if s.civ != me]
    return max(others, key=lambda s: (s.danger, s.civ)) if others else None


def target(table: dict[str, Standing], me: str) -> str | None:
    """The player to gang up on: the closest other player when he is one step from
    victory and at least as close as we are; else nobody."""
    top = leader(table, me)
    if top is None or not top.one_step:
        return None
    mine = table.get(me)
    if mine is not None and mine.one_step and mine.danger > top.danger:
        return None  # we are closer ourselves: race instead
    return top.civ
