"""What a computer player works out once per decision.

Weighing one decision, the greedy and normal players ask the same questions about one
position again and again: the threat next to a province (once per candidate placed there),
what a hand of cards is worth (once per payment), the role scores (once, for every role a building
counts for), which unit has an id. `Facts` answers each once and remembers the answer. It
holds for one state while that state does not change: a player makes one at the start of
`choose` and drops it at the end (the state a computer player decides on is only read
meanwhile, engine/match.py).
"""

from __future__ import annotations

from ..data import board
from ..data.cards import COMMODITIES, RESOURCES, TAX
from ..data.costs import GROUND_UNITS
from ..rules.common import ground_units_in
from ..rules.roles import role_scores
from ..state import GameState, Player, Unit
from .values import UNIT_STRENGTH

_COMMODITY = frozenset(COMMODITIES)
_RESOURCE = frozenset(RESOURCES)


def set_potential(hand: dict[str, int]) -> float:
    """A smooth value of a hand: its best set counts most, every card a little."""
    # one pass over the hand (the counts are integers, so the value is exactly that of
    # asking every kind of card in turn)
    distinct, cards = hand_counts(hand)
    tax = hand.get(TAX, 0)
    return 2.0 * max(distinct, tax) + 0.5 * min(distinct, tax) + 0.1 * cards


def potential_less(hand: dict[str, int], cards: dict[str, int]) -> float:
    """`set_potential` of the hand less these cards (a card it lacks counts below zero),
    without making that hand."""
    distinct = 0
    total = 0
    for c, n in hand.items():
        k = n - cards.get(c, 0)
        if k > 0 and c in _RESOURCE:
            total += k
            if c in _COMMODITY:
                distinct += 1
    for c, n in cards.items():
        if -n > 0 and c not in hand and c in _RESOURCE:
            total += -n
            if c in _COMMODITY:
                distinct += 1
    tax = hand.get(TAX, 0) - cards.get(TAX, 0)
    return 2.0 * max(distinct, tax) + 0.5 * min(distinct, tax) + 0.1 * total


def hand_counts(hand: dict[str, int]) -> tuple[int, int]:
    """(kinds of commodity held, resource cards held): what `set_potential` counts."""
    distinct = 0
    cards = 0
    for c, n in hand.items():
        if n > 0 and c in _RESOURCE:
            cards += n
            if c in _COMMODITY:
                distinct += 1
    return distinct, cards


def potential_changed(hand: dict[str, int], counts: tuple[int, int],
                      cards: dict[str, int]) -> float:
    """`potential_less(hand, cards)`, the hand's `hand_counts` being `counts`: only the
    kinds of card given (or, counted below zero, taken) are looked at. The counts are
    integers, so the value is exactly the one of walking the whole hand."""
    distinct, total = counts
    for c, m in cards.items():
        if c not in _RESOURCE:
            continue
        n = hand.get(c)
        if n is None:  # a card the hand lacks counts only when taken
            if m < 0:
                total -= m
                if c in _COMMODITY:
                    distinct += 1
            continue
        before = n if n > 0 else 0
        k = n - m
        after = k if k > 0 else 0
        total += after - before
        if c in _COMMODITY:
            distinct += (after > 0) - (before > 0)
    tax = hand.get(TAX, 0) - cards.get(TAX, 0)
    return 2.0 * max(distinct, tax) + 0.5 * min(distinct, tax) + 0.1 * total


def best_set(hand: dict[str, int]) -> int:
    distinct = 0
    for c in COMMODITIES:
        if hand.get(c, 0) > 0:
            distinct += 1
    return max(hand.get(TAX, 0), distinct)


def threat(state: GameState, civ: str, province: str) -> float:
    """Enemy ground strength next to a province, less our own strength in it."""
    if not province or province not in board.PROVINCES:
        return 0.0
    players = {p.civ for p in state.players}
    enemy = 0.0
    for nb in board.PROVINCES[province].land_neighbours:
        enemy += sum(UNIT_STRENGTH[u.kind] for u in ground_units_in(state, nb)
                     if u.owner != civ and u.kind != "fortress" and u.owner in players)
    own = sum(UNIT_STRENGTH[u.kind] for u in ground_units_in(state, province, civ)
              if u.kind in GROUND_UNITS)
    return max(0.0, (enemy - own) / 6.0)


