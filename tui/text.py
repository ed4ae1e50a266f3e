"""Words for the screen: names of civilizations, areas, cards and units; one line for each
action (menus) and for each prompt (the status line).

Nothing here decides anything: these functions only put the engine's data into words.
Text with Textual markup uses the theme variables ``$civ-<civ>-fg`` for civilization names.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine import actions as A
from engine import prompts as P
from engine.data import board
from engine.data.cards import ALL_CARDS, CIV_NAMES, RESOURCE_NAMES, RESOURCES, ROLE_NAMES
from engine.state import GameState

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


def esc(text: str) -> str:
    """Escape square brackets for Textual markup."""
    return text.replace("[", r"\[")


def civ_name(civ: str | None) -> str:
    if civ is None:
        return "nobody"
    return CIV_NAMES.get(civ, civ)


def civ_markup(civ: str | None, bold: bool = True) -> str:
    if civ is None or civ not in CIV_NAMES:
        return esc(civ_name(civ))
    b = "b " if bold else ""
    return f"[{b}$civ-{civ}-fg]{CIV_NAMES[civ]}[/]"


def area_text(area: str) -> str:
    try:
        return f"{board.area_name(area)} ({board.area_label(area)})"
    except KeyError:
        return area


def area_short(area: str) -> str:
    try:
        return board.area_name(area)
    except KeyError:
        return area


def card_name(card: str) -> str:
    c = ALL_CARDS.get(card)
    return c.name if c else card


def card_kind(card: str) -> str:
    c = ALL_CARDS.get(card)
    if c is None:
        return "Card"
    if card == "pyramids":
        return "Wonder"
    return CARD_KIND_NAMES.get(c.kind, c.kind)


def card_text(card: str) -> str:
    c = ALL_CARDS.get(card)
    return c.text if c else ""


def role_name(role: str) -> str:
    return ROLE_NAMES.get(role, role)


def resource_name(res: str) -> str:
    return RESOURCE_NAMES.get(res, res)


def cards_text(cards: dict[str, int] | Iterable[str]) -> str:
    """{"tax": 2, "fish": 1} -> "2 Tax, Fish"; a list of card ids is counted first."""
    if not isinstance(cards, dict):
        counted: dict[str, int] = {}
        for c in cards:
            counted[c] = counted.get(c, 0) + 1
        cards = counted
    parts = []
    for res in sorted(cards, key=lambda r: RESOURCES.index(r) if r in RESOURCES else 99):
        n = cards[res]
        if n <= 0:
            continue
        parts.append(f"{n} {resource_name(res)}" if n > 1 else resource_name(res))
    return ", ".join(parts) if parts else "nothing"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def player_label(state: GameState, civ: str, seats: list[str] | None = None) -> str:
    """ "Rome (you)", "Greece (computer)", or with a display name from the config."""
    name = civ_name(civ)
    seat = next((p.seat for p in state.players if p.civ == civ), None)
    if seat is None:
        return f"{name} (neutral)"
    names = state.config.names
    who = names[seat] if seat < len(names) and names[seat] else ""
    if not who and seats is not None and seat < len(seats):
        who = "you" if seats[seat] == "human" else "computer"
    return f"{name} ({who})" if who else name


# --- units and items ----------------------------------------------------------------------
def unit_text(state: GameState | None, unit_id: int) -> str:
    if state is not None:
        for u in state.units:
            if u.id == unit_id:
                where = f" in {area_short(u.area)}" if u.area else ""
                return f"{civ_name(u.owner)} {u.kind} #{u.id}{where}"
    return f"unit #{unit_id}"


def units_text(state: GameState | None, ids: Iterable[int]) -> str:
    ids = list(ids)
    if state is None:
        return ", ".join(f"#{i}" for i in ids)
    kinds: dict[str, int] = {}
    for i in ids:
        u = next((u for u in state.units if u.id == i), None)
        k = u.kind if u else "unit"
        kinds[k] = kinds.get(k, 0) + 1
    return ", ".join(plural(n, k) for k, n in kinds.items())


def item_text(item: A.Item) -> str:
    k = item.kind
    if k == "card":
        if item.card == "pyramids":
            return "The Pyramids"
        return f"{card_kind(item.card)}: {card_name(item.card)}"
    where = area_short(item.province) if item.province else "?"
    if k == "caravan":
        return f"Caravan on {resource_name(item.site)} in {where}"
    if k == "influence":
        return f"Influence marker in {where}"
    return f"{KIND_NAMES.get(k, k)} in {where}"


def post_text(post: str) -> str:
    if post.startswith("caravan:"):
        return f"the caravan on {resource_name(post.split(':', 1)[1])}"
    return f"the {post}" if post else "no post"


# --- actions ------------------------------------------------------------------------------
def action_text(action: A.Action, state: GameState | None = None,
                prompt: P.Prompt | None = None) -> str:
    """One plain line saying what an action does (for menus and logs)."""
    match action:
        case A.SelectCapital(province=p):
            return f"Capital in {area_text(p)}"
        case A.SetupBuy(item=it):
            return item_text(it)
        case A.EndSetupRound():
            return "End this setup round"
        case A.PickRoleHolder(civ=c):
            return f"Give the role to {civ_name(c)}"
        case A.Name(civ=c):
            return f"{civ_name(c)} plays next"
        case A.Announce(n=n):
            return "No trade this turn (0)" if n == 0 else f"{plural(n, 'card')} each"
        case A.Offer(cards=c):
            return f"Offer {cards_text(c)}"
        case A.Take(source=s, card=c):
            return f"Take {resource_name(c)} from {civ_name(s)}"
        case A.Give(card=c, to=t):
            return f"Give {resource_name(c)} to {civ_name(t)}"
        case A.Worship(god=g, payment=pay):
            return f"{card_name(g)}, paying {cards_text(pay)}"
        case A.Pass():
            return "Pass"
        case A.Buy(items=items, payment=pay):
            return f"{' + '.join(item_text(i) for i in items)}, paying {cards_text(pay)}"
        case A.EndConstruction():
            return "End your construction turn"
        case A.PlaceAt(province=p):
            return f"Place in {area_text(p)}"
        case A.Keep(cards=c):
            return f"Keep {cards_text(c)}"
        case A.MoveTrireme(unit=u, to=t):
            return f"{unit_text(state, u)} to {area_short(t)}"
        case A.NavalBattle(sea=s, opponent=o):
            return f"Attack {civ_name(o)} at sea in {area_short(s)}"
        case A.EndNaval():
            return "End naval movement"
        case A.Move(units=us, to=t, seas=seas):
            origin = ""
            if state is not None and us:
                where = {x.id: x.area for x in state.units}
                areas = dict.fromkeys(where[i] for i in us if i in where)
                if areas:
                    origin = f" from {' and '.join(area_short(a) for a in areas)}"
            via = f" by {', '.join(area_short(s) for s in seas)}" if seas else ""
            return f"Move {units_text(state, us)}{origin} to {area_short(t)}{via}"
        case A.EndMilitary():
            return "End your military turn"
        case A.Fight(opponent=o):
            return f"Fight {civ_name(o)}"
        case A.TakeLosses(units=us):
            return f"Lose {units_text(state, us)} (" + ", ".join(f"#{u}" for u in us) + ")"
        case A.Sack(building=i):
            return f"Sack {_building_text(state, prompt, i)}"
        case A.Occupy(posts=posts):
            return "Occupy: " + "; ".join(
                f"{unit_text(state, p.unit)} on {post_text(p.post)}" for p in posts)
        case A.Convert(unit=u):
            return f"Convert the province with {unit_text(state, u)}"
        case A.Blockade(sea=s):
            return f"Blockade the convoy in {area_short(s)}"
        case A.UsePower(card="kraken", target=t, choice=ch, units=us):
            who = "Kraken " + ", ".join(f"#{i}" for i in us)
            return {"swim": f"{who} swims into {area_short(t)}",
                    "dive": f"{who} dives under the sea",
                    "emerge": f"{who} emerges in {area_short(t)}"}.get(ch, f"Kraken: {ch}")
        case A.UsePower(card="titan", target=t, choice=ch, units=us):
            who = ("Titan " if len(us) == 1 else "Titans ") + ", ".join(f"#{i}" for i in us)
            verb = "shoots" if len(us) == 1 else "shoot"
            return f"{who} {verb} at {civ_name(ch)} in {area_short(t)} (1 die each)"
        case A.UsePower(card=c, target=t, choice=ch, units=us):
            extra = []
            if t:
                extra.append(area_short(t) if (t in board.PROVINCES or t in board.SEAS)
                             else civ_name(t))
            if ch:
                extra.append(resource_name(ch) if ch in RESOURCE_NAMES else
                             role_name(ch) if ch in ROLE_NAMES else card_name(ch))
            if us:
                extra.append(units_text(state, us))
            return f"Use {card_name(c)}" + (f": {', '.join(extra)}" if extra else "")
    return type(action).__name__


def _building_text(state: GameState | None, prompt: P.Prompt | None, index: int) -> str:
    province = getattr(prompt, "province", "") if prompt is not None else ""
    if state is not None and province in state.provinces:
        bs = state.provinces[province].buildings
        if 0 <= index < len(bs):
            b = bs[index]
            site = f" ({resource_name(b.site) if b.kind == 'caravan' else b.site})" \
                if b.site else ""
            return f"the {b.kind}{site}"
    return f"building {index + 1}"


# --- prompts ------------------------------------------------------------------------------
def prompt_text(prompt: P.Prompt | None) -> str:
    """What the prompted player must decide, as a phrase ("choose 3 cards to offer")."""
    match prompt:
        case None:
            return "nothing"
        case P.ChooseCapital():
            return "choose where the capital stands"
        case P.FreeSetupTurn(round=r, points_left=pts):
            return f"spend setup points (round {r} of 5, {pts} points left)"
        case P.ChooseRoleHolder(role=role):
            return f"choose who takes the {role_name(role)} (a tie)"
        case P.AnnounceTrade(max=m):
            return f"announce how many cards are traded (0 to {m})"
        case P.ChooseTradeOffer(n=n):
            return f"choose {plural(n, 'card')} to offer in the trade"
        case P.TakeTradeCard():
            return "take one card from another offer"
        case P.GiveBalancingCard(count=c):
            return f"give a balancing card ({c} to give)"
        case P.NamePlayer(phase=ph):
            return f"name who plays next in the {PHASE_NAMES.get(ph, ph).lower()} phase"
        case P.MakeOffering():
            return "make an offering to a god, or pass"
        case P.ConstructionTurn():
            return "build, or end the construction turn"
        case P.PlaceFree(item=it, card=c):
            return f"place the free {it} of {card_name(c)}"
        case P.KeepCommodities(keep=k):
            return f"choose up to {k} commodity cards to keep"
        case P.NavalTurn():
            return "move triremes, attack at sea, or end naval movement"
        case P.GroundTurn():
            return "move ground units, or end the military turn"
        case P.ChooseOpponent(area=a):
            return f"choose whom to fight in {area_short(a)}"
        case P.ChooseLosses(area=a, count=c):
            return f"choose {plural(c, 'loss')} in {area_short(a)}".replace("losss", "losses")
        case P.ChooseConquest(province=p):
            return f"sack, occupy or convert {area_short(p)}"
        case P.GreekBlockade(attacker=a, to=t):
            return f"blockade {civ_name(a)}'s convoy to {area_short(t)}, or let it pass"
        case P.Reaction(powers=pw):
            return f"use {' or '.join(card_name(p) for p in pw)} now, or not"
    return f"decide ({type(prompt).__name__})"


def prompt_title(prompt: P.Prompt | None) -> str:
    """A short title for the decision's dialog."""
    titles = {
        "ChooseCapital": "Free setup: your capital",
        "FreeSetupTurn": "Free setup",
        "ChooseRoleHolder": "Role tie",
        "AnnounceTrade": "Trade: announce",
        "ChooseTradeOffer": "Trade: your offer",
        "TakeTradeCard": "Trade: take a card",
        "GiveBalancingCard": "Trade: balancing card",
        "NamePlayer": "Name the next player",
        "MakeOffering": "Offering to the gods",
        "ConstructionTurn": "Construction",
        "PlaceFree": "Free piece",
        "KeepCommodities": "Keep commodities",
        "NavalTurn": "Military: naval movement",
        "GroundTurn": "Military: ground movement",
        "ChooseOpponent": "Battle: choose the opponent",
        "ChooseLosses": "Battle: choose your losses",
        "ChooseConquest": "Conquest",
        "GreekBlockade": "Greek blockade",
        "Reaction": "Use a power?",
    }
    return titles.get(type(prompt).__name__, "Decision")
