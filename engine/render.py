"""The game's one vocabulary: names, cards, events, actions and prompts in words, for the
game log, the battle log, the replay viewer, the screens and `mare-nostrum log`.

    render(event)             -> "Rome builds a legion in Etruria"
    render_events(events)     -> lines; the dice of both sides of a battle share one line:
        "Battle in Carthago: Atlantis rolls 2 4 1 5 4 = 16, Carthage rolls 3 3 +12 +2 = 20"
    action_text(action, state) -> "Move 2 legions from Roma to Etruria"   (menus)
    prompt_text(prompt)       -> "choose 3 cards to offer in the trade"  (the status line)
    window_text(window)       -> "after the dice, before the losses"  (a reaction window)

A battle's quote (its dice before the losses) is worded in engine/render_battle.py.

Every event type of engine.events has its renderer here (the tests check it). The lines say
what the events, actions and prompts say and never re-derive anything from the rules. Ids
that the data does not know (a hand-made event) are shown as they are. Plain text only: a
screen adds its styling on top.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import Any

import msgspec

from . import actions as A
from . import events as E
from . import prompts as P
from .data import board
from .data.cards import ALL_CARDS, CIV_CREATURE, CIV_NAMES, RESOURCE_NAMES, RESOURCES, ROLE_NAMES
from .data.costs import GOD_COST
from .state import GameState

# --- names ------------------------------------------------------------------------------------


# Terminal escape sequences (CSI, OSC and two-byte ESC ones) a file or a player may carry.
_ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)?|[@-Z\\-_])")
NAME_LIMIT = 40  # a player's or a save's name, as shown


def plain(text: str, limit: int = NAME_LIMIT) -> str:
    """A string from a file or a player made safe to show: escape sequences and other
    control characters removed, whitespace runs made one space, at most `limit` long."""
    text = _ESCAPES.sub("", str(text))
    text = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or unicodedata.category(ch)[0] != "C")
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def civ(c: str | None) -> str:
    if not c:
        return "nobody"
    return CIV_NAMES.get(c, c)


def civs(cs: Iterable[str]) -> str:
    return join([civ(c) for c in cs]) or "nobody"


def area(a: str) -> str:
    try:
        return board.area_name(a)
    except KeyError:
        return a


def card(c: str) -> str:
    if c in ALL_CARDS:
        return ALL_CARDS[c].name
    return RESOURCE_NAMES.get(c, c)


def resource(r: str) -> str:
    return RESOURCE_NAMES.get(r, r)


def role(r: str) -> str:
    return ROLE_NAMES.get(r, r)


def phase_name(p: str) -> str:
    return {"setup": "setup", "roles": "roles", "commerce": "commerce",
            "offering": "offering to the gods", "construction": "construction",
            "military": "military", "over": "end of the game"}.get(p, p)


def join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def cards(hand: dict[str, int]) -> str:
    """{"tax": 3, "wine": 1} -> "3 Tax, Wine"."""
    parts = [f"{n} {resource(c)}" if n != 1 else resource(c)
             for c, n in hand.items() if n]
    return ", ".join(parts) or "nothing"


def card_list(cs: list[str]) -> str:
    """["wine", "wine", "tax"] -> "2 Wine, Tax" (in order of first appearance)."""
    counts: dict[str, int] = {}
    for c in cs:
        counts[c] = counts.get(c, 0) + 1
    return cards(counts)


_PLURAL = {"fortress": "fortresses", "city": "cities", "influence": "influence markers",
           "die": "dice",
           "loss": "losses"}


def plural(kind: str, n: int) -> str:
    if n == 1:
        return kind
    return _PLURAL.get(kind, kind + "s")


def count(n: int, word: str) -> str:
    """(2, "fortress") -> "2 fortresses"; (1, "card") -> "1 card"."""
    return f"{n} {plural(word, n)}"


def hand_text(cs: dict[str, int] | Iterable[str]) -> str:
    """A hand or a set in resource order: {"fish": 1, "tax": 2} -> "2 Tax, Fish"; a list of
    card ids is counted first."""
    counted: dict[str, int] = {}
    if isinstance(cs, dict):
        counted = dict(cs)
    else:
        for c in cs:
            counted[c] = counted.get(c, 0) + 1
    order = sorted(counted, key=lambda r: RESOURCES.index(r) if r in RESOURCES else 99)
    return cards({r: counted[r] for r in order if counted[r] > 0})


def _article(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def units(kinds: list[str]) -> str:
    """["legion", "legion", "fortress"] -> "2 legions and a fortress"."""
    counts: dict[str, int] = {}
    for k in kinds:
        counts[k] = counts.get(k, 0) + 1
    parts = [_article(k) if n == 1 else f"{n} {plural(k, n)}" for k, n in counts.items()]
    return join(parts) or "no units"


def building(kind: str, site: str = "") -> str:
    if kind == "caravan" and site:
        return f"caravan ({resource(site)})"
    if kind == "city" and site:
        return f"city ({site})"
    return kind


def post(p: str) -> str:
    """"caravan:wine" -> "the caravan (Wine)"."""
    if not p:
        return "no post"
    if p.startswith("caravan:"):
        return f"the caravan ({resource(p.split(':', 1)[1])})"
    if p == "influence":
        return "the influence marker"
    return f"the {p}"


def possessive(name: str) -> str:
    """"Rome" -> "Rome's", "Atlantis" -> "Atlantis'", "Mars" -> "Mars'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _possessive(c: str | None) -> str:
    return possessive(civ(c)) if c else "the"


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
    return f"{who} builds {_article(building(e.kind, e.site))} in {where}{free}"


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
    return f"{civ(e.civ)} sacks {_possessive(e.owner)} {building(e.building, e.site)} in " \
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


