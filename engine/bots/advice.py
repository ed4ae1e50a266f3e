"""The hard player's advice at a decision: what it would play, its best alternatives, and
why, term by term of its evaluation (the hint and the review, docs/bots.md).

    found = advise(view(state, seat), budget=1.0)   # or rounds=N (tests)
    found.choice, found.options[0].terms

It reads the seat's View only and runs the hard player's own search (`HardBot.search`):
the same deals of the unknowns, the same rollouts. Each rollout's end is broken into the
named terms of `position_terms` for the seat ("you") and its best rival ("rival"), so the
gain of an option over the normal choice is the sum of its terms' gains.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable

import msgspec

from ..actions import Action
from ..game import legal_actions
from ..rules.commerce import production
from ..rules.victory import cards_needed
from ..state import GameState
from ..view import View
from . import threat
from .hard import INCOME_WORTH, HardBot, Search, mean_se
from .planner import QUICK, WIN, position_terms

HALF = 0.5  # a province counts as taken (or lost) by an option in at least half the deals


class Term(msgspec.Struct, frozen=True, kw_only=True):
    """One term of the evaluation: `whose` is "you" (the seat) or "rival" (its best rival,
    counted against it); `name` one of planner.TERMS or "win"; `gain` the points it adds
    on average over the normal choice."""

    whose: str
    name: str
    gain: float


class Option(msgspec.Struct, frozen=True, kw_only=True):
    """A candidate move and how it did against the normal choice, deal by deal."""

    action: Action
    gain: float  # mean paired gain over the normal choice (0 for the normal choice)
    spread: float  # its standard error (0 when unknown)
    deals: int  # deals it was played in
    terms: list[Term]  # the gain's terms, largest first
    rival: str | None  # the rival its positions were most often measured against
    taken: list[str] = []  # provinces it holds (free of rivals) in more deals than normal's
    retaken: list[str] = []  # of those, the ones of its influence a rival occupies now
    kept: list[str] = []  # and the ones of its influence free now (normal's line loses them)
    lost: list[str] = []  # and fewer
    normal: bool = False  # the normal player's choice


class Advice(msgspec.Struct, kw_only=True):
    """The hard player's choice at a decision and the options it weighed."""

    civ: str
    choice: Action
    normal: Action
    options: list[Option]  # every candidate weighed: the choice first, then by gain
    searched: bool  # False: one legal move, or a decision it answers as the normal player
    rounds: int = 0
    rollouts: int = 0
    cancelled: bool = False
    leader: str | None = None  # the rival closest to victory, as the seat sees it
    leader_short: int = 0  # heroes and wonders the leader lacks (when one step away)

    def option(self, action: Action) -> Option | None:
        return next((o for o in self.options if o.action == action), None)


Rollout = tuple[dict[tuple[str, str], float], str | None, frozenset[str]]


def breakdown(end: GameState, me: str) -> tuple[dict[tuple[str, str], float], str | None]:
    """A rollout's end for `me`, term by term (their sum is hard's `evaluate`), and the
    rival measured against."""
    if end.winner:
        return {("you", "win"): WIN if end.winner == me else -WIN}, None
    made = production(end)
    need = cards_needed(end)
    worth = {p.civ: position_terms(end, p.civ, need,
                                   INCOME_WORTH * threat.income(made.get(p.civ, {})))
             for p in end.players}
    out = {("you", k): v for k, v in worth.pop(me).items()}
    if not worth:
        return out, None
    rival = max(worth, key=lambda c: (sum(worth[c].values()), c))
    out.update({("rival", k): -v for k, v in worth[rival].items()})
    return out, rival


def held_free(s: GameState, me: str) -> frozenset[str]:
    """The provinces of `me`'s influence with no other player's unit in them: a province
    a rival occupies produces nothing for its holder, so retaking it counts as taking it."""
    occupied = {u.area for u in s.units if u.owner != me and u.area}
    return frozenset(p for p, ps in s.provinces.items() if ps.influence == me and p not in occupied)


def seed_of(view: View) -> int:
    """The search's seed: from public facts only, so a hint is the same for the same view."""
    s = view.state
    return s.actions_taken * 7919 + s.turn * 31 + [p.civ for p in s.players].index(view.civ or "")


