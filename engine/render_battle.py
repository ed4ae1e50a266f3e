"""The battle quote in words (engine.battle_quotes), part of the one vocabulary of
engine/render.py: what the dice of a battle show before a decision that depends on them.

    battle_lines(q, "rome") -> ["Battle in Numidia, the dice rolled:",
        "Rome (you), attacking: [2] [1] = 3; Carthage loses no unit",
        "Carthage, defending: [3], +1 Hannibal (+1 a die) = 4; you lose no unit"]
    choice_text(c, q, "rome")
        -> "Mars: add 6 to your total (3 → 9: Carthage loses 1 unit instead of none)"

Dice are written [n] (the screens colour them); plain text otherwise.
"""

from __future__ import annotations

from .battle_quotes import FIXED, BattleQuote, ChoiceQuote, SideQuote
from .render import area, card, civ, count, possessive

_AUTOMATIC = {"fortress": "for a fortress", "creature": "for a creature",
              FIXED: "fixed", "": "automatic"}


def battle_lines(q: BattleQuote, viewer: str | None = None) -> list[str]:
    """The heading and one line a side: dice, automatic values, bonuses with their cards,
    the total and what it costs the other side."""
    kind = "Sea battle" if q.naval else "Battle"
    lines = [f"{kind} in {area(q.area)}, the dice rolled:",
             _side_line(q.attacker, q.defender, viewer, "attacking")]
    if q.ranged:
        lines.append(f"{_name(q.defender.civ, viewer)} rolls nothing (shot at from afar)")
    else:
        lines.append(_side_line(q.defender, q.attacker, viewer, "defending"))
    return lines


def _name(c: str, viewer: str | None) -> str:
    return f"{civ(c)} (you)" if c == viewer else civ(c)


def _side_line(s: SideQuote, other: SideQuote, viewer: str | None, role: str) -> str:
    parts = [" ".join(f"[{d}]" for d in s.dice)] if s.dice else ["no dice"]
    parts += [f"{a.value} {_AUTOMATIC.get(a.kind, a.kind)}" for a in s.automatic]
    for b in s.bonuses:
        why = card(b.card) if b.card else "a power"
        each = f" ({b.per_die:+d} a die)" if b.per_die else ""
        parts.append(f"{b.points:+d} {why}{each}")
    return (f"{_name(s.civ, viewer)}, {role}: {', '.join(parts)} = {s.total}; "
            f"{_loses(other.civ, viewer, s.inflicts)}")


def _loses(c: str, viewer: str | None, n: int, still: bool = False) -> str:
    who = ("you" if c == viewer else civ(c)) + (" still" if still else "")
    verb = "lose" if c == viewer else "loses"
    return f"{who} {verb} {count(n, 'unit') if n else 'no unit'}"


def choice_text(c: ChoiceQuote, q: BattleQuote, viewer: str | None) -> str:
    """What a power that changes a total makes of the battle, for its menu entry."""
    whose = "your" if c.side == viewer else possessive(civ(c.side))
    before = q.side(c.side) or q.attacker
    other = q.defender if before is q.attacker else q.attacker
    same = c.inflicts == before.inflicts
    change = f"{before.total} → {c.total}: {_loses(other.civ, viewer, c.inflicts, same)}"
    if not same:
        change += f" instead of {before.inflicts or 'none'}"
    return f"{card(c.action.card)}: add {c.points} to {whose} total ({change})"