# --- screens: phases, cards, areas, units and items ---------------------------------------------
PHASE_NAMES: dict[str, str] = {
    "setup": "Setup", "roles": "Roles", "commerce": "Commerce", "offering": "Offering",
    "construction": "Construction", "military": "Military", "over": "Game over",
}

KIND_NAMES: dict[str, str] = {
    "influence": "Influence", "city": "City", "caravan": "Caravan", "temple": "Temple",
    "market": "Market", "legion": "Legion", "trireme": "Trireme", "fortress": "Fortress",
    "creature": "Creature", "card": "Card",
}

CARD_KIND_NAMES: dict[str, str] = {
    "civ_hero": "Hero", "hero": "Hero", "wonder": "Wonder", "god": "God",
    "creature": "Creature",
}


def phase_title(p: str) -> str:
    """The phase as a heading ("Offering"); `phase_name` is its name in a sentence."""
    return PHASE_NAMES.get(p, p)


def area_text(a: str) -> str:
    """ "Etruria (I3)": the name and the board label."""
    try:
        return f"{board.area_name(a)} ({board.area_label(a)})"
    except KeyError:
        return a


def card_kind(c: str) -> str:
    k = ALL_CARDS.get(c)
    if k is None:
        return "Card"
    if c == "pyramids":
        return "Wonder"
    return CARD_KIND_NAMES.get(k.kind, k.kind)


def card_text(c: str) -> str:
    """The card's power in a few words (the card data holds them)."""
    k = ALL_CARDS.get(c)
    return k.text if k else ""


def unit_text(state: GameState | None, unit_id: int) -> str:
    if state is not None:
        for u in state.units:
            if u.id == unit_id:
                where = f" in {area(u.area)}" if u.area else ""
                return f"{civ(u.owner)} {u.kind} #{u.id}{where}"
    return f"unit #{unit_id}"


def units_text(state: GameState | None, ids: Iterable[int]) -> str:
    """Units by id, counted by kind: "2 legions, 1 fortress"."""
    ids = list(ids)
    if state is None:
        return ", ".join(f"#{i}" for i in ids)
    kinds: dict[str, int] = {}
    for i in ids:
        u = next((u for u in state.units if u.id == i), None)
        k = u.kind if u else "unit"
        kinds[k] = kinds.get(k, 0) + 1
    return ", ".join(count(n, k) for k, n in kinds.items())


def item_text(item: A.Item) -> str:
    k = item.kind
    if k == "card":
        if item.card == "pyramids":
            return "The Pyramids"
        return f"{card_kind(item.card)}: {card(item.card)}"
    where = area(item.province) if item.province else "?"
    if k == "caravan":
        return f"Caravan on {resource(item.site)} in {where}"
    if k == "influence":
        return f"Influence marker in {where}"
    return f"{KIND_NAMES.get(k, k)} in {where}"


