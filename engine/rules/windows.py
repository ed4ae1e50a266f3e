"""Decisions that powers owe, and the reaction windows of docs/rules.md, Powers and reactions.

They wait in `state.pending_powers`; `engine.rules.flow.advance` asks the first one (after
the free placements, before the phase goes on) as a `Reaction` prompt. Each entry names the
card whose module asks (`ask`), lists the answers (`legal`) and applies one (`answer`,
which returns True when the entry is settled). An entry with card "" is a reaction window:
the players of its queue are asked in turn, each may use any power usable in that window
(`active_powers(state, civ, window)`) and then passes.

Windows (Reaction.window):
- "phase_start": at the start of the commerce, offering, construction and military phases,
  for the holders of powers usable at any time.
- other windows opened with `open_window` (the military phase's, e.g. after a move is
  declared, before the dice, after the dice).
- a card id: that card's own question (its module has `ask`, `legal` and `answer`).

When a pending entry was opened in the middle of someone's decision (a power aimed at a
player who may cancel it), `resume` holds that decision, which is pending again afterwards.
"""

from __future__ import annotations

from ..actions import Action, Pass, UsePower
from ..data.cards import CIV_CREATURE, GODS
from ..errors import IllegalAction
from ..events import Event, Passed
from ..prompts import Prompt, Reaction
from ..state import GameState, PendingPower
from .common import seat_order_from
from .hooks import CARDS, TABLES, active_powers, card_module, declares, is_active, use_power

R_WINDOW = "Powers and reactions: in a reaction window, use a power or pass"
ANY_WINDOW = "*"  # in a card module's WINDOWS: its power may be used in every window


def queue(state: GameState, pp: PendingPower, front: bool = False) -> None:
    if front:
        state.pending_powers.insert(0, pp)
    else:
        state.pending_powers.append(pp)


def _drop(state: GameState, pp: PendingPower) -> None:
    for i, q in enumerate(state.pending_powers):
        if q is pp:
            del state.pending_powers[i]
            return


def step(state: GameState, ev: list[Event]) -> None:
    """Ask the first pending decision; drop those with nothing left to ask."""
    while state.pending_powers and state.prompt is None:
        pp = state.pending_powers[0]
        prompt = _ask(state, pp, ev)
        if prompt is not None:
            state.prompt = prompt
            return
        if state.pending_powers and state.pending_powers[0] is not pp:
            continue  # the asker put another decision first
        _drop(state, pp)
        if pp.resume is not None:
            state.prompt = pp.resume


def legal(state: GameState, prompt: Reaction) -> list[Action]:
    pp = _current(state, prompt)
    if pp.card:
        actions: list[Action] = card_module(pp.card).legal(state, pp)
        return actions
    return [Pass(), *active_powers(state, prompt.civ, pp.window)]


def answer(state: GameState, prompt: Reaction, action: Action, ev: list[Event]) -> None:
    pp = _current(state, prompt)
    if pp.card:
        done = card_module(pp.card).answer(state, pp, action, ev)
    else:
        done = _window_answer(state, pp, prompt, action, ev)
    if state.prompt is prompt:
        state.prompt = None
    if done:
        _drop(state, pp)
        if pp.resume is not None and state.prompt is None:
            state.prompt = pp.resume


def _current(state: GameState, prompt: Reaction) -> PendingPower:
    if not state.pending_powers or state.pending_powers[0].civ != prompt.civ:
        raise IllegalAction("No power is waiting on this decision", R_WINDOW)
    return state.pending_powers[0]


def _ask(state: GameState, pp: PendingPower, ev: list[Event]) -> Reaction | None:
    if pp.card:
        asked: Reaction | None = card_module(pp.card).ask(state, pp, ev)
        return asked
    while pp.queue:
        civ = pp.queue[0]
        uses = active_powers(state, civ, pp.window)
        if uses:
            pp.civ = civ
            return Reaction(civ=civ, window=pp.window,
                            powers=sorted({u.card for u in uses}))
        pp.queue.pop(0)
    return None


def _window_answer(state: GameState, pp: PendingPower, prompt: Reaction, action: Action,
                   ev: list[Event]) -> bool:
    if isinstance(action, Pass):
        ev.append(Passed(civ=prompt.civ, phase=state.phase, powers=list(prompt.powers)))
        pp.queue.pop(0)
        pp.civ = ""
        return not pp.queue
    if isinstance(action, UsePower):
        if not is_active(action.card):
            raise IllegalAction(f"{action.card} has no power to use here", R_WINDOW)
        use_power(state, prompt.civ, action, ev, pp.window)
        return False  # he may use another power, then passes
    raise IllegalAction("Use a power, or pass", R_WINDOW)


def open_window(state: GameState, window: str, civs: list[str]) -> bool:
    """Open a reaction window: the players of `civs` (in that order) who hold a power usable
    in it are asked in turn. True if someone is to be asked (the caller then stops: the
    game goes on when the window closes)."""
    return _open(state, window, civs, could_answer(state, window))


