"""Battles (rulebook, Military Phase, B) Combat; docs/rules.md, Military: battles).

A battle lasts one round. Each side rolls one die per legion (per trireme at sea) and
counts an automatic 6 per fortress and creature (unless a card on the other side makes
them roll: hook `loses_automatic_six`), plus the bonuses of its cards. Each side loses one
unit per full 5 points of the other side's total (or as many as the hook
`casualty_divisor` says), at most all its units; each owner chooses his own losses and
they are removed together. Cards act through the hook points of engine/rules/hooks.py.

A battle runs in stages kept in `state.military.battle.stage`, so that a reaction window
(a power's prompt) can pause it: start -> dice -> losses -> choose.
"""

from __future__ import annotations

from itertools import product

from ..actions import Action, TakeLosses
from ..errors import IllegalAction
from ..events import BattleEnded, BattleStarted, DiceRolled, Event, UnitsLost
from ..prompts import ChooseLosses
from ..state import Battle, GameState, Unit
from .common import at_war, is_player, remove_unit, roll
from .hooks import (
    battle_begins,
    battle_bonus,
    battle_forbidden,
    battle_over,
    casualty_divisor,
    die_bonus,
    loses_automatic_six,
)
from .hooks import lose_unit as hooks_lose_unit
from .registry import decision
from .windows import military_window

R_LOSSES = "Military: battles: each owner chooses his own losses; losses are simultaneous"

DICE_KINDS = ("legion", "trireme")
AUTO_KINDS = ("fortress", "creature")
# The order in which a neutral civilization gives up its units (and the order of kinds in
# the choices offered to a player).
LOSS_ORDER = ("legion", "trireme", "fortress", "creature")


def alive(state: GameState, ids: list[int], area: str) -> list[Unit]:
    """The units of `ids` still on the board in `area`, in the order of `ids`."""
    here: dict[int, Unit] = {}
    for u in state.units:  # (a loop: a comprehension is a call, its free names slower)
        if u.area == area:
            here[u.id] = u
    return _among(here, ids)


def _among(by_id: dict[int, Unit], ids: list[int]) -> list[Unit]:
    """The units of `ids` found in `by_id`, in the order of `ids` (looked up without a
    Python loop: a unit is never false)."""
    return list(filter(None, map(by_id.get, ids)))


def sides(state: GameState, b: Battle) -> tuple[list[Unit], list[Unit]]:
    """`fighters` of the attacker and of the defender: the units standing in the battle's
    area looked up once for both sides (they are asked for at every stage of a battle)."""
    if b.ranged:
        return fighters(state, b, b.attacker), fighters(state, b, b.defender)
    area = b.area
    here: dict[int, Unit] = {}
    for u in state.units:  # (a loop, as in `alive`)
        if u.area == area:
            here[u.id] = u
    return _among(here, b.attacker_units), _among(here, b.defender_units)


def fighters(state: GameState, b: Battle, civ: str) -> list[Unit]:
    """The units of one side of a battle still on the board. The attackers of a ranged
    battle stand in their own provinces, next to the battle's area."""
    if civ == b.attacker:
        if b.ranged:
            by_id = {u.id: u for u in state.units if u.area}
            return [by_id[i] for i in b.attacker_units if i in by_id]
        return alive(state, b.attacker_units, b.area)
    return alive(state, b.defender_units, b.area)


def start_battle(state: GameState, area: str, naval: bool, attacker: str, defender: str,
                 attacker_units: list[Unit], defender_units: list[Unit],
                 ev: list[Event], ranged: bool = False) -> None:
    state.military.battle = Battle(
        area=area, naval=naval, attacker=attacker, defender=defender,
        attacker_units=[u.id for u in attacker_units],
        defender_units=[u.id for u in defender_units], ranged=ranged)
    ev.append(BattleStarted(area=area, naval=naval, attacker=attacker, defender=defender,
                            attacker_units=[u.kind for u in attacker_units],
                            defender_units=[u.kind for u in defender_units], ranged=ranged))


