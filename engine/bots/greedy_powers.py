"""When the greedy player uses its cards' powers: the obvious uses only.

- Battles: Mars when +6 kills one more enemy unit; Ajax when the re-roll is worth a unit;
  Hamilcar's automatic 4s, Helen of Troy and Hercules whenever they are offered; Medusa
  when the battle in its area would cost it more than the enemy; Midas in its own
  provinces.
- Poseidon against a convoy heading into one of its provinces.
- Titans shoot when the dice are likely to kill; a Kraken on its card emerges next to an
  enemy's weakest coast.
- Construction: the free pieces (Hammurabi's marker, Spartacus' legion, the Phoenix, Jason's
  caravan), Cleopatra's swap when it makes a better set, Baal and Vulcan against the player
  closest to victory.
- Isis: its holder takes the card that best completes a set, and gives the others what they
  produce already (doubles, which only help them by trade).

Each function gets the legal UsePower actions of one card kind and returns one to use, or
None to let the greedy player decide as before.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product

from ..actions import UsePower
from ..data import board
from ..data.cards import RESOURCES, is_hero_or_wonder
from ..powers import casualty_divisor, loses_automatic_six
from ..rules.combat import fighters
from ..rules.commerce import production
from ..rules.common import ground_units_in, units_in
from ..state import GameState, Player, Unit
from .values import UNIT_STRENGTH


def expected_kills(dice: int, fixed: int, divisor: int, cap: int) -> float:
    """Expected enemy losses of `dice` dice plus `fixed` points, at most `cap` (exact for up
    to 4 dice, an estimate above)."""
    if dice > 4:
        return min(cap, (3.5 * dice + fixed) // divisor)
    rolls = list(product(range(1, 7), repeat=dice))
    return sum(min(cap, (sum(r) + fixed) // divisor) for r in rolls) / len(rolls)


def _pick(uses: list[UsePower], card: str) -> list[UsePower]:
    return [a for a in uses if a.card == card]


# --- battles --------------------------------------------------------------------------------
def battle_reaction(state: GameState, me: str, window: str,
                    uses: list[UsePower]) -> UsePower | None:
    b = state.military.battle
    if b is None or me not in (b.attacker, b.defender):
        return None
    enemy = b.defender if me == b.attacker else b.attacker
    if window == "after_dice":
        return _after_dice(state, me, enemy, uses)
    if window == "before_battle":
        return _before_battle(state, me, enemy, uses)
    return None


def _after_dice(state: GameState, me: str, enemy: str, uses: list[UsePower]) -> UsePower | None:
    b = state.military.battle
    assert b is not None
    mine = b.attacker_total if me == b.attacker else b.defender_total
    left = len(fighters(state, b, enemy))
    div = casualty_divisor(state, enemy, b.naval)
    kills = min(left, mine // div)
    mars = [a for a in _pick(uses, "mars") if a.target == me]
    if mars and min(left, (mine + 6) // div) > kills:
        return mars[0]
    dice = b.attacker_dice if me == b.attacker else b.defender_dice
    best, gain = None, 0.25
    for a in _pick(uses, "ajax"):
        rerolled = [int(i) for i in a.choice.split(",") if i]
        kept = mine - sum(dice[i] for i in rerolled)
        g = expected_kills(len(rerolled), kept, div, left) - kills
        if g > gain:
            best, gain = a, g
    return best


def _strength(state: GameState, units: list[Unit], enemy: list[Unit]) -> float:
    """Expected points of a side; a fortress or creature facing a Behemoth rolls a die."""
    return sum(3.5 if loses_automatic_six(state, u, enemy) else UNIT_STRENGTH.get(u.kind, 3.5)
               for u in units)


def _before_battle(state: GameState, me: str, enemy: str,
                   uses: list[UsePower]) -> UsePower | None:
    b = state.military.battle
    assert b is not None
    mine, theirs = fighters(state, b, me), fighters(state, b, enemy)
    if _pick(uses, "medusa") and \
            _strength(state, theirs, mine) > 1.2 * _strength(state, mine, theirs):
        return _pick(uses, "medusa")[0]
    fours = _pick(uses, "hamilcar")
    if fours:
        return max(fours, key=lambda a: int(a.choice or 0))
    for card in ("helen_of_troy", "hercules"):
        if _pick(uses, card):
            return _pick(uses, card)[0]
    midas = _pick(uses, "midas")
    ps = state.provinces.get(b.area)
    if midas and ps is not None and ps.influence == me:
        return midas[0]
    return None


def convoy_reaction(state: GameState, me: str, uses: list[UsePower]) -> UsePower | None:
    """Poseidon sinks a trireme carrying an invasion of one of its provinces."""
    pm = state.military.pending_move
    mover = state.order.active
    if pm is None or not pm.seas or mover == me or \
            state.provinces[pm.to].influence != me:
        return None
    for a in _pick(uses, "poseidon"):
        u = next((x for x in state.units if x.id == a.units[0]), None)
        if u is not None and u.owner == mover and u.area in pm.seas:
            return a
    return None


# --- military turn ---------------------------------------------------------------------------
def titan_shot(state: GameState, me: str, uses: list[UsePower]) -> tuple[float, UsePower | None]:
    """The best Titan attack and its value (about 7 per expected kill)."""
    best, value = None, 0.0
    for a in _pick(uses, "titan"):
        targets = [u for u in state.units if u.area == a.target and u.owner == a.choice]
        div = casualty_divisor(state, a.choice, a.target in board.SEAS)
        v = 7.0 * expected_kills(len(a.units), 0, div, len(targets))
        if v > value:
            best, value = a, v
    return value, best


def kraken_emergence(state: GameState, me: str, uses: list[UsePower]) -> UsePower | None:
    """Emerge where the sea touches the most weakly held enemy coasts with buildings."""
    def prize(sea: str) -> float:
        out = 0.0
        for pr in board.SEAS[sea].provinces:
            ps = state.provinces[pr]
            if ps.influence in (None, me):
                continue
            guards = len(ground_units_in(state, pr))
            out += max(0.0, len(ps.buildings) - guards)
        return out
    emerging = [a for a in _pick(uses, "kraken") if a.choice == "emerge"]
    if not emerging:
        return None
    return max(emerging, key=lambda a: prize(a.target))


# --- construction ----------------------------------------------------------------------------
def _leader(state: GameState, me: str) -> str | None:
    """The other player closest to victory (most heroes and wonders, then most cities)."""
    def score(p: Player) -> tuple[int, int]:
        cities = sum(1 for ps in state.provinces.values() if ps.influence == p.civ
                     for b in ps.buildings if b.kind == "city")
        return sum(1 for c in p.cards if is_hero_or_wonder(c)), cities
    others = [p for p in state.players if p.civ != me]
    return max(others, key=score).civ if others else None


def construction_power(state: GameState, me: Player, uses: list[UsePower],
                       influence_value: Callable[[str], float],
                       set_gain: Callable[[dict[str, int]], float]) -> UsePower | None:
    """A power worth using now in the construction turn, or None."""
    if not uses:
        return None
    for card in ("phoenix", "jason"):
        if _pick(uses, card):
            return _pick(uses, card)[0]
    free_marker = _pick(uses, "hammurabi")
    if free_marker:
        return max(free_marker, key=lambda a: influence_value(a.target))
    if _pick(uses, "spartacus") and me.hand.get("slaves", 0):
        return max(_pick(uses, "spartacus"),
                   key=lambda a: len(ground_units_in(state, a.target)) == 0)
    best, gain = None, 0.5
    for a in _pick(uses, "cleopatra"):
        hand = dict(me.hand)
        hand[a.target] = hand.get(a.target, 0) - 1
        hand[a.choice] = hand.get(a.choice, 0) + 1
        g = set_gain(hand)
        if g > gain:
            best, gain = a, g
    if best is not None:
        return best
    if not _pick(uses, "baal") and not _pick(uses, "vulcan"):
        return None
    leader = _leader(state, me.civ)
    for card in ("baal", "vulcan"):
        hits = [a for a in _pick(uses, card) if state.provinces[a.target].influence == leader]
        if hits:
            return hits[0]
    return None


# --- Isis ------------------------------------------------------------------------------------
def isis_gift(state: GameState, me: Player, uses: list[UsePower],
              set_gain: Callable[[dict[str, int]], float]) -> UsePower | None:
    gifts = _pick(uses, "isis")
    if not gifts:
        return None
    to = gifts[0].target
    if to == me.civ:
        def mine(a: UsePower) -> float:
            hand = dict(me.hand)
            hand[a.choice] = hand.get(a.choice, 0) + 1
            return set_gain(hand)
        return max(gifts, key=mine)
    made = production(state).get(to, {})
    doubles = [a for a in gifts if made.get(a.choice)]
    if doubles:
        return max(doubles, key=lambda a: made[a.choice])
    bank = {c: state.bank.get(c, 0) for c in RESOURCES}
    return max(gifts, key=lambda a: bank.get(a.choice, 0))


def naval_strength(state: GameState, sea: str, civ: str) -> float:
    """Triremes count one each; a Kraken at sea nearly two (its automatic 6)."""
    return sum(1.0 if u.kind == "trireme" else 1.7
               for u in units_in(state, sea, civ, ("trireme", "creature")))