class Facts:
    """Remembered answers about one unchanging state (see the module's docstring)."""

    __slots__ = ("state", "_threat", "_strength", "_units", "_potential", "_best", "_loss",
                 "_scores", "_enemies", "_counts", "memo")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._threat: dict[tuple[str, str], float] = {}
        self._strength: dict[str, tuple[dict[str, float], dict[str, float]]] = {}
        self._units: dict[int, Unit] | None = None
        self._potential: dict[str, float] = {}
        self._best: dict[str, int] = {}
        self._loss: dict[tuple[str, tuple[tuple[str, int], ...]], float] = {}
        self._scores: dict[str, dict[str, int]] = {}
        self._enemies: dict[tuple[str, str], tuple[list[Unit], float]] = {}
        self._counts: dict[str, tuple[int, int]] = {}  # `hand_counts`, by player
        self.memo: dict[tuple[object, ...], float] = {}  # a player's own answers, by question

    def threat(self, civ: str, province: str) -> float:
        """`threat`, from the ground strengths of every area summed once."""
        key = (civ, province)
        t = self._threat.get(key)
        if t is None:
            if not province or province not in board.PROVINCES:
                t = 0.0
            else:
                enemy, own = self.ground_strength(civ)
                near = 0.0
                for nb in board.PROVINCES[province].land_neighbours:
                    near += enemy.get(nb, 0.0)
                # strengths are multiples of 0.5: these float sums are exact in any order
                t = max(0.0, (near - own.get(province, 0.0)) / 6.0)
            self._threat[key] = t
        return t

    def ground_strength(self, civ: str) -> tuple[dict[str, float], dict[str, float]]:
        """By area: the strength of the other players' legions and creatures (what
        `threat` counts against us), and of our own ground units."""
        got = self._strength.get(civ)
        if got is None:
            players = {p.civ for p in self.state.players}
            enemy: dict[str, float] = {}
            own: dict[str, float] = {}
            for u in self.state.units:
                kind = u.kind
                if kind not in GROUND_UNITS:
                    continue
                if u.owner == civ:
                    own[u.area] = own.get(u.area, 0.0) + UNIT_STRENGTH[kind]
                elif kind != "fortress" and u.owner in players:
                    enemy[u.area] = enemy.get(u.area, 0.0) + UNIT_STRENGTH[kind]
            got = self._strength[civ] = (enemy, own)
        return got

    def enemy_ground(self, civ: str, area: str) -> tuple[list[Unit], float]:
        """The ground units of others in an area (in the state's order) and their strength
        (do not change the list: it is shared)."""
        key = (civ, area)
        got = self._enemies.get(key)
        if got is None:
            units = [u for u in ground_units_in(self.state, area) if u.owner != civ]
            got = self._enemies[key] = (units, sum(UNIT_STRENGTH[u.kind] for u in units))
        return got

    def unit(self, unit_id: int) -> Unit | None:
        """The first unit with this id, in the state's order."""
        return self.units_by_id().get(unit_id)

    def units_by_id(self) -> dict[int, Unit]:
        """Each id's first unit, in the state's order (do not change it: it is shared)."""
        units = self._units
        if units is None:
            units = {}
            for u in self.state.units:
                units.setdefault(u.id, u)
            self._units = units
        return units

    def potential(self, me: Player) -> float:
        """`set_potential` of the player's hand."""
        v = self._potential.get(me.civ)
        if v is None:
            v = self._potential[me.civ] = set_potential(me.hand)
        return v

    def best_set(self, me: Player) -> int:
        """`best_set` of the player's hand."""
        v = self._best.get(me.civ)
        if v is None:
            v = self._best[me.civ] = best_set(me.hand)
        return v

    def loss(self, me: Player, cards: dict[str, int]) -> float:
        """How much parting with these cards lowers the hand's potential."""
        key = (me.civ, tuple(cards.items()))
        v = self._loss.get(key)
        if v is None:
            v = self._loss[key] = self.potential(me) - self.potential_less(me, cards)
        return v

    def potential_less(self, me: Player, cards: dict[str, int]) -> float:
        """`potential_less` of the player's hand (a card counted below zero is taken)."""
        counts = self._counts.get(me.civ)
        if counts is None:
            counts = self._counts[me.civ] = hand_counts(me.hand)
        return potential_changed(me.hand, counts, cards)

    def role_scores(self, role: str) -> dict[str, int]:
        """`engine.rules.roles.scores` (do not change the answer: it is shared)."""
        if not self._scores:  # every role counted at once
            self._scores = role_scores(self.state)
        return self._scores[role]