def advise(view: View, budget: float = 1.0, rounds: int | None = None,
           played: Action | None = None, seed: int | None = None,
           clock: Callable[[], float] = time.perf_counter,
           between: Callable[[int], bool] | None = None) -> Advice:
    """The hard player's advice for the seat of `view` (its prompt must be the seat's):
    by the time budget, or by at most `rounds` rounds. `played`: a move that must be among
    the options (the review's move played). `between(rounds done)` may cancel."""
    s = view.state
    assert s.prompt is not None and view.civ is not None
    me = view.civ
    bot = HardBot(seed_of(view) if seed is None else seed, budget=budget, clock=clock)
    start = clock()
    acts = legal_actions(s)
    table = threat.of_view(view)
    top = threat.leader(table, me)
    lead = top.civ if top is not None and top.one_step else None
    short = top.needed - top.heroes_wonders if top is not None and lead else 0
    normal = bot.greedy.choose(view) if len(acts) > 1 else acts[0]
    quick = len(acts) == 1 or isinstance(s.prompt, QUICK)
    cands = [normal] if quick else bot.plausible(view, acts, normal)
    if played is not None and played not in cands:
        cands = [*cands[: max(1, bot.max_candidates - 1)], played]
    if len(cands) == 1:
        only = Option(action=normal, gain=0.0, spread=0.0, deals=0, terms=[], rival=None,
                      normal=True)
        return Advice(civ=me, choice=normal, normal=normal, options=[only], searched=False,
                      leader=lead, leader_short=short)
    keep = frozenset({cands.index(played)}) if played is not None else frozenset()
    ends: dict[int, dict[int, Rollout]] = {i: {} for i in range(len(cands))}

    def watch(i: int, rnd: int, end: GameState, score: float) -> None:
        terms, rival = breakdown(end, me)
        if abs(sum(terms.values()) - score) > 1e-6:  # a move that failed: a lost game
            terms, rival = {("you", "win"): score}, None
        ends[i][rnd] = (terms, rival, held_free(end, me))

    found = bot.search(view, cands, start, rounds, keep=keep, watch=watch, between=between)
    choice = bot.pick(found) if not found.cancelled else normal
    free = held_free(s, me)
    occupied = frozenset(p for p, ps in s.provinces.items() if ps.influence == me) - free
    options = _options(found, ends, normal, occupied, free)
    options.sort(key=lambda o: (o.action != choice, -o.gain))
    return Advice(civ=me, choice=choice, normal=normal, options=options, searched=True,
                  rounds=found.rounds, rollouts=found.rollouts, cancelled=found.cancelled,
                  leader=lead, leader_short=short)


def _options(found: Search, ends: dict[int, dict[int, Rollout]], normal: Action,
             occupied: frozenset[str], free: frozenset[str]) -> list[Option]:
    out: list[Option] = []
    base = ends[0]
    for i, action in enumerate(found.candidates):
        mine = ends[i]
        paired = [r for r in sorted(mine) if r in base]
        if i == 0:
            gain, spread, terms = 0.0, 0.0, []
        else:
            d = found.diffs.get(i, [])
            gain, spread = mean_se(d) if d else (0.0, 0.0)
            spread = 0.0 if spread == float("inf") else spread
            terms = _term_gains([mine[r][0] for r in paired], [base[r][0] for r in paired])
        rivals = Counter(mine[r][1] for r in paired if mine[r][1] is not None)
        rival = rivals.most_common(1)[0][0] if rivals else None
        taken, lost = _provinces([mine[r][2] for r in paired], [base[r][2] for r in paired])
        out.append(Option(action=action, gain=gain, spread=spread, deals=len(paired),
                          terms=terms, rival=rival, taken=taken, lost=lost,
                          retaken=[p for p in taken if p in occupied],
                          kept=[p for p in taken if p in free],
                          normal=action == normal))
    return out


def _term_gains(mine: list[dict[tuple[str, str], float]],
                base: list[dict[tuple[str, str], float]]) -> list[Term]:
    if not mine:
        return []
    keys = {k for t in mine + base for k in t}
    gains = {k: sum(a.get(k, 0.0) - b.get(k, 0.0) for a, b in zip(mine, base, strict=True))
             / len(mine) for k in keys}
    return [Term(whose=k[0], name=k[1], gain=g)
            for k, g in sorted(gains.items(), key=lambda kv: (-abs(kv[1]), kv[0]))
            if abs(g) >= 0.05]


def _provinces(mine: list[frozenset[str]], base: list[frozenset[str]]) -> tuple[list[str], list[str]]:
    if not mine:
        return [], []
    n = len(mine)
    seen = set().union(*mine, *base)
    share = {p: (sum(p in m for m in mine) - sum(p in b for b in base)) / n for p in seen}
    taken = sorted(p for p, d in share.items() if d >= HALF)
    lost = sorted(p for p, d in share.items() if d <= -HALF)
    return taken, lost


def compare(better: Option, worse: Option) -> list[Term]:
    """The terms by which `better` beats `worse` (both measured against the normal choice)."""
    gains: dict[tuple[str, str], float] = {}
    for t in better.terms:
        gains[(t.whose, t.name)] = gains.get((t.whose, t.name), 0.0) + t.gain
    for t in worse.terms:
        gains[(t.whose, t.name)] = gains.get((t.whose, t.name), 0.0) - t.gain
    return [Term(whose=k[0], name=k[1], gain=g)
            for k, g in sorted(gains.items(), key=lambda kv: (-abs(kv[1]), kv[0]))
            if abs(g) >= 0.05]
