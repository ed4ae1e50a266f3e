"""The greedy player: one-step choices by simple values.

It builds its economy (caravans and cities first, then influence toward free sites),
gathers sets of 9 through trade to buy heroes and wonders, defends threatened provinces and
attacks neighbours it clearly outnumbers. It looks no further than the current decision.
"""

from __future__ import annotations

from ..actions import (
    Action,
    Announce,
    Blockade,
    Buy,
    Convert,
    EndConstruction,
    EndMilitary,
    EndNaval,
    EndSetupRound,
    Give,
    Item,
    Keep,
    Move,
    Name,
    NavalBattle,
    Occupy,
    Offer,
    Pass,
    PickRoleHolder,
    PlaceAt,
    Sack,
    SetupBuy,
    Take,
    TakeLosses,
    UsePower,
    Worship,
)
from ..data import board
from ..data.cards import COMMODITIES, RESOURCES, ROLES
from ..game import legal_actions
from ..prompts import (
    AnnounceTrade,
    ChooseConquest,
    ChooseLosses,
    ChooseRoleHolder,
    ChooseTradeOffer,
    ConstructionTurn,
    FreeSetupTurn,
    GiveBalancingCard,
    GreekBlockade,
    GroundTurn,
    KeepCommodities,
    MakeOffering,
    NamePlayer,
    NavalTurn,
    PlaceFree,
    Reaction,
    TakeTradeCard,
)
from ..rng import Draws, seed_state
from ..rules import reading
from ..rules.common import units_in
from ..state import GameState, Player, ProvinceState, Unit
from ..view import View
from . import greedy_powers as gp
from .facts import Facts, best_set, set_potential, threat
from .values import UNIT_STRENGTH

ITEM_VALUE = {
    "caravan": 30, "city": 30, "influence": 24, "market": 22, "temple": 20, "creature": 14,
    "legion": 10, "fortress": 9, "trireme": 4,
}


