"""The normal player: the greedy player's economy, plus the rest of the game.

- Gods: it makes an offering when the god is worth more than the cards it costs (Hermes'
  extra cards, Mars when it fights, Athena when +2 wins a role, Baal and Vulcan against a
  player about to win), never breaking the set it keeps for a hero.
- Trade with purpose: it takes the cards that complete its sets, and keeps the cards it
  needs out of its offers; against a player one step from victory it takes from others
  (taking from him lets him pick next), hands its balancing cards to others, and as
  Director of Commerce shuts him out of the trade (an offer size he cannot meet).
- Provinces: it attacks weakly held provinces with buildings, and arms and fights harder
  against the player one step from victory: his provinces are worth more, the odds it
  needs are lower, new legions go next to him, idle armies step next to his unguarded
  provinces with buildings, buildings that take one of his role cards score more, and a
  tied role never goes to him. A conquest occupies what produces (the income changes
  hands at once) rather than converting or sacking.
- The same hostility, short of the gods kept for a hero, goes to the player ahead of it
  (`RIVALRY`): left alone, the civilizations with the strongest engines (Egypt's tax,
  Babylon's free influence) win most games.

Everything it reads is in its seat's view; the standings come from `threat` (the
engine's quotes of progress toward victory, and public hand sizes).
"""

from __future__ import annotations

from ..actions import (
    Action,
    Announce,
    Buy,
    Give,
    Move,
    Name,
    Occupy,
    Offer,
    PickRoleHolder,
    Take,
    UsePower,
    Worship,
)
from ..data import board
from ..data.cards import ROLES, TAX
from ..data.costs import COSTS
from ..prompts import (
    AnnounceTrade,
    ChooseConquest,
    ChooseRoleHolder,
    ChooseTradeOffer,
    ConstructionTurn,
    GiveBalancingCard,
    MakeOffering,
    NamePlayer,
    Reaction,
    TakeTradeCard,
)
from ..rules.common import ground_units_in
from ..state import GameState, Player
from ..view import View
from . import threat
from .facts import Facts
from .greedy import GreedyBot, _best_set, _prize, _role_margin

HERO_SET = COSTS["hero"]
SHUT_OUT_HAND = 6  # a rival holding this many cards is kept out of the trade if we can
BEHIND = 99.0  # (no limit) how far ahead a leader may be and still count as our rival
STAGING = 6.0  # a move's worth per building of the leader's it brings into reach
RIVALRY = 0.7  # hostility toward a leader ahead of us who is not yet one step from victory
# the roles a building counts for
ROLES_OF: dict[str, tuple[str, ...]] = {
    "city": ("political_leader",), "temple": ("political_leader", "high_priest"),
    "market": ("director_of_commerce", "high_priest"), "caravan": ("director_of_commerce",)}


