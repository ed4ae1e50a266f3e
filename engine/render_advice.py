"""Words for the hard player's advice (engine/bots/advice.py): why one move beats another,
from the terms of its evaluation. A part of engine/render.py kept apart for its length; it
uses render's vocabulary (civilizations, areas, actions)."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from .bots.advice import Advice, Option, Term, compare
from .render import action_text, area, civ, count, join
from .state import GameState

if TYPE_CHECKING:  # the review words its judgements with this module's words
    from .bots.review import Judgement, Review

HERO_POINTS = 60  # a hero or wonder in the evaluation (engine/bots/planner.py)
REASONS = 3  # terms named for one move
NOTABLE = 1.0  # points a term must be worth to be named

# (whose, term) -> (words when it gains, words when it costs); {rival} is the rival's name.
TERM_WORDS: dict[tuple[str, str], tuple[str, str]] = {
    ("you", "win"): ("wins the game in more of the games played on",
                     "loses the game in more of the games played on"),
    ("you", "heroes"): ("brings your next hero or wonder sooner",
                        "puts off your next hero or wonder"),
    ("you", "last_step"): ("brings you to one hero or wonder from victory",
                           "keeps you further from victory"),
    ("you", "set"): ("keeps your cards together toward a set of 9 for a hero",
                     "breaks up your cards toward a set of 9"),
    ("you", "income"): ("raises what your buildings produce",
                        "lowers what your buildings produce"),
    ("you", "provinces"): ("holds more provinces", "leaves you fewer provinces"),
    ("you", "buildings"): ("keeps more buildings in your hands", "costs you buildings"),
    ("you", "armies"): ("keeps your armies stronger", "costs you units"),
    ("you", "roles"): ("keeps more role cards", "gives up role cards"),
    ("you", "gods"): ("wins a god's favour", "gives up a god"),
    ("rival", "heroes"): ("keeps {rival} from a hero or wonder",
                          "lets {rival} gain a hero or wonder"),
    ("rival", "last_step"): ("keeps {rival} from standing one short of victory",
                             "lets {rival} come one short of victory"),
    ("rival", "set"): ("thins {rival}'s hand toward a set",
                       "lets {rival} gather a set"),
    ("rival", "income"): ("cuts {rival}'s income", "lets {rival}'s income grow"),
    ("rival", "provinces"): ("takes provinces from {rival}", "lets {rival} win provinces"),
    ("rival", "buildings"): ("takes buildings from {rival}", "lets {rival} keep more buildings"),
    ("rival", "armies"): ("weakens {rival}'s armies", "leaves {rival}'s armies stronger"),
    ("rival", "roles"): ("keeps role cards from {rival}", "lets {rival} keep role cards"),
    ("rival", "gods"): ("keeps a god from {rival}", "lets {rival} have a god"),
}


def term_words(t: Term, rival: str | None) -> str:
    up, down = TERM_WORDS.get((t.whose, t.name), (t.name, t.name))
    return (up if t.gain > 0 else down).format(rival=civ(rival) if rival else "your rival")


def points(gain: float) -> str:
    """A gain in the evaluation's points: "+12", "-3", "±0"."""
    n = round(gain)
    return "±0" if n == 0 else f"{n:+d}"


def reasons(terms: list[Term], rival: str | None, taken: list[str] | None = None,
            lost: list[str] | None = None, retaken: list[str] | None = None,
            kept: list[str] | None = None) -> str:
    """Why, in a few words: the largest terms, and the provinces taken or lost (of those
    taken, `retaken` a rival occupies now, `kept` are the seat's and free now)."""
    gains: list[str] = []
    for verb, names in (("retakes", [p for p in taken or [] if p in (retaken or [])]),
                        ("keeps", [p for p in taken or [] if p in (kept or [])]),
                        ("takes", [p for p in taken or []
                                   if p not in (retaken or []) and p not in (kept or [])])):
        if names:
            gains.append(f"{verb} {join([area(p) for p in names])}")
    costs: list[str] = []
    for t in sorted(terms, key=lambda t: -abs(t.gain)):
        if abs(t.gain) < NOTABLE:
            continue
        if t.name == "provinces" and t.whose == "you" and (taken or lost):
            continue  # the provinces are named already
        (gains if t.gain > 0 else costs).append(term_words(t, rival))
    if lost:
        costs.insert(0, f"gives up {join([area(p) for p in lost])}")
    # what decides the total first (its gains, or its costs for a worse move), then the rest
    lead, rest = (gains, costs) if sum(t.gain for t in terms) >= 0 else (costs, gains)
    parts = lead[:REASONS]
    for words in rest[: max(0, REASONS - len(parts))]:
        parts.append(words if not parts or len(parts) > len(lead) else f"though it {words}")
    return "; ".join(parts)