# --- actions ------------------------------------------------------------------------------------
def action_text(action: A.Action, state: GameState | None = None,
                prompt: P.Prompt | None = None) -> str:
    """One plain line saying what an action does (menus, logs, records)."""
    match action:
        case A.SelectCapital(province=p):
            return f"Capital in {area_text(p)}"
        case A.SetupBuy(item=it):
            return item_text(it)
        case A.EndSetupRound():
            return "End this setup round"
        case A.PickRoleHolder(civ=c):
            return f"Give the role to {civ(c)}"
        case A.Name(civ=c):
            return f"{civ(c)} plays next"
        case A.Announce(n=n):
            return "No trade this turn (0)" if n == 0 else f"{count(n, 'card')} each"
        case A.Offer(cards=c):
            return f"Offer {hand_text(c)}"
        case A.Take(source=src, card=c):
            return f"Take {resource(c)} from {civ(src)}"
        case A.Give(card=c, to=t):
            return f"Give {resource(c)} to {civ(t)}"
        case A.Worship(god=g, payment=pay):
            return f"{card(g)}, paying {hand_text(pay)}"
        case A.Pass():
            return "Pass"
        case A.Buy(items=items, payment=pay):
            return f"{' + '.join(item_text(i) for i in items)}, paying {hand_text(pay)}"
        case A.EndConstruction():
            return "End your construction turn"
        case A.PlaceAt(province=p):
            return f"Place in {area_text(p)}"
        case A.Keep(cards=c):
            return f"Keep {hand_text(c)}"
        case A.MoveTrireme(unit=u, to=t):
            return f"{unit_text(state, u)} to {area(t)}"
        case A.NavalBattle(sea=sea, opponent=o):
            return f"Attack {civ(o)} at sea in {area(sea)}"
        case A.EndNaval():
            return "End naval movement"
        case A.Move(units=us, to=t, seas=seas):
            origin = ""
            if state is not None and us:
                where = {x.id: x.area for x in state.units}
                areas = dict.fromkeys(where[i] for i in us if i in where)
                if areas:
                    origin = f" from {' and '.join(area(a) for a in areas)}"
            via = f" by {', '.join(area(sea) for sea in seas)}" if seas else ""
            return f"Move {units_text(state, us)}{origin} to {area(t)}{via}"
        case A.EndMilitary():
            return "End your military turn"
        case A.Fight(opponent=o):
            return f"Fight {civ(o)}"
        case A.TakeLosses(units=us):
            return f"Lose {units_text(state, us)} (" + ", ".join(f"#{u}" for u in us) + ")"
        case A.Sack(building=i):
            return f"Sack {_building_text(state, prompt, i)}"
        case A.Occupy(posts=posts):
            return "Occupy: " + "; ".join(
                f"{unit_text(state, p.unit)} on {post(p.post)}" for p in posts)
        case A.Convert(unit=u):
            return f"Convert the province with {unit_text(state, u)}"
        case A.Blockade(sea=sea):
            return f"Blockade the convoy in {area(sea)}"
        case A.UsePower(card="kraken", target=t, choice=ch, units=us):
            who = "Kraken " + ", ".join(f"#{i}" for i in us)
            return {"swim": f"{who} swims into {area(t)}",
                    "dive": f"{who} dives under the sea",
                    "emerge": f"{who} emerges in {area(t)}"}.get(ch, f"Kraken: {ch}")
        case A.UsePower(card="titan", target=t, choice=ch, units=us):
            who = ("Titan " if len(us) == 1 else "Titans ") + ", ".join(f"#{i}" for i in us)
            verb = "shoots" if len(us) == 1 else "shoot"
            return f"{who} {verb} at {civ(ch)} in {area(t)} (1 die each)"
        case A.UsePower(card="mars", target=t):
            return f"Mars: add 6 to {_possessive(t)} total"
        case A.UsePower(card="ajax", choice=ch):
            return f"Ajax: re-roll {_rerolled(state, prompt, ch)}"
        case A.UsePower(card=c, target=t, choice=ch, units=us):
            extra = []
            if t:
                extra.append(area(t) if (t in board.PROVINCES or t in board.SEAS) else civ(t))
            if ch:
                extra.append(resource(ch) if ch in RESOURCE_NAMES else
                             role(ch) if ch in ROLE_NAMES else card(ch))
            if us:
                extra.append(units_text(state, us))
            return f"Use {card(c)}" + (f": {', '.join(extra)}" if extra else "")
    return type(action).__name__


def _rerolled(state: GameState | None, prompt: P.Prompt | None, choice: str) -> str:
    """Ajax's choice ("0,2": positions in his side's dice) as the dice it names."""
    at = [int(x) for x in choice.split(",") if x.isdigit()]
    b = state.military.battle if state is not None else None
    if b is None or prompt is None:
        return count(len(at), "die")
    dice = b.attacker_dice if prompt.civ == b.attacker else b.defender_dice
    shown = [str(dice[i]) for i in at if i < len(dice)]
    return f"your {join(shown)}" if len(shown) == len(at) else f"{len(at)} of your dice"


def _building_text(state: GameState | None, prompt: P.Prompt | None, index: int) -> str:
    province = getattr(prompt, "province", "") if prompt is not None else ""
    if state is not None and province in state.provinces:
        bs = state.provinces[province].buildings
        if 0 <= index < len(bs):
            b = bs[index]
            return f"the {building(b.kind, b.site)}"
    return f"building {index + 1}"