class NormalBot(GreedyBot):
    level = "normal"

    def __init__(self, seed: int = 0, gang_up: bool = True, rivalry: float = RIVALRY,
                 god_margin: float = 0.0) -> None:
        """`rivalry`: hostility toward a leader not yet one step from victory (0 leaves
        the policing of the table to the others); `god_margin`: how much more than its
        cards a god must be worth to be bought."""
        super().__init__(seed)
        self.gang_up = gang_up
        self.rivalry = rivalry
        self.god_margin = god_margin
        self._standings: dict[str, threat.Standing] = {}
        self._gang_target: str | None = None
        self._gang_rival: str | None = None
        # the view of the decision whose standings are not worked out yet: many decisions
        # (one legal action, a naval turn, a conquest) never ask them
        self._unread: View | None = None

    def choose(self, view: View) -> Action:
        self._unread = view
        if not self.gang_up:  # nobody to gang up on, whatever the standings say
            self._gang_target = self._gang_rival = None
        return super().choose(view)

    def _read_standings(self) -> None:
        view = self._unread
        assert view is not None
        self._unread = None
        table = self._standings = threat.of_view(view)
        me = view.civ or (view.state.prompt.civ if view.state.prompt else "")
        self._gang_target = threat.target(table, me) if self.gang_up else None
        top = threat.leader(table, me)
        mine = table.get(me)
        self._gang_rival = top.civ if self.gang_up and top is not None and mine is not None \
            and mine.danger < top.danger <= mine.danger + BEHIND else None

    # The standings of the decision, its target (the player one step from victory we gang
    # up on) and rival (the leader ahead of us), as if worked out at the start of `choose`.
    @property
    def _table(self) -> dict[str, threat.Standing]:
        if self._unread is not None:
            self._read_standings()
        return self._standings

    @_table.setter
    def _table(self, table: dict[str, threat.Standing]) -> None:
        if self._unread is not None:
            self._read_standings()
        self._standings = table

    @property
    def _target(self) -> str | None:
        if self._unread is not None and self.gang_up:
            self._read_standings()
        return self._gang_target

    @_target.setter
    def _target(self, civ: str | None) -> None:
        if self._unread is not None:
            self._read_standings()
        self._gang_target = civ

    @property
    def _rival(self) -> str | None:
        if self._unread is not None and self.gang_up:
            self._read_standings()
        return self._gang_rival

    @_rival.setter
    def _rival(self, civ: str | None) -> None:
        if self._unread is not None:
            self._read_standings()
        self._gang_rival = civ

    def _hostility(self, civ: str | None) -> float:
        """How much we set ourselves against `civ` (0 to 1): the player one step from
        victory, or the leader ahead of us, by `RIVALRY`."""
        if civ is None:
            return 0.0
        return 1.0 if civ == self._target else self.rivalry if civ == self._rival else 0.0

    # --- roles -----------------------------------------------------------------------------
    def _ChooseRoleHolder(self, state: GameState, me: Player, prompt: ChooseRoleHolder,
                          acts: list[Action]) -> Action:
        picks = [a for a in acts if isinstance(a, PickRoleHolder)]
        return min(picks, key=lambda a: (self._danger(a.civ), a.civ), default=acts[0])

    def _NamePlayer(self, state: GameState, me: Player, prompt: NamePlayer,
                    acts: list[Action]) -> Action:
        """Outside the military phase: ourselves first, the leader last."""
        if prompt.phase == "military":
            return super()._NamePlayer(state, me, prompt, acts)
        names = [a for a in acts if isinstance(a, Name)]
        mine = [a for a in names if a.civ == me.civ]
        if mine or not names:
            return mine[0] if mine else acts[0]
        return min(names, key=lambda a: (self._danger(a.civ), a.civ))

    def _danger(self, civ: str) -> float:
        s = self._table.get(civ)
        return s.danger if s is not None else 0.0

    # --- gods ------------------------------------------------------------------------------
    def _MakeOffering(self, state: GameState, me: Player, prompt: MakeOffering,
                      acts: list[Action]) -> Action:
        best, best_score = None, self.god_margin
        values: dict[str, float] = {}  # each god's worth, reckoned once for all payments
        hero_set = self._known(state).best_set(me) >= HERO_SET
        for a in acts:
            if not isinstance(a, Worship):
                continue
            if hero_set and HERO_SET > _best_set(_minus(me.hand, a.payment)) \
                    and not self._denies(a.god):
                continue  # keep the set for a hero
            if a.god not in values:
                values[a.god] = self.god_value(state, me, a.god)
            score = values[a.god] - self._keep_loss(me, a.payment) + self._noise() * 0.1
            if score > best_score:
                best, best_score = a, score
        return best if best is not None else super()._MakeOffering(state, me, prompt, acts)

    def _denies(self, god: str) -> bool:
        return self._target is not None and god in ("baal", "vulcan", "mars", "athena")

    def god_value(self, state: GameState, me: Player, god: str) -> float:
        """What holding `god` this turn is worth, in the units of `_set_potential` (a card
        of the best set is worth about 2)."""
        target = self._target
        if god == "hermes":
            # Three cards of kinds we produce, next production; and not the leader's.
            return 4.0 + 6.0 * self._hostility(target or self._rival)
        if god == "athena":
            facts = self._known(state)
            gain = max((_role_margin(facts, me.civ, r) for r in ROLES), default=0.0)
            takes = any(state.roles.get(r) == target and self._takes_role(state, me.civ, r, 2)
                        for r in ROLES) if target else False
            return max(0.0, gain) + (6.0 if takes else 0.0)
        if god in ("baal", "vulcan"):
            kind = "city" if god == "baal" else "caravan"
            foe = target or self._rival
            if foe and any(b.kind == kind for ps in state.provinces.values()
                           if ps.influence == foe for b in ps.buildings):
                return 8.0 * self._hostility(foe)
            return 0.0
        if god == "mars":
            fights = self._fronts(state, me.civ)
            return 2.0 * fights + (3.0 if target and fights else 0.0)
        if god == "ishtar":
            mine = self._table.get(me.civ)
            return 3.0 if mine is not None and mine.one_step else 0.0
        return 0.5

    def _fronts(self, state: GameState, civ: str) -> int:
        """Provinces of ours that touch a province with another player's ground units."""
        n = 0
        for pid, ps in state.provinces.items():
            if ps.influence != civ:
                continue
            for nb in board.PROVINCES[pid].land_neighbours:
                if any(u.owner != civ for u in ground_units_in(state, nb)):
                    n += 1
                    break
        return min(n, 3)

    def _takes_role(self, state: GameState, civ: str, role: str, extra: int) -> bool:
        sc = self._known(state).role_scores(role)
        holder = state.roles.get(role)
        return holder is not None and holder != civ and \
            sc.get(civ, 0) + extra > sc.get(holder, 0)

    # --- trade -----------------------------------------------------------------------------
    def _AnnounceTrade(self, state: GameState, me: Player, prompt: AnnounceTrade,
                       acts: list[Action]) -> Action:
        choice = super()._AnnounceTrade(state, me, prompt, acts)
        target = self._target or self._rival
        if target is None or not isinstance(choice, Announce):
            return choice
        if target != self._target and self._table[target].hand < SHUT_OUT_HAND:
            return choice  # a rival with a small hand: trade as usual
        hand = self._table[target].hand
        if hand < choice.n:
            return choice
        shut_out = Announce(n=hand + 1)
        if shut_out in acts:
            return shut_out
        return Announce(n=0) if Announce(n=0) in acts else choice

    def _ChooseTradeOffer(self, state: GameState, me: Player, prompt: ChooseTradeOffer,
                          acts: list[Action]) -> Action:
        """Offer what hurts our sets least; tax cards, which build the Pyramids, stay out of
        a trade a leader takes part in."""
        wary = max((self._hostility(c) for c in state.trade.participants if c != me.civ),
                   default=0.0)

        def score(a: Offer) -> float:
            return -self._keep_loss(me, a.cards) - 3.0 * wary * a.cards.get(TAX, 0)
        return max((a for a in acts if isinstance(a, Offer)), key=score)

    def _TakeTradeCard(self, state: GameState, me: Player, prompt: TakeTradeCard,
                       acts: list[Action]) -> Action:
        def score(a: Take) -> float:
            s = self._gain(me, a.card) + self._noise() * 0.5
            return s - 1.5 * self._hostility(a.source)
        return max((a for a in acts if isinstance(a, Take)), key=score)

    def _GiveBalancingCard(self, state: GameState, me: Player, prompt: GiveBalancingCard,
                           acts: list[Action]) -> Action:
        def score(a: Give) -> float:
            return -self._keep_loss(me, {a.card: 1}) - self._hostility(a.to)
        return max((a for a in acts if isinstance(a, Give)), key=score)

    # --- powers ----------------------------------------------------------------------------
    def _Reaction(self, state: GameState, me: Player, prompt: Reaction,
                  acts: list[Action]) -> Action | None:
        if prompt.window == "athena" and self._target is not None:
            uses = [a for a in acts if isinstance(a, UsePower)]
            taking = [a for a in uses if state.roles.get(a.choice) == self._target
                      and self._takes_role(state, me.civ, a.choice, 2)]
            if taking:
                return taking[0]
        return super()._Reaction(state, me, prompt, acts)

    def _ConstructionTurn(self, state: GameState, me: Player, prompt: ConstructionTurn,
                          acts: list[Action]) -> Action:
        foe = self._target or self._rival
        if foe is not None:
            for a in acts:
                if isinstance(a, UsePower) and a.card in ("baal", "vulcan") and \
                        state.provinces.get(a.target) is not None and \
                        state.provinces[a.target].influence == foe:
                    return a
        return super()._ConstructionTurn(state, me, prompt, acts)

    # --- construction ----------------------------------------------------------------------
    def _buy_score(self, state: GameState, me: Player, a: Buy) -> float:
        score = super()._buy_score(state, me, a)
        foe = self._target or self._rival
        if score <= 0 or foe is None:
            return score
        it = a.items[0]
        if it.kind in ("legion", "fortress", "creature") and self._borders(state, it.province,
                                                                          foe):
            score += 15.0 * self._hostility(foe)
        for role in ROLES_OF.get(it.kind, ()):
            if state.roles.get(role) == foe and self._takes_role(state, me.civ, role, 1):
                score += 12.0 * self._hostility(foe)
        return score

    def _borders(self, state: GameState, province: str, civ: str) -> bool:
        if province not in board.PROVINCES:
            return False
        return any(state.provinces[nb].influence == civ
                   for nb in board.PROVINCES[province].land_neighbours)

    # --- military --------------------------------------------------------------------------
    def _attack_score(self, state: GameState, me: Player, a: Move) -> float:
        target = a.to
        ps = state.provinces[target]
        facts = self._known(state)
        enemies, defence = facts.enemy_ground(me.civ, target)
        if ps.influence == me.civ and not enemies:
            stage = self._staging(state, me.civ, target, self._strength(state, a.units))
            if stage <= 0:
                return 0
            origin = _area(facts, a.units[0])
            if origin in state.provinces and state.provinces[origin].influence == me.civ \
                    and facts.threat(me.civ, origin) > 0:
                return 0
            return STAGING * stage + self._noise()
        foe = ps.influence if ps.influence not in (None, me.civ) else (
            enemies[0].owner if enemies else None)
        hostility = self._hostility(foe)
        moving = self._strength(state, a.units)
        odds = 1.5 - 0.3 * hostility
        if defence and moving < odds * defence:
            return 0
        prize: float = _prize(ps, target, enemies)
        if ps.influence is None and not ps.buildings and not enemies:
            prize += STAGING * self._staging(state, me.civ, target, moving)
        prize = (1 + hostility) * prize + 20 * hostility
        # Leaving a province bare next to an enemy costs what it may lose.
        origin = _area(facts, a.units[0])
        if origin in state.provinces and state.provinces[origin].influence == me.civ:
            prize -= 4 * facts.threat(me.civ, origin)
        return prize + moving - defence + self._noise()

    def _staging(self, state: GameState, civ: str, province: str, moving: float) -> float:
        """What standing in `province` is worth as a step toward the leader: the best of
        his neighbouring provinces with buildings that `moving` strength could take next
        turn (0 when there is none, or no leader to go after)."""
        foe = self._target or self._rival
        if foe is None or province not in board.PROVINCES:
            return 0.0
        facts = self._known(state)
        key = ("staging", civ, province, moving)  # asked for every move there
        worth = facts.memo.get(key)
        if worth is None:
            best = 0.0
            for nb in board.PROVINCES[province].land_neighbours:
                ps = state.provinces[nb]
                if ps.influence != foe or not ps.buildings:
                    continue
                defence = facts.enemy_ground(civ, nb)[1]
                if moving >= 1.2 * defence:
                    best = max(best, float(len(ps.buildings)))
            worth = facts.memo[key] = best * self._hostility(foe)
        return worth

    # --- conquest --------------------------------------------------------------------------
    def _ChooseConquest(self, state: GameState, me: Player, prompt: ChooseConquest,
                        acts: list[Action]) -> Action:
        """Occupy what produces (its income is ours next turn and no longer his); convert
        only where nothing can be occupied; sack a leader's building otherwise."""
        occupations = [a for a in acts if isinstance(a, Occupy)]
        if occupations:
            return max(occupations, key=lambda a: len(a.posts))
        return super()._ChooseConquest(state, me, prompt, acts)


def _minus(hand: dict[str, int], cards: dict[str, int]) -> dict[str, int]:
    out = dict(hand)
    for c, n in cards.items():
        out[c] = out.get(c, 0) - n
    return out


def _area(facts: Facts, unit_id: int) -> str:
    u = facts.unit(unit_id)
    return u.area if u is not None else ""
