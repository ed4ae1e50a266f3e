"""The game's events in words: one renderer per event type of engine.events (the tests check
every type has one), and a run of events as the lines of a log, the dice of both sides of a
battle on one line. A part of engine/render.py, the game's one vocabulary."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

import msgspec

from . import events as E
from .data.cards import ALL_CARDS, CIV_CREATURE, CIV_NAMES
from .data.costs import GOD_COST
from .render_names import (
    area,
    article,
    building,
    card,
    card_list,
    cards,
    civ,
    civ_possessive,
    civs,
    count,
    join,
    phase_name,
    possessive,
    post,
    resource,
    role,
    units,
)


# --- one renderer per event type -----------------------------------------------------------------
def _game_started(e: E.GameStarted) -> str:
    neutral = f" (neutral: {civs(e.neutrals)})" if e.neutrals else ""
    return f"A new game: {civs(e.civs)}{neutral}, {e.setup} setup"


def _turn_started(e: E.TurnStarted) -> str:
    return f"Turn {e.turn} begins"


def _phase_started(e: E.PhaseStarted) -> str:
    if e.phase == "setup":
        return "The setup"
    return f"Turn {e.turn}: the {phase_name(e.phase)} phase"


def _capital_chosen(e: E.CapitalChosen) -> str:
    return f"{civ(e.civ)} chooses {area(e.province)} as its capital"


def _role_assigned(e: E.RoleAssigned) -> str:
    scores = ""
    if e.scores:
        held = (f"; {civs(e.passed_over)} "
                f"{'holds' if len(e.passed_over) == 1 else 'hold'} a role already"
                if e.passed_over else "")
        scores = " (" + ", ".join(f"{civ(c)} {n}" for c, n in e.scores.items()) + held + ")"
    if e.previous and e.previous != e.civ:
        return f"{civ(e.civ)} becomes {role(e.role)}, taking it from {civ(e.previous)}{scores}"
    if e.previous == e.civ:
        return f"{civ(e.civ)} stays {role(e.role)}{scores}"
    return f"{civ(e.civ)} becomes {role(e.role)}{scores}"


def _produced(e: E.Produced) -> str:
    short = f" (the bank was short of {cards(e.short)})" if e.short else ""
    return f"{civ(e.civ)} produces {cards(e.cards)}{short}"


def _trade_announced(e: E.TradeAnnounced) -> str:
    if e.n == 0:
        return f"{civ(e.civ)} announces no trade"
    who = f": {civs(e.participants)} take part" if len(e.participants) >= 2 else \
        ": too few players can take part"
    return f"{civ(e.civ)} announces a trade of {e.n} card{'s' if e.n != 1 else ''}{who}"


def _trade_offered(e: E.TradeOffered) -> str:
    return f"{civ(e.civ)} offers {e.count} card{'s' if e.count != 1 else ''} face down"


def _offers_revealed(e: E.OffersRevealed) -> str:
    parts = [f"{civ(c)}: {card_list(o)}" for c, o in e.offers.items()]
    return "The offers are revealed: " + ("; ".join(parts) or "none")


def _card_taken(e: E.CardTaken) -> str:
    return f"{civ(e.civ)} takes {resource(e.card)} from {civ(e.source)}'s offer"


def _trade_chain_ended(e: E.TradeChainEnded) -> str:
    back = [f"{civ(c)}: {card_list(o)}" for c, o in e.returned.items() if o]
    if not back:
        return "The trade is over"
    return "The trade is over; back to their owners: " + "; ".join(back)


def _card_given(e: E.CardGiven) -> str:
    return f"{civ(e.civ)} gives {resource(e.card)} to {civ(e.to)}"


def _card_received(e: E.CardReceived) -> str:
    src = e.source
    src_text = "the bank" if src in ("", "bank") else card(src) if src in ALL_CARDS \
        else civ(src)
    return f"{civ(e.civ)} receives {card(e.card)} from {src_text}"


def _player_named(e: E.PlayerNamed) -> str:
    what = f"in the {phase_name(e.phase)} phase"
    if e.by == e.civ:
        return f"{civ(e.by)} names itself to play next {what}"
    return f"{civ(e.by)} names {civ(e.civ)} to play next {what}"


def _gods_returned(e: E.GodsReturned) -> str:
    return "The gods return to the heavens"


def _god_taken(e: E.GodTaken) -> str:
    if e.free:
        return f"{civ(e.civ)} takes {card(e.god)} for free"
    return f"{civ(e.civ)} makes an offering to {card(e.god)}"


# A step passed because there was nothing to do in it (engine/rules/empty.py): why.
_PASSED_WHY: dict[str, str] = {
    "no_set": "{civ} has no set of " + str(GOD_COST) + " to pay for a god: its offering is passed",
    "no_god": "no god is left in the heavens: {civ}'s offering is passed",
    "no_trireme": "{civ} has no trireme: its naval step is passed",
    "empty_hand": "{civ} has no card in hand: its construction turn is passed",
}


# The same step when a power can still be used in it: the dialog says so, and which.
_ONLY_POWERS: dict[str, str] = {
    "no_trireme": "You have no trireme, but {powers} can still be used in this naval step.",
    "empty_hand": "Your hand is empty, but {powers} can still be used in this turn.",
}


def only_powers_text(reason: str, powers: list[str]) -> str:
    """What a dialog says of a step with nothing to do in it but powers ("" for another
    step): `reason` is the quote's `pass_reason`, `powers` the cards usable there."""
    text = _ONLY_POWERS.get(reason)
    if text is None or not powers:
        return ""
    return text.format(powers=join([card(c) for c in dict.fromkeys(powers)]))