def dice_count(state: GameState, units: list[Unit], enemy: list[Unit]) -> int:
    """The dice a side rolls: one per legion (trireme), and one per fortress and creature
    that loses its automatic 6."""
    auto_units = [u for u in units if u.kind in AUTO_KINDS]
    rolling = [u for u in auto_units if loses_automatic_six(state, u, enemy)]
    return sum(1 for u in units if u.kind in DICE_KINDS) + len(rolling)


def dice_rolled(state: GameState, b: Battle, civ: str) -> int:
    """The dice one side of a battle rolls (before fixed 4s replace any): in a ranged
    battle the attackers roll one each, and the targets none."""
    if b.ranged:
        return len(fighters(state, b, civ)) if civ == b.attacker else 0
    other = b.defender if civ == b.attacker else b.attacker
    return dice_count(state, fighters(state, b, civ), fighters(state, b, other))


def side_roll(state: GameState, civ: str, units: list[Unit], enemy: list[Unit],
              naval: bool, fours: int = 0, area: str = "") -> tuple[list[int], list[int], int]:
    """Dice, automatic values and bonus of one side. Legion (trireme) dice come first, then
    the dice of fortresses and creatures that lost their automatic 6; `fours` of the dice
    are not rolled but count 4 (`Battle.fours`), after the automatic 6s."""
    dice_units = [u for u in units if u.kind in DICE_KINDS]
    auto_units = [u for u in units if u.kind in AUTO_KINDS]
    rolling = [u for u in auto_units if loses_automatic_six(state, u, enemy)]
    n = len(dice_units) + len(rolling)
    fours = min(fours, n)
    dice = roll(state, n - fours)
    auto = [6] * (len(auto_units) - len(rolling)) + [4] * fours
    bonus = die_bonus(state, civ, naval) * len(dice_units)
    bonus += battle_bonus(state, civ, area, naval)
    return dice, auto, bonus


def automatic_units(state: GameState, units: list[Unit], enemy: list[Unit]) -> list[Unit]:
    """The fortresses and creatures of a side that count an automatic 6 (`side_roll`)."""
    return [u for u in units if u.kind in AUTO_KINDS and not loses_automatic_six(state, u, enemy)]