def leader_words(advice: Advice) -> str:
    """The threat the seat sees: "Carthage is one hero or wonder short of victory"."""
    if not advice.leader:
        return ""
    n = advice.leader_short
    what = "one hero or wonder" if n == 1 else f"{n} heroes or wonders"
    return f"{civ(advice.leader)} is {what} short of victory"


def option_line(o: Option, state: GameState) -> str:
    """A move and what it gains over the normal choice."""
    return action_text(o.action, state, state.prompt)


def option_why(o: Option) -> str:
    """Its gain against the normal move, and why."""
    if o.normal:
        return "the normal player's move"
    if abs(o.gain) < NOTABLE:
        return "about as good as the normal move"
    why = reasons(o.terms, o.rival, o.taken, o.lost, o.retaken, o.kept)
    head = f"{points(o.gain)} against the normal move"
    return f"{head}: {why}" if why else head


def shown(advice: Advice, n: int = 3) -> list[Option]:
    """The choice and the best alternatives (`n` moves in all)."""
    return advice.options[:n]


def better_why(better: Option, worse: Option) -> str:
    """Why `better` beats `worse`: the terms where it gains most, and provinces."""
    taken = sorted(set(better.taken) - set(worse.taken) | set(worse.lost) - set(better.lost))
    lost = sorted(set(better.lost) - set(worse.lost) | set(worse.taken) - set(better.taken))
    rival = better.rival or worse.rival
    return reasons(compare(better, worse), rival, taken, lost, better.retaken, better.kept) \
        or "a small edge over many deals"


# --- the review's listing ---------------------------------------------------------------------
WIDTH = 78  # the listing fits an 80-column terminal


def swing_lines(n: int, j: Judgement, width: int | None = WIDTH) -> list[str]:
    """One swing: where, the move played, the better move and why (lines of at most
    `width` characters; None: one line each, for a list that wraps them itself)."""
    head = (f"{n}. Turn {j.turn}, {j.phase} — {j.decision} (step {j.index}): "
            f"cost {count(round(j.loss), 'point') if j.loss >= 0.5 else 'under a point'}")
    parts = [f"{label}: {text}" for label, text in
             (("played", j.played), ("better", j.better), ("why", j.why))]
    if width is None:
        return [head, *parts]
    out = textwrap.wrap(head, width, subsequent_indent="   ")
    for part in parts:
        out += textwrap.wrap(part, width, initial_indent="   ", subsequent_indent="           ")
    return out


def review_lines(found: Review, game: str, every: bool = False,
                 width: int = WIDTH) -> list[str]:
    """The review as text: a heading, then the five biggest swings (or every decision)."""
    weighed = sum(1 for j in found.judgements if j.searched)
    by = (f"{found.rounds} deals" if found.rounds else f"{found.budget:g} s") + " a decision"
    out = textwrap.wrap(f"Review of {civ(found.civ)}'s decisions in {game}: the hard "
                        f"player's judgement ({by}), {count(len(found.judgements), 'decision')}"
                        f", {weighed} with a choice weighed.", width)
    if every:
        lost = [j for j in found.judgements if j.loss > 0]
        picked = sorted(lost, key=lambda j: j.index)
        title = f"Every move the hard player would have played otherwise ({len(picked)}):"
    else:
        picked = found.swings()
        title = "The five biggest swings:" if len(picked) == 5 else \
            f"The biggest swings ({len(picked)}):"
    if not picked:
        out.append("The hard player would have played every decision as you did.")
        return out
    out.append(title)
    for n, j in enumerate(picked, start=1):
        out += swing_lines(n, j, width)
    out.append(f"Points: a hero or wonder counts {HERO_POINTS}.")
    return out