def _passed(e: E.Passed) -> str:
    why = _PASSED_WHY.get(e.reason)
    if why is not None:
        return why.format(civ=civ(e.civ))
    if e.powers:  # in someone else's battle or move, maybe: say what was let go
        names = join([possessive(card(p)) for p in e.powers])
        return f"{civ(e.civ)} lets {names} power{'s' if len(e.powers) > 1 else ''} go unused"
    if e.convoy:
        return f"{civ(e.civ)} lets {possessive(civ(e.convoy))} convoy pass (no blockade)"
    if e.sacks:
        return f"{civ(e.civ)} stops sacking ({count(e.sacks, 'more building')} allowed)"
    if e.phase == "military":
        return f"{civ(e.civ)} ends its military turn"
    return f"{civ(e.civ)} passes ({phase_name(e.phase)})"


def _paid(e: E.Paid) -> str:
    return f"{civ(e.civ)} pays {cards(e.cards)}"


def _built(e: E.Built) -> str:
    free = " (free)" if e.free else ""
    who = civ(e.civ)
    where = area(e.province)
    if e.kind == "influence":
        return f"{who} places an influence marker in {where}{free}"
    if e.kind == "creature":
        crea = CIV_CREATURE.get(e.civ)
        name = f" ({card(crea)})" if crea else ""
        return f"{who} builds a creature{name} in {where}{free}"
    if e.kind == "city":
        return f"{who} builds a city in {where}{free}"
    return f"{who} builds {article(building(e.kind, e.site))} in {where}{free}"


def _card_acquired(e: E.CardAcquired) -> str:
    return f"{civ(e.civ)} acquires {card(e.card)} ({e.count} " \
        f"{'hero or wonder' if e.count == 1 else 'heroes and wonders'})"


def _discarded(e: E.Discarded) -> str:
    return f"{civ(e.civ)} discards {cards(e.cards)}"


def _trireme_moved(e: E.TriremeMoved) -> str:
    return f"{civ(e.civ)} moves a trireme from {area(e.origin)} to {area(e.to)}"


def _units_moved(e: E.UnitsMoved) -> str:
    by = f" by {join([area(s) for s in e.seas])}" if e.seas else ""
    if e.origins:  # a joint move from several places
        parts = [f"{units([k for k, o in zip(e.kinds, e.origins, strict=True) if o == place])}"
                 f" from {area(place)}" for place in dict.fromkeys(e.origins)]
        return f"{civ(e.civ)} moves {join(parts)} into {area(e.to)}{by}"
    return f"{civ(e.civ)} moves {units(e.kinds)} from {area(e.origin)} to {area(e.to)}{by}"


def _move_cancelled(e: E.MoveCancelled) -> str:
    n = len(e.units)
    return f"{civ(e.civ)}'s move of {n} unit{'s' if n != 1 else ''} is cancelled: {e.reason}"


def _battle_started(e: E.BattleStarted) -> str:
    if e.ranged:
        n = len(e.attacker_units)
        return (f"{civ(e.attacker)}'s {'Titan shoots' if n == 1 else f'{n} Titans shoot'} "
                f"into {area(e.area)} at {civ(e.defender)} ({units(e.defender_units)})")
    kind = "Sea battle" if e.naval else "Battle"
    return (f"{kind} in {area(e.area)}: {civ(e.attacker)} ({units(e.attacker_units)}) "
            f"attacks {civ(e.defender)} ({units(e.defender_units)})")


def _roll_text(e: E.DiceRolled) -> str:
    parts = [str(d) for d in e.dice]
    if e.automatic:
        parts.append(f"+{sum(e.automatic)}")
    if e.bonus:
        parts.append(f"{e.bonus:+d}")
    rolled = " ".join(parts) or "nothing"
    return f"{civ(e.civ)} rolls {rolled} = {e.total}"


def _dice_rolled(e: E.DiceRolled) -> str:
    losses = f" ({e.losses_inflicted} loss{'es' if e.losses_inflicted != 1 else ''})" \
        if e.losses_inflicted else ""
    return f"Battle in {area(e.area)}: {_roll_text(e)}{losses}"