def losses(state: GameState, b: Battle, civ: str, units: int, other_total: int) -> int:
    """The units civ loses to the other side's total: one per full `casualty_divisor`
    points, at most all its `units`; the attackers of a ranged battle lose none."""
    if b.ranged and civ == b.attacker:
        return 0
    return min(units, other_total // casualty_divisor(state, civ, b.naval))


def ranged_roll(state: GameState, units: list[Unit], fours: int = 0) -> tuple[list[int], list[int]]:
    """A ranged battle's attackers: one die each, no automatic 6; fixed 4s still replace
    dice."""
    fours = min(fours, len(units))
    return roll(state, len(units) - fours), [4] * fours


def advance(state: GameState, ev: list[Event]) -> None:
    """Carry the current battle on until it needs a decision or is over."""
    b = state.military.battle
    assert b is not None
    if b.stage == "start":
        b.stage = "dice"
        if battle_forbidden(state, b.area):
            cancel_battle(state, ev)  # a card forbade combat here
            return
        if military_window(state, "before_battle") or state.military.battle is not b:
            return
    # Both sides' fighters, kept from one stage to the next while nothing may have changed
    # the units: the dice, the cards' bonuses and a window no one answered only read them.
    known: tuple[list[Unit], list[Unit]] | None = None
    if b.stage == "dice":
        a_units, d_units = sides(state, b)
        if not a_units or not d_units:
            void_battle(state, ev)  # a side was emptied in a reaction window
            return
        battle_begins(state, b, ev)  # a card may take units out (a Centaur) or change them
        a_units, d_units = sides(state, b)
        if not a_units or not d_units:
            _finish(state, b, ev)  # a power of the battle (a Centaur) decided it: no dice
            return
        b.attacker_units = [u.id for u in a_units]
        b.defender_units = [u.id for u in d_units]
        if b.ranged:  # one-sided (docs/rules.md, Cards): the defender does not roll
            b.attacker_dice, b.attacker_auto = ranged_roll(state, a_units,
                                                           b.fours.get(b.attacker, 0))
        else:
            b.attacker_dice, b.attacker_auto, b.attacker_bonus = side_roll(
                state, b.attacker, a_units, d_units, b.naval, b.fours.get(b.attacker, 0),
                b.area)
            b.defender_dice, b.defender_auto, b.defender_bonus = side_roll(
                state, b.defender, d_units, a_units, b.naval, b.fours.get(b.defender, 0),
                b.area)
        b.attacker_total = sum(b.attacker_dice) + sum(b.attacker_auto) + b.attacker_bonus
        b.defender_total = sum(b.defender_dice) + sum(b.defender_auto) + b.defender_bonus
        b.stage = "losses"
        # The window after the dice: a power may change the totals before the losses.
        if military_window(state, "after_dice"):
            return
        known = a_units, d_units
    if b.stage == "losses":
        if known is None:
            known = sides(state, b)
        b.attacker_losses = losses(state, b, b.attacker, len(known[0]), b.defender_total)
        b.defender_losses = losses(state, b, b.defender, len(known[1]), b.attacker_total)
        ev.append(DiceRolled(area=b.area, civ=b.attacker, dice=list(b.attacker_dice),
                             automatic=list(b.attacker_auto), bonus=b.attacker_bonus,
                             total=b.attacker_total, losses_inflicted=b.defender_losses))
        if not b.ranged:
            ev.append(DiceRolled(area=b.area, civ=b.defender, dice=list(b.defender_dice),
                                 automatic=list(b.defender_auto), bonus=b.defender_bonus,
                                 total=b.defender_total, losses_inflicted=b.attacker_losses))
        b.stage = "choose"
    if b.stage == "choose":
        if known is None:
            known = sides(state, b)
        if b.attacker_chosen is None:  # (choosing changes no unit)
            b.attacker_chosen = _auto_or_ask(state, b, b.attacker, b.attacker_losses,
                                             known[0])
            if b.attacker_chosen is None:
                return
        if b.defender_chosen is None:
            b.defender_chosen = _auto_or_ask(state, b, b.defender, b.defender_losses,
                                             known[1])
            if b.defender_chosen is None:
                return
        _finish(state, b, ev)


def _preferred(units: list[Unit]) -> list[Unit]:
    """Among units of one kind, lose those without an occupation post first."""
    return sorted(units, key=lambda u: (bool(u.post), u.id))


def auto_losses(state: GameState, civ: str, units: list[Unit], n: int) -> list[int] | None:
    """The losses when the choice does not matter (none, all, or all units of one kind) or
    the owner is a neutral civilization (legions, then fortresses, then creatures); None
    when the owner must choose."""
    if n <= 0:
        return []
    if n >= len(units):
        return [u.id for u in units]
    if is_player(state, civ) and len({u.kind for u in units}) > 1:
        return None
    ordered = [u for k in LOSS_ORDER for u in _preferred([v for v in units if v.kind == k])]
    return [u.id for u in ordered[:n]]


def _auto_or_ask(state: GameState, b: Battle, civ: str, n: int,
                 units: list[Unit]) -> list[int] | None:
    """`units`: civ's `fighters`."""
    n = min(n, len(units))
    chosen = auto_losses(state, civ, units, n)
    if chosen is None:
        state.prompt = ChooseLosses(civ=civ, area=b.area, count=n, units=[u.id for u in units])
    return chosen


def _finish(state: GameState, b: Battle, ev: list[Event]) -> None:
    """Remove both sides' losses together; the survivors have fought this turn."""
    battle_over(state)
    # both sides looked up at once, after the cards' end of battle (which may change units)
    fought: list[list[Unit]] | None = list(sides(state, b))
    survivors: dict[str, int] = {}
    for i, (civ, chosen) in enumerate(((b.attacker, b.attacker_chosen or []),
                                       (b.defender, b.defender_chosen or []))):
        units = fought[i] if fought is not None else fighters(state, b, civ)
        lost = [u for u in units if u.id in chosen]
        if lost:
            fought = None  # a card may take a lost unit: the other side is looked up again
            ev.append(UnitsLost(area=b.area, civ=civ, units=[u.id for u in lost],
                                kinds=[u.kind for u in lost]))
            for u in lost:
                lose_unit(state, u, ev)
        kept = [u for u in units if u.id not in chosen]
        if b.ranged and civ == b.defender:
            survivors[civ] = len(kept)  # they were shot at, they did not fight
            continue
        for u in kept:
            u.fought = True
            if b.ranged:
                u.moved = True  # a ranged attack is made in lieu of a move and a battle
            if u.kind == "trireme" and u.moved:
                u.moves_left = 0  # no further sea move after fighting
        survivors[civ] = len(kept)
    ev.append(BattleEnded(area=b.area, at_war=(not b.naval and at_war(state, b.area)),
                          survivors=survivors))
    state.military.battle = None


def lose_unit(state: GameState, unit: Unit, ev: list[Event]) -> None:
    """A unit eliminated in battle goes back to the supply, unless a card takes it."""
    if not hooks_lose_unit(state, unit, ev):
        remove_unit(state, unit)


def void_battle(state: GameState, ev: list[Event]) -> None:
    """A battle one of whose sides has no unit left before the dice does not take place:
    no dice, and nobody has fought it (the attacker's units have made their move)."""
    b = state.military.battle
    assert b is not None
    battle_over(state)
    survivors = {civ: len(fighters(state, b, civ)) for civ in (b.attacker, b.defender)}
    ev.append(BattleEnded(area=b.area, at_war=(not b.naval and at_war(state, b.area)),
                          survivors=survivors))
    state.military.battle = None


def cancel_battle(state: GameState, ev: list[Event]) -> None:
    """The current battle is not fought (a card forbade it): no dice, no losses; its units count as
    having fought this turn, so that they do not start it again."""
    b = state.military.battle
    assert b is not None
    battle_over(state)
    survivors: dict[str, int] = {}
    for civ in (b.attacker, b.defender):
        units = fighters(state, b, civ)
        if civ == b.attacker or not b.ranged:
            for u in units:
                u.fought = True
        survivors[civ] = len(units)
    ev.append(BattleEnded(area=b.area, at_war=(not b.naval and at_war(state, b.area)),
                          survivors=survivors))
    state.military.battle = None


# --- the losses decision ------------------------------------------------------------------
def loss_choices(state: GameState, prompt: ChooseLosses) -> list[list[int]]:
    """Each distinct mix of kinds making up the losses, as concrete unit ids."""
    units = [u for u in state.units if u.id in prompt.units]
    by_kind = {k: _preferred([u for u in units if u.kind == k]) for k in LOSS_ORDER}
    kinds = [k for k in LOSS_ORDER if by_kind[k]]
    out: list[list[int]] = []
    for counts in product(*(range(len(by_kind[k]) + 1) for k in kinds)):
        if sum(counts) == prompt.count:
            out.append([u.id for k, c in zip(kinds, counts, strict=True)
                        for u in by_kind[k][:c]])
    return out


def _legal_losses(state: GameState, prompt: ChooseLosses) -> list[Action]:
    return [TakeLosses(units=ids) for ids in loss_choices(state, prompt)]


@decision(ChooseLosses, _legal_losses)
def _take_losses(state: GameState, prompt: ChooseLosses, action: Action, ev: list[Event]) -> None:
    if not isinstance(action, TakeLosses):
        raise IllegalAction(f"Choose the {prompt.count} units you lose", R_LOSSES)
    ids = list(action.units)
    if len(set(ids)) != len(ids):
        raise IllegalAction("A unit is named twice", R_LOSSES)
    if len(ids) != prompt.count:
        raise IllegalAction(f"Choose exactly {prompt.count} units to lose, not {len(ids)}",
                            R_LOSSES)
    strangers = [i for i in ids if i not in prompt.units]
    if strangers:
        raise IllegalAction(f"Unit(s) {', '.join(map(str, strangers))} did not fight in this "
                            "battle on your side", R_LOSSES)
    b = state.military.battle
    assert b is not None
    if prompt.civ == b.attacker:
        b.attacker_chosen = ids
    else:
        b.defender_chosen = ids
    state.prompt = None