class GreedyBot:
    level = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Draws(seed_state(seed ^ 0x6EED))
        self._facts: Facts | None = None  # while a decision is weighed

    def _known(self, state: GameState) -> Facts:
        """The facts of the decision being weighed on `state` (fresh ones when a handler is
        asked outside `choose`, as tests do)."""
        f = self._facts
        return f if f is not None and f.state is state else Facts(state)

    # ----------------------------------------------------------------------------------
    def choose(self, view: View) -> Action:
        state = view.state
        # Deciding only reads the state, so the rules may index it (engine/rules/reading.py):
        # the match has begun that already, a planner's rollout has not.
        before = reading.begin(state)
        try:
            return self._decide(state)
        finally:
            reading.end(before)

    def _decide(self, state: GameState) -> Action:
        prompt = state.prompt
        assert prompt is not None
        acts = legal_actions(state)
        if len(acts) == 1:
            return acts[0]
        me = _me(state, prompt.civ)
        handler = getattr(self, "_" + type(prompt).__name__, None)
        if handler is not None:
            self._facts = Facts(state)
            try:
                choice: Action | None = handler(state, me, prompt, acts)
            finally:
                self._facts = None
            if choice is not None:
                return choice
        return acts[0]

    # --- setup --------------------------------------------------------------------------
    def _FreeSetupTurn(self, state: GameState, me: Player, prompt: FreeSetupTurn,
                       acts: list[Action]) -> Action:
        buys = [a for a in acts if isinstance(a, SetupBuy)]
        if not buys:
            return next(a for a in acts if isinstance(a, EndSetupRound))
        return max(buys, key=lambda a: self._item_score(state, me, a.item) + self._noise())

    # --- roles and order ----------------------------------------------------------------
    def _ChooseRoleHolder(self, state: GameState, me: Player, prompt: ChooseRoleHolder,
                          acts: list[Action]) -> Action:
        picks = [a for a in acts if isinstance(a, PickRoleHolder)]
        return min(picks, key=lambda a: len(_me(state, a.civ).cards), default=acts[0])

    def _NamePlayer(self, state: GameState, me: Player, prompt: NamePlayer,
                    acts: list[Action]) -> Action:
        names = [a for a in acts if isinstance(a, Name)]
        mine = [a for a in names if a.civ == me.civ]
        if prompt.phase == "military":
            others = [a for a in names if a.civ != me.civ]
            return others[0] if others else mine[0]
        return mine[0] if mine else names[0]

    # --- commerce -----------------------------------------------------------------------
    def _AnnounceTrade(self, state: GameState, me: Player, prompt: AnnounceTrade,
                       acts: list[Action]) -> Action:
        doubles = sum(n - 1 for c, n in me.hand.items() if c in COMMODITIES and n > 1)
        n = max(1, min(prompt.max, doubles + 1))
        return Announce(n=n)

    def _ChooseTradeOffer(self, state: GameState, me: Player, prompt: ChooseTradeOffer,
                          acts: list[Action]) -> Action:
        return max((a for a in acts if isinstance(a, Offer)),
                   key=lambda a: -self._keep_loss(me, a.cards))

    def _TakeTradeCard(self, state: GameState, me: Player, prompt: TakeTradeCard,
                       acts: list[Action]) -> Action:
        return max((a for a in acts if isinstance(a, Take)),
                   key=lambda a: self._gain(me, a.card) + self._noise())

    def _GiveBalancingCard(self, state: GameState, me: Player, prompt: GiveBalancingCard,
                           acts: list[Action]) -> Action:
        return max((a for a in acts if isinstance(a, Give)),
                   key=lambda a: -self._keep_loss(me, {a.card: 1}))

    def _keep_loss(self, me: Player, cards: dict[str, int]) -> float:
        """How much giving these cards away hurts the best set we can form."""
        f = self._facts
        if f is not None:  # deciding: me is a player of the facts' state
            return f.loss(me, cards)
        hand = dict(me.hand)
        for c, n in cards.items():
            hand[c] = hand.get(c, 0) - n
        return _set_potential(me.hand) - _set_potential(hand)

    def _gain(self, me: Player, card: str) -> float:
        f = self._facts
        if f is not None:  # deciding: the hand with the card, counted from the facts'
            return f.potential_less(me, {card: -1}) - f.potential(me)
        hand = dict(me.hand)
        hand[card] = hand.get(card, 0) + 1
        return _set_potential(hand) - _set_potential(me.hand)

    # --- offering -----------------------------------------------------------------------
    def _MakeOffering(self, state: GameState, me: Player, prompt: MakeOffering,
                      acts: list[Action]) -> Action:
        if _best_set(me.hand) >= 12:
            for god in ("hermes", "athena", "mars"):
                for a in acts:
                    if isinstance(a, Worship) and a.god == god:
                        return a
        return next(a for a in acts if isinstance(a, Pass))

    # --- construction -------------------------------------------------------------------
    def _ConstructionTurn(self, state: GameState, me: Player, prompt: ConstructionTurn,
                          acts: list[Action]) -> Action:
        f = self._known(state)
        buys: list[Buy] = []
        uses: list[UsePower] = []
        for a in acts:  # one pass, each list in the listing's order
            if isinstance(a, Buy):
                buys.append(a)
            elif isinstance(a, UsePower):
                uses.append(a)
        power = gp.construction_power(
            state, me, uses,
            lambda pr: self._item_score(state, me, Item(kind="influence", province=pr)),
            lambda hand: _set_potential(hand) - f.potential(me))
        if power is not None:
            return power
        if not buys:
            return EndConstruction()
        if type(self)._buy_score is GreedyBot._buy_score and \
                type(self)._item_score is GreedyBot._item_score:
            score, best = self._best_buy(f, me, buys)
        else:  # a player weighing buys its own way
            scored = [(self._buy_score(state, me, a), a) for a in buys]
            score, best = max(scored, key=lambda t: t[0])
        return best if score > 0 else EndConstruction()

    def _best_buy(self, f: Facts, me: Player, buys: list[Buy]) -> tuple[float, Buy]:
        """The first of the buys with the highest `_buy_score`, and that score: the same
        sums, and the same noise drawn in the same order, with what the buys share asked
        once (an item is listed once per payment, a payment for many items, a province's
        threat for every item built there)."""
        hoard = f.best_set(me) >= 9  # keep a set of 9 for a hero (`_buy_score`)
        below = self.rng.below
        civ = me.civ
        threats: dict[str, float] = {}  # `Facts.threat` of civ, by province
        wastes: dict[tuple[tuple[str, int], ...], float] = {}  # `Facts.loss` by payment
        best = buys[0]
        top = -_INFINITY  # the first buy's score beats it: every score is finite
        item = None  # the item last valued, and its value
        value = 0.0
        for a in buys:
            it = a.items[0]
            if hoard and it.kind != "card":
                score = -1.0
            else:
                if it is not item:
                    item = it
                    kind = it.kind
                    if kind == "card":
                        value = _card_value(it.card)
                    else:
                        pr = it.province
                        t = threats.get(pr)
                        if t is None:
                            t = threats[pr] = f.threat(civ, pr)
                        value = _value(kind, pr, t)
                pay = a.payment
                key = tuple(pay.items())
                waste = wastes.get(key)
                if waste is None:
                    waste = wastes[key] = f.loss(me, pay)
                score = value - 0.5 * waste + below(1000) / 1000.0
            if score > top:
                best, top = a, score
        return top, best

    def _buy_score(self, state: GameState, me: Player, a: Buy) -> float:
        it = a.items[0]
        f = self._known(state)
        # Keep a set of 9 for a hero: do not spend cards it needs on lesser items.
        if it.kind != "card" and f.best_set(me) >= 9:
            return -1
        value = self._item_score(state, me, it)
        waste = f.loss(me, a.payment)
        return value - 0.5 * waste + self._noise()

    def _item_score(self, state: GameState, me: Player, it: Item) -> float:
        if it.kind == "card":
            return _card_value(it.card)
        return _value(it.kind, it.province, self._known(state).threat(me.civ, it.province))

    def _PlaceFree(self, state: GameState, me: Player, prompt: PlaceFree,
                   acts: list[Action]) -> Action:
        """A card's free piece goes where the same piece bought would be worth most."""
        places = [a for a in acts if isinstance(a, PlaceAt)]
        return max(places, key=lambda a: self._item_score(
            state, me, Item(kind=prompt.item, province=a.province)), default=acts[0])

    def _KeepCommodities(self, state: GameState, me: Player, prompt: KeepCommodities,
                         acts: list[Action]) -> Action:
        return max((a for a in acts if isinstance(a, Keep)),
                   key=lambda a: sum(a.cards.values()))

    # --- military -----------------------------------------------------------------------
    def _NavalTurn(self, state: GameState, me: Player, prompt: NavalTurn,
                   acts: list[Action]) -> Action:
        for a in acts:
            if isinstance(a, NavalBattle):
                mine = gp.naval_strength(state, a.sea, me.civ)
                theirs = gp.naval_strength(state, a.sea, a.opponent)
                if mine >= theirs + 2:
                    return a
        emerge = gp.kraken_emergence(state, me.civ, [a for a in acts if isinstance(a, UsePower)])
        if emerge is not None:
            return emerge
        return next((a for a in acts if isinstance(a, EndNaval)), acts[0])

    def _GroundTurn(self, state: GameState, me: Player, prompt: GroundTurn,
                    acts: list[Action]) -> Action:
        if type(self)._attack_score is GreedyBot._attack_score and \
                type(self)._strength is GreedyBot._strength:
            best, best_score, uses = self._best_attack(self._known(state), me, acts)
        else:  # a player weighing moves its own way
            best, best_score = None, 0.0
            for a in acts:
                if not isinstance(a, Move):
                    continue
                score = self._attack_score(state, me, a)
                if score > best_score:
                    best, best_score = a, score
            uses = [a for a in acts if isinstance(a, UsePower)]
        shot_value, shot = gp.titan_shot(state, me.civ, uses)
        if shot is not None and shot_value > max(best_score, 2.0):
            return shot
        if best is not None:
            return best
        return next((a for a in acts if isinstance(a, EndMilitary)), acts[0])

    def _best_attack(self, f: Facts, me: Player, acts: list[Action]
                     ) -> tuple[Move | None, float, list[UsePower]]:
        """The first move with the highest `_attack_score` above 0 (None if none) and that
        score, and the powers listed, in one pass: the same sums, and the same noise drawn
        in the same order, with the facts looked up once for all the moves."""
        civ = me.civ
        provinces = f.state.provinces
        enemy_ground = f.enemy_ground
        by_id = f.units_by_id()
        below = self.rng.below
        best: Move | None = None
        best_score = 0.0
        uses: list[UsePower] = []
        for a in acts:
            if not isinstance(a, Move):
                if isinstance(a, UsePower):
                    uses.append(a)
                continue
            target = a.to
            ps = provinces[target]
            enemies, defence = enemy_ground(civ, target)
            if ps.influence == civ and not enemies:
                continue  # worth nothing
            moving = _units_strength(by_id, a.units)
            if defence and moving < 1.8 * defence:
                continue
            score = _prize(ps, target, enemies) + moving - defence + below(1000) / 1000.0
            if score > best_score:
                best, best_score = a, score
        return best, best_score, uses

    def _attack_score(self, state: GameState, me: Player, a: Move) -> float:
        target = a.to
        ps = state.provinces[target]
        facts = self._known(state)
        enemies, defence = facts.enemy_ground(me.civ, target)
        if ps.influence == me.civ and not enemies:
            return 0
        moving = self._strength(state, a.units)
        if defence and moving < 1.8 * defence:
            return 0
        return _prize(ps, target, enemies) + moving - defence + self._noise()

    def _strength(self, state: GameState, units: list[int]) -> float:
        """The battle strength of these units (by id)."""
        return _units_strength(self._known(state).units_by_id(), units)

    def _ChooseLosses(self, state: GameState, me: Player, prompt: ChooseLosses,
                      acts: list[Action]) -> Action:
        order = {"legion": 0, "trireme": 0, "fortress": 1, "creature": 2}
        f = self._known(state)
        return min((a for a in acts if isinstance(a, TakeLosses)),
                   key=lambda a: sum(order.get(_kind(f, u), 0) for u in a.units))

    def _ChooseConquest(self, state: GameState, me: Player, prompt: ChooseConquest,
                        acts: list[Action]) -> Action:
        converts = [a for a in acts if isinstance(a, Convert)]
        if converts:
            return converts[0]
        occupations = [a for a in acts if isinstance(a, Occupy)]
        if occupations:
            return max(occupations, key=lambda a: len(a.posts))
        return next((a for a in acts if isinstance(a, Sack)), acts[0])

    def _GreekBlockade(self, state: GameState, me: Player, prompt: GreekBlockade,
                       acts: list[Action]) -> Action:
        for a in acts:
            if isinstance(a, Blockade):
                mine = len(units_in(state, a.sea, me.civ, ("trireme",)))
                theirs = len(units_in(state, a.sea, prompt.attacker, ("trireme",)))
                if mine > theirs:
                    return a
        return next((a for a in acts if isinstance(a, Pass)), acts[0])

    # --- powers -------------------------------------------------------------------------
    def _Reaction(self, state: GameState, me: Player, prompt: Reaction,
                  acts: list[Action]) -> Action | None:
        """Use the obvious powers (cards from the bank, a free god, Ishtar's protection, the
        role Athena helps most, Isis' gifts, the battle and convoy powers of greedy_powers);
        decline what needs judgement (Antigone, destroying at the start of a phase)."""
        uses = [a for a in acts if isinstance(a, UsePower)]
        passing = next((a for a in acts if isinstance(a, Pass)), None)
        if prompt.window == "isis" and uses:
            f = self._known(state)
            return gp.isis_gift(state, me, uses,
                                lambda hand: _set_potential(hand) - f.potential(me))
        if prompt.window in ("before_battle", "after_dice", "move_declared"):
            use = (gp.convoy_reaction(state, me.civ, uses) if prompt.window == "move_declared"
                   else gp.battle_reaction(state, me.civ, prompt.window, uses))
            return use or passing or acts[0]
        if not uses or prompt.window in ("antigone", "phase_start"):
            return passing or (uses[0] if uses else acts[0])
        if prompt.window in ("hermes", "colossus", "nebuchadnezzar", "ulysses"):
            return max(uses, key=lambda a: self._choice_gain(me, a))
        if prompt.window == "athena":
            f = self._known(state)
            return max(uses, key=lambda a: _role_margin(f, me.civ, a.choice))
        if prompt.window == "adonis":
            pref = ("hermes", "athena", "mars", "ishtar", "isis", "poseidon", "baal", "vulcan")
            return min(uses, key=lambda a: pref.index(a.choice) if a.choice in pref else 99)
        return uses[0]

    def _choice_gain(self, me: Player, a: UsePower) -> float:
        cards = _decode(a.choice)
        hand = dict(me.hand)
        if a.target in RESOURCES:  # a swap: the target card goes to the bank
            hand[a.target] = hand.get(a.target, 0) - 1
        for c, n in cards.items():
            hand[c] = hand.get(c, 0) + n
        return _set_potential(hand) - _set_potential(me.hand) + self._noise()

    def _noise(self) -> float:
        return self.rng.below(1000) / 1000.0