def _open(state: GameState, window: str, civs: list[str],
          maybe: dict[str, list[str]] | None) -> bool:
    """`open_window`, with `could_answer` already asked."""
    # only those who could answer are asked (most of the time nobody)
    asked = [c for c in civs
             if (maybe is None or c in maybe) and has_use(state, c, window, maybe)]
    if not asked:
        return False
    queue(state, PendingPower(card="", window=window, queue=asked))
    return True


def after_own_use(state: GameState, prompt: Prompt) -> None:
    """A power used in one's own decision brought free pieces to place: place them first,
    then the decision is pending again."""
    if state.prompt is prompt and state.free_placements:
        queue(state, PendingPower(card="", resume=prompt), front=True)
        state.prompt = None


def phase_started(state: GameState, phase: str, ev: list[Event]) -> None:
    """A reaction window at the start of each phase, for powers usable at any time
    (docs/rules.md, Powers and reactions), its players in seat order from the phase's role
    holder."""
    role = _OPENED_BY.get(phase)
    if role is None or not state.players:
        return
    maybe = could_answer(state, "phase_start")
    if maybe is not None and not maybe:  # nobody holds a card usable then
        return
    first = state.roles.get(role) or state.players[0].civ
    _open(state, "phase_start", seat_order_from(state, first), maybe)


# the role whose holder is asked first in the window at the start of each phase
_OPENED_BY = {"commerce": "director_of_commerce", "offering": "high_priest",
              "construction": "political_leader", "military": "military_leader"}


def military_window(state: GameState, window: str) -> bool:
    """Open a military reaction window, its players in seat order from the active player:
    after a move is declared ("move_declared"), before the dice ("before_battle"), after
    them ("after_dice"). True if a prompt was set."""
    maybe = could_answer(state, window)
    if maybe is not None and not maybe:  # no one holds a card that answers it (most moves)
        return False
    first = state.order.active or (state.players[0].civ if state.players else None)
    if first is None:
        return False
    return _open(state, window, seat_order_from(state, first), maybe)


def answering(window: str) -> frozenset[str]:
    """The cards whose power may be used in a reaction window, from their modules'
    `WINDOWS` (a module that does not say is asked in every window)."""
    got = _ANSWERING.get(window)
    if got is None:
        got = _ANSWERING[window] = frozenset(
            card for card, m in CARDS.items() if declares(m, "uses")
            and (window in (ws := getattr(m, "WINDOWS", (ANY_WINDOW,))) or ANY_WINDOW in ws))
    return got


# window -> answering(window), made again when a card is registered
_ANSWERING: dict[str, frozenset[str]] = TABLES.table("answering")


def could_answer(state: GameState, window: str) -> dict[str, list[str]] | None:
    """The players who could hold a power usable in a reaction window, with those cards:
    the cards `active_powers` asks for him (his civilization's creature, his heroes and
    wonders, his gods but those spent that list nothing then) among `answering(window)`. None when a copy is on record (every
    card is asked then): anyone could. The others have nothing to use there."""
    if state.power_choices:
        return None
    cards = answering(window)
    out: dict[str, list[str]] = {}
    if not cards:
        return out
    got = _ANSWERERS.get(window)  # `_answerers`, without a call: asked at every move
    if got is None or got[0] is not cards:
        got = _answerers(window, cards)
    _, creatures, gods = got
    for p in state.players:
        # (no creature answers a window yet)
        if creatures and (creature := creatures.get(p.civ)) is not None:
            out[p.civ] = [creature]
        if not cards.isdisjoint(p.cards):
            out.setdefault(p.civ, []).extend(c for c in p.cards if c in cards)
    if gods:
        held = state.gods.get
        spent = state.gods_used
        for g, face_up in gods:  # the few gods among the cards, not every god
            holder = held(g)
            # a spent god whose card lists nothing face down (`FACE_UP_ONLY`): no use
            if holder is not None and not (face_up and g in spent):
                out.setdefault(holder, []).append(g)
    return out


def _answerers(window: str, cards: frozenset[str]) -> _Answerers:
    """The answering cards of the window, each civilization whose creature is one of
    them, with it, and the gods among them in the gods' order, each with whether its card
    says `FACE_UP_ONLY` (made once per window and set of answering cards: asked at every
    declared move and at the start of each phase)."""
    got = _ANSWERERS.get(window)
    if got is None or got[0] is not cards:
        got = _ANSWERERS[window] = (
            cards, {civ: c for civ, c in CIV_CREATURE.items() if c in cards},
            tuple((g, bool(getattr(CARDS[g], "FACE_UP_ONLY", False)))
                  for g in GODS if g in cards))
    return got


_Answerers = tuple[frozenset[str], dict[str, str], tuple[tuple[str, bool], ...]]
_ANSWERERS: dict[str, _Answerers] = TABLES.table("answerers")


def has_use(state: GameState, civ: str, window: str,
            maybe: dict[str, list[str]] | None) -> bool:
    """Has civ a power to use in the window (`active_powers` is not empty)? Only the cards
    that may answer it are asked (`could_answer`): the others list nothing there."""
    if maybe is None:
        return bool(active_powers(state, civ, window))
    for card in maybe.get(civ, ()):
        if CARDS[card].uses(state, civ, window):
            return True
    return False