def _units_lost(e: E.UnitsLost) -> str:
    return f"Battle in {area(e.area)}: {civ(e.civ)} loses {units(e.kinds)}"


def _battle_ended(e: E.BattleEnded) -> str:
    left = ", ".join(f"{civ(c)} {n}" for c, n in e.survivors.items())
    war = "; the province stays at war" if e.at_war else ""
    return f"The battle in {area(e.area)} is over (units left: {left or 'none'}){war}"


def _sacked(e: E.Sacked) -> str:
    return f"{civ(e.civ)} sacks {civ_possessive(e.owner)} {building(e.building, e.site)} in " \
        f"{area(e.province)}"


def _occupied(e: E.Occupied) -> str:
    return f"{civ(e.civ)} occupies {join([post(p) for p in e.posts]) or 'nothing'} in " \
        f"{area(e.province)}"


def _conversion_started(e: E.ConversionStarted) -> str:
    of = f" ({civ(e.owner)}'s influence)" if e.owner else ""
    return f"{civ(e.civ)} begins to convert {area(e.province)}{of}"


def _conversion_completed(e: E.ConversionCompleted) -> str:
    was = f", which was {civ(e.previous)}'s" if e.previous else ""
    return f"{civ(e.civ)} converts {area(e.province)}{was}"


def civ_words(text: str) -> str:
    """A card power's own words with the civilizations named as players read them
    ("+6 to carthage's total" -> "+6 to Carthage's total")."""
    return _CIV_ID.sub(lambda m: CIV_NAMES[m.group(0)], text) if text else text


_CIV_ID = re.compile(r"\b(" + "|".join(CIV_NAMES) + r")\b")


def _power_used(e: E.PowerUsed) -> str:
    detail = f": {civ_words(e.detail)}" if e.detail else ""
    return f"{civ(e.civ)} uses {card(e.card)}{detail}"


def _victory(e: E.Victory) -> str:
    return f"{civ(e.civ)} wins the game: {e.reason}"


# each renderer takes the event type it is filed under (not expressible as one type)
RENDERERS: dict[type, Callable[[Any], str]] = {
    E.GameStarted: _game_started,
    E.TurnStarted: _turn_started,
    E.PhaseStarted: _phase_started,
    E.CapitalChosen: _capital_chosen,
    E.RoleAssigned: _role_assigned,
    E.Produced: _produced,
    E.TradeAnnounced: _trade_announced,
    E.TradeOffered: _trade_offered,
    E.OffersRevealed: _offers_revealed,
    E.CardTaken: _card_taken,
    E.TradeChainEnded: _trade_chain_ended,
    E.CardGiven: _card_given,
    E.CardReceived: _card_received,
    E.PlayerNamed: _player_named,
    E.GodsReturned: _gods_returned,
    E.GodTaken: _god_taken,
    E.Passed: _passed,
    E.Paid: _paid,
    E.Built: _built,
    E.CardAcquired: _card_acquired,
    E.Discarded: _discarded,
    E.TriremeMoved: _trireme_moved,
    E.UnitsMoved: _units_moved,
    E.MoveCancelled: _move_cancelled,
    E.BattleStarted: _battle_started,
    E.DiceRolled: _dice_rolled,
    E.UnitsLost: _units_lost,
    E.BattleEnded: _battle_ended,
    E.Sacked: _sacked,
    E.Occupied: _occupied,
    E.ConversionStarted: _conversion_started,
    E.ConversionCompleted: _conversion_completed,
    E.PowerUsed: _power_used,
    E.Victory: _victory,
}


def render(event: E.Event) -> str:
    """One readable line for an event."""
    fn = RENDERERS.get(type(event))
    if fn is None:  # an event type newer than this module
        fields = msgspec.structs.asdict(event)
        fields.pop("visible_to", None)
        return f"{type(event).__name__} " + " ".join(f"{k}={v}" for k, v in fields.items())
    try:
        return fn(event)
    except Exception:  # a malformed event must not break a log
        return f"{type(event).__name__} {event!r}"


describe = render  # the name the TUI's bridge looks for


def render_events(events: Iterable[E.Event]) -> list[str]:
    """Lines for a run of events; the dice of one battle share a line."""
    out: list[str] = []
    last_dice: E.DiceRolled | None = None
    for e in events:
        if isinstance(e, E.DiceRolled):
            if last_dice is not None and last_dice.area == e.area and out:
                out[-1] += f", {_roll_text(e)}"
                last_dice = None
                continue
            out.append(f"Battle in {area(e.area)}: {_roll_text(e)}")
            last_dice = e
            continue
        last_dice = None
        out.append(render(e))
    return out


def is_heading(event: E.Event) -> bool:
    """Events that open a section of a log (a turn or a phase)."""
    return isinstance(event, E.TurnStarted | E.PhaseStarted | E.GameStarted)