# --- helpers ------------------------------------------------------------------------------
def _prize(ps: ProvinceState, target: str, enemies: list[Unit]) -> int:
    """What taking a province is worth before the strengths are weighed
    (`GreedyBot._attack_score`): its buildings and influence, or, bare and empty, its
    commodity sites."""
    if ps.influence is None and not ps.buildings and not enemies:
        return 2 + len(board.PROVINCES[target].commodity_sites)
    return 10 + 8 * len(ps.buildings) + (6 if ps.influence else 0)


def _units_strength(by_id: dict[int, Unit], units: list[int]) -> float:
    """The battle strength of these units (by id; one no longer found counts as a
    legion)."""
    total: float = 0  # as sum() starts
    for uid in units:
        u = by_id.get(uid)
        total += UNIT_STRENGTH[u.kind if u is not None else "legion"]
    return total


def _card_value(card: str) -> float:
    """What buying a hero or wonder is worth (`GreedyBot._item_score`)."""
    return 1000 if card == "pyramids" else 200


def _value(kind: str, province: str, threat: float) -> float:
    """What an item built in a province is worth (`GreedyBot._item_score`), the threat
    next to it being `threat`."""
    base = ITEM_VALUE.get(kind, 1)
    if kind in _DEFENCE:
        return base + 12 * threat
    if kind == "influence":
        return base + 4 * _SITES[province] - 10 * threat
    return base - 6 * threat


