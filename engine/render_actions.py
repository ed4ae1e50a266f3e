"""The players' actions and the engine's prompts in words: a menu's entry, the status line's
question, a reaction window's moment and a dialog's title. A part of engine/render.py, the
game's one vocabulary."""

from __future__ import annotations

from . import actions as A
from . import prompts as P
from .data import board
from .data.cards import ALL_CARDS, RESOURCE_NAMES, ROLE_NAMES
from .render_names import (
    area,
    area_text,
    building,
    card,
    civ,
    civ_possessive,
    count,
    hand_text,
    item_text,
    join,
    phase_title,
    post,
    resource,
    role,
    unit_text,
    units_text,
)
from .state import GameState


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
            return f"Mars: add 6 to {civ_possessive(t)} total"
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