# --- prompts ------------------------------------------------------------------------------------
def prompt_text(prompt: P.Prompt | None) -> str:
    """What the prompted player must decide, as a phrase ("choose 3 cards to offer")."""
    match prompt:
        case None:
            return "nothing"
        case P.ChooseCapital():
            return "choose where the capital stands"
        case P.FreeSetupTurn(round=r, points_left=pts):
            return f"spend setup points (round {r} of 5, {pts} points left)"
        case P.ChooseRoleHolder(role=r):
            return f"choose who takes the {role(r)} (a tie)"
        case P.AnnounceTrade(max=m):
            return f"announce how many cards are traded (0 to {m})"
        case P.ChooseTradeOffer(n=n):
            return f"choose {count(n, 'card')} to offer in the trade"
        case P.TakeTradeCard():
            return "take one card from another offer"
        case P.GiveBalancingCard(count=c):
            return f"give a balancing card ({c} to give)"
        case P.NamePlayer(phase=ph):
            return f"name who plays next in the {phase_title(ph).lower()} phase"
        case P.MakeOffering():
            return "make an offering to a god, or pass"
        case P.ConstructionTurn():
            return "build, or end the construction turn"
        case P.PlaceFree(item=it, card=c):
            return f"place the free {it} of {card(c)}"
        case P.KeepCommodities(keep=k):
            return f"choose up to {k} commodity cards to keep"
        case P.NavalTurn():
            return "move triremes, attack at sea, or end naval movement"
        case P.GroundTurn():
            return "move ground units, or end the military turn"
        case P.ChooseOpponent(area=a):
            return f"choose whom to fight in {area(a)}"
        case P.ChooseLosses(area=a, count=c):
            return f"choose {count(c, 'loss')} in {area(a)}"
        case P.ChooseConquest(province=p):
            return f"sack, occupy or convert {area(p)}"
        case P.GreekBlockade(attacker=a, to=t):
            return f"blockade {civ(a)}'s convoy to {area(t)}, or let it pass"
        case P.Reaction(powers=pw):
            return f"use {' or '.join(card(p) for p in pw)} now, or not"
    return f"decide ({type(prompt).__name__})"


def prompt_doing(prompt: P.Prompt | None, short: bool = False) -> str:
    """What another player is doing, for those who wait ("is choosing its trade offer"),
    from the prompt's public parts only; `short`: the fewest words (a narrow line)."""
    match prompt:
        case None:
            return "is done"
        case P.ChooseCapital():
            return "picks a capital" if short else "is choosing its capital"
        case P.FreeSetupTurn(round=r):
            return "is setting up" if short else f"is spending setup points (round {r} of 5)"
        case P.ChooseRoleHolder(role=r):
            return "breaks a tie" if short else f"is choosing who takes the {role(r)}"
        case P.AnnounceTrade():
            return "announces the trade" if short else "is announcing how many cards are traded"
        case P.ChooseTradeOffer(n=n):
            return "is choosing its offer" if short else \
                f"is choosing its trade offer ({count(n, 'card')})"
        case P.TakeTradeCard():
            return "takes a card" if short else "is taking a card from another offer"
        case P.GiveBalancingCard():
            return "gives a card" if short else "is giving a balancing card"
        case P.NamePlayer(phase=ph):
            return "names the next player" if short else \
                f"is naming who plays next in the {phase_title(ph).lower()} phase"
        case P.MakeOffering():
            return "makes an offering" if short else "is making an offering to a god"
        case P.ConstructionTurn():
            return "builds" if short else "is building"
        case P.PlaceFree(card=c):
            return "places a free piece" if short else f"is placing the free piece of {card(c)}"
        case P.KeepCommodities():
            return "keeps commodities" if short else "is choosing the commodities to keep"
        case P.NavalTurn():
            return "moves at sea" if short else "is moving triremes"
        case P.GroundTurn():
            return "moves on land" if short else "is moving ground units"
        case P.ChooseOpponent(area=a):
            return "picks a foe" if short else f"is choosing whom to fight in {area(a)}"
        case P.ChooseLosses(area=a):
            return "takes losses" if short else f"is choosing its losses in {area(a)}"
        case P.ChooseConquest(province=p):
            return "conquers" if short else f"is choosing what to do with {area(p)}"
        case P.GreekBlockade(attacker=a):
            return "may blockade" if short else f"is deciding whether to blockade {civ(a)}"
        case P.Reaction():  # which power is asked about stays the deciding player's
            return "may use a power" if short else "is deciding whether to use a power"
    return "is deciding"