_DEFENCE = frozenset(("legion", "fortress", "creature"))
_INFINITY = float("inf")
# the sites of each province (a city's and its commodities'), what influence there opens
_SITES = {pr: len(p.commodity_sites) + (1 if p.city_site else 0)
          for pr, p in board.PROVINCES.items()}


def _me(state: GameState, civ: str) -> Player:
    return next(p for p in state.players if p.civ == civ)


# the values of a hand (engine/bots/facts.py), under the names the other players import
_best_set = best_set
_set_potential = set_potential
_threat = threat


def _decode(text: str) -> dict[str, int]:
    """A power's card choice: "wine" or "tax=1,wine=2"."""
    out: dict[str, int] = {}
    for part in filter(None, text.split(",")):
        name, _, n = part.partition("=")
        if name in RESOURCES:
            out[name] = out.get(name, 0) + (int(n) if n.isdigit() else 1)
    return out


def _role_margin(facts: Facts, civ: str, role: str) -> float:
    """How much +2 matters for a role: most when it decides who leads."""
    if role not in ROLES:
        return -1.0
    sc = facts.role_scores(role)
    best_other = max((v for c, v in sc.items() if c != civ), default=0)
    gap = best_other - sc.get(civ, 0)
    return 3.0 - abs(gap - 1)


def _kind(facts: Facts, unit_id: int) -> str:
    u = facts.unit(unit_id)
    return u.kind if u is not None else "legion"
