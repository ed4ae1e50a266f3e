"""Our own one-line texts for events, used while ``engine.render.describe`` does not exist
(see `tui.bridge.describe`). Plain text; the battle log adds the colours."""

from __future__ import annotations

from engine import events as E

from .text import (
    PHASE_NAMES,
    area_short,
    card_kind,
    card_name,
    cards_text,
    civ_name,
    plural,
    post_text,
    resource_name,
    role_name,
)


def dice_text(dice: list[int]) -> str:
    return " ".join(f"[{d}]" for d in dice) if dice else "no dice"


def describe_fallback(ev: E.Event) -> str:
    match ev:
        case E.GameStarted(civs=civs, neutrals=neutrals, setup=setup):
            n = f"; neutral: {', '.join(civ_name(c) for c in neutrals)}" if neutrals else ""
            return f"New game: {', '.join(civ_name(c) for c in civs)} ({setup} setup){n}"
        case E.TurnStarted(turn=t):
            return f"=== Turn {t} ==="
        case E.PhaseStarted(turn=t, phase=ph):
            return f"--- {PHASE_NAMES.get(ph, ph)} phase ---"
        case E.CapitalChosen(civ=c, province=p):
            return f"{civ_name(c)} sets its capital in {area_short(p)}"
        case E.RoleAssigned(role=r, civ=c, previous=prev, scores=sc):
            score = ""
            if sc:
                score = " (" + ", ".join(f"{civ_name(k)} {v}" for k, v in
                                         sorted(sc.items(), key=lambda kv: -kv[1])) + ")"
            if prev and prev != c:
                return f"{civ_name(c)} takes the {role_name(r)} from {civ_name(prev)}{score}"
            return f"{civ_name(c)} becomes {role_name(r)}{score}"
        case E.Produced(civ=c, cards=cards, short=short):
            s = f" (the bank was short of {cards_text(short)})" if short else ""
            return f"{civ_name(c)} produces {cards_text(cards)}{s}"
        case E.TradeAnnounced(civ=c, n=n, participants=parts):
            if n == 0 or len(parts) < 2:
                return f"{civ_name(c)} announces {n}: no trade this turn"
            return (f"{civ_name(c)} announces a trade of {plural(n, 'card')}: "
                    f"{', '.join(civ_name(p) for p in parts)} take part")
        case E.TradeOffered(civ=c, count=n):
            return f"{civ_name(c)} lays down {plural(n, 'card')} face down"
        case E.OffersRevealed(offers=offers):
            return "Offers revealed: " + "; ".join(
                f"{civ_name(c)}: {cards_text(o)}" for c, o in offers.items())
        case E.CardTaken(civ=c, source=s, card=card):
            return f"{civ_name(c)} takes {resource_name(card)} from {civ_name(s)}"
        case E.TradeChainEnded(returned=ret):
            if not ret:
                return "The trade chain ends"
            return "The trade chain ends; cards go back: " + "; ".join(
                f"{civ_name(c)} {cards_text(o)}" for c, o in ret.items())
        case E.CardGiven(civ=c, to=t, card=card):
            return f"{civ_name(c)} gives {resource_name(card)} to {civ_name(t)}"
        case E.CardReceived(civ=c, card=card, source=src):
            return f"{civ_name(c)} receives {resource_name(card)} ({card_name(src)})"
        case E.PlayerNamed(by=b, civ=c, phase=ph):
            if b == c:
                return f"{civ_name(c)} plays in {PHASE_NAMES.get(ph, ph).lower()}"
            return f"{civ_name(b)} names {civ_name(c)} to play"
        case E.GodsReturned():
            return "The gods return to the heavens"
        case E.GodTaken(civ=c, god=g, free=free):
            return f"{civ_name(c)} {'receives' if free else 'makes an offering to'} " \
                   f"{card_name(g)}{' for free' if free else ''}"
        case E.Passed(civ=c, phase=ph):
            return f"{civ_name(c)} passes"
        case E.Paid(civ=c, cards=cards):
            return f"{civ_name(c)} pays {cards_text(cards)}"
        case E.Built(civ=c, kind=k, province=p, site=site, free=free):
            on = f" on {resource_name(site)}" if k == "caravan" and site else ""
            f = " (free)" if free else ""
            if k == "influence":
                return f"{civ_name(c)} places influence in {area_short(p)}{f}"
            return f"{civ_name(c)} builds a {k}{on} in {area_short(p)}{f}"
        case E.CardAcquired(civ=c, card=card, count=n):
            return (f"{civ_name(c)} acquires {card_kind(card).lower()} {card_name(card)} "
                    f"({n} heroes and wonders)")
        case E.Discarded(civ=c, cards=cards):
            return f"{civ_name(c)} discards {cards_text(cards)}"
        case E.TriremeMoved(civ=c, origin=o, to=t):
            return f"{civ_name(c)} moves a trireme from {area_short(o)} to {area_short(t)}"
        case E.UnitsMoved(civ=c, kinds=kinds, origin=o, to=t, seas=seas):
            counted: dict[str, int] = {}
            for k in kinds:
                counted[k] = counted.get(k, 0) + 1
            what = ", ".join(plural(n, k) for k, n in counted.items()) or "units"
            via = f" by {', '.join(area_short(s) for s in seas)}" if seas else ""
            return f"{civ_name(c)} moves {what} from {area_short(o)} to {area_short(t)}{via}"
        case E.MoveCancelled(civ=c, reason=r):
            return f"{civ_name(c)}'s move is cancelled: {r}"
        case E.BattleStarted(area=a, naval=naval, attacker=att, defender=d,
                             attacker_units=au, defender_units=du):
            kind = "Sea battle" if naval else "Battle"
            return (f"{kind} in {area_short(a)}: {civ_name(att)} ({', '.join(au)}) against "
                    f"{civ_name(d)} ({', '.join(du)})")
        case E.DiceRolled(civ=c, dice=dice, automatic=auto, bonus=bonus, total=total,
                          losses_inflicted=losses):
            parts = [f"{civ_name(c)} rolls {dice_text(dice)}"]
            if auto:
                parts.append(f"automatic {dice_text(auto)}")
            if bonus:
                parts.append(f"bonus +{bonus}")
            return ", ".join(parts) + f" = {total}: {plural(losses, 'loss')}".replace(
                "losss", "losses")
        case E.UnitsLost(civ=c, kinds=kinds, area=a):
            return f"{civ_name(c)} loses {', '.join(kinds) or 'nothing'} in {area_short(a)}"
        case E.BattleEnded(area=a, at_war=war, survivors=surv):
            left = ", ".join(f"{civ_name(c)} {n}" for c, n in surv.items()) or "no one"
            w = "; still at war" if war else ""
            return f"The battle in {area_short(a)} ends: {left} left{w}"
        case E.Sacked(civ=c, province=p, owner=o, building=b, site=site):
            on = f" ({resource_name(site) if b == 'caravan' else site})" if site else ""
            of = f" of {civ_name(o)}" if o else ""
            return f"{civ_name(c)} sacks the {b}{on}{of} in {area_short(p)}"
        case E.Occupied(civ=c, province=p, posts=posts):
            return f"{civ_name(c)} occupies {', '.join(post_text(x) for x in posts)} " \
                   f"in {area_short(p)}"
        case E.ConversionStarted(civ=c, province=p, owner=o):
            return f"{civ_name(c)} begins to convert {area_short(p)} from {civ_name(o)}"
        case E.ConversionCompleted(civ=c, province=p, previous=prev):
            return f"{civ_name(c)} converts {area_short(p)} (was {civ_name(prev)})"
        case E.PowerUsed(civ=c, card=card, detail=d):
            return f"{civ_name(c)} uses {card_name(card)}" + (f": {d}" if d else "")
        case E.Victory(civ=c, reason=r):
            return f"*** {civ_name(c)} wins: {r} ***"
    return type(ev).__name__