WINDOWS: dict[str, str] = {
    "phase_start": "at the start of the phase",
    "move_declared": "now that a move is declared, before it is made",
    "before_battle": "before the dice of the battle",
    "after_dice": "after the dice, before the losses",
}


def window_text(window: str) -> str:
    """When a reaction window comes, as a phrase ("after the dice, before the losses");
    a card's own question is named after the card."""
    if window in WINDOWS:
        return WINDOWS[window]
    if window in ALL_CARDS:
        return f"when {card(window)} asks"
    return "now"


PROMPT_TITLES: dict[type, str] = {
    P.ChooseCapital: "Free setup: your capital",
    P.FreeSetupTurn: "Free setup",
    P.ChooseRoleHolder: "Role tie",
    P.AnnounceTrade: "Trade: announce",
    P.ChooseTradeOffer: "Trade: your offer",
    P.TakeTradeCard: "Trade: take a card",
    P.GiveBalancingCard: "Trade: balancing card",
    P.NamePlayer: "Name the next player",
    P.MakeOffering: "Offering to the gods",
    P.ConstructionTurn: "Construction",
    P.PlaceFree: "Free piece",
    P.KeepCommodities: "Keep commodities",
    P.NavalTurn: "Military: naval movement",
    P.GroundTurn: "Military: ground movement",
    P.ChooseOpponent: "Battle: choose the opponent",
    P.ChooseLosses: "Battle: choose your losses",
    P.ChooseConquest: "Conquest",
    P.GreekBlockade: "Greek blockade",
    P.Reaction: "Use a power?",
}


def prompt_title(prompt: P.Prompt | None) -> str:
    """A short title for the decision's dialog."""
    return PROMPT_TITLES.get(type(prompt), "Decision")


# --- rules named for players ------------------------------------------------------------------
# An IllegalAction names the rule it applies: a heading of docs/rules.md, a heading of the
# printed rulebook, or a card. The player gets the section of docs/rules.md it falls under.
# First match wins.
RULES_DOC = "rules.md"
RULES_HEADINGS: tuple[str, ...] = (  # the headings of docs/rules.md the engine names itself
    "The pieces and the supply", "Roles", "Commerce: production", "Commerce: trading",
    "Powers and reactions", "Construction: paying", "Construction: where things go",
    "Military: movement", "Military: battles", "Cards", "Victory",
)
RULE_SECTIONS: tuple[tuple[str, str], ...] = (
    *((heading, heading) for heading in RULES_HEADINGS),
    ("Military Phase, A) Movement", "Military: movement"),
    ("Military Phase, B) Combat", "Military: battles"),
    ("Military Phase", "Military: movement"),
    ("The Greek Blockade", "Military: the Greek blockade"),
    ("Rules for Construction", "Construction: where things go"),
    ("Placement", "Construction: where things go"),
    ("Construction Cost Chart", "Construction: costs"),
    ("Construction Phase", "Construction: paying"),
    ("Offering to the Gods", "Offering to the gods"),
    ("Roles", "Roles"),
    ("Free Setup", "Free setup"),
    ("Starting Setup", "Setup"),
    ("Object of the Game", "Victory"),
    ("Components", "The pieces and the supply"),
    ("Card text", "Cards"),
    ("Convert the Province", "Military: after a battle"),
    ("Number of Building Tokens", "The pieces and the supply"),
    ("malformed action", "Game flow"),
    ("the form of a decision", "Game flow"),
    ("stale version", "Game flow"),
    ("wrong seat", "Game flow"),
    ("take back", "Taking back a decision"),
)


def rule_name(ref: str) -> str:
    """A rule reference of the engine in the player's words: the card it is the power of, or
    the section of rules.md, with what the reference says beyond its source."""
    if not ref:
        return ""
    for prefix, section in RULE_SECTIONS:
        if ref.startswith(prefix):
            rest = re.sub(r"^[:,]?\s*(\d+\.\s+)?", "", ref[len(prefix):].strip())
            if rest.startswith("(") and rest.endswith(")"):
                rest = rest[1:-1]
            if rest.lower() == section.split(": ")[-1].lower():
                rest = ""
            head = f"{RULES_DOC} § {section}"
            return f"{head} — {rest}" if rest else head
    names = {k.name.lower(): k.name for k in ALL_CARDS.values()}
    for key, name in names.items():  # a card's own power
        if ref.lower().startswith(key):
            rest = ref[len(key):].lstrip(" :")
            rest = "" if rest.lower() == "card text" else rest
            return f"the card {name}" + (f": {rest}" if rest else "")
    return ref
