"""What the computer players did since the guide last spoke, and why: their events in the
words of the game log (engine.render), seen as the player at the keyboard may see them,
with the reason each kind of move has, from the rules and from the computer players' own
plans (docs/bots.md, the normal player: sets kept together, gods bought when worth their
cards, weakly held provinces attacked).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from engine import events as E
from engine.render import render_events

SHOWN = 10  # lines of moves at most: the rest is in the battle log


class Reason(msgspec.Struct, frozen=True, kw_only=True):
    text: str
    rule: str  # a heading of docs/rules.md


SETUP = Reason(text="each civilization starts from a fixed position, with its capital, its "
                    "hero and its first pieces", rule="Setup")
ROLES = Reason(text="each role goes to whoever leads in what it counts; the setup hands "
                    "out the first ones", rule="Roles")
PRODUCTION = Reason(text="cities give tax cards and caravans their commodity, every turn",
                    rule="Commerce: production")
TRADE = Reason(text="computer players take the cards that complete their sets and keep "
                    "the cards they need out of their offers", rule="Commerce: trading")
NAMING = Reason(text="the holder of the phase's role names who plays next, one at a time",
                rule="Roles")
GODS = Reason(text="computer players buy a god when its power is worth more to them than "
                   "the three cards, and pass otherwise", rule="Offering to the gods")
PASSING = Reason(text="a step with nothing to do in it is passed, and the log says why",
                 rule="Game flow")
HOLDING_BACK = Reason(text="a power may be kept for a better moment", rule="Powers and reactions")
BUILDING = Reason(text="computer players build what raises their income and their counts "
                       "for the roles, and save sets of nine for heroes and wonders",
                  rule="Construction: costs")
DISCARD = Reason(text="at the end of construction everybody throws away commodities and "
                      "keeps at most two tax cards", rule="Construction: the end of the phase")
MOVING = Reason(text="computer players attack weakly held provinces with buildings and "
                     "guard their own", rule="Military: movement")
BATTLE = Reason(text="each side's dice and bonuses: every full five points kill one unit",
                rule="Military: battles")
CONQUEST = Reason(text="a conqueror alone in a province sacks, occupies or converts it; "
                       "computer players occupy what produces", rule="Military: after a battle")
POWERS = Reason(text="a hero's, god's or creature's power, used when it helps",
                rule="Powers and reactions")

WHY: dict[type, Reason] = {
    E.RoleAssigned: ROLES, E.Produced: PRODUCTION,
    E.TradeAnnounced: TRADE, E.TradeOffered: TRADE, E.OffersRevealed: TRADE,
    E.CardTaken: TRADE, E.TradeChainEnded: TRADE, E.CardGiven: TRADE, E.CardReceived: TRADE,
    E.PlayerNamed: NAMING, E.GodTaken: GODS,
    E.Paid: BUILDING, E.Built: BUILDING, E.CardAcquired: BUILDING, E.Discarded: DISCARD,
    E.TriremeMoved: MOVING, E.UnitsMoved: MOVING, E.MoveCancelled: MOVING,
    E.BattleStarted: BATTLE, E.DiceRolled: BATTLE, E.UnitsLost: BATTLE, E.BattleEnded: BATTLE,
    E.Sacked: CONQUEST, E.Occupied: CONQUEST, E.ConversionStarted: CONQUEST,
    E.ConversionCompleted: CONQUEST, E.PowerUsed: POWERS,
}

# Events that are no move of anybody's: the log's headings and the game's own steps.
QUIET = (E.GameStarted, E.TurnStarted, E.GodsReturned)


class OthersDid(msgspec.Struct, frozen=True, kw_only=True):
    """The moves of the others, in the log's words, and the reasons for them."""

    lines: list[str]
    more: int  # lines left out (the battle log has them)
    reasons: list[Reason]


def reason(e: E.Event, phase: str) -> Reason | None:
    """Why a computer player's move was made, by its kind and the phase it was made in."""
    if phase == "setup" and not isinstance(e, E.RoleAssigned):
        return SETUP
    if isinstance(e, E.Passed):
        if e.reason:  # nothing to do (the log's line says what was missing)
            return PASSING
        if e.powers:
            return HOLDING_BACK
        return {"offering": GODS, "military": MOVING}.get(e.phase)
    return WHY.get(type(e))


def _actor(e: E.Event) -> str | None:
    """Whose move an event is (None: a fact of nobody's, such as dice)."""
    if isinstance(e, E.PlayerNamed):
        return e.by
    if isinstance(e, E.BattleStarted):
        return e.attacker
    if isinstance(e, E.DiceRolled | E.UnitsLost | E.BattleEnded | E.OffersRevealed):
        return None
    return getattr(e, "civ", None)


def others_moves(events: Sequence[E.Event], civ: str) -> list[E.Event]:
    """The events among `events` that `civ` may see and that are not its own doing (a
    battle it started is its own, dice and all); phase headings are kept where moves
    follow them."""
    out: list[E.Event] = []
    own_battle = False
    heading: E.Event | None = None
    for e in events:
        if e.visible_to and civ not in e.visible_to:
            continue
        if isinstance(e, E.PhaseStarted):
            heading = e
            continue
        if isinstance(e, QUIET):
            continue
        if isinstance(e, E.BattleStarted):
            own_battle = e.attacker == civ
        if own_battle or _actor(e) == civ:
            if isinstance(e, E.BattleEnded):
                own_battle = False
            continue
        if heading is not None:
            out.append(heading)
            heading = None
        out.append(e)
    return out


def others_did(events: Sequence[E.Event], civ: str, shown: int = SHOWN) -> OthersDid:
    """What the others did among `events`, for `civ`: the last `shown` lines of it."""
    moves = others_moves(events, civ)
    lines = render_events(moves)
    more = max(0, len(lines) - shown)
    reasons: list[Reason] = []
    phase = ""
    for e in moves:
        if isinstance(e, E.PhaseStarted):
            phase = e.phase
        why = reason(e, phase)
        if why is not None and why not in reasons:
            reasons.append(why)
    return OthersDid(lines=lines[more:], more=more, reasons=reasons)
