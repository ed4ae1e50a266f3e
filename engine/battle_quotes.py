"""The battle quote: a battle's dice, automatic values, bonuses with their causes, totals and
the losses they inflict, once the dice are rolled and before the losses are taken, and what
each power that changes a total would make of it (docs/architecture.md).

A screen asking a decision after the dice (a power in the window after them, the losses)
shows it; nothing of it is worked out a second time outside the engine. The dice on it are
public: both sides rolled them in the open.
"""

from __future__ import annotations

import msgspec

from .actions import Action, UsePower
from .errors import IllegalAction
from .prompts import Reaction
from .rules import combat, hooks
from .rules.registry import LEGAL
from .state import Battle, GameState, Unit, clone

FIXED = "fixed"  # the kind of an automatic value a card fixed (a die counting 4: Hamilcar)
MARS = "mars"  # the god whose +6 is the only bonus a battle gets after its dice


class AutomaticQuote(msgspec.Struct, frozen=True, kw_only=True):
    """A value counted without a die: 6 for a fortress or a creature, 4 for a fixed die."""

    kind: str  # "fortress", "creature", or FIXED
    value: int


class BonusQuote(msgspec.Struct, frozen=True, kw_only=True):
    """Points a card adds to a side's total."""

    card: str  # "" when no card can be named for them
    points: int
    per_die: int = 0  # the card adds this to each legion's (trireme's) die (0: to the total)


class SideQuote(msgspec.Struct, frozen=True, kw_only=True):
    civ: str
    units: int  # fighting
    dice: list[int]
    automatic: list[AutomaticQuote]
    bonuses: list[BonusQuote]
    total: int
    inflicts: int  # the units the other side loses to this total


class ChoiceQuote(msgspec.Struct, frozen=True, kw_only=True):
    """What a power that changes a total without a die would make of the battle."""

    action: UsePower
    side: str  # whose total it changes
    points: int  # added to that total
    total: int  # that side's total then
    inflicts: int  # the units the other side then loses


class BattleQuote(msgspec.Struct, frozen=True, kw_only=True):
    area: str
    naval: bool
    ranged: bool  # one-sided: the defenders roll nothing
    attacker: SideQuote
    defender: SideQuote
    choices: list[ChoiceQuote] = []  # the seat's own, in its pending decision

    def side(self, civ: str) -> SideQuote | None:
        return self.attacker if civ == self.attacker.civ else \
            self.defender if civ == self.defender.civ else None


def battle_quote(state: GameState, civ: str | None) -> BattleQuote | None:
    """The battle whose dice are rolled and whose losses are not taken yet, or None."""
    b = state.military.battle
    if b is None or b.stage not in ("losses", "choose"):
        return None
    a_units, d_units = combat.sides(state, b)
    attacker = _side(state, b, b.attacker, a_units, d_units, b.attacker_dice, b.attacker_auto,
                     b.attacker_bonus, b.attacker_total, b.defender)
    defender = _side(state, b, b.defender, d_units, a_units, b.defender_dice, b.defender_auto,
                     b.defender_bonus, b.defender_total, b.attacker)
    q = BattleQuote(area=b.area, naval=b.naval, ranged=b.ranged, attacker=attacker,
                    defender=defender)
    choices = _choices(state, b, civ, q) if civ is not None else []
    return msgspec.structs.replace(q, choices=choices) if choices else q


def _side(state: GameState, b: Battle, civ: str, units: list[Unit], enemy: list[Unit], dice: list[int],
          auto: list[int], bonus: int, total: int, other: str) -> SideQuote:
    sixes = [] if b.ranged else combat.automatic_units(state, units, enemy)
    automatic: list[AutomaticQuote] = []
    kinds = [u.kind for u in sixes]
    for value in auto:
        kind = kinds.pop(0) if value == 6 and kinds else FIXED if value == 4 else ""
        automatic.append(AutomaticQuote(kind=kind, value=value))
    bonuses: list[BonusQuote] = []
    if bonus and not b.ranged:
        dice_units = sum(1 for u in units if u.kind in combat.DICE_KINDS)
        per_die = hooks.die_bonus_by_card(state, civ, b.naval)
        once = hooks.battle_bonus_by_card(state, civ, b.area, b.naval)
        for card in dict.fromkeys([*per_die, *once]):
            points = per_die.get(card, 0) * dice_units + once.get(card, 0)
            if points:
                bonuses.append(BonusQuote(card=card, points=points,
                                          per_die=per_die.get(card, 0)))
        rest = bonus - sum(x.points for x in bonuses)
        if rest:  # the power of the window after the dice (once a battle)
            bonuses.append(BonusQuote(card=MARS if rest == 6 and MARS in state.gods_used
                                      else "", points=rest))
    other_units = len(enemy)
    return SideQuote(civ=civ, units=len(units), dice=list(dice), automatic=automatic,
                     bonuses=bonuses, total=total,
                     inflicts=combat.losses(state, b, other, other_units, total))


def _choices(state: GameState, b: Battle, civ: str, q: BattleQuote) -> list[ChoiceQuote]:
    """The seat's powers in its pending decision that change a total without a die (their
    card module says `PREVIEW`), each tried on a copy of the state."""
    prompt = state.prompt
    if not isinstance(prompt, Reaction) or prompt.civ != civ:
        return []
    try:
        legal: list[Action] = LEGAL[type(prompt)](state, prompt)
    except IllegalAction:
        return []
    out: list[ChoiceQuote] = []
    for a in legal:
        if not isinstance(a, UsePower) or a.card not in hooks.CARDS or \
                not getattr(hooks.CARDS[a.card], "PREVIEW", False):
            continue
        got = _tried(state, civ, a, prompt.window)
        if got is None:
            continue
        side = q.side(a.target) or q.attacker
        after = got.attacker_total if side.civ == b.attacker else got.defender_total
        other = b.defender if side.civ == b.attacker else b.attacker
        units = q.defender.units if side.civ == b.attacker else q.attacker.units
        out.append(ChoiceQuote(action=a, side=side.civ, points=after - side.total, total=after,
                               inflicts=combat.losses(state, got, other, units, after)))
    return out


def _tried(state: GameState, civ: str, action: UsePower, window: str) -> Battle | None:
    """The battle as a power would leave it, tried on a copy (no die is rolled: PREVIEW)."""
    copy = clone(state)
    try:
        hooks.use_power(copy, civ, action, [], window)
    except IllegalAction:
        return None
    return copy.military.battle
